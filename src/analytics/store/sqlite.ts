/** Analytics on SQLite: the lead store's own file and connection (migration 13). */
import type { DatabaseSync, StatementSync } from "node:sqlite";
import { unavailable, writeTransaction } from "../../leads/store/sqlite.ts";
import { sqliteDb, type Db } from "../../server/db.ts";
import { EVENT_COLUMNS, rollupStatements } from "./sql.ts";
import type { AnalyticsEvent, AnalyticsStore, DailyRow, UniqueRow } from "./types.ts";

export class SqliteAnalyticsStore implements AnalyticsStore {
  /** The shared driver: the report\'s lead funnel is written once (./funnel.ts). */
  readonly db: Db;
  readonly #db: DatabaseSync;
  #insert: StatementSync | null = null;
  constructor(db: DatabaseSync) {
    this.#db = db;
    this.db = sqliteDb(db);
  }

  /** Runs `work` in one write transaction; a failure is the store being unavailable. */
  #write<T>(work: () => T): T {
    try {
      return writeTransaction(this.#db, work);
    } catch (error) {
      throw unavailable(error);
    }
  }

  async insertEvents(events: readonly AnalyticsEvent[]): Promise<void> {
    if (!events.length) return;
    const insert = (this.#insert ??= this.#db.prepare(
      `INSERT INTO analytics_events (${EVENT_COLUMNS.join(", ")})
       VALUES (${EVENT_COLUMNS.map(() => "?").join(", ")})`,
    ));
    this.#write(() => {
      for (const e of events) insert.run(...EVENT_COLUMNS.map((c) => e[c]));
    });
  }

  async daySalt(day: string, fresh: string): Promise<string> {
    return this.#write(() => {
      this.#db.prepare("DELETE FROM analytics_salts WHERE day < ?").run(day);
      this.#db
        .prepare("INSERT OR IGNORE INTO analytics_salts (day, salt) VALUES (?, ?)")
        .run(day, fresh);
      const row = this.#db.prepare("SELECT salt FROM analytics_salts WHERE day = ?").get(day) as {
        salt: string;
      };
      return row.salt;
    });
  }

  async saltDays(): Promise<string[]> {
    return (
      this.#db.prepare("SELECT day FROM analytics_salts ORDER BY day").all() as { day: string }[]
    ).map((r) => r.day);
  }

  async dropSaltsBefore(day: string): Promise<number> {
    return this.#write(() =>
      Number(this.#db.prepare("DELETE FROM analytics_salts WHERE day < ?").run(day).changes),
    );
  }

  async rollup(day: string, final: boolean, now: Date): Promise<void> {
    this.#write(() => {
      for (const statement of rollupStatements("?1")) this.#db.prepare(statement).run(day);
      this.#db
        .prepare(
          `INSERT INTO analytics_rollups (day, rolled_at, final) VALUES (?, ?, ?)
           ON CONFLICT (day) DO UPDATE SET rolled_at = excluded.rolled_at, final = excluded.final`,
        )
        .run(day, now.toISOString(), final ? 1 : 0);
    });
  }

  async openDays(through: string): Promise<string[]> {
    return (
      this.#db
        .prepare(
          `SELECT DISTINCT e.day FROM analytics_events e
           WHERE e.day <= ? AND NOT EXISTS
             (SELECT 1 FROM analytics_rollups r WHERE r.day = e.day AND r.final = 1)
           ORDER BY e.day`,
        )
        .all(through) as { day: string }[]
    ).map((r) => r.day);
  }

  async pruneEvents(beforeDay: string): Promise<number> {
    return this.#write(() =>
      Number(
        this.#db
          .prepare(
            `DELETE FROM analytics_events WHERE day < ? AND day IN
               (SELECT day FROM analytics_rollups WHERE final = 1)`,
          )
          .run(beforeDay).changes,
      ),
    );
  }

  async daily(fromDay: string, toDay: string): Promise<DailyRow[]> {
    return this.#db
      .prepare(
        `SELECT day, path, source, campaign, device, form, views, visitors, starts
         FROM analytics_daily WHERE day >= ? AND day <= ?`,
      )
      .all(fromDay, toDay) as unknown as DailyRow[];
  }

  async uniques(fromDay: string, toDay: string): Promise<UniqueRow[]> {
    return this.#db
      .prepare(
        "SELECT day, dim, value, visitors FROM analytics_uniques WHERE day >= ? AND day <= ?",
      )
      .all(fromDay, toDay) as unknown as UniqueRow[];
  }

  async countEvents(): Promise<number> {
    const row = this.#db.prepare("SELECT count(*) AS n FROM analytics_events").get() as {
      n: number;
    };
    return Number(row.n);
  }
}
