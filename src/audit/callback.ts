/**
 * 'Want us to walk you through it?' (issue 39 §1): once the score is shown (the audit thank-you
 * page and the report page), the prospect may leave a phone number and a good time of day. The
 * free-audit form asks for no phone, so this is how an audit lead gets a Call button. It posts
 * with the report's signed link (no new lead): the phone goes on that lead, on its timeline,
 * and the outbox's 'callback' row tells the assignee (or the notice recipients) at once
 * (src/admin/callbacks.ts delivers it). The phone follows the intake's rule
 * (src/leads/phone.ts: valid for its country, stored in E.164).
 *
 * Used by the pages' plain form posts (no JavaScript) and by POST /api/audit/<token> (the
 * island's fetch); both answer the same statuses: 422 for bad input, 403 for a link that does
 * not check out, 429 past the cap, 503 when the store does not answer.
 */
import { normalisePhone } from "../leads/phone.ts";
import { newLeadId } from "../server/id.ts";
import type { LeadStore } from "../leads/store/types.ts";
import { StoreUnavailableError } from "../leads/store/types.ts";
import { auditMessages } from "./messages.ts";
import { CALLBACK_CHANNEL, saveCallback } from "./store/callback.ts";
import type { AuditView } from "./view.ts";

export { CALLBACK_CHANNEL };

/** The times of day a prospect can pick; their words are auditMessages.callback.times. */
export const callTimes = ["any", "morning", "midday", "afternoon", "evening"] as const;
export type CallTime = (typeof callTimes)[number];

/** Numbers one lead can leave this way (each tells the agency): past it, 429. */
export const CALLBACK_CAP = 5;
const GIVE_UP_MS = 24 * 60 * 60_000;
/** The longest phone the intake takes (src/content/forms: tel fields are 40). */
const PHONE_MAX = 40;

export type CallbackInput =
  | { ok: true; phone: string; time: CallTime }
  | { ok: false; field: "phone" | "time"; message: string };

/** The form's two values, as typed: a valid phone (required once posted) and a listed time. */
export function readCallback(phone: unknown, time: unknown): CallbackInput {
  const m = auditMessages.callback;
  const typed = typeof phone === "string" ? phone.trim() : "";
  if (!typed) return { ok: false, field: "phone", message: m.phoneMissing };
  const e164 = typed.length <= PHONE_MAX ? normalisePhone(typed) : null;
  if (!e164) return { ok: false, field: "phone", message: m.phoneInvalid };
  const chosen = time === undefined || time === null || time === "" ? "any" : time;
  if (typeof chosen !== "string" || !(callTimes as readonly string[]).includes(chosen)) {
    return { ok: false, field: "time", message: m.timeInvalid };
  }
  return { ok: true, phone: e164, time: chosen as CallTime };
}

export type CallbackOutcome =
  | { status: 200; leadId: string; phone: string; time: CallTime }
  | { status: 403 | 422 | 429 | 503; field?: "phone" | "time"; message: string };

/** Saves the number for the lead of the check `view` names (a token that opened, or not). */
export async function leaveCallback(
  view: AuditView,
  phone: unknown,
  time: unknown,
  leads: () => Promise<LeadStore>,
  now = new Date(),
): Promise<CallbackOutcome> {
  const m = auditMessages.callback;
  if (!view.ok) {
    return view.reason === "unavailable"
      ? { status: 503, message: auditMessages.report.unavailable }
      : { status: 403, message: m.forbidden };
  }
  // Asked only beside a score: a link to a check still running, or of a staff check, is refused.
  if (view.state !== "ready" || !view.job.leadId) return { status: 403, message: m.forbidden };
  const input = readCallback(phone, time);
  if (!input.ok) return { status: 422, field: input.field, message: input.message };
  try {
    const store = await leads();
    const saved = await saveCallback(store.connection, {
      jobId: view.job.id,
      phone: input.phone,
      time: input.time,
      eventId: newLeadId(now.getTime()),
      outboxId: newLeadId(now.getTime()),
      at: now.toISOString(),
      giveUpAt: new Date(now.getTime() + GIVE_UP_MS).toISOString(),
      cap: CALLBACK_CAP,
    });
    if (saved.status === "missing") return { status: 403, message: m.forbidden };
    if (saved.status === "limit") return { status: 429, message: m.limit };
    return { status: 200, leadId: saved.leadId, phone: input.phone, time: input.time };
  } catch (error) {
    if (error instanceof StoreUnavailableError) {
      return { status: 503, message: auditMessages.report.unavailable };
    }
    throw error;
  }
}

