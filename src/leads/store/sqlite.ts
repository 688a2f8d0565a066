/**
 * The default store: one SQLite file (DATA_DIR/leads.db) through Node's built-in node:sqlite.
 *
 * Durability: the database runs in WAL mode. `insert` returns only after SQLite has committed the
 * row, i.e. written it to the WAL file with write(2). With synchronous=NORMAL (the default) that
 * write lives in the operating system's page cache, so it survives a crash or kill -9 of the
 * server process; a power loss or kernel crash may lose the last commits before the next
 * checkpoint (the database itself stays consistent). With LEADS_SQLITE_SYNC=full every commit
 * also waits for fsync(2) of the WAL, so an acknowledged lead survives a power loss too, as far
 * as the disk honours flushes, at the cost of one fsync per lead.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync, type StatementSync } from "node:sqlite";
import { migrationsTableSql, pendingMigrations } from "./migrations/index.ts";
import { StoreUnavailableError, type LeadQuery, type LeadRecord, type LeadStore } from "./types.ts";

export type SqliteSync = "normal" | "full";

interface Row {
  id: string;
  kind: string;
  form: string;
  subject: string | null;
  created_at: string;
  spam: number;
  fields: string;
  metadata: string;
}

const COLUMNS = "id, kind, form, subject, created_at, spam, fields, metadata";

function toRecord(row: Row): LeadRecord {
  return {
    id: row.id,
    kind: row.kind as LeadRecord["kind"],
    form: row.form as LeadRecord["form"],
    subject: row.subject,
    createdAt: row.created_at,
    spam: row.spam === 1,
    fields: JSON.parse(row.fields) as LeadRecord["fields"],
    metadata: JSON.parse(row.metadata) as LeadRecord["metadata"],
  };
}

function unavailable(error: unknown): StoreUnavailableError {
  const code = (error as { code?: string; errstr?: string }).errstr;
  return new StoreUnavailableError(`SQLite store failed: ${(error as Error).message}`, {
    cause: error,
    code,
  });
}

export class SqliteLeadStore implements LeadStore {
  readonly driver = "sqlite" as const;
  readonly file: string;
  readonly appliedOnOpen: readonly number[];
  #db: DatabaseSync;
  #insert: StatementSync;
  #get: StatementSync;

  constructor(file: string, sync: SqliteSync = "normal") {
    this.file = file;
    try {
      mkdirSync(dirname(file), { recursive: true });
      this.#db = new DatabaseSync(file);
      this.#db.exec("PRAGMA journal_mode = WAL");
      this.#db.exec(`PRAGMA synchronous = ${sync === "full" ? "FULL" : "NORMAL"}`);
      this.#db.exec("PRAGMA busy_timeout = 5000");
    } catch (error) {
      throw unavailable(error);
    }
    this.appliedOnOpen = this.migrateSync();
    this.#insert = this.#db.prepare(
      `INSERT INTO leads (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.#get = this.#db.prepare(`SELECT ${COLUMNS} FROM leads WHERE id = ?`);
  }

  /** Runs pending migrations under an immediate (write) lock; returns the versions applied. */
  migrateSync(): number[] {
    const db = this.#db;
    try {
      db.exec("BEGIN IMMEDIATE");
      try {
        db.exec(migrationsTableSql);
        const applied = (
          db.prepare("SELECT version FROM schema_migrations").all() as {
            version: number;
          }[]
        ).map((r) => r.version);
        const done: number[] = [];
        const record = db.prepare(
          "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
        );
        for (const m of pendingMigrations(applied)) {
          db.exec(m.sqlite);
          record.run(m.version, m.name, new Date().toISOString());
          done.push(m.version);
        }
        db.exec("COMMIT");
        return done;
      } catch (error) {
        db.exec("ROLLBACK");
        throw error;
      }
    } catch (error) {
      throw unavailable(error);
    }
  }

  async migrate(): Promise<number[]> {
    return this.migrateSync();
  }

  async insert(lead: LeadRecord): Promise<void> {
    try {
      this.#insert.run(
        lead.id,
        lead.kind,
        lead.form,
        lead.subject,
        lead.createdAt,
        lead.spam ? 1 : 0,
        JSON.stringify(lead.fields),
        JSON.stringify(lead.metadata),
      );
    } catch (error) {
      throw unavailable(error);
    }
  }

  async get(id: string): Promise<LeadRecord | null> {
    const row = this.#get.get(id) as Row | undefined;
    return row ? toRecord(row) : null;
  }

  async list(query: LeadQuery = {}): Promise<LeadRecord[]> {
    const where: string[] = [];
    const params: (string | number)[] = [];
    if (query.since) {
      where.push("created_at >= ?");
      params.push(query.since);
    }
    if (query.kind) {
      where.push("kind = ?");
      params.push(query.kind);
    }
    if (!query.includeSpam) where.push("spam = 0");
    let sql = `SELECT ${COLUMNS} FROM leads`;
    if (where.length) sql += ` WHERE ${where.join(" AND ")}`;
    sql += " ORDER BY created_at, id";
    if (query.limit) {
      sql += " LIMIT ?";
      params.push(query.limit);
    }
    try {
      return (this.#db.prepare(sql).all(...params) as unknown as Row[]).map(toRecord);
    } catch (error) {
      throw unavailable(error);
    }
  }

  async ping(): Promise<void> {
    try {
      this.#db.prepare("SELECT count(*) FROM schema_migrations").get();
    } catch (error) {
      throw unavailable(error);
    }
  }

  async close(): Promise<void> {
    if (this.#db.isOpen) this.#db.close();
  }
}
