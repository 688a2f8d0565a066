/**
 * Analytics on PostgreSQL: the lead store's own pool and schema (migration 13). Event batches
 * commit with synchronous_commit off: a page view lost to a power cut costs nothing, and the
 * leads' own commits stay flushed.
 */
import type postgres from "postgres";
import { orUnavailable } from "../../leads/store/postgres.ts";
import { postgresDb, type Db } from "../../server/db.ts";
import { EVENT_COLUMNS, rollupStatements } from "./sql.ts";
import type { AnalyticsEvent, AnalyticsStore, DailyRow, UniqueRow } from "./types.ts";

export class PostgresAnalyticsStore implements AnalyticsStore {
  /** The shared driver: the report\'s lead funnel is written once (./funnel.ts). */
  readonly db: Db;
  readonly #sql: postgres.Sql;
  constructor(sql: postgres.Sql) {
    this.#sql = sql;
    this.db = postgresDb(sql);
  }

  #run<T>(work: () => Promise<T>): Promise<T> {
    return orUnavailable(work);
  }

  insertEvents(events: readonly AnalyticsEvent[]): Promise<void> {
    if (!events.length) return Promise.resolve();
    return this.#run(async () => {
      await this.#sql.begin(async (tx) => {
        await tx`SET LOCAL synchronous_commit = off`;
        await tx`INSERT INTO analytics_events ${tx(events as AnalyticsEvent[], ...EVENT_COLUMNS)}`;
      });
    });
  }

  daySalt(day: string, fresh: string): Promise<string> {
    return this.#run(async () => {
      const sql = this.#sql;
      await sql`DELETE FROM analytics_salts WHERE day < ${day}::date`;
      await sql`INSERT INTO analytics_salts (day, salt) VALUES (${day}::date, ${fresh})
                ON CONFLICT (day) DO NOTHING`;
      const [row] = await sql<{ salt: string }[]>`
        SELECT salt FROM analytics_salts WHERE day = ${day}::date`;
      return row!.salt;
    });
  }

  saltDays(): Promise<string[]> {
    return this.#run(async () =>
      (
        await this.#sql<{ day: string }[]>`SELECT day::text AS day FROM analytics_salts ORDER BY 1`
      ).map((r) => r.day),
    );
  }

  dropSaltsBefore(day: string): Promise<number> {
    return this.#run(
      async () => (await this.#sql`DELETE FROM analytics_salts WHERE day < ${day}::date`).count,
    );
  }

  rollup(day: string, final: boolean, now: Date): Promise<void> {
    return this.#run(async () => {
      await this.#sql.begin(async (tx) => {
        // One roll-up of a day at a time across servers (a second waits, then redoes it).
        await tx`SELECT pg_advisory_xact_lock(hashtext(current_schema() || '.analytics_rollup'))`;
        for (const statement of rollupStatements("$1::date")) await tx.unsafe(statement, [day]);
        await tx`INSERT INTO analytics_rollups (day, rolled_at, final)
                 VALUES (${day}::date, ${now}, ${final})
                 ON CONFLICT (day) DO UPDATE SET rolled_at = excluded.rolled_at,
                                                 final = excluded.final`;
      });
    });
  }

  openDays(through: string): Promise<string[]> {
    return this.#run(async () =>
      (
        await this.#sql<{ day: string }[]>`
          SELECT DISTINCT e.day::text AS day FROM analytics_events e
          WHERE e.day <= ${through}::date AND NOT EXISTS
            (SELECT 1 FROM analytics_rollups r WHERE r.day = e.day AND r.final)
          ORDER BY 1`
      ).map((r) => r.day),
    );
  }

  pruneEvents(beforeDay: string): Promise<number> {
    return this.#run(
      async () =>
        (
          await this.#sql`
            DELETE FROM analytics_events WHERE day < ${beforeDay}::date AND day IN
              (SELECT day FROM analytics_rollups WHERE final)`
        ).count,
    );
  }

  daily(fromDay: string, toDay: string): Promise<DailyRow[]> {
    return this.#run(async () => [
      ...(await this.#sql<DailyRow[]>`
        SELECT day::text AS day, path, source, campaign, device, form, views, visitors, starts
        FROM analytics_daily WHERE day >= ${fromDay}::date AND day <= ${toDay}::date`),
    ]);
  }

  uniques(fromDay: string, toDay: string): Promise<UniqueRow[]> {
    return this.#run(async () => [
      ...(await this.#sql<UniqueRow[]>`
        SELECT day::text AS day, dim, value, visitors
        FROM analytics_uniques WHERE day >= ${fromDay}::date AND day <= ${toDay}::date`),
    ]);
  }

  countEvents(): Promise<number> {
    return this.#run(async () => {
      const [row] = await this.#sql<{ n: number }[]>`
        SELECT count(*)::int AS n FROM analytics_events`;
      return row!.n;
    });
  }
}
