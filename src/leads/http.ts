/**
 * HTTP for lead intake, without a framework: bounds and parses the body, rate-limits, runs
 * `intake()` and maps its outcome to a plain answer ({status, headers, body}). One handler,
 * `answerLeadPost`, behind two thin entrances: the Node fast path (src/leads/node.ts, JSON posts,
 * dispatched before Astro's pipeline) and the Astro endpoint (src/pages/api/leads.ts: native
 * form posts, which may need the review page, and every post under `astro dev`).
 *
 * JSON (Content-Type: application/json): 201 {id} (a guide's checklist: {id, download}; an audit
 * lead's website check: {id, report, status}) | 422 {error:"validation", message, fields} |
 * 400 | 413 | 415 | 429 (Retry-After) | 503, every error as {error, message}.
 * Native form posts (application/x-www-form-urlencoded or multipart/form-data): 303 to the safe
 * `_next` once stored (a guide's checklist: to its download page; an audit lead's website check:
 * to /thank-you/audit with the report's token), or a "review" for the caller to render as a page with the visitor's input.
 */
import { buildAttribution, hashIp } from "./attribution.ts";
import {
  CHECKLIST_PATH,
  CHECKLIST_READY_PATH,
  checklistDownloadPath,
  checklistExists,
} from "./checklists.ts";
import { clientIp, rateLimitKey } from "../server/clientAddress.ts";
import { hiddenFields, utmKeys, type FormId } from "./fields.ts";
import { echoValues, intake, type EchoValues } from "./intake.ts";
import { leadMessages as m } from "./messages.ts";
import { countingLead } from "../server/inFlight.ts";
import { safeNext } from "./next.ts";
import { isFormId } from "./schema.ts";
import type { LeadService } from "./server.ts";
import type { LeadRecord } from "./store/types.ts";

/** What the no-JavaScript review page shows: the form again with the visitor's input. */
export interface LeadReview {
  status: 422 | 429 | 503;
  form: FormId | null;
  values: EchoValues;
  errors: Record<string, string>;
  message: string;
  /** The post's safe `_next`, kept for the next try. */
  next: string;
  /** Attribution to send again with the next try (page, landing page, referrer, utm_*). */
  hidden: Record<string, string>;
  retryAfterSeconds?: number;
}

/** An answer, independent of any server API. */
export interface PlainResponse {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

export type LeadHttpResult =
  { kind: "response"; response: PlainResponse } | { kind: "review"; review: LeadReview };

export const ALLOWED_METHODS = "POST";

/** The on-demand page a native post is rewritten to when it needs fixing. */
export const REVIEW_PAGE = "/form-review";

const noStore = { "cache-control": "no-store" };

export function plainJson(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): PlainResponse {
  return {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...noStore, ...headers },
    body: JSON.stringify(body),
  };
}

export function toResponse(plain: PlainResponse): Response {
  return new Response(plain.body, { status: plain.status, headers: plain.headers });
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}) {
  return toResponse(plainJson(status, body, headers));
}

function problem(
  status: number,
  error: string,
  message: string,
  headers?: Record<string, string>,
): LeadHttpResult {
  return { kind: "response", response: plainJson(status, { error, message }, headers) };
}

export function methodNotAllowed(): Response {
  return jsonResponse(
    405,
    { error: "method_not_allowed", message: m.method },
    { allow: ALLOWED_METHODS },
  );
}

export type BodyKind = "json" | "urlencoded" | "multipart";

export function bodyKind(contentType: string | null | undefined): BodyKind | null {
  const type = (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (type === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(type)) return "json";
  if (type === "application/x-www-form-urlencoded") return "urlencoded";
  if (type === "multipart/form-data") return "multipart";
  return null;
}

/**
 * A form body as a plain record. When a name repeats, the last value wins: the same rule as
 * JSON.parse applies to a repeated key, so every encoding of one post means the same lead.
 */
function fromEntries(entries: Iterable<[string, unknown]>): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of entries) out[key] = typeof value === "string" ? value : {};
  return out;
}

type Parsed = { ok: true; body: Record<string, unknown> } | { ok: false; message: string };

async function parseBody(
  kind: BodyKind,
  bytes: Uint8Array<ArrayBuffer>,
  contentType: string,
): Promise<Parsed> {
  const text = new TextDecoder().decode(bytes);
  if (kind === "json") {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return { ok: false, message: m.badJson };
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      return { ok: false, message: m.notObject };
    }
    return { ok: true, body: value as Record<string, unknown> };
  }
  if (kind === "urlencoded") return { ok: true, body: fromEntries(new URLSearchParams(text)) };
  try {
    const form = await new Response(bytes, { headers: { "content-type": contentType } }).formData();
    return { ok: true, body: fromEntries(form.entries()) };
  } catch {
    return { ok: false, message: m.badForm };
  }
}

