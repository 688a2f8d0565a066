/**
 * One thin driver per database, so a query is written once for both stores (decision D184).
 *
 * - SQL is written with PostgreSQL's numbered placeholders (`$1`, `$2`, …); the SQLite driver
 *   rewrites them to SQLite's own numbered form (`?1`, `?2`, …), which binds the same way.
 * - Rows come back with SQLite's shapes on both: a PostgreSQL `Date` becomes its ISO string, so
 *   timestamps read the same from `timestamptz` and from SQLite's ISO text.
 * - Parameters: a boolean is bound as 1/0 on SQLite. Count with `CAST(count(*) AS INTEGER)` (a
 *   bare `count(*)` is a bigint string on PostgreSQL); read flags with `Boolean(row.flag)`.
 * - A dialect branch (`db.dialect`) only where the databases really differ: upserts with
 *   conflicting columns of their own, arrays, full-text search, JSON, date arithmetic.
 *
 * SQLite has one connection per process and its calls are synchronous: a transaction holds a
 * lock, so statements through this driver wait for it instead of running inside it. Its work
 * must await nothing but the driver (no hashing, no network): a transaction still open when the
 * event loop moves on is rolled back with an error, since other code would have run inside it.
 */
import type { DatabaseSync, SQLInputValue, StatementSync } from "node:sqlite";
import type postgres from "postgres";

export type Param = string | number | bigint | boolean | null | Uint8Array | readonly string[];
export type Dialect = "sqlite" | "postgres";

export interface Db {
  readonly dialect: Dialect;
  /** Every row of a query. */
  all<T>(sql: string, params?: readonly Param[]): Promise<T[]>;
  /** The first row, or undefined. */
  one<T>(sql: string, params?: readonly Param[]): Promise<T | undefined>;
  /** A write; resolves to the number of rows it changed. */
  run(sql: string, params?: readonly Param[]): Promise<number>;
  /** Runs `work` in one transaction, committed when it resolves and rolled back if it throws. */
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;
}

/**
 * The SQL fragments every store's queries need where the two databases really differ; a store
 * adds its own beside them (src/admin/store/sql.ts). Pinned by tests/unit/admin-store-sql.test.ts
 * and tests/unit/audit-store-sql.test.ts.
 */
export interface DialectSql {
  /** Row locks for the rest of the transaction (PostgreSQL; SQLite's transaction locks it all). */
  forUpdate(of?: string): string;
  /** Row locks that pass over rows another transaction holds (a queue's claim). */
  skipLocked(): string;
  /** `column` in the list of values bound as `$n` (an array parameter). */
  inList(column: string, n: number): string;
  /** A JSON parameter `$n` bound as its text (PostgreSQL's driver would encode a string again). */
  jsonParam(n: number): string;
}

const dialects: Record<Dialect, DialectSql> = {
  sqlite: {
    forUpdate: () => "",
    skipLocked: () => "",
    inList: (column, n) => `${column} IN (SELECT value FROM json_each($${n}))`,
    jsonParam: (n) => `$${n}`,
  },
  postgres: {
    forUpdate: (of) => (of ? ` FOR UPDATE OF ${of}` : " FOR UPDATE"),
    skipLocked: () => " FOR UPDATE SKIP LOCKED",
    inList: (column, n) => `${column} = ANY($${n})`,
    jsonParam: (n) => `$${n}::text::jsonb`,
  },
};

/** The fragments of `db`'s dialect. */
export const dialectSql = (db: Pick<Db, "dialect">): DialectSql => dialects[db.dialect];

/** A JSON column's value: parsed from SQLite's text, as PostgreSQL's driver already parsed it. */
export const json = <T>(value: string | T): T =>
  typeof value === "string" ? (JSON.parse(value) as T) : value;

/** `$1` → `?1`, outside quoted strings and identifiers. */
export function toSqlitePlaceholders(sql: string): string {
  return sql.replace(/('(?:[^']|'')*'|"(?:[^"]|"")*")|\$(\d+)/g, (match, quoted, n) =>
    quoted ? match : `?${n}`,
  );
}

const sqliteParam = (value: Param): SQLInputValue => {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (Array.isArray(value)) return JSON.stringify(value);
  return value as SQLInputValue;
};

const sqliteDrivers = new WeakMap<DatabaseSync, Db>();

