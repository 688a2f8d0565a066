/**
 * The default store: one SQLite file (DATA_DIR/leads.db) through Node's built-in node:sqlite.
 *
 * Durability: the database runs in WAL mode. `insert` returns only after SQLite has committed the
 * row. With synchronous=FULL (the default, LEADS_SQLITE_SYNC=full) every commit waits for
 * fsync(2) of the WAL, so an acknowledged lead survives a crash of the server and a power loss or
 * kernel crash too, as far as the disk honours flushes. With LEADS_SQLITE_SYNC=normal the commit
 * is written to the WAL with write(2) only: it lives in the operating system's page cache, which
 * survives a crash or kill -9 of the server but not of the machine (the last commits before the
 * next checkpoint may be lost; the database itself stays consistent).
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync, type StatementSync } from "node:sqlite";
import {
  applySqliteMigrations,
  migrationsTableSql,
  pendingMigrations,
} from "./migrations/index.ts";
import { leadJobInsertParams, leadJobInsertSql } from "./auditJobInsert.ts";
import { toSqlitePlaceholders } from "../../server/db.ts";
import { agencyHours } from "../../config/agency.ts";
import { syncAgencyClockSqlite } from "./agencyClock.ts";
import { notificationsDueAt, partialToComplete } from "./partials.ts";
import {
  indexAllPendingSearch,
  indexPendingSearch,
  SEARCH_BACKLOG,
  SEARCH_QUIET_MS,
} from "./searchIndex.ts";
import {
  byChannel,
  StoreUnavailableError,
  type Channel,
  type ClaimedNotification,
  type ClaimRequest,
  type InsertOptions,
  type LeadQuery,
  type LeadRecord,
  type LeadStore,
  type NewNotification,
  type NotificationStatus,
  type OutboxCounts,
  type OutboxOutcome,
  type OutboxRow,
} from "./types.ts";

export type SqliteSync = "normal" | "full";

export interface Row {
  id: string;
  kind: string;
  form: string;
  subject: string | null;
  created_at: string;
  spam: number;
  fields: string;
  metadata: string;
  completed_by: string | null;
}

/** The columns a new lead is inserted with. */
const COLUMNS = "id, kind, form, subject, created_at, spam, fields, metadata";
/** The columns a lead is read with. */
export const READ_COLUMNS = `${COLUMNS}, completed_by`;

interface OutboxDbRow {
  id: string;
  lead_id: string;
  channel: string;
  status: string;
  attempts: number;
  next_attempt_at: string;
  give_up_at: string;
  last_error: string | null;
  claimed_by: string | null;
  claimed_until: string | null;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
}

const OUTBOX_COLUMNS =
  "id, lead_id, channel, status, attempts, next_attempt_at, give_up_at, last_error, claimed_by, claimed_until, created_at, updated_at, sent_at";

function toOutboxRow(row: OutboxDbRow): OutboxRow {
  return {
    id: row.id,
    leadId: row.lead_id,
    channel: row.channel as Channel,
    status: row.status as NotificationStatus,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    giveUpAt: row.give_up_at,
    lastError: row.last_error,
    claimedBy: row.claimed_by,
    claimedUntil: row.claimed_until,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    sentAt: row.sent_at,
  };
}

export function toRecord(row: Row): LeadRecord {
  return {
    id: row.id,
    kind: row.kind as LeadRecord["kind"],
    form: row.form as LeadRecord["form"],
    subject: row.subject,
    createdAt: row.created_at,
    spam: row.spam === 1,
    fields: JSON.parse(row.fields) as LeadRecord["fields"],
    metadata: JSON.parse(row.metadata) as LeadRecord["metadata"],
    ...(row.completed_by ? { completedBy: row.completed_by } : {}),
  };
}

/**
 * Runs `work` in one write transaction on `db` (BEGIN IMMEDIATE: the write lock at once, so no
 * other writer, in this process or another, interleaves), rolled back if it throws. For every
 * adapter over the lead store's file (leads, the agency side, analytics).
 */
export function writeTransaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec("BEGIN IMMEDIATE");
  try {
    const result = work();
    db.exec("COMMIT");
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec("ROLLBACK");
    throw error;
  }
}

