/**
 * Calendly's webhooks (issue 39 §2): what a signed `invitee.created` or `invitee.canceled` says,
 * checked before anything is read from it.
 *
 * - The signature: Calendly signs each delivery with the webhook subscription's signing key,
 *   `Calendly-Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(key, "<t>.<raw body>")>`
 *   (developer.calendly.com, "Webhook signatures"). It is checked over the raw bytes, compared
 *   in constant time, and a timestamp more than CALENDLY_TOLERANCE_SECONDS from now (either way)
 *   is refused, so a captured delivery cannot be replayed later.
 * - The body: Calendly's documented shape (`event`, `created_at`, `payload` with the invitee's
 *   `uri`, `email`, `name`, `cancel_url`, `reschedule_url`, `questions_and_answers`, `tracking`
 *   utm_* values, `text_reminder_number`, `cancellation`, and `scheduled_event` with its `uri`,
 *   `name`, `start_time` and `end_time`). Unknown keys are ignored; a body without what a
 *   booking needs is malformed.
 *
 * Pure: no store, no HTTP. The endpoint is ./http.ts.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/** How far a signature's timestamp may be from now (Calendly's own example uses 3 minutes). */
export const CALENDLY_TOLERANCE_SECONDS = 180;
export const CALENDLY_SIGNATURE_HEADER = "calendly-webhook-signature";

/** The v1 signature of `body` sent at `t` (seconds), in hex, as Calendly computes it. */
export function signCalendly(key: string, t: number | string, body: string | Uint8Array): string {
  return createHmac("sha256", key)
    .update(`${t}.`)
    .update(typeof body === "string" ? Buffer.from(body, "utf8") : body)
    .digest("hex");
}

export type SignatureVerdict =
  { ok: true } | { ok: false; reason: "missing" | "malformed" | "stale" | "mismatch" };

/**
 * Whether `header` signs `body` with `key` at a time within `toleranceSeconds` of `nowMs`.
 * Several `v1=` values may be present (a key being rotated): any one that matches will do.
 */
export function verifyCalendlySignature(
  header: string | null | undefined,
  body: Uint8Array,
  key: string,
  nowMs: number,
  toleranceSeconds = CALENDLY_TOLERANCE_SECONDS,
): SignatureVerdict {
  if (!header?.trim()) return { ok: false, reason: "missing" };
  let t: string | null = null;
  const given: string[] = [];
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (name === "t") t = value;
    else if (name === "v1") given.push(value);
  }
  if (!t || !/^\d{1,12}$/.test(t) || !given.length) return { ok: false, reason: "malformed" };
  if (Math.abs(nowMs / 1000 - Number(t)) > toleranceSeconds) return { ok: false, reason: "stale" };
  const expected = Buffer.from(signCalendly(key, t, body), "hex");
  const match = given.some((hex) => {
    if (!/^[0-9a-f]+$/i.test(hex) || hex.length !== expected.length * 2) return false;
    return timingSafeEqual(Buffer.from(hex, "hex"), expected);
  });
  return match ? { ok: true } : { ok: false, reason: "mismatch" };
}

const text = z.string().max(10_000);
const optionalText = text.nullish();
const isoTime = z
  .string()
  .refine((v) => !Number.isNaN(Date.parse(v)) && /^\d{4}-\d\d-\d\dT/.test(v), {
    message: "not an ISO 8601 time",
  });

const tracking = z
  .object({
    utm_source: optionalText,
    utm_medium: optionalText,
    utm_campaign: optionalText,
    utm_term: optionalText,
    utm_content: optionalText,
  })
  .nullish();

const invitee = z.object({
  uri: z.string().min(1).max(2048),
  email: z.string().min(1).max(254),
  name: optionalText,
  first_name: optionalText,
  last_name: optionalText,
  cancel_url: optionalText,
  reschedule_url: optionalText,
  text_reminder_number: optionalText,
  timezone: optionalText,
  questions_and_answers: z
    .array(z.object({ question: text, answer: optionalText, position: z.number().nullish() }))
    .max(50)
    .nullish(),
  tracking,
  cancellation: z.object({ canceled_by: optionalText, reason: optionalText }).nullish(),
  scheduled_event: z.object({
    uri: z.string().max(2048).nullish(),
    name: optionalText,
    start_time: isoTime,
    end_time: isoTime.nullish(),
  }),
});

const delivery = z.object({
  event: z.string().min(1).max(100),
  created_at: optionalText,
  payload: z.unknown(),
});

export type CalendlyInvitee = z.infer<typeof invitee>;

export type CalendlyEvent =
  { kind: "created" | "canceled"; invitee: CalendlyInvitee } | { kind: "other"; event: string };

/** The delivery's event, or the first problem with its body (a 400). */
export function parseCalendlyEvent(
  body: unknown,
): { ok: true; event: CalendlyEvent } | { ok: false; problem: string } {
  const outer = delivery.safeParse(body);
  if (!outer.success) return { ok: false, problem: problemOf(outer.error) };
  const { event } = outer.data;
  if (event !== "invitee.created" && event !== "invitee.canceled") {
    return { ok: true, event: { kind: "other", event } };
  }
  const inner = invitee.safeParse(outer.data.payload);
  if (!inner.success) return { ok: false, problem: `payload.${problemOf(inner.error)}` };
  return {
    ok: true,
    event: { kind: event === "invitee.created" ? "created" : "canceled", invitee: inner.data },
  };
}

function problemOf(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join(".") || "body"}: ${issue.message}` : "body: malformed";
}

/** The invitee's name as Calendly gives it: `name`, else first and last. */
export function inviteeName(i: CalendlyInvitee): string {
  const whole = i.name?.trim();
  if (whole) return whole;
  return [i.first_name, i.last_name]
    .map((p) => p?.trim() ?? "")
    .filter(Boolean)
    .join(" ");
}

/** The invitee's answers to the booking form's questions, one "Question: answer" a line. */
export function answersText(i: CalendlyInvitee): string {
  return [...(i.questions_and_answers ?? [])]
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
    .filter((qa) => qa.answer?.trim())
    .map((qa) => `${qa.question.trim()}: ${qa.answer!.trim()}`)
    .join("\n");
}
