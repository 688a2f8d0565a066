/**
 * Won jobs, spam moves and note edits (issue 27 §4), written once for both stores (src/db/driver.ts;
 * migration 26). The AdminStore methods of both adapters delegate here.
 */
import type { Db } from "../../db/driver.ts";

/** What became of an edit or a deletion of a note. */
export type NoteChange = "ok" | "missing" | "forbidden";

/** When a note was last edited, or deleted (its words blanked). */
export interface NoteState {
  editedAt: string | null;
  deletedAt: string | null;
}

/** What the CSV export adds to a lead's row: its won value and its open follow-up. */
export interface ExportExtras {
  wonValueCents: number | null;
  followUpDueAt: string | null;
  followUpNote: string | null;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** A won lead's job value in cents; null when none was given (or it is not won). */
export async function wonValue(db: Db, leadId: string): Promise<number | null> {
  const row = await db.one<{ v: unknown }>("SELECT won_value_cents AS v FROM leads WHERE id = $1", [
    leadId,
  ]);
  return num(row?.v);
}

/**
 * Moves a lead into the spam folder or out of it, with a timeline entry (kind 'status', no status,
 * the body 'spam' or 'not_spam') when it really moved. False when there is no such lead.
 */
export function moveSpam(
  db: Db,
  leadId: string,
  move: { spam: boolean; eventId: string; actorId: string | null; at: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const moved = await tx.run("UPDATE leads SET spam = $2 WHERE id = $1 AND spam <> $2", [
      leadId,
      move.spam,
    ]);
    if (moved === 0) return !!(await tx.one("SELECT 1 AS x FROM leads WHERE id = $1", [leadId]));
    await tx.run(
      `INSERT INTO lead_events (id, lead_id, at, actor_id, kind, body, status)
       VALUES ($1, $2, $3, $4, 'status', $5, NULL)`,
      [move.eventId, leadId, move.at, move.actorId, move.spam ? "spam" : "not_spam"],
    );
    return true;
  });
}

/** Whose note it is, or why it cannot be changed. */
async function noteOwner(
  tx: Db,
  leadId: string,
  eventId: string,
  actorId: string,
): Promise<NoteChange> {
  const row = await tx.one<{ actor_id: string | null; deleted_at: string | null }>(
    `SELECT actor_id, deleted_at FROM lead_events
     WHERE id = $1 AND lead_id = $2 AND kind = 'note'`,
    [eventId, leadId],
  );
  if (!row || row.deleted_at) return "missing";
  return row.actor_id === actorId ? "ok" : "forbidden";
}

/** Rewrites a note; only its author may ('forbidden' for anyone else). */
export function editNote(
  db: Db,
  leadId: string,
  edit: { eventId: string; actorId: string; at: string; body: string },
): Promise<NoteChange> {
  return db.transaction(async (tx) => {
    const may = await noteOwner(tx, leadId, edit.eventId, edit.actorId);
    if (may !== "ok") return may;
    await tx.run("UPDATE lead_events SET body = $2, edited_at = $3 WHERE id = $1", [
      edit.eventId,
      edit.body,
      edit.at,
    ]);
    return "ok";
  });
}

/**
 * Deletes a note: its words are blanked and its place on the timeline says it was deleted, and
 * when. Only its author may.
 */
export function deleteNote(
  db: Db,
  leadId: string,
  del: { eventId: string; actorId: string; at: string },
): Promise<NoteChange> {
  return db.transaction(async (tx) => {
    const may = await noteOwner(tx, leadId, del.eventId, del.actorId);
    if (may !== "ok") return may;
    await tx.run("UPDATE lead_events SET body = '', deleted_at = $2 WHERE id = $1", [
      del.eventId,
      del.at,
    ]);
    return "ok";
  });
}

/** The lead's notes that were edited or deleted, by event id. */
export async function noteStates(db: Db, leadId: string): Promise<Map<string, NoteState>> {
  const rows = await db.all<{ id: string; edited_at: string | null; deleted_at: string | null }>(
    `SELECT id, edited_at, deleted_at FROM lead_events
     WHERE lead_id = $1 AND kind = 'note' AND (edited_at IS NOT NULL OR deleted_at IS NOT NULL)`,
    [leadId],
  );
  return new Map(rows.map((r) => [r.id, { editedAt: r.edited_at, deletedAt: r.deleted_at }]));
}

/** Won value and open follow-up of each of these leads (those that exist), in one query. */
export async function exportExtras(
  db: Db,
  leadIds: readonly string[],
): Promise<Map<string, ExportExtras>> {
  if (!leadIds.length) return new Map();
  const match =
    db.dialect === "postgres" ? "l.id = ANY($1)" : "l.id IN (SELECT value FROM json_each($1))";
  const rows = await db.all<{
    id: string;
    won: unknown;
    due_at: string | null;
    note: string | null;
  }>(
    `SELECT l.id, l.won_value_cents AS won, f.due_at, f.note
     FROM leads l LEFT JOIN lead_follow_ups f ON f.lead_id = l.id
     WHERE ${match}`,
    [leadIds],
  );
  return new Map(
    rows.map((r) => [
      r.id,
      { wonValueCents: num(r.won), followUpDueAt: r.due_at, followUpNote: r.note },
    ]),
  );
}
