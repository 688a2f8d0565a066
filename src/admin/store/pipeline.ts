/**
 * Working a lead: its pipeline state, status changes, assignment, calls, notes, timeline, spam
 * mark, the same person's other leads and the inbox's counts, written once for both stores
 * (D198). The rules live in ../pipeline.ts and ../calls.ts.
 */
import type { Db } from "../../db/driver.ts";
import { UNWORKED_CAP } from "../count.ts";
import { COUNT, LEAD, sql, toInboxLead, type Arg, type LeadRow } from "./sql.ts";
import type { CallOutcome, LeadEvent, LeadStatus, LeadWork, SpeedToLead } from "./types.ts";

export async function leadWork(db: Db, leadId: string): Promise<LeadWork | null> {
  const row = await db.one<{
    status: string;
    status_at: string | null;
    first_contacted_at: string | null;
    lost_reason: string | null;
    assignee_id: string | null;
  }>(
    "SELECT status, status_at, first_contacted_at, lost_reason, assignee_id FROM leads WHERE id = $1",
    [leadId],
  );
  return row
    ? {
        status: row.status as LeadStatus,
        statusAt: row.status_at,
        firstContactedAt: row.first_contacted_at,
        lostReason: row.lost_reason,
        assigneeId: row.assignee_id,
      }
    : null;
}

