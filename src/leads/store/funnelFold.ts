/**
 * Folding the lead roll-ups' deltas (migration 29, decision D208): the triggers on `leads` append
 * one row per lead change to the log, `lead_funnel_delta_log` (a lead changed: -1 as it was, +1
 * as it is, with the group it counts in), so concurrent intake never writes a row another insert
 * writes too. Here the rows are summed per group into `lead_funnel` and `lead_stages` and
 * removed, in one transaction: a reader sees each delta either in the roll-ups or still in the
 * log, never both or neither (src/analytics/store/funnel.ts reads the two together). Any
 * process may fold at any time: the hourly analytics sweep and an erasure always do, the report
 * when the log holds FOLD_ON_READ rows or more (below that it only reads them, and stays a reader: a fold is a
 * write transaction, a commit's fsync on SQLite).
 *
 * PostgreSQL removes and sums the rows in one statement (the DELETE's RETURNING feeds both
 * upserts and works out each row's day from its arrival: migration 31, decision D225), so a
 * delta committed meanwhile is neither summed nor removed. A new lead is no log row but its
 * search-index mark, on both stores (PostgreSQL since migration 32, D227; SQLite since 39, D286):
 * the view lead_funnel_deltas shows it as a +1 row, and the search indexer folds it when it
 * removes the mark (./searchIndex.ts), on PostgreSQL under the same lock. Folds take turns on a
 * transaction-scoped advisory lock per schema (as the analytics roll-up does), so two never
 * upsert the same roll-up rows in opposite orders. SQLite's write transaction excludes every
 * other writer, so there the same work is three statements. New groups go in in key order (day
 * first), so a backlog folded at once leaves a period's rows side by side, as intake would.
 */
import type { Db } from "../../db/driver.ts";
import {
  FUNNEL_KEY as GROUP,
  FUNNEL_UPSERT,
  DELTA_LOG,
  POSTGRES_FOLD_LOCK,
  POSTGRES_LOG_RETURNING,
  STAGES_UPSERT,
} from "./funnelSql.ts";

const FUNNEL_SUMS = "sum(leads), sum(contacted), sum(won), sum(won_cents)";

/** The report folds the log first from this many rows on (an hour of a busy intake). */
export const FOLD_ON_READ = 1000;

/**
 * Folds every delta this transaction sees into the roll-ups, if the log holds at least `atLeast`
 * rows (default: any); resolves how many it removed.
 */
export async function foldLeadFunnel(db: Db, atLeast = 1): Promise<number> {
  // The log's table: the view also shows the leads the search indexer folds.
  const held = await db.one<{ n: unknown }>(
    `SELECT count(*) AS n FROM (SELECT 1 FROM ${DELTA_LOG} LIMIT $1) AS d`,
    [atLeast],
  );
  if (Number(held?.n ?? 0) < atLeast) return 0;
  if (db.dialect === "postgres") {
    return db.transaction(async (tx) => {
      await tx.run(POSTGRES_FOLD_LOCK);
      const row = await tx.one<{ n: unknown }>(
        `WITH moved AS (DELETE FROM ${DELTA_LOG} RETURNING ${POSTGRES_LOG_RETURNING}),
         funnel AS (
           INSERT INTO lead_funnel (${GROUP}, leads, contacted, won, won_cents)
           SELECT ${GROUP}, ${FUNNEL_SUMS} FROM moved GROUP BY ${GROUP} ORDER BY ${GROUP}
           ${FUNNEL_UPSERT}),
         stages AS (
           INSERT INTO lead_stages (day, status, leads)
           SELECT day, status, sum(leads) FROM moved GROUP BY day, status ORDER BY day, status
           ${STAGES_UPSERT})
         SELECT count(*) AS n FROM moved`,
      );
      return Number(row?.n ?? 0);
    });
  }
  return db.transaction(async (tx) => {
    // WHERE true: SQLite reads an upsert after a bare SELECT's FROM as a join's ON otherwise.
    await tx.run(
      `INSERT INTO lead_funnel (${GROUP}, leads, contacted, won, won_cents)
       SELECT ${GROUP}, ${FUNNEL_SUMS} FROM ${DELTA_LOG} WHERE true GROUP BY ${GROUP}
       ORDER BY ${GROUP} ${FUNNEL_UPSERT}`,
    );
    await tx.run(
      `INSERT INTO lead_stages (day, status, leads)
       SELECT day, status, sum(leads) FROM ${DELTA_LOG} WHERE true GROUP BY day, status
       ORDER BY day, status ${STAGES_UPSERT}`,
    );
    return tx.run(`DELETE FROM ${DELTA_LOG}`);
  });
}

/**
 * A fold outside any transaction (the report, the sweep), then on PostgreSQL, when it moved
 * FOLD_ON_READ rows or more, a VACUUM of the log: the removed rows' pages would otherwise stay
 * until autovacuum comes by, and every read of the log scans them (100,000 folded rows left
 * 1,244 pages, 1.3-4 ms per query of the report).
 */
export async function foldLeadFunnelOutside(db: Db, atLeast = 1): Promise<number> {
  const moved = await foldLeadFunnel(db, atLeast);
  // The table itself: lead_funnel_deltas is a view over it (migrations 31 and 39), which VACUUM
  // would skip with a warning.
  if (moved >= FOLD_ON_READ && db.dialect === "postgres") await db.run(`VACUUM ${DELTA_LOG}`);
  return moved;
}
