/**
 * Keeps the process's one open connection (src/db/connection.ts), opened and migrated on first
 * use by `open`. A failed open is not cached: the next call tries again, so the server recovers
 * on its own once the database is back. The composition root (src/app/root.ts) holds one and
 * hands its `get` to every service that builds a store over it.
 */
import type { Connection } from "./connection.ts";

/** An open connection and the migration versions its opening applied. */
export interface OpenedDatabase {
  connection: Connection;
  applied: readonly number[];
}

export interface DatabaseHolder {
  get(): Promise<OpenedDatabase>;
  /** The connection, once open. */
  connection(): Promise<Connection>;
  close(): Promise<void>;
}

export function databaseHolder(open: () => Promise<OpenedDatabase>): DatabaseHolder {
  let pending: Promise<OpenedDatabase> | null = null;
  const get = (): Promise<OpenedDatabase> => {
    pending ??= open().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
  return {
    get,
    connection: async () => (await get()).connection,
    async close(): Promise<void> {
      const p = pending;
      pending = null;
      if (p) await (await p.catch(() => null))?.connection.close();
    },
  };
}

/**
 * A store built over the connection `connection` resolves, once per connection (a connection
 * opened again after a failure gets a store of its own).
 */
export function builtOn<T>(
  connection: () => Promise<Connection>,
  build: (connection: Connection) => T,
): () => Promise<T> {
  let built: { on: Connection; value: T } | null = null;
  return async () => {
    const on = await connection();
    if (built?.on !== on) built = { on, value: build(on) };
    return built.value;
  };
}
