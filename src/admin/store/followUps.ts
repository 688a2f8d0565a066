/**
 * Follow-ups: one open per lead, the Due view and the sweep that queues their emails in the
 * outbox, written once for both stores (D198). The rules live in ../followUps.ts. A lead merged
 * into another (migration 38) keeps a follow-up the kept lead had one of already, out of the
 * Due view and the sweep until the merge is undone.
 */
import type { Db } from "../../db/driver.ts";
import { addEvent } from "./pipeline.ts";
import { COUNT, LEAD, sql, toInboxLead, type Arg, type LeadRow } from "./sql.ts";
import type { DueLead, FollowUp } from "./types.ts";

export function setFollowUp(db: Db, leadId: string, f: Arg<"setFollowUp", 1>) {
  return db.transaction(async (tx) => {
    const set = await tx.run(
      `INSERT INTO lead_follow_ups (lead_id, due_at, note, set_by, set_at, queued_at)
       SELECT id, $1, $2, $3, $4, NULL FROM leads WHERE id = $5
       ON CONFLICT (lead_id) DO UPDATE SET due_at = excluded.due_at, note = excluded.note,
         set_by = excluded.set_by, set_at = excluded.set_at, queued_at = NULL`,
      [f.dueAt, f.note, f.actorId, f.at, leadId],
    );
    if (set !== 1) return false;
    const event = {
      id: f.eventId,
      leadId,
      at: f.at,
      actorId: f.actorId,
      kind: "follow_up" as const,
    };
    await addEvent(tx, event, f.body);
    return true;
  });
}

export function updateFollowUp(db: Db, leadId: string, c: Arg<"updateFollowUp", 1>) {
  return db.transaction(async (tx) => {
    const changed =
      c.dueAt === null
        ? await tx.run("DELETE FROM lead_follow_ups WHERE lead_id = $1", [leadId])
        : await tx.run(
            "UPDATE lead_follow_ups SET due_at = $1, queued_at = NULL WHERE lead_id = $2",
            [c.dueAt, leadId],
          );
    if (changed !== 1) return false;
    const event = {
      id: c.eventId,
      leadId,
      at: c.at,
      actorId: c.actorId,
      kind: "follow_up" as const,
    };
    await addEvent(tx, event, c.body);
    return true;
  });
}

export async function followUp(db: Db, leadId: string): Promise<FollowUp | null> {
  const row = await db.one<{
    due_at: string;
    note: string;
    set_at: string;
    set_by: string | null;
    set_by_email: string | null;
    assignee_email: string | null;
    queued_at: string | null;
  }>(
    `SELECT f.due_at, f.note, f.set_at, f.set_by, s.email AS set_by_email, f.queued_at,
            coalesce(a.email, CASE WHEN s.deactivated_at IS NULL THEN s.email END)
              AS assignee_email
     FROM lead_follow_ups f JOIN leads l ON l.id = f.lead_id
     LEFT JOIN staff s ON s.id = f.set_by
     LEFT JOIN staff a ON a.id = l.assignee_id AND a.deactivated_at IS NULL
     WHERE f.lead_id = $1`,
    [leadId],
  );
  return row
    ? {
        leadId,
        dueAt: row.due_at,
        note: row.note,
        setAt: row.set_at,
        setById: row.set_by,
        setByEmail: row.set_by_email,
        assigneeEmail: row.assignee_email,
        queuedAt: row.queued_at,
      }
    : null;
}

export async function dueFollowUps(db: Db, q: Arg<"dueFollowUps", 0>): Promise<DueLead[]> {
  const after = q.after;
  const rows = await db.all<LeadRow & { follow_up_due: string; follow_up_note: string }>(
    `SELECT ${LEAD}, f.due_at AS follow_up_due, f.note AS follow_up_note
     FROM lead_follow_ups f JOIN leads ON leads.id = f.lead_id
     WHERE f.due_at < $1 AND ${sql(db).notSpam("leads")} AND leads.status <> 'won'
       AND leads.completed_by IS NULL
       ${after ? "AND (f.due_at, f.lead_id) > ($3, $4)" : ""}
     ORDER BY f.due_at, f.lead_id LIMIT $2`,
    [q.before, q.limit, ...(after ? [after.dueAt, after.leadId] : [])],
  );
  return rows.map((row) => ({
    ...toInboxLead(row),
    dueAt: row.follow_up_due,
    note: row.follow_up_note,
  }));
}

export async function countDueFollowUps(db: Db, before: string, cap: number) {
  const row = await db.one<{ n: number }>(
    `SELECT ${COUNT} AS n FROM (
       SELECT 1 FROM lead_follow_ups f JOIN leads l ON l.id = f.lead_id
       WHERE f.due_at < $1 AND ${sql(db).notSpam("l")} AND l.status <> 'won'
         AND l.completed_by IS NULL LIMIT $2) due`,
    [before, cap],
  );
  return Number(row?.n ?? 0);
}

export async function queueDueFollowUps(db: Db, sweep: Arg<"queueDueFollowUps", 0>) {
  const due = await db.all<{ lead_id: string }>(
    `SELECT lead_id FROM lead_follow_ups f WHERE queued_at IS NULL AND due_at <= $1
       AND NOT EXISTS (SELECT 1 FROM leads l WHERE l.id = f.lead_id AND l.completed_by IS NOT NULL)
     ORDER BY due_at LIMIT $2`,
    [sweep.at, sweep.limit],
  );
  let queued = 0;
  for (const { lead_id } of due) {
    const fresh = await db.transaction(async (tx) => {
      // Another server marking it first makes this update find no row (PostgreSQL's READ
      // COMMITTED re-checks the WHERE after waiting for its lock).
      const marked = await tx.run(
        `UPDATE lead_follow_ups SET queued_at = $1
         WHERE lead_id = $2 AND queued_at IS NULL AND due_at <= $1`,
        [sweep.at, lead_id],
      );
      if (marked !== 1) return false;
      await tx.run(
        `INSERT INTO outbox (id, lead_id, channel, status, attempts, next_attempt_at,
                             give_up_at, created_at, updated_at)
         VALUES ($1, $2, 'followup', 'pending', 0, $3, $4, $3, $3)
         ON CONFLICT (lead_id, channel) DO UPDATE SET id = excluded.id, status = 'pending',
           attempts = 0, next_attempt_at = excluded.next_attempt_at,
           give_up_at = excluded.give_up_at, last_error = NULL, claimed_by = NULL,
           claimed_until = NULL, created_at = excluded.created_at,
           updated_at = excluded.updated_at, sent_at = NULL`,
        [sweep.newId(), lead_id, sweep.at, sweep.giveUpAt],
      );
      return true;
    });
    if (fresh) queued++;
  }
  return queued;
}
