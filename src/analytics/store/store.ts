/**
 * The analytics store, written once over the process's connection (migration 13; decision
 * D224): every query through the driver, so both databases map their failures to the store
 * being unavailable alike. Days are read as text (CAST, PostgreSQL's are dates). Two branches
 * where the databases differ: a batch of events is one statement of arrays on PostgreSQL,
 * committed with synchronous_commit off (a page view lost to a power cut costs nothing, and the
 * leads' own commits stay flushed), and rows one by one in one transaction on SQLite; a day's
 * roll-up takes a transaction-scoped advisory lock on PostgreSQL (one roll-up of a day at a time
 * across servers; SQLite's write transaction already excludes every other writer).
 */
import type { Connection } from "../../db/connection.ts";
import type { Db } from "../../db/driver.ts";
import { onStore } from "../../db/errors.ts";
import { EVENT_COLUMNS, rollupStatements } from "./sql.ts";
import type { AnalyticsEvent, AnalyticsStore, DailyRow, LiveVisitors, UniqueRow } from "./types.ts";

/** PostgreSQL's types of EVENT_COLUMNS, for the batch's arrays. */
const EVENT_TYPES = ["timestamptz", "date", "text", "text", "text", "text", "text", "text", "text"];

export class SqlAnalyticsStore implements AnalyticsStore {
  /** The shared driver: the report's lead funnel is written once (./funnel.ts). */
  readonly db: Db;

  constructor(connection: Connection) {
    this.db = connection.db;
  }

  #run<T>(work: (db: Db) => Promise<T>): Promise<T> {
    return onStore(this.db, work);
  }

  /**
   * Each visitor of the window once, on the page of their newest view (a window function over
   * the index on `at`, migration 35); form views and starts are not page views.
   */
  liveVisitors(since: string, limit: number): Promise<LiveVisitors> {
    return this.#run(async (db) => {
      const rows = await db.all<{ path: string; visitors: number | string }>(
        `SELECT path, CAST(count(*) AS INTEGER) AS visitors FROM (
           SELECT path, row_number() OVER (PARTITION BY visitor ORDER BY at DESC) AS newest
           FROM analytics_events WHERE kind = 'view' AND at >= $1
         ) AS latest
         WHERE newest = 1 GROUP BY path ORDER BY visitors DESC, path`,
        [since],
      );
      const pages = rows.map((r) => ({ path: r.path, visitors: Number(r.visitors) }));
      return {
        visitors: pages.reduce((n, p) => n + p.visitors, 0),
        pages: pages.slice(0, limit),
      };
    });
  }

  async insertEvents(events: readonly AnalyticsEvent[]): Promise<void> {
    if (!events.length) return;
    const columns = EVENT_COLUMNS.join(", ");
    await this.#run((db) =>
      db.transaction(async (tx) => {
        if (tx.dialect === "postgres") {
          await tx.run("SET LOCAL synchronous_commit = off");
          const arrays = EVENT_TYPES.map((type, i) => `$${i + 1}::${type}[]`).join(", ");
          await tx.run(
            `INSERT INTO analytics_events (${columns}) SELECT * FROM unnest(${arrays})`,
            EVENT_COLUMNS.map((c) => events.map((e) => e[c])),
          );
          return;
        }
        const values = EVENT_COLUMNS.map((_, i) => `$${i + 1}`).join(", ");
        for (const e of events) {
          await tx.run(
            `INSERT INTO analytics_events (${columns}) VALUES (${values})`,
            EVENT_COLUMNS.map((c) => e[c]),
          );
        }
      }),
    );
  }

  daySalt(day: string, fresh: string): Promise<string> {
    return this.#run((db) =>
      db.transaction(async (tx) => {
        await tx.run("DELETE FROM analytics_salts WHERE day < $1", [day]);
        await tx.run(
          "INSERT INTO analytics_salts (day, salt) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING",
          [day, fresh],
        );
        const row = await tx.one<{ salt: string }>(
          "SELECT salt FROM analytics_salts WHERE day = $1",
          [day],
        );
        return row!.salt;
      }),
    );
  }

  saltDays(): Promise<string[]> {
    return this.#run(async (db) =>
      (
        await db.all<{ day: string }>(
          "SELECT CAST(day AS TEXT) AS day FROM analytics_salts ORDER BY day",
        )
      ).map((r) => r.day),
    );
  }

  dropSaltsBefore(day: string): Promise<number> {
    return this.#run((db) => db.run("DELETE FROM analytics_salts WHERE day < $1", [day]));
  }

  rollup(day: string, final: boolean, now: Date): Promise<void> {
    return this.#run((db) =>
      db.transaction(async (tx) => {
        if (tx.dialect === "postgres") {
          // One roll-up of a day at a time across servers (a second waits, then redoes it).
          await tx.run(
            "SELECT pg_advisory_xact_lock(hashtext(current_schema() || '.analytics_rollup'))",
          );
        }
        for (const statement of rollupStatements("$1")) await tx.run(statement, [day]);
        await tx.run(
          `INSERT INTO analytics_rollups (day, rolled_at, final) VALUES ($1, $2, $3)
           ON CONFLICT (day) DO UPDATE SET rolled_at = excluded.rolled_at, final = excluded.final`,
          [day, now.toISOString(), final],
        );
      }),
    );
  }

  openDays(through: string): Promise<string[]> {
    return this.#run(async (db) =>
      (
        await db.all<{ day: string }>(
          `SELECT DISTINCT CAST(e.day AS TEXT) AS day FROM analytics_events e
           WHERE e.day <= $1 AND NOT EXISTS
             (SELECT 1 FROM analytics_rollups r WHERE r.day = e.day AND r.final = $2)
           ORDER BY 1`,
          [through, true],
        )
      ).map((r) => r.day),
    );
  }

  pruneEvents(beforeDay: string): Promise<number> {
    return this.#run((db) =>
      db.run(
        `DELETE FROM analytics_events WHERE day < $1 AND day IN
           (SELECT day FROM analytics_rollups WHERE final = $2)`,
        [beforeDay, true],
      ),
    );
  }

  daily(fromDay: string, toDay: string): Promise<DailyRow[]> {
    return this.#run((db) =>
      db.all<DailyRow>(
        `SELECT CAST(day AS TEXT) AS day, path, source, campaign, device, form, views, visitors,
                starts
         FROM analytics_daily WHERE day >= $1 AND day <= $2`,
        [fromDay, toDay],
      ),
    );
  }

  uniques(fromDay: string, toDay: string): Promise<UniqueRow[]> {
    return this.#run((db) =>
      db.all<UniqueRow>(
        `SELECT CAST(day AS TEXT) AS day, dim, value, visitors
         FROM analytics_uniques WHERE day >= $1 AND day <= $2`,
        [fromDay, toDay],
      ),
    );
  }

  countEvents(): Promise<number> {
    return this.#run(async (db) => {
      const row = await db.one<{ n: number }>(
        "SELECT CAST(count(*) AS INTEGER) AS n FROM analytics_events",
      );
      return Number(row?.n ?? 0);
    });
  }
}
