/**
 * Zod schemas for every lead form, built from src/leads/fields.ts so a rule is written once.
 * Shared by the server (intake.ts) and by browser islands that want inline errors.
 *
 * Rules: spec section 5 (required fields per form, email format, the audit website's URL format)
 * plus the bounds the spec leaves open: every value is trimmed, limited to its field's maxLength,
 * and control characters are rejected (line breaks and tabs are allowed in multi-line fields only),
 * and so are unpaired UTF-16 surrogates (src/leads/text.ts: no store could keep them). Phone
 * numbers must be valid (src/leads/phone.ts) and are stored in E.164.
 * The audit website accepts a bare domain ("example.com") and is stored as typed (trimmed): the
 * website check reads it as typed, https then http when no scheme was typed (docs/website-check.md);
 * what links to it normalises it with `normaliseWebsite` ("https://example.com").
 */
import { z } from "zod";
import {
  formIds,
  leadForms,
  storedFormIds,
  type FieldDef,
  type FormId,
  type StoredFormId,
} from "./fields.ts";
import { leadMessages as m } from "./messages.ts";
import { normalisePhone } from "./phone.ts";
import { isWellFormed } from "./text.ts";

/** Any C0 or C1 control character, or DEL. */
// eslint-disable-next-line no-control-regex -- rejecting control characters is the point
const CONTROL_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F]/;
/** The same, but tab, line feed and carriage return are fine in a textarea. */
// eslint-disable-next-line no-control-regex -- rejecting control characters is the point
export const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

const EMAIL = z.regexes.email;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * Normalises a website address the way a visitor means it: "example.com" → "https://example.com".
 * Only http and https are accepted; the host must be a domain name with a top-level domain.
 * Returns null when the value is not a website address.
 */
export function normaliseWebsite(raw: string): string | null {
  const value = raw.trim();
  if (!value || /\s/.test(value) || value.includes("\\")) return null;
  let candidate: string;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    if (!/^https?:\/\//i.test(value)) return null;
    candidate = value;
  } else if (value.startsWith("//")) {
    candidate = `https:${value}`;
  } else if (/^[a-z][a-z0-9+.-]*:(?!\d)/i.test(value)) {
    // javascript:, mailto:, data: … (but not "example.com:8080")
    return null;
  } else {
    candidate = `https://${value}`;
  }
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password) return null;
  const labels = url.hostname.split(".");
  if (labels.length < 2) return null;
  if (!labels.every((l) => LABEL.test(l))) return null;
  if (!TLD.test(labels[labels.length - 1] ?? "")) return null;
  const bare = url.pathname === "/" && !url.search && !url.hash;
  return bare ? `${url.protocol}//${url.host}` : url.href;
}

/** Missing and null values count as empty: a required field then says "please fill in". */
const emptyIfMissing = (v: unknown) => (v === undefined || v === null ? "" : v);

/** The schema of one field, from its definition. */
export function fieldSchema(field: FieldDef) {
  if (field.type === "checkbox") {
    // A native post sends the box's value ("yes") only when ticked; JSON may send a boolean.
    return z.preprocess(
      (v) => {
        const value = typeof v === "string" ? v.trim() : v;
        if (value === true || value === "yes" || value === "on") return "yes";
        return value === false ? "" : emptyIfMissing(value);
      },
      z.string({ error: m.notText }).refine((v) => v === "" || v === "yes", m.checkbox),
    );
  }
  if (field.type === "hidden") {
    let id = z.string({ error: m.notText }).trim();
    if (field.required) id = id.min(1, m.missingId);
    return z.preprocess(
      emptyIfMissing,
      id.refine((v) => v === "" || SLUG.test(v), m.missingId).max(field.maxLength, m.missingId),
    );
  }
  if (field.type === "select") {
    const options = field.options ?? [];
    let choice = z.string({ error: m.notText }).trim();
    if (field.required) choice = choice.min(1, m.required);
    return z.preprocess(
      emptyIfMissing,
      choice.refine((v) => v === "" || options.includes(v), m.choice(options)),
    );
  }
  let text = z.string({ error: m.notText }).trim();
  if (field.required) text = text.min(1, m.required);
  text = text
    .refine(
      (v) => !(field.type === "textarea" ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE).test(v),
      m.control,
    )
    .refine(isWellFormed, m.unreadable)
    .max(field.maxLength, m.tooLong(field.maxLength));
  if (field.type === "tel") {
    return z.preprocess(
      emptyIfMissing,
      // Parsed once (about 30 µs a number): the number stored in E.164, or the message. The
      // other checks come first, and a value that fails one is not parsed at all.
      text.transform((v, ctx) => {
        if (v === "") return "";
        const phone = normalisePhone(v);
        if (phone === null) ctx.issues.push({ code: "custom", message: m.phone, input: v });
        return phone ?? v;
      }),
    );
  }
  if (field.type === "email") {
    text = text.refine((v) => v === "" || EMAIL.test(v), m.email);
  }
  if (field.type === "url") {
    return z.preprocess(
      emptyIfMissing,
      text
        // Kept as typed: "walk-lawn.test" stored as "https://walk-lawn.test" would never be
        // checked over http, and a site without a certificate would read as unreachable (D250).
        .refine((v) => v === "" || normaliseWebsite(v) !== null, m.website),
    );
  }
  return z.preprocess(emptyIfMissing, text);
}

function buildFormSchema(form: StoredFormId) {
  const shape: Record<string, ReturnType<typeof fieldSchema>> = {};
  for (const field of leadForms[form].fields) shape[field.name] = fieldSchema(field);
  // Unknown keys (hidden inputs, extra junk) are dropped: z.object strips them.
  return z.object(shape);
}

/** One schema per form id, keyed like `leadForms`. */
export const leadFormSchemas = Object.fromEntries(
  storedFormIds.map((id) => [id, buildFormSchema(id)]),
) as Record<StoredFormId, ReturnType<typeof buildFormSchema>>;

export const formIdSchema = z.enum(formIds);

/** The values of a form after validation: every field present, trimmed and normalised. */
export type LeadFields = Record<string, string>;

export type ValidationResult =
  { ok: true; fields: LeadFields } | { ok: false; errors: Record<string, string> };

/** Validates the values of one form; errors hold the first problem of each field. */
export function validateLead(
  form: StoredFormId,
  values: Record<string, unknown>,
): ValidationResult {
  const result = leadFormSchemas[form].safeParse(values);
  if (result.success) return { ok: true, fields: result.data as LeadFields };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "_form");
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** True when `value` names one of the forms a visitor may post. */
export function isFormId(value: unknown): value is FormId {
  return formIdSchema.safeParse(value).success;
}
