/** The analytics store over the process's connection (src/db/connection.ts). */
import type { Connection } from "../../db/connection.ts";
import { SqlAnalyticsStore } from "./store.ts";
import type { AnalyticsStore } from "./types.ts";

export type * from "./types.ts";

/** The analytics store on `connection`. */
export const analyticsStoreOn = (connection: Connection): AnalyticsStore =>
  new SqlAnalyticsStore(connection);

/** The store on the connection of `leads` (a lead store, or anything holding one). */
export const analyticsStoreFor = (leads: { readonly connection: Connection }): AnalyticsStore =>
  analyticsStoreOn(leads.connection);
