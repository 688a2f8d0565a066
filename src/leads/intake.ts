/**
 * Lead intake, the one path every submission takes, whatever its transport:
 * validate → normalise → flag spam → attach attribution → store (with its notifications) → id.
 * Store first, answer second: "stored" is only returned once the store has committed the lead.
 * Store, then tell: the lead's notifications (one per configured channel, none for spam) are
 * outbox rows committed in the same transaction; the outbox worker sends them after the answer.
 * Endpoints are thin adapters around `intake()`; nothing here knows about HTTP frameworks.
 */
import { buildAttribution, hashIp } from "./attribution.ts";
import { hiddenFields, leadForms, type FormId } from "./fields.ts";
import { newLeadId } from "./id.ts";
import { leadMessages } from "./messages.ts";
import { isFormId, validateLead } from "./schema.ts";
import { spamVerdict } from "./spam.ts";
import {
  StoreUnavailableError,
  type Channel,
  type LeadRecord,
  type LeadStore,
  type NewNotification,
} from "./store/types.ts";

/** The submitted body (form fields and hidden values) and what the request says about its sender. */
export interface IntakeRequest {
  body: Record<string, unknown>;
  /** Origin of this server, e.g. "https://example.com". */
  origin: string;
  referer: string | null;
  userAgent: string | null;
  clientIp: string | null;
}

/** Just the logger methods intake uses (pino's signature). Never given personal data. */
export interface IntakeLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface IntakeDeps {
  store: () => Promise<LeadStore>;
  ipSalt: () => string;
  minFillMs: number;
  log: IntakeLogger;
  now?: () => Date;
  /** Channels each non-spam lead is sent to (none: leads are only stored). */
  channels?: readonly Channel[];
  /** Notifications are retried until this long after the lead (ms). */
  notifyMaxAgeMs?: number;
  /** Called once a lead with notifications is committed (wakes the outbox worker). */
  onQueued?: () => void;
}

/** The outbox rows a lead gets: one per channel, none for spam. */
export function notificationsFor(
  lead: Pick<LeadRecord, "spam" | "createdAt">,
  channels: readonly Channel[],
  maxAgeMs: number,
  now: Date,
): NewNotification[] {
  if (lead.spam) return [];
  const giveUpAt = new Date(Date.parse(lead.createdAt) + maxAgeMs).toISOString();
  return channels.map((channel) => ({ id: newLeadId(now.getTime()), channel, giveUpAt }));
}

/** The visitor's own input for each field of the form, as text, to show the form again. */
export type EchoValues = Record<string, string>;

export type IntakeOutcome =
  | { status: "stored"; id: string; form: FormId; spam: boolean }
  | { status: "invalid"; form: FormId | null; values: EchoValues; errors: Record<string, string> }
  | { status: "unavailable"; form: FormId; values: EchoValues };

const ECHO_MAX = 10_000;

export function echoValues(form: FormId | null, body: Record<string, unknown>): EchoValues {
  if (!form) return {};
  const values: EchoValues = {};
  for (const field of leadForms[form].fields) {
    const v = body[field.name];
    values[field.name] = typeof v === "string" ? v.slice(0, ECHO_MAX) : "";
  }
  return values;
}

/** Spam is stored as sent (as text, within each field's length), without validation. */
function spamFields(form: FormId, body: Record<string, unknown>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const field of leadForms[form].fields) {
    const v = body[field.name];
    fields[field.name] = typeof v === "string" ? v.trim().slice(0, field.maxLength) : "";
  }
  return fields;
}

export async function intake(request: IntakeRequest, deps: IntakeDeps): Promise<IntakeOutcome> {
  const { body } = request;
  const { log } = deps;
  const rawForm = body[hiddenFields.form];
  if (!isFormId(rawForm)) {
    log.info({ event: "lead_rejected", reason: "unknown_form" }, "lead rejected");
    return {
      status: "invalid",
      form: null,
      values: {},
      errors: { _form: leadMessages.unknownForm },
    };
  }
  const form = rawForm;
  const def = leadForms[form];

  const verdict = spamVerdict(
    { honeypot: body[hiddenFields.honeypot], elapsed: body[hiddenFields.elapsed] },
    deps.minFillMs,
  );

  let fields: Record<string, string>;
  if (verdict.spam) {
    fields = spamFields(form, body);
  } else {
    const result = validateLead(form, body);
    if (!result.ok) {
      log.info(
        { event: "lead_rejected", form, invalidFields: Object.keys(result.errors) },
        "lead rejected",
      );
      return { status: "invalid", form, values: echoValues(form, body), errors: result.errors };
    }
    fields = result.fields;
  }

  const now = (deps.now ?? (() => new Date()))();
  const timestamp = now.toISOString();
  const lead: LeadRecord = {
    id: newLeadId(now.getTime()),
    kind: def.kind,
    form,
    subject: def.subject,
    createdAt: timestamp,
    spam: verdict.spam,
    fields,
    metadata: buildAttribution({
      form,
      body,
      origin: request.origin,
      referer: request.referer,
      userAgent: request.userAgent,
      ipHash: request.clientIp ? hashIp(request.clientIp, deps.ipSalt()) : null,
      timestamp,
      spamReasons: verdict.reasons,
    }),
  };

  const notifications = notificationsFor(
    lead,
    deps.channels ?? [],
    deps.notifyMaxAgeMs ?? 24 * 60 * 60_000,
    now,
  );
  try {
    const store = await deps.store();
    await store.insert(lead, notifications);
  } catch (error) {
    const unavailable = error instanceof StoreUnavailableError;
    log.error(
      {
        event: "lead_store_failed",
        form,
        code: (error as { code?: string }).code,
        err: unavailable ? (error as Error).message : String(error),
      },
      "lead could not be stored",
    );
    return { status: "unavailable", form, values: echoValues(form, body) };
  }
  log.info(
    {
      event: "lead_stored",
      leadId: lead.id,
      kind: lead.kind,
      form,
      spam: lead.spam,
      notifications: notifications.length,
    },
    "lead stored",
  );
  if (notifications.length) deps.onQueued?.();
  return { status: "stored", id: lead.id, form, spam: lead.spam };
}
