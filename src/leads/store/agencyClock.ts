/**
 * The agency's clock in the lead store (migration 27, decision D201): the Performance report's
 * lead roll-ups (lead_funnel, lead_stages) count days of arrival on the agency's clock, and their
 * triggers read its offsets from UTC from `agency_offsets`, which only the app can write (SQLite
 * has no time-zone data; PostgreSQL's would be a second reading of the zone beside Node's, which
 * the analytics and the admin use). Each store brings the table up to date when it opens, in the
 * migrations' transaction (under their lock): when the configured zone or the offsets Node gives
 * for it differ from what the table holds, the table is refilled and both roll-ups rebuilt from
 * the leads (a GROUP BY each), so every lead, old or new, counts on the same clock; the deltas
 * not folded yet (migration 29, decision D208) go, as the rebuild counts their leads already.
 * On PostgreSQL the log's rows keep a lead's arrival and the view lead_funnel_deltas works out
 * the day from the offsets when it is read (migration 31, decision D225): a row left in the log
 * across a change would count on the new offsets, so there too every row goes with the rebuild
 * (a plain DELETE of every row of the log's table, DELTA_LOG), and rows written after it, the
 * rebuild's lock held until it commits, count on the new offsets like the roll-ups' rows.
 */
import type { DatabaseSync } from "node:sqlite";
import type postgres from "postgres";
import { agencyZone, isTimeZone } from "../../lib/agencyZone.ts";
import type { Connection } from "../../db/connection.ts";
import { MIGRATION_LOCK, type AfterMigrate } from "../../db/migrate.ts";
import { offsetChanges } from "../../lib/agencyClock.ts";
import {
  DELTA_LOG,
  POSTGRES_FOLD_LOCK,
  postgresAgencyDay,
  postgresFunnelFill,
  sqliteAgencyDay,
  sqliteFunnelFill,
} from "./funnelSql.ts";

/** The moments the table covers; a lead outside them counts on its UTC day. */
export const AGENCY_OFFSETS_FROM = "2000-01-01T00:00:00.000Z";
export const AGENCY_OFFSETS_TO = "2100-01-01T00:00:00.000Z";

export interface OffsetRow {
  startsAt: string;
  /** Minutes ahead of UTC from `startsAt` on; null past the range (the UTC day again). */
  minutes: number | null;
}

/** The rows `agency_offsets` should hold for `timeZone`. */
export function agencyOffsetRows(timeZone: string): OffsetRow[] {
  return [
    ...offsetChanges(AGENCY_OFFSETS_FROM, AGENCY_OFFSETS_TO, timeZone),
    { startsAt: AGENCY_OFFSETS_TO, minutes: null },
  ];
}

const sameRows = (stored: readonly OffsetRow[], wanted: readonly OffsetRow[]) =>
  stored.length === wanted.length &&
  stored.every((r, i) => r.startsAt === wanted[i]!.startsAt && r.minutes === wanted[i]!.minutes);

/**
 * Brings a SQLite store's agency_offsets to `timeZone`, rebuilding the roll-ups when it changes;
 * inside the caller's write transaction. Returns whether anything changed.
 */
export function syncAgencyClockSqlite(
  db: DatabaseSync,
  timeZone: string = agencyZone(),
  now: Date = new Date(),
): boolean {
  const wanted = agencyOffsetRows(timeZone);
  const zone = db.prepare("SELECT time_zone FROM agency_clock WHERE id = 1").get() as
    { time_zone: string } | undefined;
  const stored = (
    db.prepare("SELECT starts_at, minutes FROM agency_offsets ORDER BY starts_at").all() as {
      starts_at: string;
      minutes: number | null;
    }[]
  ).map((r) => ({ startsAt: r.starts_at, minutes: r.minutes }));
  if (zone?.time_zone === timeZone && sameRows(stored, wanted)) return false;
  db.exec("DELETE FROM agency_offsets");
  const put = db.prepare("INSERT INTO agency_offsets (starts_at, minutes) VALUES (?, ?)");
  for (const r of wanted) put.run(r.startsAt, r.minutes);
  db.prepare(
    `INSERT INTO agency_clock (id, time_zone, filled_at) VALUES (1, ?, ?)
     ON CONFLICT (id) DO UPDATE SET time_zone = excluded.time_zone, filled_at = excluded.filled_at`,
  ).run(timeZone, now.toISOString());
  db.exec(
    `DELETE FROM ${DELTA_LOG}; DELETE FROM lead_funnel; DELETE FROM lead_stages;
     ${sqliteFunnelFill(sqliteAgencyDay("leads.created_at"))}`,
  );
  return true;
}

