/**
 * The lead insert, the intake's hot path, hand-tuned per database (the one place the lead store
 * keeps two versions of a write; decision D224). Both commit the lead, its outbox rows, the
 * website check it queues and the partial it completes together or not at all.
 *
 * - SQLite: statements prepared once on the connection, run synchronously: a lead alone is one
 *   INSERT (its search-index note is a trigger's, migration 11); with notifications, a check or
 *   a partial, one write transaction.
 * - PostgreSQL: one statement per lead (one round trip, one transaction) for a lead, its outbox
 *   rows and its search-index mark, which also stands for its roll-up delta until the indexer
 *   folds it (migration 32, decision D227; the pool's sessions keep the insert trigger off); a
 *   transaction only for a check or a partial, whose first statement writes the same two. A
 *   statement still waiting for a connection after the queue deadline is cancelled
 *   (src/db/connection.ts), so a post during an outage gets its 503 quickly.
 */
import type { StatementSync } from "node:sqlite";
import type postgres from "postgres";
import {
  withQueueDeadline,
  type PostgresConnection,
  type SqliteConnection,
} from "../../db/connection.ts";
import { toSqlitePlaceholders } from "../../db/driver.ts";
import { leadJobInsertParams, leadJobInsertSql } from "./auditJobInsert.ts";
import { INSERT_COLUMNS } from "./rows.ts";
import type { LeadRecord, NewAuditJob, NewBooking, NewNotification } from "./types.ts";

/** What one lead's insert writes. */
export interface LeadInsert {
  lead: LeadRecord;
  notifications: readonly NewNotification[];
  /** The growth_partial it completes (./partials.ts), or null. */
  partialId: string | null;
  /** When its notifications are first due (ISO). */
  dueAt: string;
  auditJob: NewAuditJob | undefined;
  /** The booked call that created the lead (src/leads/scheduling/), or undefined. */
  booking?: NewBooking | undefined;
}

/** The booked call's row (migration 33), the same SQL and parameters on both databases. */
export const BOOKING_INSERT_SQL = `INSERT INTO scheduled_calls
  (id, lead_id, invitee_uri, event_uri, name, start_time, end_time, cancel_url, reschedule_url,
   booked_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`;

export const bookingInsertParams = (b: NewBooking, leadId: string) =>
  [
    b.id,
    leadId,
    b.inviteeUri,
    b.eventUri,
    b.name,
    b.startTime,
    b.endTime,
    b.cancelUrl,
    b.rescheduleUrl,
    b.bookedAt,
  ] as const;

/** The SQLite insert over `conn`'s statements, prepared once. */
export function sqliteLeadInsert(conn: SqliteConnection): (insert: LeadInsert) => void {
  const db = conn.sqlite;
  let statements: Record<
    "lead" | "outbox" | "auditJob" | "booking" | "completePartial" | "withdrawPartialOutbox",
    StatementSync
  > | null = null;
  const prepared = () =>
    (statements ??= {
      lead: db.prepare(`INSERT INTO leads (${INSERT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`),
      outbox: db.prepare(
        `INSERT INTO outbox (id, lead_id, channel, status, attempts, next_attempt_at, give_up_at,
                             created_at, updated_at)
         VALUES (?, ?, ?, 'pending', 0, ?, ?, ?, ?)`,
      ),
      auditJob: db.prepare(toSqlitePlaceholders(leadJobInsertSql)),
      booking: db.prepare(toSqlitePlaceholders(BOOKING_INSERT_SQL)),
      // An open partial of the same visitor (same email), and its notifications not sent yet and
      // not held by a live claim (a delivery in flight finishes; ./partials.ts).
      completePartial: db.prepare(
        `UPDATE leads SET completed_by = ?
         WHERE id = ? AND kind = 'growth_partial' AND completed_by IS NULL
           AND json_extract(fields, '$.email') = ?`,
      ),
      withdrawPartialOutbox: db.prepare(
        `DELETE FROM outbox
         WHERE lead_id = ? AND status <> 'sent' AND (claimed_until IS NULL OR claimed_until <= ?)`,
      ),
    });
  return ({ lead, notifications, partialId, dueAt, auditJob, booking }) => {
    const s = prepared();
    const insertLead = () =>
      s.lead.run(
        lead.id,
        lead.kind,
        lead.form,
        lead.subject,
        lead.createdAt,
        lead.spam ? 1 : 0,
        JSON.stringify(lead.fields),
        JSON.stringify(lead.metadata),
      );
    if (!notifications.length && !partialId && !auditJob && !booking) {
      insertLead();
      return;
    }
    db.exec("BEGIN IMMEDIATE");
    try {
      insertLead();
      for (const n of notifications) {
        s.outbox.run(n.id, lead.id, n.channel, dueAt, n.giveUpAt, lead.createdAt, lead.createdAt);
      }
      if (auditJob) s.auditJob.run(...leadJobInsertParams(auditJob, lead.id, lead.createdAt));
      if (booking) s.booking.run(...bookingInsertParams(booking, lead.id));
      if (partialId) {
        const linked = s.completePartial.run(lead.id, partialId, lead.fields.email ?? "");
        if (Number(linked.changes) > 0) {
          s.withdrawPartialOutbox.run(partialId, new Date().toISOString());
        }
      }
      db.exec("COMMIT");
    } catch (error) {
      if (db.isTransaction) db.exec("ROLLBACK");
      throw error;
    }
  };
}

