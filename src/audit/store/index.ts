/** The website checks' store sharing an open lead store's connection (one per lead store). */
import type { PostgresLeadStore } from "../../leads/store/postgres.ts";
import { SqliteLeadStore } from "../../leads/store/sqlite.ts";
import type { LeadStore } from "../../leads/store/types.ts";
import { PostgresAuditJobStore } from "./postgres.ts";
import { SqliteAuditJobStore } from "./sqlite.ts";
import type { AuditJobStore } from "./types.ts";

export type * from "./types.ts";

const stores = new WeakMap<LeadStore, AuditJobStore>();

export function auditJobStoreFor(leads: LeadStore): AuditJobStore {
  let store = stores.get(leads);
  if (!store) {
    store =
      leads instanceof SqliteLeadStore
        ? new SqliteAuditJobStore(leads.database)
        : new PostgresAuditJobStore((leads as PostgresLeadStore).sql);
    stores.set(leads, store);
  }
  return store;
}
