/** The website checks' store sharing an open lead store's connection (one per lead store). */
import { postgresDb, sqliteDb } from "../../server/db.ts";
import { PostgresLeadStore } from "../../leads/store/postgres.ts";
import { SqliteLeadStore } from "../../leads/store/sqlite.ts";
import type { LeadStore } from "../../leads/store/types.ts";
import { SqlAuditJobStore } from "./store.ts";
import type { AuditJobStore } from "./types.ts";

export type * from "./types.ts";

const stores = new WeakMap<LeadStore, AuditJobStore>();

export function auditJobStoreFor(leads: LeadStore): AuditJobStore {
  let store = stores.get(leads);
  if (!store) {
    if (leads instanceof SqliteLeadStore) store = new SqlAuditJobStore(sqliteDb(leads.database));
    else if (leads instanceof PostgresLeadStore)
      store = new SqlAuditJobStore(postgresDb(leads.sql));
    else throw new Error("No website-check store for this kind of lead store");
    stores.set(leads, store);
  }
  return store;
}