/**
 * The driver over the process's one SQLite connection (prepared statements kept by text): one
 * per connection, so every store on it shares the transaction lock.
 */
export function sqliteDb(db: DatabaseSync): Db {
  let driver = sqliteDrivers.get(db);
  if (!driver) sqliteDrivers.set(db, (driver = newSqliteDb(db)));
  return driver;
}

/** A transaction lock: whether one is open, and its promise to wait on. */
interface Lock {
  held: Promise<unknown>;
  open: boolean;
}

/**
 * One lock per database file in this process, shared by its connections: a second connection
 * (a test's second "server", a tool) waits for the transaction instead of blocking the event
 * loop in SQLite's busy wait while the transaction it waits for cannot go on.
 */
const fileLocks = new Map<string, Lock>();
const lockOf = (db: DatabaseSync): Lock => {
  const file = db.location();
  let lock = file ? fileLocks.get(file) : undefined;
  if (!lock) {
    lock = { held: Promise.resolve(), open: false };
    if (file) fileLocks.set(file, lock);
  }
  return lock;
};

function newSqliteDb(db: DatabaseSync): Db {
  const statements = new Map<string, StatementSync>();
  const prepared = (sql: string): StatementSync => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(toSqlitePlaceholders(sql));
      if (statements.size >= 300) statements.clear();
      statements.set(sql, statement);
    }
    return statement;
  };
  const bind = (params: readonly Param[]) => params.map(sqliteParam);
  const lock = lockOf(db);

  const direct = (wait: boolean): Db => {
    // Waits out an open transaction. The caller must act in the same synchronous step as the
    // last check (no await between): a transaction begun between a check and the statement
    // would otherwise take the statement in, or fail to begin inside another.
    const gate = async () => {
      if (!wait) return;
      while (lock.open) await lock.held.catch(() => {});
    };
    const locked = () => wait && lock.open;
    const self: Db = {
      dialect: "sqlite",
      async all<T>(sql: string, params: readonly Param[] = []) {
        while (locked()) await gate();
        return prepared(sql).all(...bind(params)) as T[];
      },
      async one<T>(sql: string, params: readonly Param[] = []) {
        while (locked()) await gate();
        return prepared(sql).get(...bind(params)) as T | undefined;
      },
      async run(sql: string, params: readonly Param[] = []) {
        while (locked()) await gate();
        return Number(prepared(sql).run(...bind(params)).changes);
      },
      async transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
        if (!wait) return work(self); // already inside one: join it
        while (locked()) await gate();
        lock.open = true;
        let open = true;
        let overran = false;
        setImmediate(() => (overran = open));
        const result = (async () => {
          let begun = false;
          try {
            // Inside the try: a BEGIN refused (SQLITE_BUSY) must release the lock too.
            db.exec("BEGIN IMMEDIATE");
            begun = true;
            const value = await work(inside);
            if (overran) throw new Error("A SQLite transaction awaited more than the driver");
            db.exec("COMMIT");
            return value;
          } catch (error) {
            if (begun && db.isTransaction) db.exec("ROLLBACK");
            throw error;
          } finally {
            open = false;
            lock.open = false;
          }
        })();
        lock.held = result;
        return result;
      },
    };
    return self;
  };
  const inside = direct(false);
  return direct(true);
}

const fromPostgres = <T>(row: Record<string, unknown>): T => {
  for (const key in row) {
    const value = row[key];
    if (value instanceof Date) row[key] = value.toISOString();
  }
  return row as T;
};

/** The driver over a `postgres` pool or one of its transactions. */
export function postgresDb(sql: postgres.Sql | postgres.TransactionSql): Db {
  const query = (text: string, params: readonly Param[]) =>
    sql.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare: true });
  return {
    dialect: "postgres",
    async all<T>(text: string, params: readonly Param[] = []) {
      const rows = await query(text, params);
      return rows.map((row) => fromPostgres<T>(row));
    },
    async one<T>(text: string, params: readonly Param[] = []) {
      const [row] = await query(text, params);
      return row ? fromPostgres<T>(row) : undefined;
    },
    async run(text: string, params: readonly Param[] = []) {
      return (await query(text, params)).count;
    },
    async transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
      if ("savepoint" in sql) return work(postgresDb(sql));
      return (await (sql as postgres.Sql).begin((tx) => work(postgresDb(tx)))) as T;
    },
  };
}
