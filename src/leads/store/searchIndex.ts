/**
 * The inbox search index, filled in batches rather than per lead (migration 11). Indexing a lead
 * inside its own insert cost more than storing it: on SQLite an FTS5 segment per commit (intake
 * fell from about 5,600 to 3,300 leads/s), on PostgreSQL two GIN indexes on leads (10-20%).
 * Now an insert only notes the lead in `lead_search_pending`, and each store moves pending leads
 * into the index many per transaction once intake has been quiet for SEARCH_QUIET_MS (or the
 * backlog reaches SEARCH_BACKLOG). A search never misses a pending lead: on SQLite it indexes
 * them first (below); on PostgreSQL it reads them beside the index (src/admin/store/postgres.ts).
 * On SQLite, erasing or changing a pending lead only touches its note (triggers); on
 * PostgreSQL a lead's `lead_search` row and mark go with it (a trigger, migration 41).
 */
import type { DatabaseSync } from "node:sqlite";
import type { Connection } from "../../db/connection.ts";
import {
  POSTGRES_FOLD_LOCK,
  POSTGRES_FOLD_MOVED_LEADS,
  sqliteAgencyDay,
  sqliteFunnelFill,
  sqliteMarkedUpTo,
} from "./funnelSql.ts";

/** The lead fields searched, by name (each form names its person and company differently). */
export const SEARCHED_FIELDS = [
  "name",
  "full-name",
  "ownerName",
  "email",
  "company",
  "companyName",
  "message",
] as const;

/**
 * Fields searched since migration 38 (issue 39 §5: the website), appended to the text only when
 * a lead has one (" " and the value), so a lead without them keeps the very text it was indexed
 * with before: the migration re-indexes only the leads that have a website.
 */
export const APPENDED_FIELDS = ["website"] as const;

/** Every searched field: what the inbox's search finds words in. */
export const ALL_SEARCHED_FIELDS = [...SEARCHED_FIELDS, ...APPENDED_FIELDS] as const;

/**
 * PostgreSQL's searched text and phone digits, written exactly as migration 8's pg_trgm indexes
 * are, so the planner can use them (concat_ws would read better but is not immutable, so it
 * cannot be indexed).
 */
export const PG_SEARCH_TEXT = `lower(${SEARCHED_FIELDS.map((f) => `coalesce(fields->>'${f}', '')`).join(" || ' ' || ")}${APPENDED_FIELDS.map((f) => ` || coalesce(' ' || nullif(fields->>'${f}', ''), '')`).join("")})`;
export const PG_SEARCH_PHONE = "replace(coalesce(fields->>'phone', ''), '+', '')";
/**
 * The phone's digits as indexed since migration 22: the stored phone without the punctuation of
 * its common forms (+, space, -, parentheses, dot), so "(512) 555 0142" is indexed "5125550142".
 * An extension (";ext=12") stays. The same characters as SQLITE_SEARCH_PHONE removes.
 */
export const PG_SEARCH_PHONE_DIGITS = "translate(coalesce(fields->>'phone', ''), '+ -().', '')";

/** The searched text of the row `t` (l, old, leads) on SQLite, as the index holds it (migration 38). */
export function sqliteSearchDoc(t: string): string {
  const field = (f: string) => `json_extract(${t}.fields, '$."${f}"')`;
  return (
    SEARCHED_FIELDS.map((f) => `coalesce(${field(f)}, '')`).join(" || ' ' || ") +
    APPENDED_FIELDS.map((f) => ` || coalesce(' ' || nullif(${field(f)}, ''), '')`).join("")
  );
}

/** The indexed text of a lead (`l`): the searched fields (migration 8), then its website (38). */
export const SQLITE_SEARCH_DOC = sqliteSearchDoc("l");
/**
 * The phone's digits as indexed since migration 22: without the punctuation of its common forms
 * ("+15125550142" → "15125550142", "(512) 555-0142" → "5125550142"), as PG_SEARCH_PHONE_DIGITS.
 */
export const SQLITE_SEARCH_PHONE = sqlitePhoneDigits("l");

/** Migration 22's phone expression for the row `t` (l, old or leads). */
export function sqlitePhoneDigits(t: string): string {
  let expression = `coalesce(json_extract(${t}.fields, '$.phone'), '')`;
  for (const c of ["+", " ", "-", "(", ")", "."]) expression = `replace(${expression}, '${c}', '')`;
  return expression;
}

/** Leads indexed per transaction: large enough to amortise a segment, short enough not to stall. */
export const SEARCH_BATCH = 2_000;
/** A store indexes once no lead has come for this long (ms)… */
export const SEARCH_QUIET_MS = 1_000;
/** …or once this many wait (a search indexes, or reads, what is pending first). */
export const SEARCH_BACKLOG = 20_000;

/**
 * The marked leads up to the mark `?` into the index. The marks first (CROSS JOIN fixes SQLite's
 * join order): the range on the marks' rowids would otherwise become a range on the leads', every
 * lead up to the batch's last mark read (tests/integration/funnel-marks-sqlite.test.ts).
 */
export const SQLITE_INDEX_MARKED = `INSERT INTO lead_search (rowid, lead_id, doc, phone)
  SELECT l.rowid, l.id, ${SQLITE_SEARCH_DOC}, ${SQLITE_SEARCH_PHONE}
  FROM lead_search_pending p CROSS JOIN leads l ON l.rowid = p.lead_rowid
  WHERE p.lead_rowid <= ? ORDER BY p.lead_rowid`;

