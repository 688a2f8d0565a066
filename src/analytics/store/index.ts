/** The analytics store sharing an open lead store's connection (one per lead store). */
import type { PostgresLeadStore } from "../../leads/store/postgres.ts";
import { SqliteLeadStore } from "../../leads/store/sqlite.ts";
import type { LeadStore } from "../../leads/store/types.ts";
import { PostgresAnalyticsStore } from "./postgres.ts";
import { SqliteAnalyticsStore } from "./sqlite.ts";
import type { AnalyticsStore } from "./types.ts";

export type * from "./types.ts";

const stores = new WeakMap<LeadStore, AnalyticsStore>();

export function analyticsStoreFor(leads: LeadStore): AnalyticsStore {
  let store = stores.get(leads);
  if (!store) {
    store =
      leads instanceof SqliteLeadStore
        ? new SqliteAnalyticsStore(leads.database)
        : new PostgresAnalyticsStore((leads as PostgresLeadStore).sql);
    stores.set(leads, store);
  }
  return store;
}
