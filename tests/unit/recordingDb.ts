/**
 * A driver (src/db/driver.ts) that records the SQL a store sends, for the tests that pin the SQL
 * each dialect receives where a store's queries branch (Kysely's habit of pinning compiled SQL).
 */
import type { Db, Dialect, Param } from "../../src/db/driver.ts";

/** A driver that records each statement (whitespace folded) and answers `rows` to every read. */
export function recording(dialect: Dialect, rows: Record<string, unknown>[] = []) {
  const sent: string[] = [];
  const note = (sql: string, params: readonly Param[]) =>
    sent.push(`${sql.replace(/\s+/g, " ").trim()}${params.length ? ` -- ${params.length}` : ""}`);
  const db: Db = {
    dialect,
    async all<T>(sql: string, params: readonly Param[] = []) {
      note(sql, params);
      return rows as T[];
    },
    async one<T>(sql: string, params: readonly Param[] = []) {
      note(sql, params);
      return rows[0] as T | undefined;
    },
    async run(sql: string, params: readonly Param[] = []) {
      note(sql, params);
      return 1;
    },
    transaction: (work) => work(db),
  };
  return { db, sent };
}

/** The statements `work` sends on each dialect. */
export async function pin(work: (db: Db) => Promise<unknown>, rows?: Record<string, unknown>[]) {
  const sent: Record<Dialect, string[]> = { sqlite: [], postgres: [] };
  for (const dialect of ["sqlite", "postgres"] as const) {
    const r = recording(dialect, rows);
    await work(r.db);
    sent[dialect] = r.sent;
  }
  return sent;
}