/**
 * The batch's work, inside the caller's write transaction: the first `batch` marked leads into
 * the index, and those whose insert marked them (`fresh`, migration 39, decision D286) into the
 * roll-ups, as their marks go: until then the view lead_funnel_deltas counts them.
 */
function indexMarked(db: DatabaseSync, batch: number): number {
  const { last } = db
    .prepare(
      `SELECT max(lead_rowid) AS last FROM
         (SELECT lead_rowid FROM lead_search_pending ORDER BY lead_rowid LIMIT ?)`,
    )
    .get(batch) as { last: number | bigint | null };
  if (last === null) return 0;
  const lastMark = Number(last);
  const moved = db.prepare(SQLITE_INDEX_MARKED).run(lastMark).changes;
  db.exec(sqliteFunnelFill(sqliteAgencyDay("leads.created_at"), sqliteMarkedUpTo(lastMark)));
  db.prepare("DELETE FROM lead_search_pending WHERE lead_rowid <= ?").run(lastMark);
  return Number(moved);
}

/**
 * PostgreSQL's batch, in one statement: up to `$1` marked leads into the index, their roll-up
 * deltas folded (the caller holds the fold's lock). The marks first, then their leads, each
 * skipping what another transaction holds:
 * - A lead locked is read as it is now, not as the statement's snapshot had it. Locking only the
 *   mark, a status change that committed after the snapshot but before the lock was folded with
 *   the old status, while its own trigger, seeing the mark, logged nothing (a won lead counted
 *   as new: funnel-deltas.test.ts caught it in CI).
 * - A lead another transaction holds is skipped and its mark left for a later batch: that
 *   transaction's trigger may be waiting on the mark this batch holds (migration 32).
 * - The leads are found by their keys, an array, so through the primary key's index. Joined to
 *   the marks instead, PostgreSQL read the whole table to find the batch's leads, the newest,
 *   last: a batch cost more the more leads the store held (D289).
 */
export const PG_INDEX_BATCH = `WITH marks AS (
     SELECT lead_id FROM lead_search_pending LIMIT $1 FOR UPDATE SKIP LOCKED
   ),
   picked AS (
     SELECT * FROM leads WHERE id = ANY (ARRAY(SELECT lead_id FROM marks))
     FOR UPDATE SKIP LOCKED
   ),
   batch AS (
     DELETE FROM lead_search_pending WHERE lead_id = ANY (ARRAY(SELECT id FROM picked))
     RETURNING lead_id
   ),
   moved AS (SELECT picked.* FROM picked JOIN batch b ON b.lead_id = picked.id),
   indexed AS (
     INSERT INTO lead_search (lead_id, doc, phone)
     SELECT l.id, ${PG_SEARCH_TEXT}, ${PG_SEARCH_PHONE_DIGITS} FROM moved l
     ON CONFLICT (lead_id) DO UPDATE SET doc = excluded.doc, phone = excluded.phone
     RETURNING 1),
   ${POSTGRES_FOLD_MOVED_LEADS}
   SELECT count(*) AS n FROM indexed`;

/**
 * Moves up to `limit` pending leads into the index; returns how many. PostgreSQL does it in one
 * statement, SKIP LOCKED: several servers index side by side without waiting on each other.
 */
export async function indexSearchBatch(conn: Connection, limit = SEARCH_BATCH): Promise<number> {
  if (conn.dialect === "sqlite") {
    const db = conn.sqlite;
    if (!db.prepare("SELECT 1 FROM lead_search_pending LIMIT 1").get()) return 0;
    // The driver's transaction: it waits out one another caller holds open on the connection,
    // where a BEGIN of its own would fail.
    return conn.db.transaction(async () => indexMarked(db, limit));
  }
  // The marks removed are the leads' roll-up deltas too (migration 32, D227): the same statement
  // folds them, under the roll-ups' fold lock (./funnelFold.ts).
  return conn.db.transaction(async (tx) => {
    await tx.run(POSTGRES_FOLD_LOCK);
    const row = await tx.one<{ n: unknown }>(PG_INDEX_BATCH, [limit]);
    return Number(row?.n ?? 0);
  });
}

/**
 * Indexes every pending lead, batch after batch (the store's indexSearch; the inbox's search on
 * SQLite, which reads the index next).
 */
export async function indexAllSearch(conn: Connection): Promise<number> {
  let total = 0;
  for (let n = await indexSearchBatch(conn); n > 0; n = await indexSearchBatch(conn)) total += n;
  return total;
}

/** The store vacuums the marks' table once its indexer has moved this many marks (PostgreSQL). */
export const VACUUM_MARKS_AFTER = 1_000;

/**
 * PostgreSQL: VACUUM of the marks' table, outside any transaction (the store's indexer, once it
 * has drained many). SQLite frees a deleted row's pages as it goes: nothing to do there.
 */
export async function vacuumSearchMarks(conn: Connection): Promise<void> {
  if (conn.dialect === "postgres") await conn.db.run("VACUUM lead_search_pending");
}

/**
 * PostgreSQL: the search entry of the lead `$1` rewritten from its fields as they are now (a
 * change of an indexed lead's fields: a merge filling them, src/admin/store/merges.ts). A lead
 * still pending is left alone: the indexer reads its fields when it indexes it (and its mark
 * counts it in the roll-ups, migration 32, so none is added here). SQLite's lead_search_update
 * trigger does the same on its own.
 */
export const PG_REINDEX_LEAD = `UPDATE lead_search SET doc = ${PG_SEARCH_TEXT}, phone = ${PG_SEARCH_PHONE_DIGITS}
  FROM leads WHERE leads.id = $1 AND lead_search.lead_id = leads.id`;
