/**
 * The website check's words for people outside the Astro build: the prospect's email, the PDF,
 * the live status and the panels (the pages read them from here too, so a page and its PDF never
 * disagree). Agency facts come from src/config/agency.ts; nothing here repeats them.
 */
import type { AuditCategory, UnreachableReason } from "./report.ts";

export const auditCategoryNames: Record<AuditCategory, string> = {
  technical: "Technical basics",
  local: "Local search",
  conversion: "Turning visitors into calls",
  content: "Content",
};

export const auditStatusNames = { pass: "Passed", fail: "Needs work", na: "Not applicable" };

export const auditBandNames = {
  poor: "Below 50",
  fair: "50–69",
  good: "70–84",
  great: "85 and up",
} as const;

/** Plain words for a site that could not be checked, when the engine sent none. */
export const unreachableNames: Record<UnreachableReason, string> = {
  dns: "we could not find this website's address",
  refused: "the website refused our connection",
  timeout: "the website took too long to answer",
  tls: "the website's security certificate did not check out",
  "not-html": "the address does not lead to a web page",
  robots: "the website asks robots like ours not to look at it",
  redirects: "the website sent us through too many redirects",
  blocked: "this address is not a public website",
  "invalid-url": "this does not look like a website address",
  "http-error": "the website's home page answered with an error",
  "too-slow": "the website took too long to read (the check was stopped)",
};

