/**
 * What the agency's inbox says: labels, headings and messages of the admin views, in one place
 * (the public site's copy is content; the staff side is one small tool, kept beside its rules).
 */
import { formLabels, leadKindLabels } from "../leads/messages.ts";

export const adminMessages = {
  productName: "Lead inbox",
  signIn: {
    title: "Sign in",
    intro: "Staff of the agency only.",
    email: "Email",
    password: "Password",
    submit: "Sign in",
    wrong: "Email or password is wrong.",
    throttled: (seconds: number) =>
      `Too many failed sign-ins. Please try again in ${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? "" : "s"}.`,
    signedOut: "You are signed out.",
    expired: "Your session has ended. Please sign in again.",
    emailChanged: "Your email was changed. Sign in with your new email.",
    forgot: "Forgot password?",
  },
  forgot: {
    title: "Forgot your password?",
    intro: "Enter your email: we'll send a one-time link to set a new password.",
    email: "Email",
    submit: "Email me a link",
    sent: (email: string) =>
      `If an account uses ${email}, a link to set a new password is on its way. It works once, within 24 hours.`,
    sentSomewhere:
      "If an account uses that address, a link to set a new password is on its way. It works once, within 24 hours.",
    noMail: "Email is not set up for the inbox: ask an owner for a new sign-in link.",
    throttled: (seconds: number) =>
      `Too many links were asked for. Please try again in ${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? "" : "s"}.`,
    back: "Back to sign in",
    mail: {
      subject: (product: string) => `Set a new password for the ${product}`,
      text: (link: string, product: string) =>
        [
          `Someone (we hope you) asked for a new password for the ${product}.`,
          "",
          "Open this link to set it (it works once, within 24 hours):",
          link,
          "",
          "If you did not ask, ignore this email: your password stays as it is.",
        ].join("\n"),
    },
  },
  invite: {
    title: "Set your password",
    intro: (email: string) => `Choose a password for ${email}. You will be signed in at once.`,
    password: "New password",
    confirm: "New password again",
    hint: "At least 12 characters; a few unrelated words make a strong one.",
    submit: "Set password and sign in",
    mismatch: "The two passwords are not the same.",
    gone: "This link has expired or was already used. Ask an owner for a new one.",
    goneTitle: "Link no longer valid",
  },
  /** The first owner's one-time setup link that `npm start` prints (src/admin/firstRun.ts). */
  setup: {
    title: "Set up the inbox",
    intro:
      "You are the inbox's first owner. Enter your email and choose a password: you will be signed in at once, and can invite your staff from the Staff page.",
    email: "Your email",
    badEmail: "Enter a valid email address.",
    taken: "That email already has an account: sign in with it instead.",
    gone: "This setup link has expired, or the inbox already has an owner. Restart the server for a fresh link, or sign in.",
  },
  passwordShort: (n: number) => `Use at least ${n} characters.`,
  passwordLong: (n: number) => `Use at most ${n} characters.`,
  passwordCommon: "This password is one of the most common ones. Choose another.",
  passwordEmail: "Do not use your email address in your password.",
  inbox: {
    title: "Leads",
    signedInAs: (email: string, role: string) => `Signed in as ${email} (${role})`,
    signOut: "Sign out",
    empty: "No leads yet.",
    noMatch: "No leads match these filters.",
    pagesLabel: "Pages",
    columns: {
      received: "Received",
      status: "Status",
      score: "Site score",
      name: "Name",
      company: "Company",
      form: "Form",
      page: "Page",
      source: "Source",
      assignee: "Assignee",
      phone: "Phone",
    },
    /** A lead card's tap-to-call link ("Call" on a phone, with the number beside it from `sm`). */
    call: "Call",
    count: (n: number) => `${n} newest lead${n === 1 ? "" : "s"}`,
    shown: (n: number, more: boolean) =>
      `${n} lead${n === 1 ? "" : "s"}${more ? ", newest first; older ones on the next page" : ", newest first"}`,
    spamTitle: "Spam folder",
    speed: {
      heading: "Speed to lead",
      lastDays: (days: number) => `last ${days} days`,
      between: (from: string, to: string) => (from === to ? from : `${from} to ${to}`),
      since: (from: string) => `since ${from}`,
      until: (to: string) => `until ${to}`,
      median: (period: string, time: string, contacted: number) =>
        `Median time to first contact, ${period}: ${time} (${contacted} lead${contacted === 1 ? "" : "s"} contacted).`,
      none: (period: string) => `No lead has been contacted yet (${period}).`,
      waiting: (n: number) => `${n} still new.`,
    },
    older: "Older leads",
    download: "Download this view as CSV",
    newest: "Back to the newest",
    filters: {
      legend: "Filter the leads",
      search: "Search name, email, phone, company, message or website",
      status: "Status",
      kind: "Form",
      any: "Any",
      from: "From (date)",
      to: "To (date)",
      source: "Source (as the column shows it)",
      campaign: "Campaign (utm_campaign)",
      score: "Website check score",
      assignee: "Assignee",
      tag: "Tag",
      spam: "Spam folder",
      apply: "Show leads",
      clear: "Clear filters",
    },
  },
  /** The inbox as a work queue (issue 27 §2): its count, pages, live rows, keys, layout. */
  worklist: {
    total: (count: string, n: number) => `${count} lead${n === 1 ? "" : "s"} match`,
    unworked: "still new",
    newer: "Newer leads",
    older: "Older leads",
    /** Read out when leads arrive ("{n}" is their number); the script fills it in. */
    arrivedOne: "1 new lead arrived, highlighted at the top.",
    arrivedMany: "{n} new leads arrived, highlighted at the top.",
    arrivedMark: "New",
    filters: "Filters",
    activeFilters: (n: number) => `${n} active`,
    zoneNote: (zone: string) => `Dates are days in the agency's time zone, ${zone}.`,
    shortcutsButton: "Keyboard shortcuts",
    shortcutsTitle: "Keyboard shortcuts",
    close: "Close",
    shortcuts: [
      ["/", "Focus the search"],
      ["j", "Next lead"],
      ["k", "Previous lead"],
      ["Enter", "Open the selected lead"],
      ["?", "Show this list"],
      ["Esc", "Close this list"],
    ] as const,
    shortcutsNote: "Shortcuts do nothing while you type in a field.",
    tableRegion: (name: string) => `${name} (scrolls sideways)`,
  },
  /**
   * The CSV export's own column names (src/admin/export.ts); the others are the inbox's
   * (`inbox.columns`, `lead.attributionLabels`, `possibleSpam`).
   */
  exportColumns: {
    email: "Email",
    phone: "Phone",
    website: "Website",
    message: "Message",
    assignee: "Assignee",
    campaign: "Campaign",
    firstContacted: "First contacted",
    /** A time column names the agency's zone: the only place a spreadsheet can say it. */
    inZone: (column: string, timeZone: string) => `${column} (${timeZone})`,
    lostReason: "Lost reason",
    wonValue: "Won value (USD)",
    followUp: "Follow-up",
    followUpNote: "Follow-up note",
    websiteScore: "Website score",
    tags: "Tags",
    id: "Lead ID",
  },
  /** Lead kinds as the agency says them (src/leads/messages.ts). */
  kinds: leadKindLabels,
  possibleSpam: "Possible spam",
  /** Lead statuses as the agency says them. */
  statuses: {
    new: "New",
    contacted: "Contacted",
    qualified: "Qualified",
    won: "Won",
    lost: "Lost",
  },
  /** /admin/webhooks (owners): the outgoing webhook's recent deliveries (src/admin/webhooks.ts). */
  webhooks: {
    title: "Webhooks",
    intro:
      "Every new lead is POSTed, signed, to the address below (a CRM, or a Zapier or Make 'catch hook'). Each delivery is retried for a day until it is accepted.",
    target: "Sends to",
    off: "No webhook is set up: set WEBHOOK_URL and WEBHOOK_SECRET on the server (see docs/lead-intake.md).",
    sendTest: "Send a test",
    testQueued: "Test delivery queued: it appears below within a few seconds.",
    recent: "Recent deliveries",
    none: "No deliveries yet.",
    columns: {
      created: "Queued",
      what: "Lead",
      status: "Status",
      attempts: "Attempts",
      lastError: "Last error",
      sent: "Delivered",
    },
    test: "Test delivery",
    statuses: { pending: "Waiting", sent: "Delivered", failed: "Failed" } as Record<string, string>,
    retrying: (when: string) => `Waiting, next try ${when}`,
  },
  /** Calls booked with the scheduling provider (src/leads/scheduling/): timeline and inbox. */
  bookings: {
    booked: (when: string, event: string) => `Call booked for ${when}${event ? ` (${event})` : ""}`,
    canceled: (when: string, reason: string | undefined) =>
      `Booked call of ${when} cancelled${reason ? `: ${reason}` : ""}`,
    upcomingTitle: "Upcoming calls",
    upcomingNone: "No calls booked ahead.",
    call: "Call",
  },
  lead: {
    back: "All leads",
    /** A checkbox's answer (the guide form's consent to further emails). */
    yes: "Yes",
    no: "No",
    fields: "What they sent",
    attribution: "Where they came from",
    attributionLabels: {
      page: "Sent from",
      landingPage: "Landing page",
      referrer: "Referrer",
      source: "Source",
      userAgent: "Browser",
    },
    received: "Received",
    /** The contact panel at the top of a lead's page (src/admin/contact.ts). */
    contact: "Contact",
    noContact: "They left no phone number, email or website.",
    callPhone: (phone: string) => `Call ${phone}`,
    textPhone: "Text",
    textPhoneName: (phone: string) => `Text ${phone}`,
    email: "Email",
    emailTo: (email: string) => `Email ${email}`,
    websiteShort: "Website",
    website: (host: string) => `Website ${host}`,
    newTab: "(opens in a new tab)",
    callLegend: "Log a call",
    callOutcomes: {
      no_answer: "No answer",
      voicemail: "Left voicemail",
      talked: "Talked",
      wrong_number: "Wrong number",
    },
    called: (outcome: string) => `Call: ${outcome}`,
    calledAndMoved: (outcome: string, status: string) => `Call: ${outcome} · Status: ${status}`,
    badOutcome: "Choose how the call went.",
    status: "Status",
    reason: "Reason (when lost)",
    saveStatus: "Save status",
    note: "Add a note",
    noted: "Note",
    saveNote: "Add note",
    timeline: "Timeline",
    noEvents: "Nothing yet: no call, no status change, no note.",
    waited: (time: string) => `First contacted after ${time}`,
    notContacted: "Not contacted yet",
    movedTo: (status: string) => `Status: ${status}`,
    lostBecause: (reason: string) => `Lost: ${reason}`,
    by: (who: string) => `by ${who}`,
    someone: "the command line",
    saved: "Saved.",
    empty: "Please write something first.",
    tooLong: (n: number) => `Please keep it under ${n} characters.`,
    unreadable: "Some characters could not be read. Please retype them.",
    badStatus: "Choose one of the statuses.",
    reasonNeeded: "Say why the lead was lost.",
    missing: "There is no such lead (it may have been erased).",
    ownersOnly: "Only an owner can do this.",
    assignHeading: "Assigned to",
    nobody: "Nobody yet",
    saveAssign: "Assign",
    assignedTo: (email: string) => `Assigned to ${email}`,
    /** A 'callback' entry: the prospect left a number after their website check's score. */
    callbackLeft: (phone: string, time: string) =>
      `Left their number after the website check: ${phone}, best time: ${time}`,
    unassigned: "Unassigned",
    badAssignee: "Choose someone from the list.",
    deliveries: "Delivery to the agency",
    noDeliveries: "No delivery channel was set up when this lead came in (it is only stored).",
    retry: "Try again",
    channels: {
      email: "Email",
      webhook: "CRM webhook",
      reminder: "Reminder to staff",
      checklist: "Checklist link to the visitor",
      audit: "Website check to the prospect",
      "audit-agency": "Website check score to the agency",
      followup: "Follow-up email to staff",
      "lead-email": "Email to the lead",
      confirmation: "Confirmation to the visitor",
      booking: "Booked call email to the agency",
      callback: "Callback request to staff",
    },
    delivery: (channel: string, status: string, attempts: number, when: string) =>
      status === "sent"
        ? `${channel}: sent ${when}`
        : status === "failed"
          ? `${channel}: failed after ${attempts} attempt${attempts === 1 ? "" : "s"}`
          : `${channel}: waiting (${attempts} attempt${attempts === 1 ? "" : "s"} so far)`,
    noSuchDelivery: "That delivery cannot be tried again (it is not a failed one of this lead).",
    related: "Earlier and later leads from the same person",
    relatedItem: (kind: string, when: string, status: string) => `${kind}, ${when} (${status})`,
    spam: "Move to the spam folder",
    notSpam: "Not spam: move to the leads",
    erase: "Erase this lead",
    eraseHint:
      "For a privacy request: deletes the lead, its deliveries, notes and timeline for good. The audit log keeps only that it happened.",
    eraseConfirm: "Type ERASE to confirm",
    erased: "The lead was erased.",
    eraseNeedsConfirm: "Type ERASE in the box to confirm.",
  },
  /** Merging the same person's leads (issue 39 §3, src/admin/merges.ts). */
  merge: {
    summary: "Merge one of them into this lead",
    label: "Lead to merge into this one",
    button: "Merge into this lead",
    hint: "Merging keeps both leads' timelines here and fills this lead's missing phone, company and website from the other one, which leaves the inbox. You can undo it for 24 hours.",
    heading: "Merged into this lead",
    item: (kind: string, received: string, merged: string, by: string) =>
      `${kind}, received ${received}, merged ${merged} by ${by}`,
    filled: (names: string) => `Filled in from it: ${names}`,
    undo: "Undo merge",
    undoUntil: (time: string) => `Can be undone until ${time}`,
    undoOver: "More than 24 hours ago: no longer undone here",
    /** On the merged lead's own page. */
    mergedInto: (when: string) =>
      `This lead was merged ${when} into another lead of the same person: it is out of the inbox, and its timeline shows there.`,
    openKept: "Open the lead it was merged into",
    /** A timeline entry of a merged lead, on the kept lead's page. */
    origin: (kind: string, received: string) => `From the merged ${kind} lead of ${received}`,
    /** A field of "What they sent" filled from a merged lead. */
    filledLabel: (label: string) => `${label} (from a merged lead)`,
    fieldLabels: { phone: "Phone", company: "Company", companyName: "Company", website: "Website" },
    merged: "Merged. The other lead's timeline now shows here; you can undo it for 24 hours.",
    undone: "Merge undone: both leads are as they were.",
    chooseLead: "Choose one of the same person's other leads to merge.",
    self: "A lead cannot be merged into itself.",
    notSame:
      "These leads are not the same person: they share neither an email address nor a phone number.",
    mergedAlready:
      "One of these leads is merged into another lead already (or is the first step of a completed form).",
    hasMerged:
      "Other leads are merged into that lead: open it and merge this lead into it instead.",
    noSuchMerge: "That lead is not merged into this one (the merge may have been undone).",
    expired: "That merge is more than 24 hours old and can no longer be undone.",
    readOnly:
      "This lead is merged into another lead: work it there, or undo the merge on that lead first.",
  },
  passkeys: {
    heading: "Passkeys",
    intro:
      "A passkey signs you in with this device's fingerprint, face or screen lock instead of your password. Your password keeps working.",
    none: "No passkeys yet.",
    listLabel: "Your passkeys",
    added: (when: string) => `added ${when}`,
    used: (when: string) => `last used ${when}`,
    neverUsed: "not used yet",
    name: "Name for this passkey",
    nameHint: "So you can tell them apart, e.g. Work laptop.",
    defaultName: "Passkey",
    current: "Current password",
    currentHint: "Asked again before a passkey is added or removed.",
    add: "Add a passkey",
    remove: (name: string) => `Remove ${name}`,
    removeLabel: "Remove",
    saved: "Passkey added. Your other sessions were signed out.",
    removed: "Passkey removed. Your other sessions were signed out.",
    unsupported: "This browser cannot use passkeys (it needs JavaScript and passkey support).",
    signIn: "Sign in with a passkey",
    or: "or",
    working: "Waiting for your passkey…",
    cancelled: "No passkey was used. Try again, or sign in with your password.",
    notRecognised: "That passkey is not one of this inbox's. Sign in with your password.",
    expired: "That took too long. Please try again.",
    noneYet: "Add a passkey first.",
    confirmFirst: "Enter your current password (or confirm with a passkey) first.",
    badName: "Use letters, digits and spaces for the name.",
    notSaved: "The passkey could not be saved. Please try again.",
    missing: "There is no such passkey on your account.",
    alreadyRegistered:
      "This passkey is already registered (on this account or another). Nothing was changed.",
    tooMany: (seconds: number) =>
      `Too many passkey sign-ins were started from here. Try again in ${seconds} seconds, or sign in with your password.`,
    confirm: "Confirm with a passkey",
    confirmIntro: "Instead of typing your password below, you can confirm it's you with a passkey.",
    confirmed:
      "Confirmed with your passkey: for the next 5 minutes, changes here don't ask for your password.",
  },
  /** The authenticator app, a second factor for password sign-in (src/admin/totp.ts). */
  totp: {
    heading: "Authenticator app",
    intro:
      "With an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password, Authy…), signing in with your password also asks for the 6-digit code the app shows. A passkey sign-in does not.",
    off: "Not set up.",
    start: "Set up an authenticator app",
    scan: "1. Scan this QR code with your authenticator app.",
    qrLabel: "QR code to scan with your authenticator app",
    typeKey: "Or, in the app, choose to enter a key and type this one:",
    confirmStep: "2. Enter the 6-digit code the app now shows, to turn it on.",
    code: "Code from the app",
    codeHint: "6 digits; a new one every 30 seconds.",
    turnOn: "Turn on",
    cancel: "Cancel setup",
    on: (when: string) => `On: turned on ${when}.`,
    codesLeft: (n: number) =>
      `${n} of 10 recovery codes left.${n <= 3 ? " Make new ones before you run out." : ""}`,
    renew: "Make new recovery codes",
    renewHint: "The old codes stop working.",
    disable: "Turn off",
    disableHint: "Your password is asked every time.",
    codesHeading: "Your recovery codes",
    codesIntro:
      "Each works once instead of a code from the app, if you lose your phone. Save them now somewhere safe (a password manager, or printed): they are not shown again.",
    enabled:
      "The authenticator app is on: signing in with your password now asks for its code. Your other sessions were signed out.",
    renewed: "New recovery codes made: the old ones no longer work.",
    setupStarted: "Scan the QR code below with your authenticator app, then enter its code.",
    cancelled: "The setup was cancelled.",
    disabled: "The authenticator app is off: your password alone signs you in again.",
    alreadyOn: "The authenticator app is already on for this account.",
    noSetup: "There is no setup waiting: start again with 'Set up an authenticator app'.",
    notOn: "The authenticator app is not on for this account.",
    wrongCode:
      "That code is not right. Check that the app's clock is correct and enter the code it shows now.",
    resetNone: (email: string) => `${email} has no authenticator app set up.`,
    resetDone: (email: string) =>
      `${email}'s authenticator app was turned off: they sign in with their password and can set it up again.`,
    // The code step of the sign-in page.
    signInTitle: "Enter your code",
    signInIntro: (email: string) =>
      `Open your authenticator app and enter the 6-digit code${email ? ` for ${email}` : ""}.`,
    signInSubmit: "Sign in",
    useRecovery: "Lost your phone? Use a recovery code",
    recoveryCode: "Recovery code",
    recoveryHint: "One of the ten codes you saved, like abcde-fghjk. Each works once.",
    recoverySubmit: "Sign in with the recovery code",
    signInWrong: "That code is not right. Enter the code your app shows now.",
    recoveryWrong: "That recovery code is not right, or was already used.",
    signInUsed: "That code was just used. Wait for the next code in your app.",
    signInExpired: "That took too long. Please sign in again.",
    recoveryLeft: (n: number) =>
      `You signed in with a recovery code: ${n} left. Make new ones on this page if you are running low.`,
    passwordSet:
      "Your new password is set. Sign in with it: the code from your authenticator app is asked next.",
  },
  /** Follow-ups on a lead's page, the Due view and their email (src/admin/followUps.ts). */
  followUp: {
    heading: "Follow-up",
    none: "This lead has no open follow-up.",
    noneYet: "No follow-up set.",
    date: "Date",
    time: (zone: string) => `Time, ${zone}`,
    note: "Note (optional)",
    set: "Set follow-up",
    replace: "Change follow-up",
    due: (when: string, relative: string) => `Due ${when} (${relative})`,
    overdue: "Overdue",
    setBy: (who: string, assignee: string) => `Set by ${who} · emails ${assignee}`,
    nobody: "the agency inbox",
    done: "Done",
    snoozeLegend: "Snooze",
    snoozeBy: { "1h": "+1 hour", "1d": "+1 day" },
    snoozeName: { "1h": "Snooze the follow-up by 1 hour", "1d": "Snooze the follow-up by 1 day" },
    in: (time: string) => `in ${time}`,
    ago: (time: string) => `${time} overdue`,
    now: "now",
    needWhen: "Choose a date and a time for the follow-up.",
    badWhen: "That date or time does not exist on the agency's clock. Please check it.",
    past: "Choose today or a later day.",
    tooFar: "Choose a day within a year from now.",
    badSnooze: "Choose how long to snooze it.",
    setEvent: (due: string) => `Follow-up set for ${due}`,
    doneEvent: "Follow-up done",
    snoozedEvent: (due: string) => `Follow-up snoozed to ${due}`,
    /** The inbox's Due view. */
    dueLink: "Due today / overdue",
    dueCount: (n: string) => `${n} due`,
    dueTitle: "Follow-ups due today or overdue",
    dueEmpty: "No follow-up is due today. Well done.",
    dueShown: (n: number, more: boolean) =>
      `${n} follow-up${n === 1 ? "" : "s"} due, most overdue first${more ? "; more on the next page" : ""}`,
    dueColumn: "Follow-up due",
    dueNext: "More due follow-ups",
    allLeads: "All leads",
    viewsLabel: "Inbox views",
    email: {
      subject: (name: string, due: string) => `Follow-up due: ${name || "a lead"} (${due})`,
      /** Its content (src/leads/notify/emails/NoticeEmail.tsx). */
      notice: (p: {
        name: string;
        due: string;
        note: string;
        link: string;
        phone: { shown: string; tel: string } | null;
      }) => ({
        intro: "A follow-up you are down for is due now.",
        rows: [
          ["Who", p.name || "(no name given)"],
          ...(p.phone ? [["Phone", p.phone.shown, p.phone.tel] as const] : []),
          ["Due", p.due],
          ...(p.note ? [["Note", p.note] as const] : []),
        ] as const,
        link: { label: "Open it in the inbox", href: p.link },
        outro:
          "Mark it done or snooze it on the lead's page; this is the only email for this follow-up.",
      }),
    },
  },
  /**
   * The inbox as a work queue (issue 27): the assignee filter and 'My leads', tags, bulk actions
   * on selected rows and saved views (src/admin/tags.ts, bulk.ts, views.ts).
   */
  queue: {
    assignee: "Assignee",
    anyone: "Anyone",
    me: "Me",
    unassigned: "Unassigned",
    myLeads: "My leads",
    tag: "Tag",
    tags: {
      heading: "Tags",
      none: "No tags yet.",
      add: "Add a tag",
      addButton: "Add tag",
      hint: (max: number, cap: number) =>
        `Letters, digits, spaces and dashes, up to ${max} characters; ${cap} tags a lead at most.`,
      remove: (tag: string) => `Remove tag ${tag}`,
      listLabel: "Tags",
      empty: "Type a tag.",
      tooLong: (max: number) => `A tag has at most ${max} characters.`,
      badCharacters: "Use letters, digits, spaces, dashes and underscores only.",
      full: (cap: number) => `A lead has at most ${cap} tags: remove one first.`,
      exists: (tag: string) => `The lead already has the tag ${tag}.`,
      notThere: (tag: string) => `The lead has no tag ${tag}.`,
      added: (tag: string) => `Tagged ${tag}`,
      removed: (tag: string) => `Tag ${tag} removed`,
    },
    bulk: {
      legend: "With the selected leads",
      select: (name: string) => `Select ${name}`,
      selectPage: "Select all on this page",
      status: "New status",
      reason: "Reason (when lost)",
      setStatus: "Set status",
      assignee: "Assign to",
      assign: "Assign",
      tag: "Tag to add",
      addTag: "Add tag",
      spam: "Mark as spam",
      notSpam: "Not spam",
      export: "Export selected as CSV",
      choose: "Choose…",
      updated: (n: number) => `${n} lead${n === 1 ? "" : "s"} updated.`,
      none: "Select at least one lead first.",
      tooMany: (max: number) => `At most ${max} leads at a time: select fewer.`,
      badAction: "Choose what to do with the selected leads.",
      errorTitle: "Nothing was changed",
      partly: (done: number, total: number) =>
        `${done} of ${total} leads were updated before this stopped.`,
      back: "Back to the leads",
    },
    views: {
      heading: "Saved views",
      none: "No saved views yet: set filters, then save them under a name.",
      saveThis: "Save these filters as a view",
      name: "Name this view",
      save: "Save view",
      open: (name: string) => `Open view ${name}`,
      remove: "Delete",
      removeLabel: (name: string) => `Delete view ${name}`,
      saved: (name: string) => `View ${name} saved.`,
      deleted: "View deleted.",
      empty: "Type a name for the view.",
      tooLong: (max: number) => `A view's name has at most ${max} characters.`,
      unreadable: "Use ordinary text for the name.",
      taken: (name: string) => `You already have a view named ${name}.`,
      full: (cap: number) => `You have ${cap} saved views: delete one first.`,
      missing: "There is no such view.",
      back: "Back to the leads",
    },
  },
  /** The speed-to-lead reminder email (src/admin/reminders.ts). */
  reminder: {
    subject: (name: string, minutes: number) =>
      `Reminder: ${name || "a lead"} is still waiting (${minutes} min of opening hours)`,
    /** Its content (src/leads/notify/emails/NoticeEmail.tsx); `extra` a line after the link. */
    notice: (p: {
      name: string;
      form: string;
      arrived: string;
      minutes: number;
      link: string;
      extra: string | null;
    }) => ({
      intro: `This lead has not been contacted yet, ${p.minutes} minutes of opening hours after it arrived.`,
      rows: [
        ["Who", p.name || "(no name given)"],
        ["Form", p.form],
        ["Arrived", p.arrived],
      ] as const,
      link: { label: "Open it in the inbox", href: p.link },
      outro: [
        ...(p.extra ? [p.extra] : []),
        "Log your call on its page (or set it to Contacted once you have written back); this is the only reminder.",
      ].join("\n\n"),
    }),
  },
  /** The prospect left a number after their score (src/admin/callbacks.ts, issue 39 §1). */
  callback: {
    subject: (name: string, phone: string) => `Call back: ${name || "a lead"} at ${phone}`,
    notice: (p: {
      name: string;
      form: string;
      phone: { shown: string; tel: string };
      time: string;
      score: string | null;
      link: string;
    }) => ({
      intro:
        "A prospect who saw their website check's score asked us to walk them through it: they left this number and a good time to call.",
      rows: [
        ["Who", p.name || "(no name given)"],
        ["Form", p.form],
        ["Phone", p.phone.shown, p.phone.tel],
        ["Best time", p.time],
      ] as const,
      link: { label: "Open it in the inbox", href: p.link },
      outro: [
        ...(p.score ? [p.score] : []),
        "The number is on the lead's page now, with its Call button. Log your call there.",
      ].join("\n\n"),
    }),
  },
  /** An owner-only page asked for by staff (src/middleware.ts answers with /admin/forbidden). */
  forbidden: {
    title: "Owners only",
    intro:
      "Only an owner can do this. Staff accounts and the audit log are for the inbox's owners: ask one if you need something changed here.",
    back: "Back to the leads",
  },
  notFound: {
    title: "Not found",
    intro: "There is no such page in the inbox.",
    back: "Back to the leads",
  },
  nav: {
    leads: "Leads",
    performance: "Performance",
    checks: "Website checks",
    templates: "Email templates",
    staff: "Staff",
    audit: "Audit log",
    webhooks: "Webhooks",
    settings: "Settings",
    account: "Your account",
    label: "Inbox sections",
  },
  account: {
    title: "Your account",
    intro:
      "Changing your password or email asks for your current password. A new password signs you out everywhere else; a new email takes effect when you open the link we send to it.",
    current: "Current password",
    passwordHeading: "Change your password",
    password: "New password",
    confirm: "New password again",
    savePassword: "Change password",
    emailHeading: "Change your email",
    email: "New email",
    saveEmail: "Change email",
    wrongCurrent: "That is not your current password.",
    mismatch: "The two passwords are not the same.",
    badEmail: "Enter a valid email address.",
    emailTaken: "Another account already uses this email.",
    passwordChanged: "Your password was changed. You are signed out everywhere else.",
    sameEmail: "That is already your email.",
    emailHint: "We send a link to the new address; nothing changes until you open it.",
    emailSent: (email: string) =>
      `We sent a link to ${email}; your email changes when you open it. The link works once, within 24 hours.`,
    notSent:
      "The email with the link could not be sent just now, so nothing was changed. Please try again in a few minutes.",
    noMail:
      "Email is not set up for the inbox, so a new address cannot be confirmed and nothing was changed. An owner can change it with the command line: npm run -s admin -- email OLD NEW.",
    pendingHeading: "Waiting for confirmation",
    pending: (email: string, until: string) =>
      `We sent a link to ${email}; your email changes when you open it. It works until ${until}.`,
    pendingExpired: (email: string) =>
      `The link sent to ${email} has expired. Change your email again to get a new one.`,
    cancel: "Cancel this change",
    cancelled: "The email change was cancelled: its link no longer works.",
    nothingToCancel: "There was no email change waiting.",
    emailChanged: (email: string) =>
      `Your email is now ${email}. You are signed out everywhere else.`,
  },
  /** The link that confirms a new email (src/admin/emailChange.ts). */
  emailChange: {
    title: "Confirm your new email",
    intro: (email: string) =>
      `Use ${email} as the email of your inbox account? You will sign in with it from now on.`,
    passwordIntro: "You are not signed in to this account here: enter its password to confirm.",
    password: "Password",
    submit: "Confirm new email",
    wrongPassword: "That is not the account's password.",
    goneTitle: "Link no longer valid",
    notChangedTitle: "Email not changed",
    gone: "This link no longer works: it was already used, a newer request or a cancellation replaced it, or it was mistyped. Your email was not changed.",
    expired:
      "This link has expired (links work for 24 hours). Your email was not changed: change it again from your account page to get a new link.",
    taken:
      "Another account now uses this email, so yours was not changed. Ask an owner, or choose another address from your account page.",
    throttled: (seconds: number) =>
      `Too many tries from here. Please try again in ${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? "" : "s"}.`,
    done: (email: string) => `Your email is now ${email}. Sign in with it.`,
    toAccount: "Your account",
    toSignIn: "Sign in",
    mail: {
      subject: (product: string) => `Confirm your new email for the ${product}`,
      text: (link: string, product: string) =>
        [
          `Someone (we hope you) asked to use this address for an account on the ${product}.`,
          "",
          "Open this link to confirm it (it works once, within 24 hours):",
          link,
          "",
          "If you did not ask, ignore this email: nothing changes without the link.",
        ].join("\n"),
    },
    notice: {
      subject: (product: string) => `Your email for the ${product} is about to change`,
      text: (newEmail: string, product: string) =>
        [
          `Someone signed in to your account on the ${product} asked to change its email to ${newEmail}.`,
          "",
          "It changes only when the link we sent to that address is opened (within 24 hours).",
          "",
          "If this was not you, sign in and cancel it on the Your account page, then change your password; or ask an owner to end your sessions.",
        ].join("\n"),
    },
  },
  staff: {
    title: "Staff",
    intro:
      "Owners can do everything, including managing staff and erasing leads; staff work the leads.",
    email: "Email",
    role: "Role",
    roles: { owner: "Owner", staff: "Staff" },
    invite: "Invite",
    inviteHeading: "Invite someone",
    state: "Account",
    active: "Active",
    invited: "Invited (no password yet)",
    deactivated: "Deactivated",
    deactivate: "Deactivate",
    /** Deactivating asks first (issue 39 §5): the disclosure's question and its button. */
    deactivateAsk: (email: string) =>
      `Deactivate ${email}? They are signed out everywhere at once, and their password, passkeys and links stop working. You can reactivate the account later.`,
    deactivateConfirm: "Yes, deactivate",
    deactivateNeedsConfirm: "Confirm the deactivation with its 'Yes, deactivate' button.",
    reactivate: "Reactivate",
    deactivatedNotice: (email: string, leads: number) =>
      `${email} is deactivated: signed out everywhere, and their password, passkeys and links no longer work.${leads ? ` ${leads} lead${leads === 1 ? " is" : "s are"} still assigned to them: reassign ${leads === 1 ? "it" : "them"} from the lead page.` : ""}`,
    reactivated: (email: string) =>
      `${email} is active again. Send them a new sign-in link if they need one.`,
    isDeactivated: "This account is deactivated: reactivate it first.",
    exists: (email: string, role: string) =>
      `${email} already has an account (${role}); its role was not changed. To change it, use "Change role" below.`,
    sessions: (n: number) => `${n} session${n === 1 ? "" : "s"}`,
    changeRole: "Change role",
    endSessions: "End all sessions",
    reset: "New sign-in link",
    /** TOTP on the account (src/admin/totp.ts): shown in its line, and the owner's reset. */
    totpOn: "Authenticator app on",
    totpReset: "Turn off authenticator app",
    totpResetFor: (email: string) => `Turn off authenticator app for ${email}`,
    linkFor: (email: string) =>
      `One-time link for ${email} (valid 24 hours, once). Copy it and send it to them:`,
    emailed: (email: string) => `We also emailed the link to ${email}.`,
    notEmailed: "Emailing the link did not work this time: copy it and send it yourself.",
    mail: {
      subject: (product: string) => `Your sign-in link for the ${product}`,
      text: (link: string, product: string) =>
        [
          `You have been given an account on the ${product}.`,
          "",
          `Open this link to set your password and sign in (it works once, within 24 hours):`,
          link,
          "",
          "If you did not expect this, ignore this email: nothing happens without the link.",
        ].join("\n"),
    },
    badEmail: "Enter a valid email address.",
    badRole: "Choose owner or staff.",
    missing: "There is no such account.",
    lastOwner: "The agency needs at least one owner: make someone else owner first.",
    roleChanged: (email: string) => `${email}'s role was changed.`,
    emailSet: (email: string) => `The account's email is now ${email}.`,
    sessionsEnded: (email: string, n: number) =>
      `${n} session${n === 1 ? "" : "s"} of ${email} ended.`,
    actionsFor: (email: string) => `Actions for ${email}`,
  },
  audit: {
    title: "Audit log",
    intro:
      "Who did what, and when, newest first. Repeated refused sign-ins are counted on one line per quarter hour.",
    filterAction: "What",
    filterPerson: "Person (email)",
    anyAction: "Anything",
    filter: "Filter",
    older: "Older entries",
    newest: "Back to the newest",
    none: "No entries match these filters.",
    times: (n: number) => `× ${n}`,
    when: "When",
    who: "Who",
    action: "What",
    subject: "About",
    nobody: "—",
    /** A lead named in an entry that has been erased since. */
    erasedLead: "(a lead since erased)",
    noName: "(no name given)",
    /** What each recorded action is called (an action not listed shows as its code). */
    actions: {
      sign_in: "Signed in",
      sign_in_failed: "Sign-in refused",
      sign_in_throttled: "Sign-ins paused (too many tries)",
      sign_out: "Signed out",
      sessions_ended: "Signed out everywhere",
      session_ended_confirm: "Session ended",
      password_set: "Password set",
      password_changed: "Password changed",
      passkey_added: "Passkey added",
      passkey_removed: "Passkey removed",
      totp_enabled: "Authenticator app turned on",
      totp_disabled: "Authenticator app turned off",
      totp_reset: "Authenticator app reset by an owner",
      totp_codes_renewed: "New recovery codes made",
      totp_recovery_used: "Recovery code used",
      confirmed: "Identity confirmed",
      confirm_failed: "Confirmation refused",
      email_change_requested: "Email change asked for",
      email_changed: "Email changed",
      email_change_cancelled: "Email change cancelled",
      email_confirm_failed: "Email confirmation refused",
      email_change_mail_failed: "Email change: mail not sent",
      email_change_notice_failed: "Email change notice: mail not sent",
      staff_link_mail_failed: "Invite link: mail not sent",
      reset_link_mail_failed: "Reset link: mail not sent",
      invite: "Invited",
      reset: "Password reset link",
      role_change: "Role changed",
      staff_deactivated: "Account deactivated",
      staff_reactivated: "Account reactivated",
      lead_status: "Lead status changed",
      lead_assign: "Lead assigned",
      lead_note: "Note added",
      note_edited: "Note edited",
      note_deleted: "Note deleted",
      lead_call: "Call logged",
      lead_email: "Email sent to a lead",
      lead_follow_up: "Follow-up set",
      lead_follow_up_done: "Follow-up done",
      lead_follow_up_snoozed: "Follow-up snoozed",
      lead_spam: "Moved to spam",
      lead_not_spam: "Moved out of spam",
      lead_tag: "Tag changed",
      lead_erased: "Lead erased",
      lead_merge: "Leads merged",
      lead_unmerge: "Merge undone",
      leads_expired: "Expired leads erased",
      delivery_retry: "Delivery tried again",
      export: "Leads exported (CSV)",
      email_template_saved: "Email template saved",
      email_template_reset: "Email template restored",
      website_check: "Website check run",
      website_check_cancelled: "Website check cancelled",
      website_competitor_added: "Competitor added to a website check",
      website_competitor_removed: "Competitor removed from a website check",
      website_competitors_shown: "Competitors shown or hidden on a prospect's report",
      bulk: "Bulk action",
    } as Record<string, string>,
  },
  /** Won jobs, note edits and spam moves on a lead's page (issue 27 §4, src/admin/pipeline.ts). */
  revenue: {
    wonValue: "Job value in dollars (when won, optional)",
    wonValueHint: "For example 1250 or 1,250.50",
    wonValueShown: (value: string) => `Won: ${value}`,
    wonWith: (value: string) => `Status: Won · ${value}`,
    notMoney: "Write the job's value in dollars, like 1250 or 1,250.50 (at most two decimals).",
    negative: "A job's value cannot be negative.",
    tooLarge: (max: string) => `A job's value is at most ${max}. Please check the number.`,
    spamMarked: "Marked as spam",
    spamUnmarked: "Moved out of spam",
    editNote: "Edit note",
    editNoteLabel: "Note",
    saveNote: "Save note",
    deleteNote: "Delete note",
    noteDeleted: "Note deleted",
    edited: (age: string) => `edited ${age}`,
    deleted: (age: string) => `deleted ${age}`,
    notYourNote: "Only the person who wrote a note can change or delete it.",
    noSuchNote: "There is no such note (it may have been deleted).",
  },
  performance: {
    title: "Performance",
    intro:
      "Visits counted on the site itself, without cookies, against the leads they brought. Spam is left out. A visitor who comes back on another day counts again.",
    legend: "Period",
    period: "Period",
    periods: {
      "7d": "Last 7 days",
      "30d": "Last 30 days",
      "90d": "Last 90 days",
      custom: "Custom dates",
    },
    from: "From",
    to: "To",
    apply: "Show",
    range: (from: string, to: string, pFrom: string, pTo: string, zone: string) =>
      `${from} to ${to} (days in ${zone}), compared with ${pFrom} to ${pTo}.`,
    totalsHeading: "Totals",
    /** The contents list at the top (issue 39 §4): each section's short name. */
    contents: {
      label: "On this page",
      live: "Right now",
      totals: "Totals",
      pipeline: "Pipeline",
      chart: "Chart",
      pages: "Pages",
      forms: "Forms",
      sources: "Sources",
      campaigns: "Campaigns",
      devices: "Devices",
    },
    /** A table folded to its top rows on a phone opens with this. */
    allRows: (n: number) => `Show all ${n} rows`,
    figures: {
      views: "Visits",
      visitors: "Unique visitors",
      starts: "Form starts",
      leads: "Leads",
      rate: "Conversion rate",
    },
    previousValue: (value: string) => `previous period: ${value}`,
    change: (pct: string) => `${pct} on the previous period`,
    noChange: "no change",
    newValue: "new this period",
    chartHeading: (bucket: "day" | "week") => `Visits and leads per ${bucket}, by source`,
    chartSummary: (visits: number, leads: number, bucket: "day" | "week") =>
      `Bars above: visits per ${bucket}; bars below: leads per ${bucket}; both stacked by source. ${visits} visits and ${leads} leads in all.`,
    chartTable: "The chart's figures",
    chartSeries: {
      visits: "Visits: solid bars",
      leads: "Leads: striped bars",
      most: (label: string, n: number) =>
        `${label} (top of the scale: ${n.toLocaleString("en-US")})`,
    },
    bucketStart: (bucket: "day" | "week") => (bucket === "day" ? "Day" : "Week from"),
    otherSources: "Other sources",
    /** The Pages table's 'other' row, named and explained (src/analytics/pages.ts OTHER). */
    otherPages: "Other addresses (not pages of the site)",
    otherPagesNote:
      "“Other addresses” counts views sent from addresses that are not pages of this site: old links, mistyped addresses that showed the 404 page, and beacons from copies or tools. They are counted together, never by name, so nobody can fill this report with made-up pages.",
    tables: {
      pages: { heading: "Pages", key: "Page", empty: "No visits in this period." },
      forms: {
        heading: "Forms: views, starts, leads",
        key: "Form",
        empty: "No form was seen in this period.",
      },
      sources: { heading: "Sources", key: "Source", empty: "No visits in this period." },
      campaigns: {
        heading: "Campaigns",
        key: "Campaign (utm_campaign)",
        empty: "No visits with a campaign in this period.",
      },
    },
    formViews: "Views of the form",
    sortBy: (column: string) => `Sort by ${column}`,
    rowsShown: (from: number, to: number, total: number) =>
      `Rows ${from}–${to} of ${total.toLocaleString("en-US")}`,
    previousRows: "Previous rows",
    nextRows: "Next rows",
    rowPages: (table: string) => `Pages of ${table}`,
    sorted: (dir: "asc" | "desc") => (dir === "asc" ? "ascending" : "descending"),
    csv: "Download as CSV",
    /** The end of the funnel (issue 27 §4): contacted, won, won value and value per visitor. */
    funnel: {
      counted: "Leads with a counted visit",
      uncounted: "Leads without a counted visit",
      contacted: "Contacted",
      won: "Won",
      wonValue: "Won value",
      valuePerVisitor: "Value per visitor",
    },
    rateNote:
      "Conversion rate = leads that came with a counted visit ÷ unique visitors. Leads without a counted visit (sent without JavaScript, posted to the API, or from a browser asking not to be tracked) are shown apart and left out of the rate, so it cannot pass 100 % by counting leads whose visit was never seen. Value per visitor = won value ÷ unique visitors.",
    rateOver: (rows: number) =>
      `${rows === 1 ? "1 row shows" : `${rows} rows show`} a rate above 100 %: a visitor counted on one day who sent several leads, or came back another day (each day counts visitors anew), can do that.`,
    pipeline: {
      heading: "Pipeline: where this period's leads stand now",
      intro:
        "Each stage with how many of the period's leads are in it now, by how long ago they arrived (in the agency's days, as the period).",
      stage: "Stage",
      leads: "Leads",
      buckets: ["Arrived today", "1–6 days ago", "7–29 days ago", "30 days ago or more"],
      oldest: "Oldest arrived",
      daysAgo: (n: number) => (n === 0 ? "today" : n === 1 ? "1 day ago" : `${n} days ago`),
      empty: "No leads in this period.",
    },
    devices: {
      heading: "Devices",
      key: "Device",
      empty: "No visits in this period.",
      names: { phone: "Phone", tablet: "Tablet", desktop: "Desktop" } as Record<string, string>,
      share: "Share of visits",
      startRate: "Form starts per visit",
    },
    /** Forms by name (src/leads/messages.ts). */
    forms: formLabels,
  },
  origin: "This request did not come from the inbox itself.",
  httpsOnly:
    "The inbox only opens over https (or on this machine itself): your password would otherwise cross the network unencrypted. Ask whoever runs the site to put it behind https, or set ADMIN_ALLOW_HTTP=1 to accept the risk.",
  signInNeeded: "Sign in to use the inbox.",
  /** The page staff get while the store does not answer (503), instead of raw JSON. */
  storeUnavailable: {
    title: "The inbox cannot reach its data",
    body: "The inbox cannot reach its database just now, so this page cannot be shown. Nothing you saved before is lost. Please try again in a minute; if it lasts, tell whoever runs the server.",
    retry: "Try again",
  },
} as const;
