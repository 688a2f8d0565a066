/**
 * The email templates staff start from (issue 27): one per form, and a general one. These are
 * the defaults, data like the rest of the inbox's copy; staff edit them on /admin/templates and
 * an edit is stored (table `email_templates`), so a template reads as its edit, else as written
 * here. `{name}` placeholders are filled from the lead, its website check and the site config
 * when the lead's page offers the template (src/admin/emails/leadEmails.ts lists them).
 */

export const templateIds = [
  "audit-reply",
  "call-confirmation",
  "checklist-follow-up",
  "general",
] as const;
export type TemplateId = (typeof templateIds)[number];

export interface TemplateDefault {
  /** How staff know it (the picker, the templates page). */
  name: string;
  /** Which form's leads it is for (the one preselected on their page). */
  purpose: string;
  subject: string;
  body: string;
}

export const templateDefaults: Record<TemplateId, TemplateDefault> = {
  "audit-reply": {
    name: "Audit reply",
    purpose: "Free audit requests",
    subject: "Your website scored {score}/100: your free audit from {agencyName}",
    body: [
      "Hi {firstName},",
      "",
      "Thank you for asking for a free marketing audit of {website}. Our website check gave it {score} out of 100 (grade {grade}).",
      "",
      "The three changes that would bring you the most calls:",
      "{topFixes}",
      "",
      "Your full report, with every check and how to fix it: {reportUrl}",
      "",
      "Want us to walk you through it? Book a time that suits you: {bookingUrl}",
      "Or call us on {agencyPhone}.",
      "",
      "Best regards,",
      "{agencyName}",
    ].join("\n"),
  },
  "call-confirmation": {
    name: "Call confirmation",
    purpose: "Call requests",
    subject: "Your call with {agencyName}",
    body: [
      "Hi {firstName},",
      "",
      "Thanks for asking us to call you: this is to confirm we have your request, and we will ring you on the number you gave us within one working day.",
      "",
      "If you would rather choose the time yourself, book it here: {bookingUrl}",
      "Or call us now on {agencyPhone}.",
      "",
      "Best regards,",
      "{agencyName}",
    ].join("\n"),
  },
  "checklist-follow-up": {
    name: "Checklist follow-up",
    purpose: "Guide checklist downloads",
    subject: "How is the checklist going, {firstName}?",
    body: [
      "Hi {firstName},",
      "",
      "You downloaded one of our checklists recently; we hope it is proving useful. If a point on it raised a question, or you would like us to look at how your business does on each item, just reply to this email.",
      "",
      "You can also book a free strategy call: {bookingUrl}",
      "Or call us on {agencyPhone}.",
      "",
      "Best regards,",
      "{agencyName}",
    ].join("\n"),
  },
  general: {
    name: "General",
    purpose: "Any other lead",
    subject: "Following up from {agencyName}",
    body: [
      "Hi {firstName},",
      "",
      "Thank you for getting in touch with {agencyName}.",
      "",
      "",
      "",
      "Best regards,",
      "{agencyName}",
      "{agencyPhone}",
    ].join("\n"),
  },
};

/** The template preselected for a lead of each form (any other form: the general one). */
export const templateForForm: Record<string, TemplateId> = {
  audit: "audit-reply",
  quick: "call-confirmation",
  guide: "checklist-follow-up",
};
