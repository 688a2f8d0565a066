/** What the lead page's email panel and the templates page say (src/admin/emails/). */
export const emailMessages = {
  panel: {
    heading: "Email the lead",
    noAddress: "This lead gave no email address we can write to.",
    noSmtp:
      "Email is not set up for the inbox (SMTP_URL and LEAD_EMAIL_FROM): nothing can be sent from here.",
    template: "Template",
    useTemplate: "Use template",
    to: "To",
    replyTo: "Replies go to",
    subject: "Subject",
    body: "Message",
    send: "Send email",
    hint: "Sent from the agency's address through the outbox; the lead's reply comes to you. It is kept on the timeline.",
    templatesLink: "Edit templates",
  },
  templates: {
    title: "Email templates",
    intro:
      "The emails staff send to leads from a lead's page start from these. The lead's form picks its template; anyone can edit it there before sending.",
    placeholders: "Placeholders, filled in from the lead and the site's settings:",
    subject: "Subject",
    body: "Message",
    save: "Save template",
    reset: "Restore the default",
    edited: (by: string, when: string) => `Edited by ${by}, ${when}`,
    isDefault: "The default text.",
    someone: "someone",
    saved: "Template saved.",
    restored: "Default restored.",
    unknown: "There is no such template.",
    unknownPlaceholder: (name: string, known: string) =>
      `There is no placeholder {${name}}. Use one of: ${known}.`,
  },
  /** The visitor's confirmation emails on /admin/templates (./confirmations.ts). */
  confirmations: {
    title: "Confirmation emails",
    intro:
      "Sent by themselves to whoever sends one of these forms, right after it arrives (never to possible spam). Owners can edit each one or switch it off.",
    on: "On: sent to every new lead of these forms.",
    off: "Off: not sent.",
    switchOff: "Switch off",
    switchOn: "Switch on",
    ownersOnly: "Only an owner can change the confirmation emails.",
    switchedOn: "Confirmation email switched on.",
    switchedOff: "Confirmation email switched off.",
  },
  placeholders: {
    firstName: "the lead's first name ('there' when none was given)",
    fullName: "the lead's full name",
    company: "the lead's company",
    website: "the lead's website",
    agencyName: "the agency's name",
    agencyPhone: "the agency's phone number",
    agencyEmail: "the agency's email address",
    bookingUrl: "the link to book a call",
    staffEmail: "your email address",
    score: "the lead's website check score out of 100 (left as typed until a check has scored)",
    grade: "the check's grade, A to F",
    reportUrl: "a link to the lead's full website check report (valid 30 days)",
    topFixes: "the check's three most valuable fixes, one numbered line each",
  },
  /** What {firstName} says when the lead gave no name. */
  noFirstName: "there",
  /** What {website} says when the lead gave none. */
  noWebsite: "your website",
  errors: {
    noSubject: "Write a subject.",
    noBody: "Write the message.",
    subjectTooLong: (max: number) => `The subject is too long: ${max} characters at most.`,
    bodyTooLong: (max: number) =>
      `The message is too long: ${max.toLocaleString("en-US")} characters at most.`,
    subjectLine: "The subject must be one line of plain text.",
    unreadable: "The message holds characters that cannot be sent; please retype it.",
    badTemplate: "Choose one of the templates.",
  },
  /** The agency's line under every email to a lead. */
  footer: (name: string, phone: string, url: string) => `${name} · ${phone} · ${url}`,
  timeline: {
    text: (subject: string) => `Email: ${subject}`,
    detail: (to: string, replyTo: string, state: string) =>
      `To ${to}${replyTo ? ` · replies to ${replyTo}` : ""} · ${state}`,
    queued: "Queued",
    retrying: (error: string) => `Queued, trying again (${error})`,
    sent: (when: string) => `Sent ${when}`,
    failed: (error: string) => `Not delivered: ${error}`,
    failedNoReason: "Not delivered",
  },
};