export const auditMessages = {
  report: {
    title: (site: string) => `Website check: ${site}`,
    scoreOf: (score: number) => `${score} out of 100`,
    outOf100: "out of 100",
    grade: (grade: string) => `Grade ${grade}`,
    checkedAt: (when: string) => `Checked ${when}`,
    categories: "How your site scores",
    topFixes: "Your three most valuable fixes",
    /** The fixes' heading for as many as the report has (one or two when little failed). */
    topFixesTitle: (n: number) =>
      n === 1
        ? "Your most valuable fix"
        : `Your ${["", "", "two", "three"][n] ?? n} most valuable fixes`,
    allChecks: "Every check we ran",
    evidence: "What we found",
    fix: "What to do",
    page: "Page",
    howWeScore: "How we score",
    howWeScoreIntro:
      "Each check is worth points within its category, and each category is worth a share of the 100 points. Local search and turning visitors into calls count most, because they are what win a landscaper jobs; meta tags count least. A few failures that turn callers away (a page that does not fit a phone, no number to tap, no form, nothing asking for the job, no https) also take points off the total, and a site search engines are told not to read or list is at most a D. Checks that do not apply to your site are left out, never counted as a pass or a fail. The same pages always get the same score.",
    categoryShare: (name: string, percent: number) => `${name}: ${percent}% of the score`,
    gradeScale: (grades: readonly { grade: string; min: number }[]) =>
      `Grades: ${grades.map((g) => `${g.grade} from ${g.min}`).join(", ")}, F below ${grades.at(-1)?.min ?? 0}.`,
    pagesFetched: (n: number) => `We looked at ${n} page${n === 1 ? "" : "s"} of your site.`,
    fullAudit: "What our full audit adds",
    fullAuditItems: [
      "A person reads your site, your Google Business Profile and your reviews, not just a robot.",
      "How you rank for the jobs and towns you want, next to your three closest competitors.",
      "Your ads, your call tracking and where your leads really come from.",
      "A 90-day plan in order of what brings in the most work for the least money.",
    ],
    book: "Book your strategy call",
    pdf: "Download this report (PDF)",
    /** The PDF's own words: the label in its header, the page read, the booking box, page numbers. */
    pdfLabel: "Website check report",
    pageRead: "Page read",
    noFixes: "Every check we ran passed: there is nothing to fix first.",
    bookOrCall: (bookUrl: string, phone: string) => `Pick a time at ${bookUrl}, or call ${phone}.`,
    pageOf: (n: number, total: number) => `Page ${n} of ${total}`,
    unreachableTitle: "We could not check this website",
    unreachable: (site: string, why: string) =>
      `We tried to check ${site}, but ${why}. Nothing was scored. Check the address, or book a call and we will look at it by hand.`,
    runningTitle: "Your website check is running",
    running:
      "We are looking at your website now. This usually takes under a minute. Reload this page to see your report.",
    reload: "Check again",
    waitingTitle: "Your website check is in line",
    waiting:
      "Many websites are being checked right now, so yours is waiting its turn: it runs as soon as there is room, and this page shows your report once it is done. Your request is safe with us; reload this page later, or book a call now.",
    cancelledTitle: "We will check your website by hand",
    cancelled:
      "We received your request, and we will look at your site ourselves and include it in your audit. Your details are safe with us.",
    limitedTitle: "We will check your website by hand",
    limited:
      "We received your request, but this connection has asked for a lot of checks in the last hour. Your details are safe with us: we will look at your site ourselves and include it in your audit.",
    failedTitle: "We could not finish this check",
    failed:
      "Something went wrong while checking your website. Your request is safe with us: we will look at your site by hand before we call.",
    forbiddenTitle: "This report link does not work",
    forbidden:
      "The link is incomplete, changed or older than 30 days. Ask for a new free audit and we will send you a fresh report.",
    forbiddenCta: "Ask for a free audit",
    unavailableTitle: "Your report is not available just now",
    unavailable:
      "We cannot reach the stored reports at the moment, so this page cannot be shown. Nothing is lost: please try again in a minute, or book a call and we will go through your website with you.",
    seoDescription: "Your instant website check: score, findings and fixes.",
  },
  thanks: {
    badge: "Request received",
    headline: "Thanks! Your website check is running",
    lead: "While we put your full audit together, our robot is looking at your website now. Your score and the three fixes worth the most appear here in about a minute.",
    /** Once the check is done (src/audit/headline.ts): one headline that follows its state. */
    headlineReady: "Thanks! Your website check is done",
    leadReady:
      "Here are your score and the three fixes worth the most. Your full report has every check, and we will go through it with you.",
    headlineNotChecked: "Thanks! We could not check your website",
    leadNotChecked:
      "Our robot could not finish looking at your website, so we will review it ourselves for your full audit.",
    emailed: "We will email you the link to your report too.",
    ready: "Your website check is ready",
    score: "Your score",
    open: "See your full report",
    waiting: "Checking your website…",
    queued:
      "Your website is in line for its check: many are being checked right now. This page shows the score once it has run.",
  },
  /**
   * 'Want us to walk you through it?' after the score (./callback.ts): the thank-you page and the
   * report page ask once for a phone number and a good time of day.
   */
  callback: {
    heading: "Want us to walk you through it?",
    intro: "Leave your number and a good time to call, and we will go through your score with you.",
    phone: "Your phone number",
    phoneHint: "With its area code, like (512) 555-0142",
    time: "A good time to call",
    times: {
      any: "Any time",
      morning: "Morning (8–11 am)",
      midday: "Midday (11 am–2 pm)",
      afternoon: "Afternoon (2–5 pm)",
      evening: "Early evening (5–7 pm)",
    },
    submit: "Call me",
    submitting: "Sending…",
    saved: "Thanks! We have your number and will call you at the time you chose.",
    savedNumber: "Your number",
    phoneMissing: "Please enter your phone number so we can call you.",
    phoneInvalid:
      "Please enter a phone number with its area code, like (512) 555-0142 (or with + and the country code).",
    timeInvalid: "Please choose a time of day from the list.",
    forbidden:
      "This report link does not work any more, so we could not save your number. Please call us or book a call instead.",
    limit:
      "You have already left your number with us a few times: we will call you. To change it, please book a call.",
    failed: "We could not send your number just now. Please try again in a minute.",
    unsupported: "Send the form as a web form or as JSON.",
    tooLarge: "That is more than a phone number and a time of day.",
    unreadable: "We could not read that form. Please try again.",
  },
  /**
   * The prospect's email: nothing typed in the form (name, company, website, message) is in it,
   * so a stranger cannot send the agency's mail with their words to someone else's address.
   */
  email: {
    subject: (score: number | undefined) =>
      score === undefined ? "Your website check" : `Your website scored ${score}/100`,
    button: "See your full report",
    unreachable: (reason: string) => `We could not check your website: ${reason}.`,
    lines: (p: { agency: string; expires: string; checked: string }) => ({
      greeting: "Hi,",
      intro: `Thanks for asking for a free audit. We checked your website on ${p.checked}. Its score:`,
      link: `Your full report, with every check, the fixes worth the most and how to make them, is here until ${p.expires}:`,
      next: "We will call you to go through your full audit. Or book a time that suits you:",
      why: `You get this email because this address was entered in the free audit form on the ${p.agency} website.`,
      signature: `The ${p.agency} team`,
    }),
  },
  /** /admin/checks: staff check any website, and the checks staff ran. */
  staffChecks: {
    title: "Website checks",
    intro:
      "Check any website before a call: a prospect's, a lead's or a competitor's. Checks run on the server one after another and usually take under a minute; they do not count against a visitor's hourly limit and always fetch the site again.",
    label: "Website address",
    hint: "As you would type it in a browser: lawnpros.com, www.lawnpros.com or https://lawnpros.com/services",
    button: "Run check",
    queued: (site: string) =>
      `Check of ${site} queued. Reload this page in a minute to see the score.`,
    badUrl:
      "Type a website address such as lawnpros.com or https://lawnpros.com (http or https, no spaces).",
    staffRate: (perHour: number) =>
      `You have asked for ${perHour} checks in the last hour, the most one person may. Nothing was queued: try again later, or ask the owner to raise AUDIT_STAFF_RATE.`,
    staffQueue: (queued: number) =>
      `You have ${queued} checks waiting or running, the most one person may have at once. Nothing was queued: wait until one is done, then try again.`,
    queue: "The queue",
    queueIntro: (total: number) =>
      total === 1
        ? "1 check is waiting or running, oldest first."
        : `${total} checks are waiting or running, oldest first.`,
    queueEmpty: "No check is waiting or running.",
    queueColumns: { site: "Website", state: "State", by: "Asked by", since: "Since", action: "" },
    queueStates: { running: "Running", waiting: "Waiting", deferred: "Waiting (queue full)" },
    client: (hash: string) => `visitor ${hash}`,
    cancel: "Cancel",
    cancelled: (site: string) => `Check of ${site} cancelled.`,
    notCancelled:
      "That check is no longer waiting (it is running or has finished), so it was not cancelled.",
    ownerOnly: "Only the owner can cancel a check.",
    off: "This server runs no checks (AUDIT_CONCURRENCY=0): the check waits until a server that runs checks takes it.",
    recent: "Recent checks by staff",
    none: "No checks run by staff yet.",
    columns: { site: "Website", state: "State", score: "Score", when: "Asked", links: "Open" },
    states: {
      running: "Checking…",
      ready: "Done",
      unreachable: "Could not check",
      limited: "Not checked (limit)",
      failed: "Failed",
      waiting: "Waiting (queue full)",
      cancelled: "Cancelled",
    },
    report: "Report",
    lead: "Lead",
    compare: "Competitors",
  },
  /** The agency's follow-up once a lead's check is done (outbox channel 'audit-agency'). */
  agencyEmail: {
    subject: (name: string, result: string) => `Website check for ${name}: ${result}`,
    scored: (score: number, grade: string | undefined) =>
      `${score}/100${grade ? ` (${grade})` : ""}`,
    unscored: "could not check the site",
    intro: (site: string, checked: string) => `The website check of ${site} is done (${checked}).`,
    fixes: "Top 3 fixes (talking points for the call):",
    lead: "Open the lead:",
    report: "The prospect's report:",
    why: "You get this email because this lead asked for a free audit with a website, and lead notifications go to this address.",
  },
  /**
   * Competitors beside a check (./competitors.ts): the staff panel on a lead's page and on
   * /admin/checks, and the side-by-side on the prospect's report and PDF.
   */
  competitors: {
    title: "Competitors",
    intro: (max: number) =>
      `Add up to ${max} competitors' websites: each is checked like any other site (the same pacing and limits), and the prospect's site is shown beside them, check by check.`,
    label: "Competitor's website",
    hint: "As you would type it in a browser: greenacres.com",
    nameLabel: "Name (optional)",
    nameHint: "How to call them to the prospect, e.g. Green Acres. Empty: the site's address.",
    add: "Add competitor",
    remove: "Remove",
    removeLabel: (name: string) => `Remove competitor ${name}`,
    none: "No competitors yet.",
    full: (max: number) =>
      `This check has ${max} competitors, the most it can have. Remove one to add another.`,
    added: "Competitor added: its check is queued. Reload in a minute to see its score.",
    removed: "Competitor removed.",
    badUrl:
      "Type the competitor's website address, such as greenacres.com or https://greenacres.com (http or https, no spaces).",
    ownSite: "That is the prospect's own website. Add a competitor's site instead.",
    duplicate: "That website is already one of this check's competitors.",
    tooMany: (max: number) =>
      `A check can have ${max} competitors at most. Remove one before you add another.`,
    nameTooLong: (max: number) => `Keep the name to ${max} characters or fewer.`,
    noCheck: "That website check no longer exists, or is a competitor's own check.",
    notRemoved: "That competitor was already removed.",
    notReady: "Competitors can be added once this check has a score.",
    /** The 'show on the prospect's report' toggle. */
    visibility: "On the prospect's report",
    shownNote:
      "Shown: the prospect's report and PDF name these competitors beside their site. Staff pages always show them.",
    hiddenNote:
      "Hidden: the prospect's report does not mention competitors. Staff pages always show them.",
    show: "Show them on the prospect's report",
    hide: "Hide them from the prospect's report",
    shown: "Competitors are now shown on the prospect's report.",
    hidden: "Competitors are now hidden from the prospect's report.",
    columns: { site: "Website", state: "State", score: "Score", action: "" },
    talkingPoints: "Talking points beside competitors",
    noDifferences: "The sites passed and failed the same checks.",
    report: "Report",
    /** On the report page and the PDF. */
    heading: "You beside your competitors",
    reportIntro:
      "The same checks, run the same way on the sites of businesses you compete with. Where they are ahead is where you can win jobs back.",
    you: "Your site",
    yourSite: (site: string) => `Your site (${site})`,
    scores: "Scores",
    behind: "Where they are ahead of you",
    /** Under a list cut at its most valuable sentences. */
    more: (n: number) => `…and ${n} more check${n === 1 ? "" : "s"}: see the table below.`,
    ahead: "Where you are ahead",
    table: "Check by check",
    tableIntro: "The checks where the sites differ.",
    check: "Check",
    same: (n: number) =>
      n === 1
        ? "On 1 other check every site got the same result."
        : `On the other ${n} checks every site got the same result.`,
    /** Marks in the table: words beside the symbol, never colour alone. */
    marks: { pass: "✓ Yes", fail: "✗ No", na: "– n/a", none: "–" },
    markNames: { pass: "passed", fail: "needs work", na: "not applicable", none: "not checked" },
  },
  panel: {
    title: "Website check",
    none: "No website check yet.",
    running: "Checking…",
    limited: "Not checked: the sender's hourly limit was reached.",
    failed: "The check failed.",
    waiting: "Waiting: the queue was full when it was asked for; it runs once there is room.",
    cancelled: "Cancelled by the owner before it ran.",
    talkingPoints: "Talking points (failed checks, most valuable first)",
    /** The fold under the first three talking points (issue 39 §1). */
    morePoints: (n: number) => `${n} more talking point${n === 1 ? "" : "s"}`,
    passed: "Passed",
    fetchedAt: (when: string) => `Fetched ${when}`,
    reused: "Reused from a check of the same site in the last 24 hours.",
    runAgain: "Run again",
    openReport: "Prospect's report",
    score: "Score",
  },
} as const;
