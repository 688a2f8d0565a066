/**
 * The agency side's store over the process's connection (src/db/connection.ts): the same
 * database and schema as the leads, whose migrations created its tables when it opened. The
 * composition root builds it from the connection (../service.ts); the sweeps, deliverers and
 * tools handed a lead store build it from that store's connection.
 */
import type { Connection } from "../../db/connection.ts";
import { PostgresAdminStore } from "./postgres.ts";
import { SqliteAdminStore } from "./sqlite.ts";
import type { AdminStore } from "./types.ts";

export type { AdminStore, AuditEntry, Role, SessionRecord, StaffRecord } from "./types.ts";
export { roles } from "./types.ts";

/** The admin store on `connection`. */
export function adminStoreOn(connection: Connection): AdminStore {
  return connection.dialect === "sqlite"
    ? new SqliteAdminStore(connection)
    : new PostgresAdminStore(connection);
}

/** The admin store on the connection of `leads` (a lead store, or anything holding one). */
export function adminStoreFor(leads: { readonly connection: Connection }): AdminStore {
  return adminStoreOn(leads.connection);
}
