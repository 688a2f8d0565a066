/**
 * Lead intake, the one path every submission takes, whatever its transport:
 * validate → normalise → flag spam → attach attribution → store (with its notifications) → id.
 * Store first, answer second: "stored" is only returned once the store has committed the lead.
 * Store, then tell: the lead's notifications (one per configured channel) are
 * outbox rows committed in the same transaction; the outbox worker sends them after the answer.
 * Endpoints are thin adapters around `intake()`; nothing here knows about HTTP frameworks.
 */
import { buildAttribution, hashIp } from "./attribution.ts";
import { hiddenFields, leadForms, type FormId } from "./fields.ts";
import { newLeadId } from "../server/id.ts";
import { leadMessages } from "./messages.ts";
import { isFormId, validateLead, type LeadFields } from "./schema.ts";
import { spamVerdict } from "./spam.ts";
import { truncate } from "./text.ts";
import {
  StoreUnavailableError,
  type Channel,
  type LeadRecord,
  type LeadStore,
  type NewAuditJob,
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
  /** The Sec-GPC header (Global Privacy Control), when sent. */
  secGpc?: string | null;
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
  /**
   * Asked once the post is valid, before it is stored: the rate limit, spent only by posts that
   * would be stored. Absent: always admitted.
   */
  admit?: () => Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }>;
  /** The checklists a guide lead may ask for (./checklists.ts); absent: any well-formed id. */
  checklistExists?: (id: string) => boolean;
  /** Email a guide lead its checklist link (channel 'checklist'): SMTP is configured. */
  emailChecklist?: boolean;
  /**
   * Whether the lead gets a confirmation email (src/admin/emails/confirmations.ts, registered by
   * the composition root; outbox channel `channel`); absent: none. Asked before the insert; an
   * answer that fails (the store is down) is no: the insert will say so.
   */
  confirmation?: { channel: Channel; wanted: (lead: LeadRecord) => Promise<boolean> };
  /**
   * The website check a lead queues in its own transaction (src/audit/jobs.ts `auditJobFor`);
   * absent: checks are off. `onAuditQueued` wakes the check worker once it is committed.
   */
  auditJob?: (lead: LeadRecord, now: Date) => NewAuditJob | null;
  onAuditQueued?: () => void;
  /**
   * The accounts new leads are given to in turn (the owner's setting, src/leads/settings.ts);
   * absent or empty: leads are left for someone to take.
   */
  assignTo?: () => readonly string[];
}

/**
 * The outbox rows a lead gets: one per channel. A lead flagged as possible spam is delivered too
 * (marked as such): it passed the same validation, and a real visitor may have tripped a signal.
 */
export function notificationsFor(
  lead: Pick<LeadRecord, "createdAt">,
  channels: readonly Channel[],
  maxAgeMs: number,
  now: Date,
): NewNotification[] {
  const giveUpAt = new Date(Date.parse(lead.createdAt) + maxAgeMs).toISOString();
  return channels.map((channel) => ({ id: newLeadId(now.getTime()), channel, giveUpAt }));
}

/** The visitor's own input for each field of the form, as text, to show the form again. */
export type EchoValues = Record<string, string>;

export type IntakeOutcome =
  | {
      status: "stored";
      id: string;
      form: FormId;
      spam: boolean;
      createdAt: string;
      fields: LeadFields;
      /** The website check queued with the lead, if any. */
      auditJobId?: string;
    }
  | { status: "invalid"; form: FormId | null; values: EchoValues; errors: Record<string, string> }
  | { status: "limited"; form: FormId; values: EchoValues; retryAfterSeconds: number }
  | { status: "unavailable"; form: FormId; values: EchoValues };

const ECHO_MAX = 10_000;

export function echoValues(form: FormId | null, body: Record<string, unknown>): EchoValues {
  if (!form) return {};
  const values: EchoValues = {};
  for (const field of leadForms[form].fields) {
    const v = body[field.name];
    values[field.name] = typeof v === "string" ? truncate(v, ECHO_MAX) : "";
  }
  return values;
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

  // Every post is validated the same way, whatever the spam signals say: a flagged lead is
  // stored with the same rules as any other, and kept visible to the agency as possible spam.
  const result = validateLead(form, body);
  if (!result.ok) {
    log.info(
      { event: "lead_rejected", form, invalidFields: Object.keys(result.errors) },
      "lead rejected",
    );
    return { status: "invalid", form, values: echoValues(form, body), errors: result.errors };
  }
  const fields = result.fields;
  if (form === "guide" && deps.checklistExists && !deps.checklistExists(fields.checklist ?? "")) {
    log.info({ event: "lead_rejected", form, invalidFields: ["checklist"] }, "lead rejected");
    const errors = { checklist: leadMessages.missingId };
    return { status: "invalid", form, values: echoValues(form, body), errors };
  }
  const verdict = spamVerdict(
    {
      honeypot: body[hiddenFields.honeypot],
      elapsed: body[hiddenFields.elapsed],
      resent: body[hiddenFields.resent],
    },
    deps.minFillMs,
  );

  // Only a post that would be stored spends the sender's allowance (typos cost nothing).
  const admitted = deps.admit ? await deps.admit() : ({ ok: true } as const);
  if (!admitted.ok) {
    return {
      status: "limited",
      form,
      values: echoValues(form, body),
      retryAfterSeconds: admitted.retryAfterSeconds,
    };
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
      gpc: request.secGpc?.trim() === "1",
    }),
  };

  // The visitor's own copy of the checklist link goes by email too, but never to an address a
  // spam-flagged post typed in: that would make the site a way to mail strangers.
  const emailVisitor = def.kind === "guide" && deps.emailChecklist && !lead.spam;
  const confirm =
    !lead.spam && deps.confirmation
      ? await deps.confirmation.wanted(lead).catch(() => false)
      : false;
  const notifications = notificationsFor(
    lead,
    [
      ...(deps.channels ?? []),
      ...(emailVisitor ? (["checklist"] as const) : []),
      ...(confirm && deps.confirmation ? [deps.confirmation.channel] : []),
    ],
    deps.notifyMaxAgeMs ?? 24 * 60 * 60_000,
    now,
  );
  const auditJob = deps.auditJob?.(lead, now) ?? undefined;
  let store: LeadStore;
  try {
    store = await deps.store();
    // A growth lead names its step-1 partial in `_partial` (PARTIAL_FIELD): the store links the
    // two in this transaction, or ignores the value (src/leads/store/partials.ts).
    await store.insert(lead, notifications, { completes: body["_partial"], auditJob });
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
  // Stored first, then given to someone in turn: a failure here leaves the lead in the inbox
  // for anyone to take, never loses it.
  const pool = lead.spam || lead.kind === "growth_partial" ? [] : (deps.assignTo?.() ?? []);
  if (pool.length) {
    try {
      await store.assignInTurn(lead.id, pool, now);
    } catch (error) {
      log.warn(
        { event: "lead_assign_failed", leadId: lead.id, err: (error as Error).message },
        "new lead could not be assigned in turn (it waits in the inbox)",
      );
    }
  }
  if (notifications.length) deps.onQueued?.();
  if (auditJob) deps.onAuditQueued?.();
  return {
    status: "stored",
    id: lead.id,
    form,
    spam: lead.spam,
    createdAt: timestamp,
    fields,
    ...(auditJob ? { auditJobId: auditJob.id } : {}),
  };
}