function carriedAttribution(
  body: Record<string, unknown>,
  form: FormId | null,
  origin: string,
  referer: string | null,
): Record<string, string> {
  if (!form) return {};
  const meta = buildAttribution({
    form,
    body,
    origin,
    referer,
    userAgent: null,
    ipHash: null,
    timestamp: "",
  });
  // The review page's post is a corrected resend: exempt from the fill-time check (spam.ts).
  const hidden: Record<string, string> = { [hiddenFields.resent]: "1" };
  if (meta.page) hidden[hiddenFields.page] = meta.page;
  if (meta.landingPage) hidden[hiddenFields.landingPage] = meta.landingPage;
  if (meta.referrer) hidden[hiddenFields.landingReferrer] = meta.referrer;
  for (const key of utmKeys) {
    const value = meta.utm[key];
    if (value) hidden[key] = value;
  }
  return hidden;
}

let warnedForwarding = false;

/**
 * Logs once per process that posts carry X-Forwarded-For while TRUST_PROXY trusts no proxy:
 * behind a proxy, every visitor then shares the proxy's one allowance.
 */
function warnUntrustedForwarding(service: LeadService) {
  if (warnedForwarding) return;
  warnedForwarding = true;
  service.log.warn(
    { event: "forwarded_for_ignored" },
    "requests carry X-Forwarded-For but TRUST_PROXY is not set: every visitor behind that proxy shares one rate-limit allowance (set TRUST_PROXY to the proxy's address, see README)",
  );
}

/** A post as both adapters see it: the body's bytes (null when over the limit) and headers. */
export interface LeadInput {
  contentType: string | null;
  bytes: Uint8Array<ArrayBuffer> | null;
  accept: string | null;
  referer: string | null;
  userAgent: string | null;
  /** The Sec-GPC header, when sent (the report leaves such leads out of the rate). */
  secGpc?: string | null;
  forwardedFor: string | null;
  remoteAddress: string | undefined;
  /** Origin of this server as the client addressed it, e.g. "http://127.0.0.1:4321". */
  origin: string;
}

/**
 * The one handler of POST /api/leads, behind both entrances (the Node fast path for JSON posts,
 * src/leads/node.ts, and the Astro route for the rest and for `astro dev`): reads the body with
 * `read` (the one body reader, src/leads/node.ts `readBody`) when its type is one we take, then
 * `handleLeadInput`; counted while it runs (src/server/inFlight.ts). A failure is logged and
 * answered 500.
 */
export function answerLeadPost(
  read: () => Promise<Uint8Array<ArrayBuffer> | null>,
  input: Omit<LeadInput, "bytes">,
  service: LeadService,
): Promise<LeadHttpResult> {
  return countingLead(async () => {
    try {
      const bytes = bodyKind(input.contentType) ? await read() : new Uint8Array();
      return await handleLeadInput({ ...input, bytes }, service);
    } catch (error) {
      service.log.error({ event: "lead_endpoint_failed", err: String(error) }, "lead failed");
      return {
        kind: "response",
        response: plainJson(500, { error: "internal", message: "Something went wrong." }),
      };
    }
  });
}

