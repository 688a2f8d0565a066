/**
 * The agency side's store over an open lead store: the same database, connection and schema
 * (SQLite file or PostgreSQL pool), whose migrations created the tables when it opened.
 */
import type { PostgresLeadStore } from "../../leads/store/postgres.ts";
import type { SqliteLeadStore } from "../../leads/store/sqlite.ts";
import type { LeadStore } from "../../leads/store/types.ts";
import { PostgresAdminStore } from "./postgres.ts";
import { SqliteAdminStore } from "./sqlite.ts";
import type { AdminStore } from "./types.ts";

export type { AdminStore, AuditEntry, Role, SessionRecord, StaffRecord } from "./types.ts";
export { roles } from "./types.ts";

const stores = new WeakMap<LeadStore, AdminStore>();

/** The admin store sharing `leads`' connection (one per lead store). */
export function adminStoreFor(leads: LeadStore): AdminStore {
  let store = stores.get(leads);
  if (!store) {
    // By driver, not instanceof: the server's bundle and the source the Node fast path loads are
    // two copies of the store classes, and the process shares one store between them.
    if (leads.driver === "sqlite")
      store = new SqliteAdminStore((leads as SqliteLeadStore).database);
    else if (leads.driver === "postgres")
      store = new PostgresAdminStore((leads as PostgresLeadStore).sql);
    else throw new Error("No admin store for this kind of lead store");
    stores.set(leads, store);
  }
  return store;
}
