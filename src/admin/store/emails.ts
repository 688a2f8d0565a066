/**
 * Emails to a lead and their templates (issue 27, src/admin/emails/), written once for both
 * stores over the thin driver (src/db/driver.ts, decision D184).
 *
 * - A sent email is a timeline event of kind 'email' whose JSON body is the message and its
 *   delivery state; the outbox holds one 'lead-email' row per lead, reset to pending (with a new
 *   id) each time an email is queued, and its delivery sends every email of the lead still queued.
 * - `email_templates` holds staff edits only: a template without a row is its default (data).
 */
import type { Db } from "../../db/driver.ts";

/** A staff edit of a template. */
export interface TemplateEdit {
  id: string;
  subject: string;
  body: string;
  updatedAt: string;
  updatedByEmail: string | null;
}

/** Every template edited so far. */
export async function templateEdits(db: Db): Promise<TemplateEdit[]> {
  const rows = await db.all<{
    id: string;
    subject: string;
    body: string;
    updated_at: string;
    email: string | null;
  }>(
    `SELECT t.id, t.subject, t.body, t.updated_at, s.email
     FROM email_templates t LEFT JOIN staff s ON s.id = t.updated_by ORDER BY t.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    subject: r.subject,
    body: r.body,
    updatedAt: r.updated_at,
    updatedByEmail: r.email,
  }));
}

/** Saves a template's subject and body (replacing an earlier edit). */
export async function saveTemplate(
  db: Db,
  edit: { id: string; subject: string; body: string; actorId: string; at: string },
): Promise<void> {
  await db.run(
    `INSERT INTO email_templates (id, subject, body, updated_by, updated_at)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (id) DO UPDATE SET subject = excluded.subject, body = excluded.body,
       updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
    [edit.id, edit.subject, edit.body, edit.actorId, edit.at],
  );
}

/** Forgets a template's edit (it reads as its default again); whether there was one. */
export async function resetTemplate(db: Db, id: string): Promise<boolean> {
  return (await db.run("DELETE FROM email_templates WHERE id = $1", [id])) > 0;
}

/** An email event of a lead: its id and JSON body. */
export interface EmailEventRow {
  id: string;
  body: string;
}

/**
 * Queues an email to the lead, in one transaction: the timeline event (`body`, JSON), the lead's
 * first contact when it has none yet, and its 'lead-email' outbox row reset to pending. When that
 * row had been given up (failed), the emails it still held are marked failed first (`fail`
 * rewrites a body), so a new email does not send old ones days late. False when there is no such
 * lead.
 */
export async function queueLeadEmail(
  db: Db,
  email: {
    leadId: string;
    eventId: string;
    actorId: string;
    at: string;
    body: string;
    outboxId: string;
    giveUpAt: string;
    fail: (body: string) => string;
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const found = await tx.run(
      "UPDATE leads SET first_contacted_at = coalesce(first_contacted_at, $1) WHERE id = $2",
      [email.at, email.leadId],
    );
    if (found !== 1) return false;
    const given = await tx.one<{ status: string }>(
      "SELECT status FROM outbox WHERE lead_id = $1 AND channel = 'lead-email'",
      [email.leadId],
    );
    if (given?.status === "failed") {
      for (const old of await leadEmailEvents(tx, email.leadId)) {
        const failed = email.fail(old.body);
        if (failed !== old.body) await setLeadEmailBody(tx, old.id, failed);
      }
    }
    await tx.run(
      `INSERT INTO lead_events (id, lead_id, at, actor_id, kind, body)
       VALUES ($1, $2, $3, $4, 'email', $5)`,
      [email.eventId, email.leadId, email.at, email.actorId, email.body],
    );
    await tx.run(
      `INSERT INTO outbox (id, lead_id, channel, status, attempts, next_attempt_at, give_up_at,
                           created_at, updated_at)
       VALUES ($1, $2, 'lead-email', 'pending', 0, $3, $4, $3, $3)
       ON CONFLICT (lead_id, channel) DO UPDATE SET id = excluded.id, status = 'pending',
         attempts = 0, next_attempt_at = excluded.next_attempt_at,
         give_up_at = excluded.give_up_at, last_error = NULL, claimed_by = NULL,
         claimed_until = NULL, created_at = excluded.created_at,
         updated_at = excluded.updated_at, sent_at = NULL`,
      [email.outboxId, email.leadId, email.at, email.giveUpAt],
    );
    return true;
  });
}

/** The lead's email events, oldest first (a lead has a few: the timeline's index finds them). */
export async function leadEmailEvents(db: Db, leadId: string): Promise<EmailEventRow[]> {
  return db.all<EmailEventRow>(
    `SELECT id, body FROM lead_events WHERE lead_id = $1 AND kind = 'email' ORDER BY at, id`,
    [leadId],
  );
}

/** Rewrites an email event's body (its delivery state changed). */
export async function setLeadEmailBody(db: Db, eventId: string, body: string): Promise<void> {
  await db.run("UPDATE lead_events SET body = $1 WHERE id = $2 AND kind = 'email'", [
    body,
    eventId,
  ]);
}
