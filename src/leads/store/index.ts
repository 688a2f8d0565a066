/**
 * Picks the database: PostgreSQL when DATABASE_URL is a postgres:// URL, else SQLite in DATA_DIR.
 * Opening it runs its pending migrations (and the agency clock's upkeep, ./agencyClock.ts). The
 * composition root opens the process's one connection with `openDatabase` and shares it; the
 * lead store over it is built once per connection (`storeHolder`).
 */
import { join } from "node:path";
import { openPostgres, openSqlite, type Connection } from "../../db/connection.ts";
import { databaseHolder, type DatabaseHolder, type OpenedDatabase } from "../../db/holder.ts";
import { migrate } from "../../db/migrate.ts";
import type { LeadConfig } from "../config.ts";
import { agencyClockAfterMigrate } from "./agencyClock.ts";
import { SqlLeadStore } from "./store.ts";
import type { LeadStore } from "./types.ts";

export type { LeadQuery, LeadRecord, LeadStore } from "./types.ts";
export { StoreUnavailableError } from "./types.ts";

type DatabaseConfig = Pick<LeadConfig, "databaseUrl" | "databaseSchema" | "dataDir" | "sqliteSync">;

export function sqliteFile(config: Pick<LeadConfig, "dataDir">): string {
  return join(config.dataDir, "leads.db");
}

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(config: DatabaseConfig): Promise<OpenedDatabase> {
  const connection: Connection = config.databaseUrl
    ? openPostgres(config.databaseUrl, { schema: config.databaseSchema })
    : openSqlite(sqliteFile(config), config.sqliteSync);
  try {
    return { connection, applied: await migrate(connection, agencyClockAfterMigrate()) };
  } catch (error) {
    await connection.close().catch(() => {});
    throw error;
  }
}

/** The process's database, opened on first use (src/db/holder.ts). */
export const databaseFor = (config: DatabaseConfig): DatabaseHolder =>
  databaseHolder(() => openDatabase(config));

/** The lead store over an opened database. */
export function leadStoreOn(opened: OpenedDatabase): SqlLeadStore {
  const store = new SqlLeadStore(opened.connection);
  store.appliedOnOpen = opened.applied;
  // Leads a stopped server (or another process) left unindexed: index them soon.
  store.startIndexing();
  return store;
}

/** Opens the configured store on a connection of its own (tools, tests). */
export async function openStore(config: DatabaseConfig): Promise<LeadStore> {
  return leadStoreOn(await openDatabase(config));
}

/**
 * The lead store over `database` (default: a database of its own, from `config`), built once
 * per connection; closing it closes the database.
 */
export function storeHolder(
  config: DatabaseConfig,
  database: DatabaseHolder = databaseFor(config),
) {
  let built: { opened: OpenedDatabase; store: SqlLeadStore } | null = null;
  return {
    async get(): Promise<LeadStore> {
      const opened = await database.get();
      if (built?.opened !== opened) built = { opened, store: leadStoreOn(opened) };
      return built.store;
    },
    async close(): Promise<void> {
      const store = built?.store;
      built = null;
      await store?.close();
      await database.close();
    },
  };
}
