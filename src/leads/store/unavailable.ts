/**
 * A failure of a store reached through the driver (src/server/db.ts), as the rest of the app
 * expects it: a StoreUnavailableError (503, "try again shortly"), whichever database it was.
 * The stores written once over the driver (the admin store, the website checks' store) run every
 * call through `onStore`.
 */
import type { Db } from "../../server/db.ts";
import { unavailable as postgresUnavailable } from "./postgres.ts";
import { unavailable as sqliteUnavailable } from "./sqlite.ts";
import { StoreUnavailableError } from "./types.ts";

const unavailableError = (db: Db, error: unknown): StoreUnavailableError =>
  error instanceof StoreUnavailableError
    ? error
    : db.dialect === "sqlite"
      ? sqliteUnavailable(error)
      : postgresUnavailable(error);

/** Runs `work` on `db`; any failure of it is the store being unavailable. */
export async function onStore<T>(db: Db, work: (db: Db) => Promise<T>): Promise<T> {
  try {
    return await work(db);
  } catch (error) {
    throw unavailableError(db, error);
  }
}
