/** The website checks' store over the process's connection (src/db/connection.ts). */
import type { Connection } from "../../db/connection.ts";
import { SqlAuditJobStore } from "./store.ts";
import type { AuditJobStore } from "./types.ts";

export type * from "./types.ts";

/** The website checks' store on `connection`. */
export const auditJobStoreOn = (connection: Connection): AuditJobStore =>
  new SqlAuditJobStore(connection.db);

/** The store on the connection of `leads` (a lead store, or anything holding one). */
export const auditJobStoreFor = (leads: { readonly connection: Connection }): AuditJobStore =>
  auditJobStoreOn(leads.connection);
