/**
 * A failure of a store reached through the driver (src/server/db.ts), as the rest of the app
 * expects it: a StoreUnavailableError (503, "try again shortly"), whichever database it was.
 */
import type { Db } from "../../server/db.ts";
import { unavailable as postgresUnavailable } from "./postgres.ts";
import { unavailable as sqliteUnavailable } from "./sqlite.ts";
import { StoreUnavailableError } from "./types.ts";

export const unavailableError = (db: Db, error: unknown): StoreUnavailableError =>
  error instanceof StoreUnavailableError
    ? error
    : db.dialect === "sqlite"
      ? sqliteUnavailable(error)
      : postgresUnavailable(error);
