/**
 * The fields of every lead form, in display order: names are the spec's (section 3), rules are
 * section 5's. Browser forms render from this list and the server validates against schemas
 * built from it, so a rule is written once. Pure data: no framework code.
 */
/**
 * Input type of a field; selects list their allowed values in `options`. A checkbox is "yes"
 * when ticked and empty when not. A hidden field carries an id the page sets (a slug: lowercase
 * letters, digits and hyphens), never something the visitor types.
 */
export type FieldType =
  "text" | "email" | "url" | "tel" | "textarea" | "select" | "checkbox" | "hidden";

export interface FieldDef {
  name: string;
  type: FieldType;
  required: boolean;
  maxLength: number;
  autoComplete?: string;
  rows?: number;
  /** For selects: the allowed non-empty values. */
  options?: readonly string[];
}

const NAME = 200;
const MESSAGE = 5000;
const EMAIL = 254;
const URL_MAX = 2048;
const PHONE = 40;
const YES_NO = ["Yes", "No"] as const;

export const formIds = [
  "audit",
  "contact",
  "contactPage",
  "testimonial",
  "growthPartial",
  "growth",
  "quick",
  "guide",
] as const;
/** A form a visitor's post may name. */
export type FormId = (typeof formIds)[number];

/**
 * Every form a stored lead may have: the posted ones and 'booking', whose leads only the
 * scheduling provider's signed webhook creates (src/leads/scheduling/), never a post.
 */
export const storedFormIds = [...formIds, "booking"] as const;
export type StoredFormId = (typeof storedFormIds)[number];

/** Fields several forms share, defined once (names are the spec's). */
const shared = {
  name: { name: "name", type: "text", required: true, maxLength: NAME, autoComplete: "name" },
  fullName: {
    name: "full-name",
    type: "text",
    required: true,
    maxLength: NAME,
    autoComplete: "name",
  },
  email: { name: "email", type: "email", required: true, maxLength: EMAIL, autoComplete: "email" },
  phone: { name: "phone", type: "tel", required: true, maxLength: PHONE, autoComplete: "tel" },
  company: {
    name: "company",
    type: "text",
    required: false,
    maxLength: NAME,
    autoComplete: "organization",
  },
  message: { name: "message", type: "textarea", required: true, maxLength: MESSAGE, rows: 5 },
} as const satisfies Record<string, FieldDef>;

const optional = <F extends FieldDef>(field: F): Omit<F, "required"> & { required: false } => ({
  ...field,
  required: false,
});
const required = <F extends FieldDef>(field: F): Omit<F, "required"> & { required: true } => ({
  ...field,
  required: true,
});

/** Name, email and phone, all required: the short forms and step 1 of the growth form. */
const nameEmailPhone = [shared.name, shared.email, shared.phone] as const;

export const leadForms = {
  /** Free audit request: home hero and /free-audit. */
  audit: {
    kind: "audit",
    source: "audit_form",
    subject: "Free Marketing Audit Request",
    fields: [
      { ...shared.company, name: "companyName", required: true },
      { ...shared.name, name: "ownerName" },
      { name: "website", type: "url", required: true, maxLength: URL_MAX, autoComplete: "url" },
      shared.email,
      { ...shared.message, required: false, rows: 3 },
    ],
  },
  /** Contact message in the home page's contact section: phone and company optional. */
  contact: {
    kind: "contact",
    source: "contact_form",
    subject: "Contact Form Submission",
    fields: [shared.fullName, shared.email, optional(shared.phone), shared.company, shared.message],
  },
  /** Contact message on /contact-us: company is required there. */
  contactPage: {
    kind: "contact",
    source: "contact_page_form",
    subject: "Contact Form Submission",
    fields: [
      shared.fullName,
      shared.email,
      optional(shared.phone),
      required(shared.company),
      shared.message,
    ],
  },
  /** /testimonial landing page form. */
  testimonial: {
    kind: "testimonial",
    source: "testimonial_landing_page",
    subject: null,
    fields: nameEmailPhone,
  },
  /** Step 1 of the growth page's 3-step form, sent when the visitor advances to step 2. */
  growthPartial: {
    kind: "growth_partial",
    source: "growth_initiation_page",
    subject: null,
    fields: nameEmailPhone,
  },
  /** The whole growth-page lead (spec section 3): 13 text fields, only step 1's are required. */
  growth: {
    kind: "growth",
    source: "growth_initiation_page",
    subject: null,
    fields: [
      ...nameEmailPhone,
      shared.company,
      { name: "website", type: "text", required: false, maxLength: URL_MAX, autoComplete: "url" },
      { name: "location", type: "text", required: false, maxLength: NAME },
      { name: "revenueGoals", type: "text", required: false, maxLength: NAME },
      { name: "currentRevenue", type: "text", required: false, maxLength: NAME },
      { name: "currentJobs", type: "text", required: false, maxLength: NAME },
      { name: "desiredJobs", type: "text", required: false, maxLength: NAME },
      { name: "jobTypes", type: "text", required: false, maxLength: NAME },
      { name: "recruitment", type: "select", required: false, maxLength: 3, options: YES_NO },
      { name: "aiIntegration", type: "select", required: false, maxLength: 3, options: YES_NO },
    ],
  },
  /** The spec's "backend lead form": a short name, email, phone form. */
  quick: {
    kind: "quick",
    source: "quick_lead_form",
    subject: null,
    fields: nameEmailPhone,
  },
  /**
   * A guide's free checklist (issue 15): the guide page sets which checklist; the answer carries
   * the download link signed for this lead. `consent` (to further emails) starts unticked.
   */
  guide: {
    kind: "guide",
    source: "guide_checklist",
    subject: "Checklist Request",
    fields: [
      shared.name,
      shared.email,
      { name: "businessType", type: "text", required: false, maxLength: NAME },
      { name: "consent", type: "checkbox", required: false, maxLength: 3 },
      { name: "checklist", type: "hidden", required: true, maxLength: 60 },
    ],
  },
  /**
   * A call booked with the scheduling provider (issue 39): never posted by a form, written by
   * the provider's signed webhook (src/leads/scheduling/). `callAt` is the meeting's start on the
   * agency's clock, `event` the meeting's name, `message` the invitee's answers.
   */
  booking: {
    kind: "booking",
    source: "scheduling",
    subject: "Booked call",
    fields: [
      shared.name,
      shared.email,
      optional(shared.phone),
      { name: "callAt", type: "text", required: true, maxLength: NAME },
      { name: "event", type: "text", required: false, maxLength: NAME },
      { ...shared.message, required: false },
    ],
  },
} as const satisfies Record<
  StoredFormId,
  { kind: string; source: string; subject: string | null; fields: readonly FieldDef[] }
>;

/** Every kind of lead the store holds (several forms may share one kind). */
export const leadKinds = [
  "audit",
  "contact",
  "testimonial",
  "growth_partial",
  "growth",
  "quick",
  "guide",
  "booking",
] as const;
export type LeadKind = (typeof leadKinds)[number];

export type LeadFormDef = (typeof leadForms)[StoredFormId];

// The endpoint and the hidden attribution inputs live in ./wire.ts, which the inline site-wide
// script imports without this table.
export { LEADS_ENDPOINT, hiddenFields, utmKeys, type UtmKey } from "./wire.ts";