export async function handleLeadInput(
  input: LeadInput,
  service: LeadService,
): Promise<LeadHttpResult> {
  const { config } = service;
  const contentType = input.contentType;
  const kind = bodyKind(contentType);
  const metrics = service.metrics;
  if (!kind) {
    metrics.rejected("unsupported_media_type");
    return problem(415, "unsupported_media_type", m.unsupported);
  }

  const bytes = input.bytes;
  if (!bytes) {
    metrics.rejected("size");
    return problem(413, "too_large", m.tooLarge(Math.round(config.bodyLimitBytes / 1024)));
  }
  const parsed = await parseBody(kind, bytes, contentType ?? "");
  if (!parsed.ok) {
    metrics.rejected("bad_request");
    return problem(400, "bad_request", parsed.message);
  }
  const body = parsed.body;

  const native = kind !== "json" && !/application\/json/i.test(input.accept ?? "");
  const origin = input.origin;
  const referer = input.referer;
  const ip = clientIp(input.forwardedFor, input.remoteAddress, config.trustProxy);
  const next = safeNext(body[hiddenFields.next]);
  const review = (r: Omit<LeadReview, "next" | "hidden">): LeadHttpResult => ({
    kind: "review",
    review: { ...r, next, hidden: carriedAttribution(body, r.form, origin, referer) },
  });

  if (input.forwardedFor && !config.trustProxy) warnUntrustedForwarding(service);
  const limiter = await service.rateLimiter().catch(() => null);
  const key = ip ? hashIp(rateLimitKey(ip), service.ipSalt()) : "unknown";
  const limited = (retryAfterSeconds: number, form: FormId | null): LeadHttpResult => {
    service.log.warn({ event: "lead_rate_limited" }, "lead rate limited");
    metrics.rejected("rate_limit");
    const message = m.tooMany(Math.ceil(retryAfterSeconds / 60));
    if (native) {
      const values = echoValues(form, body);
      return review({ status: 429, form, values, errors: {}, message, retryAfterSeconds });
    }
    return problem(429, "rate_limited", message, { "retry-after": String(retryAfterSeconds) });
  };
  const attempt = limiter ? await limiter.attempt(key) : ({ ok: true } as const);
  if (!attempt.ok) {
    const rawForm = body[hiddenFields.form];
    return limited(attempt.retryAfterSeconds, isFormId(rawForm) ? rawForm : null);
  }

  const outcome = await intake(
    {
      body,
      origin,
      referer,
      userAgent: input.userAgent,
      clientIp: ip,
      secGpc: input.secGpc ?? null,
    },
    {
      store: service.store,
      ipSalt: service.ipSalt,
      minFillMs: config.minFillMs,
      log: service.log,
      channels: config.notify.channels,
      notifyMaxAgeMs: config.notify.outbox.maxAgeMs,
      onQueued: service.nudgeOutbox,
      admit: () => (limiter ? limiter.consume(key) : Promise.resolve({ ok: true })),
      checklistExists: (id) => checklistExists(config.checklistDir, id),
      emailChecklist: config.notify.email !== null,
      ...(service.confirmations
        ? {
            confirmation: {
              channel: service.confirmations.channel,
              wanted: async (lead: LeadRecord) =>
                service.confirmations!.wanted(await service.store(), lead),
            },
          }
        : {}),
      assignTo: service.assignTo,
      // Website checks run when this server runs them (src/audit/, wired by the root).
      ...(service.checks
        ? { auditJob: service.checks.jobFor, onAuditQueued: service.nudgeAudit }
        : {}),
    },
  );

  switch (outcome.status) {
    case "stored": {
      metrics.received(outcome.form, outcome.spam);
      // A guide's checklist: the answer carries the download link signed for this lead.
      const download =
        outcome.form === "guide"
          ? checklistDownloadPath(outcome, outcome.fields.checklist ?? "", service.ipSalt())
          : null;
      // An audit lead's website check: the answer names its report and its live status.
      const audit =
        outcome.auditJobId && service.checks
          ? service.checks.links(outcome.auditJobId, service.ipSalt())
          : null;
      if (native) {
        const location = download
          ? `${CHECKLIST_READY_PATH}?t=${download.slice(CHECKLIST_PATH.length + 1)}`
          : (audit?.thanks ?? next);
        return {
          kind: "response",
          response: { status: 303, headers: { location, ...noStore }, body: null },
        };
      }
      return {
        kind: "response",
        // `emailed` says whether the link also goes by email (SMTP is set); a spam-flagged post
        // is answered the same way, so a bot learns nothing from it.
        response: plainJson(
          201,
          download
            ? { id: outcome.id, download, emailed: config.notify.email !== null }
            : audit
              ? { id: outcome.id, report: audit.report, status: audit.status }
              : { id: outcome.id },
        ),
      };
    }
    case "invalid":
      metrics.rejected("validation");
      if (native) {
        return review({
          status: 422,
          form: outcome.form,
          values: outcome.values,
          errors: outcome.errors,
          message: outcome.form ? m.invalid : m.unknownForm,
        });
      }
      return {
        kind: "response",
        response: plainJson(422, {
          error: "validation",
          message: outcome.form ? m.invalid : m.unknownForm,
          fields: outcome.errors,
        }),
      };
    case "limited":
      return limited(outcome.retryAfterSeconds, outcome.form);
    case "unavailable":
      metrics.rejected("unavailable");
      if (native) {
        return review({
          status: 503,
          form: outcome.form,
          values: outcome.values,
          errors: {},
          message: m.unavailable,
        });
      }
      return problem(503, "unavailable", m.unavailable, { "retry-after": "30" });
  }
}