/** The PostgreSQL insert over `conn`'s pool. */
export async function postgresLeadInsert(
  conn: PostgresConnection,
  { lead, notifications, partialId, dueAt, auditJob, booking }: LeadInsert,
): Promise<void> {
  const sql = conn.sql;
  if (partialId || auditJob || booking) {
    await postgresInsertInTransaction(
      sql,
      lead,
      notifications,
      partialId,
      dueAt,
      auditJob,
      booking,
    );
    return;
  }
  // The lead is noted as pending for the search index in the same statement (migration 11).
  if (!notifications.length) {
    await withQueueDeadline(sql`
      WITH lead AS (
        INSERT INTO leads (id, kind, form, subject, created_at, spam, fields, metadata)
        VALUES (${lead.id}, ${lead.kind}, ${lead.form}, ${lead.subject}, ${lead.createdAt},
                ${lead.spam}, ${sql.json(lead.fields)},
                ${sql.json(lead.metadata as unknown as postgres.JSONValue)})
        RETURNING id
      )
      INSERT INTO lead_search_pending (lead_id) SELECT id FROM lead`);
    return;
  }
  // One statement, so one round trip and one transaction: the lead and its outbox rows
  // commit together or not at all.
  await withQueueDeadline(sql`
    WITH lead AS (
      INSERT INTO leads (id, kind, form, subject, created_at, spam, fields, metadata)
      VALUES (${lead.id}, ${lead.kind}, ${lead.form}, ${lead.subject}, ${lead.createdAt},
              ${lead.spam}, ${sql.json(lead.fields)},
              ${sql.json(lead.metadata as unknown as postgres.JSONValue)})
      RETURNING id, created_at
    ),
    pending AS (INSERT INTO lead_search_pending (lead_id) SELECT id FROM lead)
    INSERT INTO outbox (id, lead_id, channel, status, attempts, next_attempt_at, give_up_at,
                        created_at, updated_at)
    SELECT n.id, lead.id, n.channel, 'pending', 0, ${dueAt}::timestamptz, n.give_up_at,
           lead.created_at, lead.created_at
    FROM lead,
         unnest(${sql.array(notifications.map((n) => n.id))}::text[],
                ${sql.array(notifications.map((n) => n.channel))}::text[],
                ${sql.array(notifications.map((n) => n.giveUpAt))}::timestamptz[])
           AS n (id, channel, give_up_at)`);
}

/**
 * The lead with what rides in its transaction beyond its outbox rows: the partial it completes
 * (./partials.ts; only an open growth_partial with the same email, its notifications not sent
 * yet and not held by a live claim withdrawn; concurrent completions of one partial queue on its
 * row lock, so the second finds it completed), the website check it queues (migration 17).
 */
async function postgresInsertInTransaction(
  sql: postgres.Sql,
  lead: LeadRecord,
  notifications: readonly NewNotification[],
  partialId: string | null,
  dueAt: string,
  auditJob: NewAuditJob | undefined,
  booking?: NewBooking,
): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`
      WITH lead AS (
        INSERT INTO leads (id, kind, form, subject, created_at, spam, fields, metadata)
        VALUES (${lead.id}, ${lead.kind}, ${lead.form}, ${lead.subject}, ${lead.createdAt},
                ${lead.spam}, ${tx.json(lead.fields)},
                ${tx.json(lead.metadata as unknown as postgres.JSONValue)})
        RETURNING id
      )
      INSERT INTO lead_search_pending (lead_id) SELECT id FROM lead`;
    for (const n of notifications) {
      await tx`
        INSERT INTO outbox (id, lead_id, channel, status, attempts, next_attempt_at, give_up_at,
                            created_at, updated_at)
        VALUES (${n.id}, ${lead.id}, ${n.channel}, 'pending', 0, ${dueAt}, ${n.giveUpAt},
                ${lead.createdAt}, ${lead.createdAt})`;
    }
    if (auditJob) {
      await tx.unsafe(leadJobInsertSql, leadJobInsertParams(auditJob, lead.id, lead.createdAt));
    }
    if (booking) await tx.unsafe(BOOKING_INSERT_SQL, [...bookingInsertParams(booking, lead.id)]);
    if (!partialId) return;
    const linked = await tx`
      UPDATE leads SET completed_by = ${lead.id}
      WHERE id = ${partialId} AND kind = 'growth_partial' AND completed_by IS NULL
        AND fields->>'email' = ${lead.fields.email ?? ""}`;
    if (linked.count > 0) {
      await tx`
        DELETE FROM outbox
        WHERE lead_id = ${partialId} AND status <> 'sent'
          AND (claimed_until IS NULL OR claimed_until <= ${new Date()})`;
    }
  });
}