/** Adds an event to a lead's timeline (in the caller's transaction). */
export const addEvent = (
  tx: Db,
  e: { id: string; leadId: string; at: string; actorId: string | null; kind: LeadEvent["kind"] },
  body: string,
  status: LeadStatus | null = null,
) =>
  tx.run(
    `INSERT INTO lead_events (id, lead_id, at, actor_id, kind, body, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [e.id, e.leadId, e.at, e.actorId, e.kind, body, status],
  );

export function setStatus(db: Db, leadId: string, c: Arg<"setStatus", 1>) {
  // A won lead keeps its job's value (migration 26, in cents); any other status clears it.
  const won = c.status === "won" ? (c.wonValueCents ?? null) : null;
  return db.transaction(async (tx) => {
    const updated = await tx.run(
      `UPDATE leads SET status = $1, status_at = $2, lost_reason = $3, won_value_cents = $5,
         first_contacted_at = CASE
           WHEN first_contacted_at IS NULL AND $1 <> 'new' THEN $2 ELSE first_contacted_at END
       WHERE id = $4`,
      [c.status, c.at, c.lostReason, leadId, won],
    );
    if (updated !== 1) return false;
    const event = { id: c.eventId, leadId, at: c.at, actorId: c.actorId, kind: "status" as const };
    await addEvent(tx, event, c.lostReason ?? (won === null ? "" : String(won)), c.status);
    return true;
  });
}

export function assign(db: Db, leadId: string, c: Arg<"assign", 1>) {
  return db.transaction(async (tx) => {
    const updated = await tx.run("UPDATE leads SET assignee_id = $1 WHERE id = $2", [
      c.assigneeId,
      leadId,
    ]);
    if (updated !== 1) return false;
    await addEvent(
      tx,
      { id: c.eventId, leadId, at: c.at, actorId: c.actorId, kind: "assign" },
      c.body,
    );
    return true;
  });
}

export function logCall(
  db: Db,
  leadId: string,
  call: { outcome: CallOutcome; eventId: string; actorId: string | null; at: string },
) {
  return db.transaction(async (tx) => {
    // The row lock of this update orders concurrent calls and status changes of the lead.
    const found = await tx.run(
      "UPDATE leads SET first_contacted_at = coalesce(first_contacted_at, $1) WHERE id = $2",
      [call.at, leadId],
    );
    if (found !== 1) return null;
    const moved =
      call.outcome === "talked" &&
      (await tx.run(
        `UPDATE leads SET status = 'contacted', status_at = $1, lost_reason = NULL
         WHERE id = $2 AND status = 'new'`,
        [call.at, leadId],
      )) === 1;
    const event = {
      id: call.eventId,
      leadId,
      at: call.at,
      actorId: call.actorId,
      kind: "call" as const,
    };
    await addEvent(tx, event, call.outcome, moved ? "contacted" : null);
    return { moved };
  });
}

export async function addNote(db: Db, leadId: string, note: Arg<"addNote", 1>) {
  const added = await db.run(
    `INSERT INTO lead_events (id, lead_id, at, actor_id, kind, body)
     SELECT $1, id, $2, $3, 'note', $4 FROM leads WHERE id = $5`,
    [note.eventId, note.at, note.actorId, note.body, leadId],
  );
  return added === 1;
}

export async function leadEvents(db: Db, leadId: string): Promise<LeadEvent[]> {
  const rows = await db.all<{
    id: string;
    at: string;
    actor_id: string | null;
    email: string | null;
    kind: string;
    body: string;
    status: string | null;
  }>(
    `SELECT e.id, e.at, e.actor_id, s.email, e.kind, e.body, e.status
     FROM lead_events e LEFT JOIN staff s ON s.id = e.actor_id
     WHERE e.lead_id = $1 ORDER BY e.at, e.id`,
    [leadId],
  );
  return rows.map((r) => ({
    id: r.id,
    at: r.at,
    actorId: r.actor_id,
    actorEmail: r.email,
    kind: r.kind as LeadEvent["kind"],
    body: r.body,
    status: r.status as LeadStatus | null,
  }));
}

/**
 * The same person's other leads: the same email (case-insensitive) or phone, as
 * src/admin/merges.ts's samePerson judges them. A blank one matches nothing: the forms store an
 * optional field left empty as "", and every other lead without a phone is not the same person.
 */
export async function relatedLeads(db: Db, lead: Arg<"relatedLeads", 0>, limit: number) {
  const { field } = sql(db);
  const email = lead.email?.trim().toLowerCase() || null;
  const phone = lead.phone?.trim() || null;
  if (!email && !phone) return [];
  const rows = await db.all<LeadRow>(
    `SELECT ${LEAD} FROM leads
     WHERE id <> $1 AND (lower(${field("email")}) = $2 OR ${field("phone")} = $3)
     ORDER BY created_at DESC, id DESC LIMIT $4`,
    [lead.id, email, phone, limit],
  );
  return rows.map(toInboxLead);
}

export async function setSpam(db: Db, leadId: string, spam: boolean) {
  return (await db.run("UPDATE leads SET spam = $1 WHERE id = $2", [spam, leadId])) === 1;
}

export async function statusesOf(db: Db, leadIds: readonly string[]) {
  const rows = await db.all<{ id: string; status: string }>(
    `SELECT id, status FROM leads WHERE ${sql(db).inList("id", 1)}`,
    [leadIds],
  );
  return new Map(rows.map((r) => [r.id, r.status as LeadStatus]));
}

export async function assignedCount(db: Db, staffId: string) {
  const row = await db.one<{ n: number }>(
    `SELECT ${COUNT} AS n FROM leads WHERE assignee_id = $1 AND status NOT IN ('won', 'lost')`,
    [staffId],
  );
  return Number(row?.n ?? 0);
}

export async function inboxCounts(db: Db, since: string) {
  const open = `${sql(db).notSpam("leads")} AND completed_by IS NULL`;
  const row = await db.one<{ arrived: number; unworked: number }>(
    `SELECT
       (SELECT ${COUNT} FROM leads WHERE ${open} AND created_at > $1) AS arrived,
       (SELECT ${COUNT} FROM (SELECT 1 FROM leads WHERE status = 'new' AND ${open} LIMIT $2)
          AS capped) AS unworked`,
    [since, UNWORKED_CAP],
  );
  return { arrived: Number(row?.arrived ?? 0), unworked: Number(row?.unworked ?? 0) };
}

/**
 * Speed to lead: one statement, one pass over the period's contacted leads (the partial index
 * leads_contacted) for the median and the count. The median is exact on both stores, each with
 * its own aggregate (D207): PostgreSQL's percentile_cont; SQLite's median() (its percentile
 * extension, which the pinned Node 24.21's SQLite builds in), like percentile_cont the mean
 * of the two middle values for an even count. No sort in SQL, no second round trip.
 */
export async function speedToLead(
  db: Db,
  { from, to }: { from: string; to: string },
): Promise<SpeedToLead> {
  const period = `created_at >= $1 AND created_at < $2
    AND ${sql(db).notSpam("leads")} AND completed_by IS NULL`;
  const median =
    db.dialect === "postgres"
      ? "percentile_cont(0.5) WITHIN GROUP (ORDER BY date_part('epoch', first_contacted_at - created_at))"
      : "median(unixepoch(first_contacted_at, 'subsec') - unixepoch(created_at, 'subsec'))";
  const row = await db.one<{ median: number | null; contacted: number; waiting: number }>(
    `SELECT ${median} AS median, ${COUNT} AS contacted,
       (SELECT ${COUNT} FROM leads WHERE status = 'new' AND ${period}) AS waiting
     FROM leads WHERE first_contacted_at IS NOT NULL AND ${period}`,
    [from, to],
  );
  const seconds = row?.median == null ? null : Number(row.median);
  return {
    medianMinutes: seconds === null ? null : seconds / 60,
    contacted: Number(row?.contacted ?? 0),
    waiting: Number(row?.waiting ?? 0),
  };
}