/** The same on PostgreSQL, in the migrations' transaction `tx`. */
export async function syncAgencyClockPostgres(
  tx: postgres.TransactionSql,
  timeZone: string = agencyZone(),
  now: Date = new Date(),
): Promise<boolean> {
  const wanted = agencyOffsetRows(timeZone);
  const [zone] = await tx<{ time_zone: string }[]>`SELECT time_zone FROM agency_clock WHERE id = 1`;
  const stored = (
    await tx<{ starts_at: Date; minutes: number | null }[]>`
      SELECT starts_at, minutes FROM agency_offsets ORDER BY starts_at`
  ).map((r) => ({ startsAt: r.starts_at.toISOString(), minutes: r.minutes }));
  if (zone?.time_zone === timeZone && sameRows(stored, wanted)) return false;
  // Writers of leads wait until the rebuild commits, then count on the new offsets: none is
  // counted twice or lost between the old roll-ups and the new ones.
  await tx`LOCK TABLE leads IN SHARE MODE`;
  // No fold or search-index batch (which folds new leads, migration 32) runs meanwhile.
  await tx.unsafe(POSTGRES_FOLD_LOCK);
  await tx`DELETE FROM agency_offsets`;
  const rows = wanted.map((r) => [r.startsAt, r.minutes]);
  await tx`INSERT INTO agency_offsets (starts_at, minutes)
           SELECT (r->>0)::timestamptz, (r->>1)::integer FROM jsonb_array_elements(${tx.json(rows)}) r`;
  await tx`INSERT INTO agency_clock (id, time_zone, filled_at) VALUES (1, ${timeZone}, ${now})
           ON CONFLICT (id) DO UPDATE SET time_zone = excluded.time_zone, filled_at = excluded.filled_at`;
  await tx.unsafe(
    `DELETE FROM ${DELTA_LOG}; DELETE FROM lead_funnel; DELETE FROM lead_stages;
     ${postgresFunnelFill(postgresAgencyDay("leads.created_at"))}`,
  );
  return true;
}

/** The key of the owner's time zone in agency_settings (migration 34, src/leads/settings.ts). */
export const TIME_ZONE_SETTING = "timeZone";

/** The owner's zone as stored (JSON text), when it is a zone this runtime knows. */
function storedZone(value: string | undefined): string | null {
  if (value === undefined) return null;
  try {
    const zone: unknown = JSON.parse(value);
    return typeof zone === "string" && isTimeZone(zone) ? zone : null;
  } catch {
    return null;
  }
}

/**
 * The clock's upkeep as the migration runner's last step (src/db/migrate.ts): the owner's zone
 * when one is stored (/admin/settings, decision D234), else `timeZone` (AGENCY_TIME_ZONE).
 */
export const agencyClockAfterMigrate = (timeZone: string = agencyZone()): AfterMigrate => ({
  sqlite: (db) => {
    const row = db
      .prepare("SELECT value FROM agency_settings WHERE key = ?")
      .get(TIME_ZONE_SETTING) as { value: string } | undefined;
    syncAgencyClockSqlite(db, storedZone(row?.value) ?? timeZone);
  },
  postgres: async (tx) => {
    const [row] = await tx<{ value: string }[]>`
      SELECT value FROM agency_settings WHERE key = ${TIME_ZONE_SETTING}`;
    return syncAgencyClockPostgres(tx, storedZone(row?.value) ?? timeZone);
  },
});

/**
 * An owner's change of zone (decision D234): the setting stored and the lead roll-ups rebuilt on
 * the new clock in one transaction (SQLite's write lock; PostgreSQL's advisory lock and the
 * rebuild's lock on leads; the migrations' own lock, so a server starting meanwhile reads
 * the zone after the change), so no report ever reads roll-ups of one zone beside offsets of the
 * other, and a failure leaves both as they were. Returns whether the roll-ups were rebuilt.
 */
export async function saveAgencyZone(
  connection: Connection,
  zone: string,
  by: string | null,
  now: Date = new Date(),
): Promise<boolean> {
  if (!isTimeZone(zone)) throw new Error(`Not an IANA time zone: ${zone}`);
  const value = JSON.stringify(zone);
  if (connection.dialect === "sqlite") {
    const db = connection.sqlite;
    db.exec("BEGIN IMMEDIATE");
    try {
      db.prepare(
        `INSERT INTO agency_settings (key, value, updated_at, updated_by) VALUES (?, ?, ?, ?)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at,
           updated_by = excluded.updated_by`,
      ).run(TIME_ZONE_SETTING, value, now.toISOString(), by);
      const rebuilt = syncAgencyClockSqlite(db, zone, now);
      db.exec("COMMIT");
      return rebuilt;
    } catch (error) {
      if (db.isTransaction) db.exec("ROLLBACK");
      throw error;
    }
  }
  return connection.sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`;
    await tx`INSERT INTO agency_settings (key, value, updated_at, updated_by)
             VALUES (${TIME_ZONE_SETTING}, ${value}, ${now}, ${by})
             ON CONFLICT (key) DO UPDATE SET value = excluded.value,
               updated_at = excluded.updated_at, updated_by = excluded.updated_by`;
    return syncAgencyClockPostgres(tx, zone, now);
  });
}
