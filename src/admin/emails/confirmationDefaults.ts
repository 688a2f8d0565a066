/**
 * The confirmation emails a visitor gets after a contact, call or growth request (issue 39 §2):
 * their default words, data like the staff templates' (./defaults.ts). The owner edits them or
 * switches each off on /admin/templates; an edit is stored in `email_templates` under the same
 * id, a switch in its `disabled` column (migration 33). Placeholders are the staff templates'
 * (./messages.ts), `{staffEmail}` aside: no one on the staff sends these.
 */

export const confirmationIds = ["confirm-contact", "confirm-call", "confirm-growth"] as const;
export type ConfirmationId = (typeof confirmationIds)[number];

export interface ConfirmationDefault {
  name: string;
  /** Which forms send it. */
  purpose: string;
  subject: string;
  body: string;
}

export const confirmationDefaults: Record<ConfirmationId, ConfirmationDefault> = {
  "confirm-contact": {
    name: "Contact confirmation",
    purpose: "Sent to whoever sends the contact form (home page and contact page)",
    subject: "We got your message, {firstName}",
    body: [
      "Hi {firstName},",
      "",
      "Thanks for writing to {agencyName}. Your message reached us and one of us will answer within one working day.",
      "",
      "If it is urgent, call us on {agencyPhone}, or book a time to talk: {bookingUrl}",
      "",
      "Best regards,",
      "{agencyName}",
    ].join("\n"),
  },
  "confirm-call": {
    name: "Call request confirmation",
    purpose: "Sent to whoever asks us to call them",
    subject: "We will call you soon, {firstName}",
    body: [
      "Hi {firstName},",
      "",
      "Thanks for asking {agencyName} to call you. We will ring you on the number you gave us within one working day.",
      "",
      "Would you rather pick the time? Book it here: {bookingUrl}",
      "Or call us now on {agencyPhone}.",
      "",
      "Best regards,",
      "{agencyName}",
    ].join("\n"),
  },
  "confirm-growth": {
    name: "Growth plan confirmation",
    purpose: "Sent to whoever sends the growth plan form",
    subject: "Your growth plan request, {firstName}",
    body: [
      "Hi {firstName},",
      "",
      "Thanks for telling {agencyName} about your business and your goals. We are looking at what you sent and will be in touch within one working day with the first steps we would take.",
      "",
      "To talk it through sooner, book a call: {bookingUrl}",
      "Or call us on {agencyPhone}.",
      "",
      "Best regards,",
      "{agencyName}",
    ].join("\n"),
  },
};

/** The confirmation each form sends (forms not listed send none). */
export const confirmationForForm: Readonly<Record<string, ConfirmationId>> = {
  contact: "confirm-contact",
  contactPage: "confirm-contact",
  quick: "confirm-call",
  growth: "confirm-growth",
};