export function unavailable(error: unknown): StoreUnavailableError {
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
  #insertOutbox: StatementSync;
  #get: StatementSync;
  #getMany: StatementSync;
  #completePartial: StatementSync;
  #withdrawPartialOutbox: StatementSync;
  #insertAuditJob: StatementSync;

  /** The agency's IANA time zone: the Performance report's days (./agencyClock.ts). */
  readonly timeZone: string;

  constructor(file: string, sync: SqliteSync = "full", timeZone: string = agencyHours.timeZone) {
    this.file = file;
    this.timeZone = timeZone;
    try {
      mkdirSync(dirname(file), { recursive: true });
      this.#db = new DatabaseSync(file);
      this.#db.exec("PRAGMA journal_mode = WAL");
      this.#db.exec(`PRAGMA synchronous = ${sync === "full" ? "FULL" : "NORMAL"}`);
      this.#db.exec("PRAGMA busy_timeout = 5000");
      // What a delete frees is overwritten with zeros, so an erased lead leaves no bytes behind
      // in the file (issue 23; the WAL is truncated after an erasure: AdminStore.forgetErased).
      this.#db.exec("PRAGMA secure_delete = ON");
    } catch (error) {
      throw unavailable(error);
    }
    this.appliedOnOpen = this.migrateSync();
    // Leads a stopped server (or another process) left unindexed: index them soon.
    this.#indexTimer = setTimeout(() => this.#indexWhenQuiet(), SEARCH_QUIET_MS).unref();
    this.#insert = this.#db.prepare(
      `INSERT INTO leads (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.#insertOutbox = this.#db.prepare(
      `INSERT INTO outbox (id, lead_id, channel, status, attempts, next_attempt_at, give_up_at,
                           created_at, updated_at)
       VALUES (?, ?, ?, 'pending', 0, ?, ?, ?, ?)`,
    );
    this.#insertAuditJob = this.#db.prepare(toSqlitePlaceholders(leadJobInsertSql));
    this.#get = this.#db.prepare(`SELECT ${READ_COLUMNS} FROM leads WHERE id = ?`);
    this.#getMany = this.#db.prepare(
      `SELECT ${READ_COLUMNS} FROM leads WHERE id IN (SELECT value FROM json_each(?))`,
    );
    // An open partial of the same visitor (same email), and its notifications not sent yet and
    // not held by a live claim (a delivery in flight finishes; ./partials.ts).
    this.#completePartial = this.#db.prepare(
      `UPDATE leads SET completed_by = ?
       WHERE id = ? AND kind = 'growth_partial' AND completed_by IS NULL
         AND json_extract(fields, '$.email') = ?`,
    );
    this.#withdrawPartialOutbox = this.#db.prepare(
      `DELETE FROM outbox
       WHERE lead_id = ? AND status <> 'sent' AND (claimed_until IS NULL OR claimed_until <= ?)`,
    );
  }

  /** The open database, for the agency side's adapter (src/admin/store/sqlite.ts). */
  get database(): DatabaseSync {
    return this.#db;
  }

  /** Runs `work` in one write transaction (node:sqlite is synchronous: nothing interleaves). */
  #transaction<T>(work: () => T): T {
    return writeTransaction(this.#db, work);
  }

  /**
   * Runs pending migrations under an immediate (write) lock, then brings the agency's clock up to
   * date (./agencyClock.ts); returns the versions applied.
   */
  migrateSync(): number[] {
    const db = this.#db;
    try {
      return this.#transaction(() => {
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
        applySqliteMigrations(db, pendingMigrations(applied), (m) => {
          record.run(m.version, m.name, new Date().toISOString());
          done.push(m.version);
        });
        syncAgencyClockSqlite(db, this.timeZone);
        return done;
      });
    } catch (error) {
      throw unavailable(error);
    }
  }

  async migrate(): Promise<number[]> {
    return this.migrateSync();
  }

  async insert(
    lead: LeadRecord,
    notifications: readonly NewNotification[] = [],
    options: InsertOptions = {},
  ): Promise<void> {
    const partialId = partialToComplete(lead, options.completes);
    const dueAt = notificationsDueAt(lead);
    const insertLead = () =>
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
    try {
      const job = options.auditJob;
      if (!notifications.length && !partialId && !job) {
        insertLead();
        this.#inserted();
        return;
      }
      this.#transaction(() => {
        insertLead();
        for (const n of notifications) {
          this.#insertOutbox.run(
            n.id,
            lead.id,
            n.channel,
            dueAt,
            n.giveUpAt,
            lead.createdAt,
            lead.createdAt,
          );
        }
        if (job) this.#insertAuditJob.run(...leadJobInsertParams(job, lead.id, lead.createdAt));
        if (partialId) {
          const linked = this.#completePartial.run(lead.id, partialId, lead.fields.email ?? "");
          if (Number(linked.changes) > 0) {
            this.#withdrawPartialOutbox.run(partialId, new Date().toISOString());
          }
        }
      });
      this.#inserted();
    } catch (error) {
      throw unavailable(error);
    }
  }

  /** Leads stored since the search index last caught up, and when the last one came. */
  #unindexed = 0;
  #lastInsertAt = 0;
  #indexTimer: NodeJS.Timeout | null = null;

  /** A lead was stored: index it for search once intake is quiet (./searchIndex.ts). */
  #inserted(): void {
    this.#unindexed++;
    this.#lastInsertAt = performance.now();
    this.#indexTimer ??= setTimeout(() => this.#indexWhenQuiet(), SEARCH_QUIET_MS).unref();
  }

  /** Indexes a batch if intake has been quiet for SEARCH_QUIET_MS (or the backlog is large). */
  #indexWhenQuiet(): void {
    this.#indexTimer = null;
    if (!this.#db.isOpen) return;
    const quietFor = performance.now() - this.#lastInsertAt;
    if (quietFor < SEARCH_QUIET_MS && this.#unindexed < SEARCH_BACKLOG) {
      this.#indexTimer = setTimeout(
        () => this.#indexWhenQuiet(),
        SEARCH_QUIET_MS - quietFor,
      ).unref();
      return;
    }
    let indexed = 0;
    try {
      indexed = indexPendingSearch(this.#db);
    } catch {
      // Busy or failing: the next insert or search tries again; nothing is lost (still pending).
    }
    this.#unindexed = Math.max(0, this.#unindexed - indexed);
    if (indexed > 0) {
      // More may be pending: the next batch after whatever else is waiting to run.
      this.#indexTimer = setTimeout(() => this.#indexWhenQuiet(), 0).unref();
    } else {
      this.#unindexed = 0;
    }
  }

  /** Indexes every lead still pending for search; returns how many (tests, the CLI). */
  indexSearch(): number {
    try {
      return indexAllPendingSearch(this.#db);
    } catch (error) {
      throw unavailable(error);
    }
  }

  async claimNotifications(request: ClaimRequest): Promise<ClaimedNotification[]> {
    if (!request.channels.length || request.limit < 1) return [];
    const now = request.now.toISOString();
    const until = new Date(request.now.getTime() + request.leaseMs).toISOString();
    try {
      // One statement: atomic in SQLite, the only writer of this file being this process.
      const rows = this.#db
        .prepare(
          `UPDATE outbox SET claimed_by = ?, claimed_until = ?, updated_at = ?
           WHERE id IN (
             SELECT id FROM outbox
             WHERE status = 'pending' AND next_attempt_at <= ?
               AND (claimed_until IS NULL OR claimed_until <= ?)
               AND channel IN (SELECT value FROM json_each(?))
             ORDER BY next_attempt_at, id
             LIMIT ?)
           RETURNING ${OUTBOX_COLUMNS}`,
        )
        .all(
          request.owner,
          until,
          now,
          now,
          now,
          JSON.stringify(request.channels),
          request.limit,
        ) as unknown as OutboxDbRow[];
      if (!rows.length) return [];
      const leads = new Map(
        (this.#getMany.all(JSON.stringify(rows.map((r) => r.lead_id))) as unknown as Row[]).map(
          (r) => [r.id, toRecord(r)],
        ),
      );
      return rows.map(toOutboxRow).flatMap((row) => {
        const lead = leads.get(row.leadId);
        return lead ? [{ row, lead }] : [];
      });
    } catch (error) {
      throw unavailable(error);
    }
  }

  async finishNotification(
    id: string,
    owner: string,
    outcome: OutboxOutcome,
    now: Date,
  ): Promise<boolean> {
    const at = now.toISOString();
    const guard = "WHERE id = ? AND claimed_by = ? AND status = 'pending'";
    const release = "claimed_by = NULL, claimed_until = NULL, attempts = attempts + 1";
    try {
      let result;
      if (outcome.status === "sent") {
        result = this.#db
          .prepare(
            `UPDATE outbox SET status = 'sent', ${release}, sent_at = ?, last_error = NULL,
             updated_at = ? ${guard}`,
          )
          .run(at, at, id, owner);
      } else if (outcome.status === "retry") {
        result = this.#db
          .prepare(
            `UPDATE outbox SET ${release}, next_attempt_at = ?, last_error = ?, updated_at = ?
             ${guard}`,
          )
          .run(outcome.nextAttemptAt.toISOString(), outcome.error, at, id, owner);
      } else {
        result = this.#db
          .prepare(
            `UPDATE outbox SET status = 'failed', ${release}, last_error = ?, updated_at = ?
             ${guard}`,
          )
          .run(outcome.error, at, id, owner);
      }
      return Number(result.changes) > 0;
    } catch (error) {
      throw unavailable(error);
    }
  }

  async releaseNotifications(ids: readonly string[], owner: string): Promise<void> {
    if (!ids.length) return;
    try {
      this.#db
        .prepare(
          `UPDATE outbox SET claimed_by = NULL, claimed_until = NULL
           WHERE claimed_by = ? AND id IN (SELECT value FROM json_each(?))`,
        )
        .run(owner, JSON.stringify(ids));
    } catch (error) {
      throw unavailable(error);
    }
  }

  async listNotifications(
    statuses: readonly NotificationStatus[],
    leadId?: string,
  ): Promise<OutboxRow[]> {
    try {
      return (
        this.#db
          .prepare(
            `SELECT ${OUTBOX_COLUMNS} FROM outbox
             WHERE status IN (SELECT value FROM json_each(?)) AND (? IS NULL OR lead_id = ?)
             ORDER BY created_at, id`,
          )
          .all(JSON.stringify(statuses), leadId ?? null, leadId ?? null) as unknown as OutboxDbRow[]
      ).map(toOutboxRow);
    } catch (error) {
      throw unavailable(error);
    }
  }

  async retryNotifications(
    ids: readonly string[] | "all-failed",
    now: Date,
    giveUpAt: Date,
  ): Promise<string[]> {
    const at = now.toISOString();
    const only = ids === "all-failed" ? "" : "AND id IN (SELECT value FROM json_each(?))";
    const params = ids === "all-failed" ? [] : [JSON.stringify(ids)];
    try {
      return (
        this.#db
          .prepare(
            `UPDATE outbox SET status = 'pending', next_attempt_at = ?, give_up_at = ?,
                    claimed_by = NULL, claimed_until = NULL, updated_at = ?
             WHERE status = 'failed' ${only}
             RETURNING id`,
          )
          .all(at, giveUpAt.toISOString(), at, ...params) as { id: string }[]
      )
        .map((r) => r.id)
        .sort();
    } catch (error) {
      throw unavailable(error);
    }
  }

  async countNotifications(): Promise<OutboxCounts> {
    try {
      const rows = this.#db
        .prepare(
          `SELECT status, count(*) AS n FROM outbox
           WHERE status IN ('pending', 'failed') GROUP BY status`,
        )
        .all() as { status: string; n: number }[];
      const counts: OutboxCounts = { pending: 0, failed: 0 };
      for (const r of rows) counts[r.status as keyof OutboxCounts] = Number(r.n);
      return counts;
    } catch (error) {
      throw unavailable(error);
    }
  }

  async countNotificationsByChannel(): Promise<Record<Channel, OutboxCounts>> {
    try {
      const rows = this.#db
        .prepare(
          `SELECT channel, status, count(*) AS n FROM outbox
           WHERE status IN ('pending', 'failed') GROUP BY channel, status`,
        )
        .all() as { channel: string; status: string; n: number }[];
      return byChannel(rows);
    } catch (error) {
      throw unavailable(error);
    }
  }

  async pruneSentNotifications(before: Date, limit: number): Promise<number> {
    const at = before.toISOString();
    try {
      // outbox_status (status, created_at) finds the candidates; a row is sent after it is made.
      return Number(
        this.#db
          .prepare(
            `DELETE FROM outbox WHERE id IN (
               SELECT id FROM outbox
               WHERE status = 'sent' AND created_at < ? AND sent_at < ?
               LIMIT ?)`,
          )
          .run(at, at, limit).changes,
      );
    } catch (error) {
      throw unavailable(error);
    }
  }

  async claimMaintenance(task: string, owner: string, now: Date, everyMs: number) {
    const at = now.toISOString();
    const due = new Date(now.getTime() - everyMs).toISOString();
    try {
      const result = this.#db
        .prepare(
          `INSERT INTO maintenance_runs (task, last_run_at, run_by) VALUES (?, ?, ?)
           ON CONFLICT (task) DO UPDATE SET last_run_at = excluded.last_run_at,
                                            run_by = excluded.run_by
           WHERE maintenance_runs.last_run_at <= ?`,
        )
        .run(task, at, owner, due);
      return Number(result.changes) > 0;
    } catch (error) {
      throw unavailable(error);
    }
  }

  async countLeads(): Promise<number> {
    try {
      const row = this.#db.prepare("SELECT count(*) AS n FROM leads").get() as { n: number };
      return Number(row.n);
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
    if (!query.includeCompletedPartials) where.push("completed_by IS NULL");
    if (query.after) {
      // A row value, so the page starts where the last ended in the (created_at, id) index.
      where.push(`(created_at, id) ${query.order === "newest-first" ? "<" : ">"} (?, ?)`);
      params.push(query.after.createdAt, query.after.id);
    }
    let sql = `SELECT ${READ_COLUMNS} FROM leads`;
    if (where.length) sql += ` WHERE ${where.join(" AND ")}`;
    sql +=
      query.order === "newest-first"
        ? " ORDER BY created_at DESC, id DESC"
        : " ORDER BY created_at, id";
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
    if (this.#indexTimer) clearTimeout(this.#indexTimer);
    this.#indexTimer = null;
    if (this.#db.isOpen) this.#db.close();
  }
}
