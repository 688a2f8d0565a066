/**
 * The migration runner: brings a connection's schema up to date with ./migrations/, recording
 * each version applied in `schema_migrations` (version, name, applied_at: the table every
 * database made since migration 1 already has, so an existing database migrates on from where it
 * stands). All pending versions run in one transaction under a lock: SQLite's write lock
 * (BEGIN IMMEDIATE), PostgreSQL's advisory lock (several servers starting at once take turns).
 * `after` runs last in the same transaction: the app's own upkeep of what the migrations made
 * (the agency's clock, src/leads/store/agencyClock.ts), given by whoever opens the database.
 */
import type { DatabaseSync } from "node:sqlite";
import type postgres from "postgres";
import type { Connection, PostgresConnection, SqliteConnection } from "./connection.ts";
import { unavailable } from "./errors.ts";
import {
  applySqliteMigrations,
  migrationsTableSql,
  pendingMigrations,
} from "./migrations/index.ts";

/** Any constant: serialises concurrent migrations of several servers starting at once. */
export const MIGRATION_LOCK = 7_270_001;

export interface AfterMigrate {
  sqlite?(db: DatabaseSync): void;
  postgres?(tx: postgres.TransactionSql): Promise<unknown>;
}

/** Applies SQLite's pending migrations under an immediate (write) lock; the versions applied. */
export function migrateSqlite(conn: SqliteConnection, after?: AfterMigrate): number[] {
  const db = conn.sqlite;
  try {
    db.exec("BEGIN IMMEDIATE");
    try {
      db.exec(migrationsTableSql);
      const applied = (
        db.prepare("SELECT version FROM schema_migrations").all() as { version: number }[]
      ).map((r) => r.version);
      const done: number[] = [];
      const record = db.prepare(
        "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
      );
      applySqliteMigrations(db, pendingMigrations(applied), (m) => {
        record.run(m.version, m.name, new Date().toISOString());
        done.push(m.version);
      });
      after?.sqlite?.(db);
      db.exec("COMMIT");
      return done;
    } catch (error) {
      if (db.isTransaction) db.exec("ROLLBACK");
      throw error;
    }
  } catch (error) {
    throw unavailable("sqlite", error);
  }
}

/** Applies PostgreSQL's pending migrations (creating the schema when missing); the versions. */
export async function migratePostgres(
  conn: PostgresConnection,
  after?: AfterMigrate,
): Promise<number[]> {
  try {
    return await conn.sql.begin(async (tx) => {
      // Under the lock: even CREATE SCHEMA IF NOT EXISTS fails when two servers race.
      await tx`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`;
      if (conn.schema !== "public") await tx.unsafe(`CREATE SCHEMA IF NOT EXISTS "${conn.schema}"`);
      await tx.unsafe(migrationsTableSql);
      const applied = await tx<{ version: number }[]>`SELECT version FROM schema_migrations`;
      const done: number[] = [];
      for (const m of pendingMigrations(applied.map((r) => r.version))) {
        await tx.unsafe(m.postgres);
        await tx`INSERT INTO schema_migrations (version, name, applied_at)
                 VALUES (${m.version}, ${m.name}, ${new Date().toISOString()})`;
        done.push(m.version);
      }
      await after?.postgres?.(tx);
      return done;
    });
  } catch (error) {
    throw unavailable("postgres", error);
  }
}

/** Brings `conn`'s schema up to date; resolves the versions applied (empty when up to date). */
export async function migrate(conn: Connection, after?: AfterMigrate): Promise<number[]> {
  return conn.dialect === "sqlite" ? migrateSqlite(conn, after) : migratePostgres(conn, after);
}
