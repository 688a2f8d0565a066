/**
 * The process's connection to its database: one SQLite file through Node's built-in node:sqlite
 * (the default, DATA_DIR/leads.db) or a PostgreSQL pool through the `postgres` driver (when
 * DATABASE_URL is a postgres:// URL). Every store (leads, the agency side, analytics, the website
 * checks) is built over the same connection, handed to it by the composition root
 * (src/app/root.ts): one file or pool, one schema, one transaction lock.
 *
 * SQLite durability: the database runs in WAL mode, and a write resolves only once SQLite has
 * committed it. With synchronous=FULL (the default, LEADS_SQLITE_SYNC=full) every commit waits
 * for fsync(2) of the WAL, so an acknowledged lead survives a crash of the server and a power
 * loss or kernel crash too, as far as the disk honours flushes. With LEADS_SQLITE_SYNC=normal the
 * commit is written to the WAL with write(2) only: it survives a crash or kill -9 of the server
 * but not of the machine (the last commits before the next checkpoint may be lost; the database
 * itself stays consistent).
 *
 * PostgreSQL durability: a write resolves after its commit; with PostgreSQL's default
 * synchronous_commit=on the commit record is flushed to the WAL on disk first. DATABASE_SCHEMA
 * (default "public") puts the tables in another schema, created by the migrations when missing;
 * the tests use it to give every run its own schema.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync } from "node:sqlite";
import postgres from "postgres";
import { postgresDb, sqliteDb, type Db } from "./driver.ts";
import { unavailable } from "./errors.ts";

export type SqliteSync = "normal" | "full";

export interface SqliteConnection {
  readonly dialect: "sqlite";
  /** The driver every store's queries run on. */
  readonly db: Db;
  /** The open database, for what the driver cannot say (migrations, the backup, the indexer). */
  readonly sqlite: DatabaseSync;
  readonly file: string;
  close(): Promise<void>;
}

export interface PostgresConnection {
  readonly dialect: "postgres";
  readonly db: Db;
  /** The pool, for what the driver cannot say (migrations, the lead insert's queue deadline). */
  readonly sql: postgres.Sql;
  readonly schema: string;
  close(): Promise<void>;
}

export type Connection = SqliteConnection | PostgresConnection;

/** Opens (creating when missing) the SQLite file `file`. */
export function openSqlite(file: string, sync: SqliteSync = "full"): SqliteConnection {
  let db: DatabaseSync;
  try {
    mkdirSync(dirname(file), { recursive: true });
    db = new DatabaseSync(file);
    db.exec("PRAGMA journal_mode = WAL");
    db.exec(`PRAGMA synchronous = ${sync === "full" ? "FULL" : "NORMAL"}`);
    db.exec("PRAGMA busy_timeout = 5000");
    // What a delete frees is overwritten with zeros, so an erased lead leaves no bytes behind
    // in the file (issue 23; the WAL is truncated after an erasure: AdminStore.forgetErased).
    db.exec("PRAGMA secure_delete = ON");
  } catch (error) {
    throw unavailable("sqlite", error);
  }
  return {
    dialect: "sqlite",
    db: sqliteDb(db),
    sqlite: db,
    file,
    async close() {
      if (db.isOpen) db.close();
    },
  };
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Seconds before a pooled connection tries again after `retries` failures in a row. */
export function reconnectDelaySeconds(retries: number): number {
  return (0.5 + Math.random() / 2) * Math.min(0.05 * 2 ** retries, 1);
}

export interface PostgresOptions {
  schema?: string | undefined;
  /** Connections in the pool. */
  max?: number | undefined;
}

/** A pool on `url` (connections are made on first use: opening never fails for an outage). */
export function openPostgres(url: string, options: PostgresOptions = {}): PostgresConnection {
  const schema = options.schema || "public";
  if (!SCHEMA_NAME.test(schema)) throw new Error(`DATABASE_SCHEMA "${schema}" is not a plain name`);
  const sql = postgres(url, {
    max: options.max ?? 10,
    // A new connection that PostgreSQL does not answer within 2 s fails (the store answers
    // 503): during a restart's shutdown checkpoint the server accepts connections it never
    // answers, and with 5 s here posts waited 4.6 s for their 503 (CI, a 7 s restart). A
    // healthy server answers in milliseconds, TLS included, even across a region.
    connect_timeout: 2,
    // After a failed connection the driver waits before the next attempt, and a query waits
    // with it: by default up to 20 s, so during a database restart requests hung instead of
    // answering 503. Keep the wait short (jittered, at most 1 s): a query meets the outage
    // (and is answered 503) or the recovered database within about a second.
    backoff: reconnectDelaySeconds,
    idle_timeout: 60,
    onnotice: () => {},
    // No JIT: it compiles a query each time it runs once its estimated cost passes
    // jit_above_cost, which the inbox's report queries do at a million leads (the first
    // page's speed-to-lead line spent ~40 ms compiling to save nothing; D196).
    // greenline.funnel_by_app: the lead insert's search-index mark stands for its roll-up delta
    // (src/leads/store/insert.ts, migration 32, D227), so migration 31's insert trigger, which
    // fires only on sessions without this setting, leaves the pool's inserts alone.
    connection: {
      search_path: schema,
      application_name: "leads",
      jit: "off",
      "greenline.funnel_by_app": "on",
    },
  });
  return {
    dialect: "postgres",
    db: postgresDb(sql),
    sql,
    schema,
    close: () => sql.end({ timeout: 5 }),
  };
}

/**
 * How long a lead's statement may wait for a connection before it is given up (and the post
 * answered 503). During a database restart the pool reconnects one connection attempt at a time
 * and hands each attempt one waiting statement, so the waiting ones failed one by one: posts
 * waited 4.6-7 s for their 503 in CI when a restart took 10-19 s. A healthy pool sends a
 * statement within milliseconds, even at thousands of leads a second.
 */
export const STATEMENT_QUEUE_DEADLINE_MS = 1_500;

/**
 * Awaits `query`, cancelling it if it has not been sent to the database within `deadlineMs`. A
 * statement not yet sent is then never sent (postgres.js drops a cancelled query from its queue
 * and from a connection still connecting) and fails at once with 57014, so nothing is stored that
 * the answer does not report. A statement already sent is left to finish or fail on its own: it
 * is not cancelled on the server, whose answer would then be known only to the database (and
 * postgres.js's cancel request, on a connection of its own, would fail unhandled during an
 * outage). postgres.js sets `state` on a query when a connection sends it.
 */
export async function withQueueDeadline<T>(
  query: postgres.PendingQuery<postgres.Row[]> & Promise<T>,
  deadlineMs = STATEMENT_QUEUE_DEADLINE_MS,
): Promise<T> {
  const timer = setTimeout(() => {
    if (!(query as unknown as { state?: unknown }).state) void query.cancel();
  }, deadlineMs);
  try {
    return await query;
  } finally {
    clearTimeout(timer);
  }
}
