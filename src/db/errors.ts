/**
 * A failure of the database, as the rest of the app expects it: a StoreUnavailableError (503,
 * "try again shortly"), whichever database it was. Every store over the driver (./driver.ts)
 * runs its calls through `onStore`, so a refused write or a lost connection reads the same from
 * SQLite and from PostgreSQL.
 */
import type { Db, Dialect } from "./driver.ts";

/** Thrown when the store cannot be reached or fails to commit: answered with 503. */
export class StoreUnavailableError extends Error {
  override readonly name = "StoreUnavailableError";
  readonly code: string | undefined;
  constructor(message: string, options?: { cause?: unknown; code?: string | undefined }) {
    super(message, { cause: options?.cause });
    this.code = options?.code;
  }
}

/** `error` of a `dialect` database as the store being unavailable (already one: as it is). */
export function unavailable(dialect: Dialect, error: unknown): StoreUnavailableError {
  if (error instanceof StoreUnavailableError) return error;
  const message = (error as Error)?.message ?? String(error);
  if (dialect === "sqlite") {
    return new StoreUnavailableError(`SQLite store failed: ${message}`, {
      cause: error,
      code: (error as { errstr?: string }).errstr,
    });
  }
  return new StoreUnavailableError(`PostgreSQL store failed: ${message}`, {
    cause: error,
    code: (error as { code?: string }).code,
  });
}

/** Runs `work` on `db`; any failure of it is the store being unavailable. */
export async function onStore<T>(db: Db, work: (db: Db) => Promise<T>): Promise<T> {
  try {
    return await work(db);
  } catch (error) {
    throw unavailable(db.dialect, error);
  }
}

/** Runs `work` (a dialect's own code, beside the driver); any failure is the store unavailable. */
export async function orUnavailable<T>(dialect: Dialect, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw unavailable(dialect, error);
  }
}
