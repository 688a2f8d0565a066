/**
 * Browser side of lead intake, for React islands and the small attribution script.
 *
 * Contract of `submitLead(formId, values)`:
 * - POSTs JSON to /api/leads: `{ _form: formId, ...values }` plus attribution the browser knows
 *   (`_t` ms since page load, `_page`, `_landing`, `_ref`, `utm_*` of the landing URL) and the
 *   honeypot value if `values` carries one.
 * - Resolves (never rejects) with
 *   `{ ok: true, id }` on 201 (spam is answered the same way, on purpose), with `download`, the
 *   checklist's signed link, for a guide's form;
 *   `{ ok: false, status: 422, message, fields }` where `fields` maps a field name to its message;
 *   `{ ok: false, status, message }` for 400, 413, 415, 429 (message says when to retry), 503 or
 *   any other answer; `status: 0` when the request never reached the server.
 * - Validate first with `validateLead()` from ./schema.ts for inline errors: the server runs the
 *   same schema again.
 */
import type { FormId } from "./fields.ts";
import { hiddenFields, LEADS_ENDPOINT, utmKeys } from "./wire.ts";

export type SubmitLeadResult =
  | { ok: true; id: string; download?: string; emailed?: boolean }
  | { ok: false; status: number; message: string; fields?: Record<string, string> };

/** sessionStorage key of what the visit's first page view recorded. */
export const VISIT_KEY = "leads:visit";

export interface Visit {
  landingPage: string;
  referrer: string;
  utm: Partial<Record<(typeof utmKeys)[number], string>>;
}

const NETWORK_MESSAGE =
  "We could not reach the server. Please check your connection and try again.";
const FALLBACK_MESSAGE = "Something went wrong. Please try again.";

/** Records the landing page, its referrer and utm_* on the first page view of a visit. */
export function rememberVisit(): void {
  try {
    if (sessionStorage.getItem(VISIT_KEY)) return;
    const params = new URLSearchParams(location.search);
    const utm: Visit["utm"] = {};
    for (const key of utmKeys) {
      const value = params.get(key);
      if (value) utm[key] = value.slice(0, 200);
    }
    const external = document.referrer && !document.referrer.startsWith(location.origin);
    const visit: Visit = {
      landingPage: location.pathname,
      referrer: external ? document.referrer.slice(0, 2048) : "",
      utm,
    };
    sessionStorage.setItem(VISIT_KEY, JSON.stringify(visit));
  } catch {
    // Storage blocked (privacy mode): attribution falls back to what the server sees.
  }
}

function readVisit(): Visit | null {
  try {
    const raw = sessionStorage.getItem(VISIT_KEY);
    return raw ? (JSON.parse(raw) as Visit) : null;
  } catch {
    return null;
  }
}

/** Set on a form once the browser (autofill, a password manager) filled a field in for the visitor. */
const AUTOFILLED = "data-autofilled";

/**
 * Marks forms the browser fills in by itself: such a form is sent seconds after the page loads
 * by a real person, so it must not trip the fill-time spam check. Typing dispatches InputEvents
 * with an insert or delete type; autofill dispatches a plain event or a replacement.
 */
export function watchAutofill(): void {
  document.addEventListener(
    "input",
    (event) => {
      const field = event.target as HTMLInputElement | null;
      if (!(event instanceof InputEvent) || event.inputType === "insertReplacementText") {
        field?.form?.setAttribute(AUTOFILLED, "");
      }
    },
    true,
  );
}

/** True when some field of `form` was filled in by the browser. */
export function wasAutofilled(form: HTMLFormElement | null | undefined): boolean {
  if (!form) return false;
  if (form.hasAttribute(AUTOFILLED)) return true;
  for (const selector of [":autofill", ":-webkit-autofill"]) {
    try {
      if (form.querySelector(selector)) return true;
    } catch {
      // An engine without this pseudo-class.
    }
  }
  return false;
}

/**
 * The hidden values every submission carries: fill time, page, landing page, referrer, utm_*.
 * The fill time is left out for a form the browser filled in (`wasAutofilled`).
 */
export function attributionValues(form?: HTMLFormElement | null): Record<string, string> {
  const values: Record<string, string> = { [hiddenFields.page]: location.pathname };
  if (!wasAutofilled(form)) values[hiddenFields.elapsed] = String(Math.round(performance.now()));
  const visit = readVisit();
  if (visit) {
    if (visit.landingPage) values[hiddenFields.landingPage] = visit.landingPage;
    if (visit.referrer) values[hiddenFields.landingReferrer] = visit.referrer;
    for (const key of utmKeys) {
      const value = visit.utm?.[key];
      if (value) values[key] = value;
    }
  }
  return values;
}

export async function submitLead(
  formId: FormId,
  values: Record<string, string>,
  form?: HTMLFormElement | null,
): Promise<SubmitLeadResult> {
  let response: Response;
  try {
    response = await fetch(LEADS_ENDPOINT, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ ...attributionValues(form), ...values, [hiddenFields.form]: formId }),
    });
  } catch {
    return { ok: false, status: 0, message: NETWORK_MESSAGE };
  }
  let body: {
    id?: unknown;
    download?: unknown;
    emailed?: unknown;
    message?: unknown;
    fields?: unknown;
  } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // Not JSON (a proxy's error page): keep the fallback message.
  }
  if (response.status === 201 && typeof body.id === "string") {
    // Only a path on this site is taken as the checklist's link.
    const download =
      typeof body.download === "string" && /^\/checklists\/[\w.-]+$/.test(body.download)
        ? body.download
        : undefined;
    return download
      ? { ok: true, id: body.id, download, emailed: body.emailed === true }
      : { ok: true, id: body.id };
  }
  const message = typeof body.message === "string" ? body.message : FALLBACK_MESSAGE;
  if (body.fields && typeof body.fields === "object") {
    return {
      ok: false,
      status: response.status,
      message,
      fields: body.fields as Record<string, string>,
    };
  }
  return { ok: false, status: response.status, message };
}
