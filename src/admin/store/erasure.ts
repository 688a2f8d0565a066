/**
 * Erasing a lead and what derives from it, and finding whom to erase (privacy requests, the
 * retention sweep: ../retention.ts), written once for both stores (D198).
 */
import type { Db } from "../../db/driver.ts";
import { foldLeadFunnel } from "../../leads/store/funnelFold.ts";
import { DELTA_LOG } from "../../leads/store/funnelSql.ts";
import { leadLog } from "../../server/log.ts";
import { sql } from "./sql.ts";
import type { Erasure } from "./types.ts";

/**
 * The tables an erasure deletes from, rewritten by forgetErased on PostgreSQL: the roll-ups'
 * log by its table's name (lead_funnel_deltas is a view over it there, migration 31, which
 * VACUUM (FULL) would skip, leaving the erased leads' rows on disk).
 */
const ERASED_TABLES = [
  "leads",
  "lead_merges",
  "outbox",
  "lead_events",
  "lead_follow_ups",
  "lead_tags",
  "scheduled_calls",
  "lead_search",
  "lead_search_pending",
  DELTA_LOG,
];

export function eraseLead(db: Db, leadId: string): Promise<Erasure> {
  return db.transaction(async (tx) => {
    const { forUpdate, inList } = sql(tx);
    // PostgreSQL's search indexer locks a lead's pending row and then reads the lead; the same
    // order here (the pending rows first, then the leads), or the two deadlock.
    // The lead, what it absorbed (the growth partial it completed, the leads merged into it:
    // migration 38) and the partials those completed.
    const family = `id = $1 OR completed_by = $1
      OR completed_by IN (SELECT merged_id FROM lead_merges WHERE kept_id = $1)`;
    if (tx.dialect === "postgres") {
      await tx.all(
        `SELECT lead_id FROM lead_search_pending
         WHERE lead_id IN (SELECT id FROM leads WHERE ${family}) FOR UPDATE`,
        [leadId],
      );
    }
    const rows = await tx.all<{ id: string }>(
      `SELECT id FROM leads WHERE ${family}${forUpdate()}`,
      [leadId],
    );
    const ids = rows.map((r) => r.id);
    if (!ids.includes(leadId)) return { leads: [], outbox: 0, events: 0 };
    const remove = (table: string) =>
      tx.run(`DELETE FROM ${table} WHERE ${inList("lead_id", 1)}`, [ids]);
    // Its merges, either way (a merged lead erased on its own leaves its kept lead as it is).
    await tx.run(
      `DELETE FROM lead_merges WHERE ${inList("merged_id", 1)} OR ${inList("kept_id", 1)}`,
      [ids],
    );
    const outbox = await remove("outbox");
    const events = await remove("lead_events");
    // Its follow-up (migration 21): the note may name the prospect.
    await remove("lead_follow_ups");
    // Its tags (migration 24): a label may name the prospect too.
    await remove("lead_tags");
    // Its booked calls (migration 33): they name the meeting and its links.
    await remove("scheduled_calls");
    // Its website checks (migration 17): the report names the prospect's site; first the
    // competitors staff set beside them (migration 36: their names were chosen for this lead).
    await tx.run(
      `DELETE FROM audit_jobs
       WHERE competitor_of IN (SELECT id FROM audit_jobs WHERE ${inList("lead_id", 1)})`,
      [ids],
    );
    await remove("audit_jobs");
    // The partials first: each names the lead it was completed by (a merged lead's partial,
    // then the merged leads and the lead's own partial, then the lead).
    await tx.run(
      `DELETE FROM leads WHERE ${inList("id", 1)} AND id <> $2
         AND completed_by IN (SELECT id FROM leads WHERE completed_by = $2)`,
      [ids, leadId],
    );
    await tx.run("DELETE FROM leads WHERE completed_by = $1", [leadId]);
    await tx.run("DELETE FROM leads WHERE id = $1", [leadId]);
    // Its search entry and mark went with the lead: SQLite's lead_search_delete trigger
    // (migration 11), PostgreSQL's lead_search_cascade (migration 41), which fires after
    // lead_funnel_track has seen the mark and so logged no removal for a lead still counted
    // through it (migration 32).
    // The roll-ups' triggers logged the lead's arrival and its removal, each with its page,
    // source and day (migration 29): folded into the roll-ups' sums now, the rows go.
    await foldLeadFunnel(tx);
    return { leads: ids, outbox, events };
  });
}

/**
 * PostgreSQL: waits (at most `limitMs`) until no other session of this database still holds the
 * snapshot or transaction it held when the wait began. VACUUM FULL copies a deleted row into the
 * rewritten table while any snapshot older than the delete could still read it, so a report or
 * migration running beside the erasure would otherwise keep the erased bytes in the file. A
 * session counts as done once it has gone or its transaction and snapshot ids have changed:
 * a snapshot taken after the erasure committed no longer sees the rows. Says whether it got there.
 */
async function othersPastErasure(db: Db, limitMs: number): Promise<boolean> {
  const sessions = `SELECT pid, coalesce(backend_xid::text, '') || '/' || coalesce(backend_xmin::text, '') AS ids
    FROM pg_stat_activity
    WHERE datname = current_database() AND pid <> pg_backend_pid()
      AND (backend_xid IS NOT NULL OR backend_xmin IS NOT NULL)`;
  const before = new Map(
    (await db.all<{ pid: number; ids: string }>(sessions)).map((s) => [s.pid, s.ids]),
  );
  if (!before.size) return true;
  const deadline = Date.now() + limitMs;
  for (;;) {
    const now = await db.all<{ pid: number; ids: string }>(sessions);
    if (!now.some((s) => before.get(s.pid) === s.ids)) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** How long an erasure waits for older snapshots before it rewrites the tables anyway. */
const SNAPSHOT_WAIT_MS = 60_000;

export async function forgetErased(db: Db): Promise<void> {
  if (db.dialect === "postgres") {
    if (!(await othersPastErasure(db, SNAPSHOT_WAIT_MS))) {
      leadLog.warn(
        "erasure: a transaction older than the erasure is still open; the table rewrite may keep the erased rows' bytes until the next erasure or VACUUM FULL",
      );
    }
    // One table per statement (VACUUM runs outside a transaction), so each lock is short.
    for (const table of ERASED_TABLES) await db.run(`VACUUM (FULL) ${table}`);
    return;
  }
  // TRUNCATE waits (busy_timeout) for readers to leave the WAL, copies every frame into the
  // database and cuts the WAL to zero bytes; another process's open reader can still make it
  // stop short, so it is asked again once.
  for (let attempt = 0; attempt < 2; attempt++) {
    const row = await db.one<{ busy: number }>("PRAGMA wal_checkpoint(TRUNCATE)");
    if (!row?.busy) return;
  }
}

export async function leadIdsCreatedBefore(db: Db, before: string, limit: number) {
  const rows = await db.all<{ id: string }>(
    `SELECT id FROM leads WHERE created_at < $1 AND completed_by IS NULL
     ORDER BY created_at, id LIMIT $2`,
    [before, limit],
  );
  return rows.map((r) => r.id);
}

export async function leadIdsByEmail(db: Db, email: string) {
  // A blank address is nobody's: never every lead stored without one.
  if (!email.trim()) return [];
  const rows = await db.all<{ id: string }>(
    `SELECT id FROM leads WHERE lower(${sql(db).field("email")}) = $1 ORDER BY created_at, id`,
    [email.trim().toLowerCase()],
  );
  return rows.map((r) => r.id);
}
