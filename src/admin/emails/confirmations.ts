/**
 * Confirmation emails to the visitor after a contact, call or growth request (issue 39 §2),
 * through the outbox (channel 'confirmation'), as the audit and checklist emails already are.
 *
 * - Queued by intake in the lead's own transaction (src/leads/intake.ts asks `wanted`), for a
 *   lead of a form that has one (./confirmationDefaults.ts), not flagged as spam (the site must
 *   not mail strangers whose address a bot typed in), with a plain valid address, while the
 *   owner has not switched it off; only when SMTP is set up.
 * - Its words are the template's edit, else its default, with the placeholders filled from the
 *   lead and the site config (the agency's name and phone); read when it is sent, so a template
 *   switched off after the lead came sends nothing.
 * - The owner edits, restores or switches each one off on /admin/templates (audited:
 *   `email_template_saved`, `email_template_reset`, `confirmation_switched`).
 */
import type { Db } from "../../db/driver.ts";
import {
  composedEmailDeliverer,
  isPlainEmail,
  type EmailSettings,
} from "../../leads/notify/email.ts";
import type { Deliverer } from "../../leads/notify/types.ts";
import type { LeadRecord, LeadStore } from "../../leads/store/types.ts";
import {
  confirmationDefaults,
  confirmationForForm,
  confirmationIds,
  type ConfirmationId,
} from "./confirmationDefaults.ts";
import { audit } from "../accounts.ts";
import type { WorkResult } from "../pipeline.ts";
import type { AdminStore, StaffRecord } from "../store/types.ts";
import {
  fillPlaceholders,
  placeholderNames,
  placeholderValues,
  readEmailText,
  renderLeadEmail,
  unknownPlaceholders,
} from "./leadEmails.ts";
import { emailMessages } from "./messages.ts";

export const CONFIRMATION_CHANNEL = "confirmation";

export const isConfirmationId = (value: unknown): value is ConfirmationId =>
  typeof value === "string" && (confirmationIds as readonly string[]).includes(value);

/** A confirmation as the owner sees it now: its edit (else its default) and whether it is on. */
export interface ConfirmationTemplate {
  id: ConfirmationId;
  name: string;
  purpose: string;
  subject: string;
  body: string;
  enabled: boolean;
  /** Its words differ from the default's. */
  edited: boolean;
  updatedAt: string | null;
  updatedByEmail: string | null;
}

interface Row {
  id: string;
  subject: string;
  body: string;
  disabled: number;
  updated_at: string | Date;
  email: string | null;
}

