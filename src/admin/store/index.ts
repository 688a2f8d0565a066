/**
 * The agency side's store over an open lead store: the same database, connection and schema
 * (SQLite file or PostgreSQL pool), whose migrations created the tables when it opened.
 */
import { PostgresLeadStore } from "../../leads/store/postgres.ts";
import { SqliteLeadStore } from "../../leads/store/sqlite.ts";
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
    if (leads instanceof SqliteLeadStore) store = new SqliteAdminStore(leads.database);
    else if (leads instanceof PostgresLeadStore) store = new PostgresAdminStore(leads.sql);
    else throw new Error("No admin store for this kind of lead store");
    stores.set(leads, store);
  }
  return store;
}
