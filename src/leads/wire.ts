/**
 * What travels with every lead besides its fields: the endpoint, the hidden inputs for spam
 * signals and attribution, and the utm_* keys. Apart from ./fields.ts so that the site-wide
 * script (src/scripts/attribution.ts, inlined into every page) carries only these names.
 */
/** Where every lead form posts; the lead-intake endpoint. */
export const LEADS_ENDPOINT = "/api/leads";

/**
 * Names of the hidden inputs that carry spam signals and attribution next to a form's fields.
 * `_form`, `_next` and `_subject` are rendered by the form; the rest are filled by
 * src/scripts/attribution.ts (or by client.ts for JSON posts) when JavaScript runs.
 */
export const hiddenFields = {
  form: "_form",
  next: "_next",
  subject: "_subject",
  /** Honeypot: hidden from people, bots fill it in. */
  honeypot: "fax",
  /** Milliseconds between page load and submit. */
  elapsed: "_t",
  /** Path of the page the form was sent from. */
  page: "_page",
  /** First page of the visit and the referrer it came with. */
  landingPage: "_landing",
  landingReferrer: "_ref",
  /** Set by the review page's form: a corrected resend, exempt from the fill-time check. */
  resent: "_resent",
} as const;

export const utmKeys = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
] as const;
export type UtmKey = (typeof utmKeys)[number];