export async function confirmationTemplates(db: Db): Promise<ConfirmationTemplate[]> {
  const rows = await db.all<Row>(
    `SELECT t.id, t.subject, t.body, t.disabled, t.updated_at, s.email
     FROM email_templates t LEFT JOIN staff s ON s.id = t.updated_by
     WHERE t.id IN ('confirm-contact', 'confirm-call', 'confirm-growth')`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return confirmationIds.map((id) => {
    const base = confirmationDefaults[id];
    const row = byId.get(id);
    const subject = row?.subject ?? base.subject;
    const body = row?.body ?? base.body;
    return {
      id,
      name: base.name,
      purpose: base.purpose,
      subject,
      body,
      enabled: !row || Number(row.disabled) === 0,
      edited: subject !== base.subject || body !== base.body,
      updatedAt: row ? new Date(row.updated_at).toISOString() : null,
      updatedByEmail: row?.email ?? null,
    };
  });
}

/** Whether a confirmation is on (no row: on, as its default). */
export async function confirmationEnabled(db: Db, id: ConfirmationId): Promise<boolean> {
  const row = await db.one<{ disabled: number }>(
    "SELECT disabled FROM email_templates WHERE id = $1",
    [id],
  );
  return !row || Number(row.disabled) === 0;
}

/** Switches a confirmation on or off, keeping its words (a row with the default's when none). */
export async function switchConfirmation(
  db: Db,
  change: { id: ConfirmationId; enabled: boolean; actorId: string; at: string },
): Promise<void> {
  const base = confirmationDefaults[change.id];
  await db.run(
    `INSERT INTO email_templates (id, subject, body, updated_by, updated_at, disabled)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (id) DO UPDATE SET disabled = excluded.disabled,
       updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
    [change.id, base.subject, base.body, change.actorId, change.at, change.enabled ? 0 : 1],
  );
}

/** Restores a confirmation's default words; a switched-off one stays off. */
export async function restoreConfirmation(db: Db, id: ConfirmationId): Promise<void> {
  const base = confirmationDefaults[id];
  await db.run(
    `UPDATE email_templates SET subject = $2, body = $3 WHERE id = $1 AND disabled = 1`,
    [id, base.subject, base.body],
  );
  await db.run("DELETE FROM email_templates WHERE id = $1 AND disabled = 0", [id]);
}

/**
 * Whether intake queues a confirmation for this lead (called before its insert): a form that
 * has one, switched on, to a plain valid address, not possible spam.
 */
export async function confirmationWanted(db: Db, lead: LeadRecord): Promise<boolean> {
  const id = confirmationForForm[lead.form];
  if (!id || lead.spam || !isPlainEmail(lead.fields.email?.trim())) return false;
  return confirmationEnabled(db, id);
}

/** The confirmation for a lead as it would be sent now, or null when it sends none. */
export async function confirmationEmail(
  db: Db,
  lead: LeadRecord,
): Promise<{ to: string; subject: string; text: string; html: string } | null> {
  const id = confirmationForForm[lead.form];
  const to = lead.fields.email?.trim();
  if (!id || !isPlainEmail(to)) return null;
  const template = (await confirmationTemplates(db)).find((t) => t.id === id)!;
  if (!template.enabled) return null;
  const values = placeholderValues(lead, { email: "" });
  const subject = fillPlaceholders(template.subject, values).replace(/\s+/g, " ").trim();
  const body = fillPlaceholders(template.body, values);
  return { to, subject, ...renderLeadEmail({ subject, body }) };
}

/** The outbox's 'confirmation' channel. */
export function confirmationDeliverer(
  settings: EmailSettings,
  store: () => Promise<LeadStore>,
): Deliverer {
  return composedEmailDeliverer(settings, async ({ lead }) =>
    confirmationEmail((await store()).connection.db, lead),
  );
}

/**
 * The templates page's posts about a confirmation (owners only): save its words, restore the
 * default, or switch it on or off (`action`: save, reset, on, off).
 */
export async function confirmationAction(
  store: AdminStore,
  db: Db,
  form: FormData,
  actor: StaffRecord,
  now: Date = new Date(),
): Promise<WorkResult> {
  const copy = emailMessages.confirmations;
  const id = form.get("template");
  if (!isConfirmationId(id))
    return { ok: false, status: 422, message: emailMessages.templates.unknown };
  if (actor.role !== "owner") return { ok: false, status: 403, message: copy.ownersOnly };
  const action = form.get("action");
  const at = now.toISOString();
  if (action === "on" || action === "off") {
    await switchConfirmation(db, { id, enabled: action === "on", actorId: actor.id, at });
    await audit(
      store,
      "confirmation_switched",
      { actorId: actor.id, subject: id, detail: { on: action === "on" } },
      now,
    );
    return { ok: true };
  }
  if (action === "reset") {
    await restoreConfirmation(db, id);
    await audit(store, "email_template_reset", { actorId: actor.id, subject: id }, now);
    return { ok: true };
  }
  const read = readEmailText({ subject: form.get("subject"), body: form.get("body") });
  if (!read.ok) return { ok: false, status: 422, message: read.message };
  const unknown = unknownPlaceholders(`${read.subject}\n${read.body}`).concat(
    /\{staffEmail\}/.test(`${read.subject}\n${read.body}`) ? ["staffEmail"] : [],
  );
  if (unknown.length) {
    const known = confirmationPlaceholders.map((n) => `{${n}}`).join(", ");
    return {
      ok: false,
      status: 422,
      message: emailMessages.templates.unknownPlaceholder(unknown[0]!, known),
    };
  }
  await store.saveEmailTemplate({
    id,
    subject: read.subject,
    body: read.body,
    actorId: actor.id,
    at,
  });
  await audit(store, "email_template_saved", { actorId: actor.id, subject: id }, now);
  return { ok: true };
}

/** The placeholders a confirmation may use: the staff templates' but {staffEmail}. */
export const confirmationPlaceholders = placeholderNames.filter((n) => n !== "staffEmail");
