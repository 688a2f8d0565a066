/**
 * Picks the store: PostgreSQL when DATABASE_URL is a postgres:// URL, else SQLite in DATA_DIR.
 * Opening a store runs its pending migrations.
 */
import { join } from "node:path";
import type { LeadConfig } from "../config.ts";
import { PostgresLeadStore } from "./postgres.ts";
import { SqliteLeadStore } from "./sqlite.ts";
import type { LeadStore } from "./types.ts";

export type { LeadQuery, LeadRecord, LeadStore } from "./types.ts";
export { StoreUnavailableError } from "./types.ts";

export function sqliteFile(config: Pick<LeadConfig, "dataDir">): string {
  return join(config.dataDir, "leads.db");
}

/** Opens the configured store and brings its schema up to date. */
export async function openStore(config: LeadConfig): Promise<LeadStore> {
  if (config.databaseUrl) {
    const store = new PostgresLeadStore(config.databaseUrl, { schema: config.databaseSchema });
    try {
      store.appliedOnOpen = await store.migrate();
    } catch (error) {
      await store.close().catch(() => {});
      throw error;
    }
    return store;
  }
  return new SqliteLeadStore(sqliteFile(config), config.sqliteSync);
}

/**
 * Keeps one open store per process. A failed open is not cached: the next call tries again, so
 * the server recovers on its own once the database is back.
 */
export function storeHolder(config: LeadConfig) {
  let pending: Promise<LeadStore> | null = null;
  return {
    get(): Promise<LeadStore> {
      pending ??= openStore(config).catch((error: unknown) => {
        pending = null;
        throw error;
      });
      return pending;
    },
    async close(): Promise<void> {
      const p = pending;
      pending = null;
      if (p) await (await p.catch(() => null))?.close();
    },
  };
}
