/**
 * Every message lead intake shows a visitor: field problems (schema.ts), the JSON API's `message`
 * and the no-JavaScript review page. One source, so the API and the page never disagree.
 */
export const leadMessages = {
  required: "Please fill in this field.",
  notText: "Please enter text.",
  control: "Please remove special characters such as tabs or line breaks.",
  tooLong: (max: number) => `Please use at most ${max} characters.`,
  email: "Please enter an email address like name@company.com.",
  website: "Please enter a website address like yourcompany.com.",
  phone:
    "Please enter a phone number with its area code, like (512) 555-0142 (or with + and the country code).",
  unreadable:
    "Some characters could not be read (for example a broken emoji). Please retype this field.",
  checkbox: "Please tick the box or leave it empty.",
  /** A hidden id the page sets (which checklist) is missing or unknown: the page is out of date. */
  missingId: "This form is out of date. Please reload the page and try again.",
  choice: (options: readonly string[]) => `Please choose ${options.join(" or ")}.`,
  unknownForm: "This form is not recognised. Please reload the page and try again.",
  /** `message` of a 422. */
  invalid: "Please check the highlighted fields and try again.",
  /** `message` of a 503: the store could not be reached. */
  unavailable:
    "We could not save your details just now. Nothing was lost on your side: please try again in a minute.",
  tooMany: (minutes: number) =>
    `Too many submissions from your connection. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  badJson: "The request body is not valid JSON.",
  notObject: "The request body must be a JSON object.",
  badForm: "The form data could not be read.",
  tooLarge: (kib: number) => `The submission is too large (limit ${kib} KB).`,
  unsupported: "Send the form as JSON, application/x-www-form-urlencoded or multipart/form-data.",
  method: "Use POST to send a lead.",
  /** The email a visitor gets after asking for a guide's checklist (src/leads/notify/checklist.ts). */
  checklistEmail: {
    subject: "Your free checklist",
    button: "Download the checklist (PDF)",
    guide: "The guide it goes with:",
    lines: (p: { name: string; expires: string; agency: string }) => ({
      greeting: p.name ? `Hi ${p.name},` : "Hi,",
      intro: "Thanks for asking for the checklist. Here is your download link:",
      expiry: `The link works until ${p.expires} (7 days). After that, ask for the checklist again from its guide.`,
      why: `You get this email because this address was entered in the checklist form on the ${p.agency} website. We do not add you to a mailing list unless you ticked the box for it.`,
      signature: `The ${p.agency} team`,
    }),
  },
  /** The agency's email of a call booked by someone who already has a lead (./scheduling/notice.ts). */
  bookingEmail: {
    subject: (who: string, when: string) => `Call booked: ${who}, ${when}`,
    intro: (who: string) =>
      `${who} booked a call. They already had a lead in the inbox; the booking is on its timeline.`,
    when: "When",
    meeting: "Meeting",
    email: "Email",
    button: "Open the lead in the inbox",
  },
  /** The no-JavaScript review page. */
  review: {
    title: "Please check your details",
    seoTitle: "Please check your details before sending",
    seoDescription:
      "Some details in your form need a quick fix before we can send them. Your answers are kept below so you can correct them and send again.",
    problems: "What needs fixing",
    unavailableTitle: "We could not send your details yet",
    expiredTitle: "This page has expired",
    expired:
      "For your privacy, the details you entered are only kept here for an hour. Nothing was sent: please fill in the form again.",
    back: "Back to the home page",
    /** Copy of a form that has no entry in src/content/forms. */
    fallbackForm: {
      title: "Your details",
      submit: "Send",
      submitting: "Sending...",
      requiredNote: "Fields marked * are required.",
    },
  },
} as const;

/**
 * Lead kinds as the agency says them: the inbox, its export and the staff notice (admin messages
 * refer to this table, so each label is written once).
 */
export const leadKindLabels = {
  audit: "Free audit",
  contact: "Contact message",
  testimonial: "Testimonial page",
  growth_partial: "Growth plan (step 1 only)",
  growth: "Growth plan",
  quick: "Call request",
  guide: "Guide checklist",
  booking: "Booked call",
} as const;

/** Forms by the name the Performance report and the staff notice give them ("Contact page"). */
export const formLabels: Record<string, string> = {
  audit: "Free audit",
  contact: "Contact (home page)",
  contactPage: "Contact page",
  testimonial: "Testimonial page",
  growth: "Growth plan",
  growthPartial: "Growth plan",
  quick: "Call request",
  guide: "Guide checklist",
  booking: "Booked call",
};
