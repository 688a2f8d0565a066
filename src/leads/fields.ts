/**
 * The fields of every lead form, in display order: names are the spec's (section 3), rules are
 * section 5's. Browser forms render from this list and the server validates against schemas
 * built from it, so a rule is written once. Pure data: no framework code.
 */
export type FieldType = "text" | "email" | "url" | "tel" | "textarea" | "select";

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

export const formIds = ["audit", "contact", "contactPage", "testimonial", "quick"] as const;
export type FormId = (typeof formIds)[number];

export const leadForms = {
  /** Free audit request: home hero and /free-audit. */
  audit: {
    kind: "audit",
    subject: "Free Marketing Audit Request",
    fields: [
      {
        name: "companyName",
        type: "text",
        required: true,
        maxLength: NAME,
        autoComplete: "organization",
      },
      { name: "ownerName", type: "text", required: true, maxLength: NAME, autoComplete: "name" },
      { name: "website", type: "url", required: true, maxLength: URL_MAX, autoComplete: "url" },
      { name: "email", type: "email", required: true, maxLength: EMAIL, autoComplete: "email" },
      { name: "message", type: "textarea", required: false, maxLength: MESSAGE, rows: 3 },
    ],
  },
  /** Contact message in the home page's contact section. */
  contact: {
    kind: "contact",
    subject: "Contact Form Submission",
    fields: [
      { name: "full-name", type: "text", required: true, maxLength: NAME, autoComplete: "name" },
      { name: "email", type: "email", required: true, maxLength: EMAIL, autoComplete: "email" },
      { name: "phone", type: "tel", required: false, maxLength: PHONE, autoComplete: "tel" },
      {
        name: "company",
        type: "text",
        required: false,
        maxLength: NAME,
        autoComplete: "organization",
      },
      { name: "message", type: "textarea", required: true, maxLength: MESSAGE, rows: 5 },
    ],
  },
  /** Contact message on /contact-us: company is required there. */
  contactPage: {
    kind: "contact",
    subject: "Contact Form Submission",
    fields: [
      { name: "full-name", type: "text", required: true, maxLength: NAME, autoComplete: "name" },
      { name: "email", type: "email", required: true, maxLength: EMAIL, autoComplete: "email" },
      { name: "phone", type: "tel", required: false, maxLength: PHONE, autoComplete: "tel" },
      {
        name: "company",
        type: "text",
        required: true,
        maxLength: NAME,
        autoComplete: "organization",
      },
      { name: "message", type: "textarea", required: true, maxLength: MESSAGE, rows: 5 },
    ],
  },
  /** /testimonial landing page form. */
  testimonial: {
    kind: "testimonial",
    subject: null,
    fields: [
      { name: "name", type: "text", required: true, maxLength: NAME, autoComplete: "name" },
      { name: "email", type: "email", required: true, maxLength: EMAIL, autoComplete: "email" },
      { name: "phone", type: "tel", required: true, maxLength: PHONE, autoComplete: "tel" },
    ],
  },
  /** The spec's "backend lead form": a short name, email, phone form. */
  quick: {
    kind: "quick",
    subject: null,
    fields: [
      { name: "name", type: "text", required: true, maxLength: NAME, autoComplete: "name" },
      { name: "email", type: "email", required: true, maxLength: EMAIL, autoComplete: "email" },
      { name: "phone", type: "tel", required: true, maxLength: PHONE, autoComplete: "tel" },
    ],
  },
} as const satisfies Record<
  FormId,
  { kind: string; subject: string | null; fields: readonly FieldDef[] }
>;

/** Where every lead form posts; the lead-intake endpoint. */
export const LEADS_ENDPOINT = "/api/leads";