/** A post larger than this is refused unread (413): two short fields fit in far less. */
export const CALLBACK_BODY_MAX = 4_096;

export type CallbackBody =
  | { ok: true; phone: unknown; time: unknown; json: boolean }
  | { ok: false; status: 400 | 413 | 415; message: string };

/**
 * The two fields of a post: JSON (the island) or a urlencoded or multipart form (a plain form
 * post), at most CALLBACK_BODY_MAX bytes.
 */
export async function readCallbackBody(request: Request): Promise<CallbackBody> {
  const m = auditMessages.callback;
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  const json = type.startsWith("application/json");
  const form =
    type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data");
  if (!json && !form) return { ok: false, status: 415, message: m.unsupported };
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > CALLBACK_BODY_MAX) return { ok: false, status: 413, message: m.tooLarge };
  const bytes = await readAtMost(request, CALLBACK_BODY_MAX);
  if (!bytes) return { ok: false, status: 413, message: m.tooLarge };
  try {
    if (json) {
      const body = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)) as unknown;
      if (!body || typeof body !== "object" || Array.isArray(body))
        throw new Error("not an object");
      const { phone, time } = body as Record<string, unknown>;
      return { ok: true, phone, time, json: true };
    }
    const data = type.startsWith("multipart/form-data")
      ? await new Response(Buffer.from(bytes), { headers: { "content-type": type } }).formData()
      : new URLSearchParams(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    const field = (name: string) => {
      const value = data.get(name);
      return typeof value === "string" ? value : undefined;
    };
    return { ok: true, phone: field("phone"), time: field("time"), json: false };
  } catch {
    return { ok: false, status: 400, message: m.unreadable };
  }
}

/** The request's body, or null when it is longer than `max` bytes. */
async function readAtMost(request: Request, max: number): Promise<Buffer | null> {
  if (!request.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** What the form shows: nothing yet, the number saved, or the post's problem with its values. */
export interface CallbackFormState {
  saved: boolean;
  error: string | null;
  field: "phone" | "time" | null;
  phone: string;
  time: string;
}

export const emptyCallbackState: CallbackFormState = {
  saved: false,
  error: null,
  field: null,
  phone: "",
  time: "any",
};

/**
 * A page's plain form post (no JavaScript): saved → `redirect` (303, the page again with
 * ?call=saved, so a reload posts nothing twice); else the status to answer with and the form as
 * it was sent, with the problem beside it.
 */
export async function pageCallbackPost(
  request: Request,
  view: AuditView,
  leads: () => Promise<LeadStore>,
  saved: () => void,
): Promise<{ status: number; state: CallbackFormState } | { redirect: true }> {
  const body = await readCallbackBody(request);
  if (!body.ok) {
    return { status: body.status, state: { ...emptyCallbackState, error: body.message } };
  }
  const outcome = await leaveCallback(view, body.phone, body.time, leads);
  if (outcome.status === 200) {
    saved();
    return { redirect: true };
  }
  const typed = (value: unknown, fallback: string) =>
    typeof value === "string" ? value.slice(0, PHONE_MAX * 2) : fallback;
  return {
    status: outcome.status,
    state: {
      saved: false,
      error: outcome.message,
      field: outcome.field ?? null,
      phone: typed(body.phone, ""),
      time: typed(body.time, "any"),
    },
  };
}
