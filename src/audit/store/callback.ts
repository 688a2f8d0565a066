/**
 * A prospect's number left after their score (issue 39 §1, ../callback.ts), written once for
 * both databases: in one transaction the phone goes on the lead the check belongs to (its
 * search entry follows: SQLite's trigger, PostgreSQL's PG_REINDEX_LEAD), a 'callback' entry
 * goes on its timeline and the outbox's 'callback' row (one per lead, reset for each new number
 * as the follow-ups' row is) tells the agency. Adapters hold SQL, never rules.
 */
import { dialectSql, json, type Db } from "../../db/driver.ts";
import { onStore } from "../../db/errors.ts";
import type { Connection } from "../../db/connection.ts";
import { PG_REINDEX_LEAD } from "../../leads/store/searchIndex.ts";

export interface CallbackWrite {
  jobId: string;
  /** E.164, as the intake stores phones (src/leads/phone.ts). */
  phone: string;
  /** The time of day asked for (../callback.ts `callTimes`). */
  time: string;
  eventId: string;
  outboxId: string;
  at: string;
  giveUpAt: string;
  /** A lead that has this many callback entries already gets no more (`limit`, nothing written). */
  cap: number;
}

/** saved (with the lead's id), missing (no lead behind the check), or limit (`cap` reached). */
export type CallbackResult =
  { status: "saved"; leadId: string } | { status: "missing" } | { status: "limit" };

export const CALLBACK_CHANNEL = "callback";

export function saveCallback(
  connection: Connection,
  write: CallbackWrite,
): Promise<CallbackResult> {
  return onStore(connection.db, (db) => db.transaction((tx) => saveIn(tx, write)));
}

async function saveIn(tx: Db, write: CallbackWrite): Promise<CallbackResult> {
  const d = dialectSql(tx);
  const lead = await tx.one<{ id: string; fields: string | Record<string, string> }>(
    `SELECT l.id, l.fields FROM audit_jobs j JOIN leads l ON l.id = j.lead_id
     WHERE j.id = $1${d.forUpdate("l")}`,
    [write.jobId],
  );
  if (!lead) return { status: "missing" };
  const count = await tx.one<{ n: number }>(
    `SELECT CAST(count(*) AS INTEGER) AS n FROM lead_events
     WHERE lead_id = $1 AND kind = 'callback'`,
    [lead.id],
  );
  if (Number(count?.n ?? 0) >= write.cap) return { status: "limit" };
  const fields = { ...json<Record<string, string>>(lead.fields), phone: write.phone };
  await tx.run(`UPDATE leads SET fields = ${d.jsonParam(1)} WHERE id = $2`, [
    JSON.stringify(fields),
    lead.id,
  ]);
  // An indexed lead's search entry follows its new phone (SQLite's trigger does it on its own).
  if (tx.dialect === "postgres") await tx.run(PG_REINDEX_LEAD, [lead.id]);
  await tx.run(
    `INSERT INTO lead_events (id, lead_id, at, actor_id, kind, body, status)
     VALUES ($1, $2, $3, NULL, 'callback', $4, NULL)`,
    [write.eventId, lead.id, write.at, JSON.stringify({ phone: write.phone, time: write.time })],
  );
  await tx.run(
    `INSERT INTO outbox (id, lead_id, channel, status, attempts, next_attempt_at, give_up_at,
                         created_at, updated_at)
     VALUES ($1, $2, '${CALLBACK_CHANNEL}', 'pending', 0, $3, $4, $3, $3)
     ON CONFLICT (lead_id, channel) DO UPDATE SET id = excluded.id, status = 'pending',
       attempts = 0, next_attempt_at = excluded.next_attempt_at,
       give_up_at = excluded.give_up_at, last_error = NULL, claimed_by = NULL,
       claimed_until = NULL, created_at = excluded.created_at,
       updated_at = excluded.updated_at, sent_at = NULL`,
    [write.outboxId, lead.id, write.at, write.giveUpAt],
  );
  return { status: "saved", leadId: lead.id };
}
