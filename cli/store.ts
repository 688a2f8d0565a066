/**
 * The store a command reads or writes, opened as the settings select it and named on standard
 * error (the commands' bodies and the admin CLI; never the command table, which stays light).
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { LeadConfig } from "../src/leads/config.ts";
import { openStore, sqliteFile } from "../src/leads/store/index.ts";
import { SqliteLeadStore } from "../src/leads/store/sqlite.ts";
import type { LeadStore } from "../src/leads/store/types.ts";
import { plural } from "./command.ts";
import { printable } from "./terminal.ts";

/** The store the settings select, in words: driver and where, never a password. */
export function storeName(config: LeadConfig): string {
  if (config.databaseUrl) {
    let where = "(unparsable DATABASE_URL)";
    try {
      const url = new URL(config.databaseUrl);
      const host = url.host || url.searchParams.get("host") || "localhost";
      where = `${host}${url.pathname || "/"}`;
    } catch {
      // Never echo the URL itself: it may hold a password.
    }
    return `postgres ${where} schema ${config.databaseSchema || "public"}`;
  }
  return `sqlite ${resolve(sqliteFile(config))}`;
}

/**
 * Opens the store the settings select and names it on standard error with its lead count. A read
 * of a SQLite file that does not exist creates nothing (`create` false): most likely DATA_DIR is
 * not the server's, and an empty file in the wrong place would only hide that.
 */
export async function openLeadStore(
  config: LeadConfig,
  note: (text: string) => void,
  create = false,
): Promise<LeadStore> {
  const name = storeName(config);
  const missing = !config.databaseUrl && !create && !existsSync(sqliteFile(config));
  const store = missing ? new SqliteLeadStore(":memory:") : await openStore(config);
  try {
    note(
      printable(
        missing
          ? `store: ${name} (no such file, so no leads: ` +
              "the CLI reads DATA_DIR or DATABASE_URL as the server does)"
          : `store: ${name} (${plural(await store.countLeads(), "lead")})`,
      ),
    );
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

/** Runs `work` on the opened store and closes it, whatever happens. */
export async function withStore<T>(
  config: LeadConfig,
  note: (text: string) => void,
  work: (store: LeadStore) => Promise<T>,
  create = false,
): Promise<T> {
  const store = await openLeadStore(config, note, create);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}
