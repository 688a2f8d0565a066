/**
 * The lead store, written once over the process's connection (src/db/connection.ts; decision
 * D224): every query through the driver (src/db/driver.ts) in the SQL both databases read, the
 * outbox's through the shared queue (src/db/outbox.ts), and a dialect branch only where the
 * databases really differ: the hand-tuned insert (./insert.ts) and the search indexer's batch
 * (./searchIndex.ts). Adapters hold SQL, never rules (./types.ts).
 */
import type { Connection } from "../../db/connection.ts";
import { dialectSql, type Db, type Dialect, type Param } from "../../db/driver.ts";
import { onStore, unavailable } from "../../db/errors.ts";
import { migrate } from "../../db/migrate.ts";
import { outboxQueue, type OutboxQueue } from "../../db/outbox.ts";
import { agencyZone } from "../../lib/agencyZone.ts";
import { agencyClockAfterMigrate } from "./agencyClock.ts";
import { assignInTurn } from "./assignment.ts";
import { newLeadId } from "../../server/id.ts";
import { postgresLeadInsert, sqliteLeadInsert, type LeadInsert } from "./insert.ts";
import { webhookTestLead } from "../notify/webhook.ts";
import { notificationsDueAt, partialToComplete } from "./partials.ts";
import { READ_COLUMNS, toRecord, type LeadRow } from "./rows.ts";
import {
  indexAllSearch,
  indexSearchBatch,
  SEARCH_BACKLOG,
  SEARCH_BATCH,
  SEARCH_QUIET_MS,
  VACUUM_MARKS_AFTER,
  vacuumSearchMarks,
} from "./searchIndex.ts";
import type {
  Channel,
  ClaimedNotification,
  ClaimRequest,
  InsertOptions,
  LeadQuery,
  LeadRecord,
  LeadStore,
  NewNotification,
  NotificationStatus,
  OutboxCounts,
  OutboxOutcome,
  OutboxRow,
} from "./types.ts";

export interface LeadStoreOptions {
  /** The agency's IANA time zone (default the site config's): the report's days. */
  timeZone?: string | undefined;
}

export class SqlLeadStore implements LeadStore {
  readonly driver: Dialect;
  readonly connection: Connection;
  /** The driver the queries run on (the connection's). */
  readonly db: Db;
  /** The agency's IANA time zone: the Performance report's days (./agencyClock.ts). */
  readonly timeZone: string;
  appliedOnOpen: readonly number[] = [];
  readonly #outbox: OutboxQueue;
  readonly #insert: (insert: LeadInsert) => Promise<void>;

  constructor(connection: Connection, options: LeadStoreOptions = {}) {
    this.connection = connection;
    this.driver = connection.dialect;
    this.db = connection.db;
    this.timeZone = options.timeZone ?? agencyZone();
    this.#outbox = outboxQueue(this.db);
    if (connection.dialect === "sqlite") {
      const insert = sqliteLeadInsert(connection);
      this.#insert = async (i) => insert(i);
    } else {
      this.#insert = (i) => postgresLeadInsert(connection, i);
    }
  }

  #run<T>(work: (db: Db) => Promise<T>): Promise<T> {
    return onStore(this.db, work);
  }

  /**
   * Runs pending migrations, then brings the agency's clock up to date (./agencyClock.ts), in
   * one transaction; returns the versions applied.
   */
  migrate(): Promise<number[]> {
    return migrate(this.connection, agencyClockAfterMigrate(this.timeZone));
  }

  async insert(
    lead: LeadRecord,
    notifications: readonly NewNotification[] = [],
    options: InsertOptions = {},
  ): Promise<void> {
    try {
      await this.#insert({
        lead,
        notifications,
        partialId: partialToComplete(lead, options.completes),
        dueAt: notificationsDueAt(lead),
        auditJob: options.auditJob,
        booking: options.booking,
      });
    } catch (error) {
      throw unavailable(this.driver, error);
    }
    this.#inserted();
  }

  /** Leads stored since the search index last caught up, and when the last one came. */
  #unindexed = 0;
  #lastInsertAt = 0;
  #indexTimer: NodeJS.Timeout | null = null;
  #indexing = false;
  #closed = false;

  /** Indexes soon what a stopped server (or another process) left unindexed. */
  startIndexing(): void {
    this.#indexTimer ??= setTimeout(() => void this.#indexWhenQuiet(), SEARCH_QUIET_MS).unref();
  }

  /** A lead was stored: index it for search once intake is quiet (./searchIndex.ts). */
  #inserted(): void {
    this.#unindexed++;
    this.#lastInsertAt = performance.now();
    this.startIndexing();
  }

  /** Indexes a batch if intake has been quiet for SEARCH_QUIET_MS (or the backlog is large). */
  async #indexWhenQuiet(): Promise<void> {
    this.#indexTimer = null;
    if (this.#closed || this.#indexing) return;
    const quietFor = performance.now() - this.#lastInsertAt;
    if (quietFor < SEARCH_QUIET_MS && this.#unindexed < SEARCH_BACKLOG) {
      this.#indexTimer = setTimeout(
        () => void this.#indexWhenQuiet(),
        SEARCH_QUIET_MS - quietFor,
      ).unref();
      return;
    }
    this.#indexing = true;
    let indexed = 0;
    try {
      indexed = await indexSearchBatch(this.connection, SEARCH_BATCH);
    } catch {
      // Down or busy: the next insert or search tries again; the leads stay pending (and
      // searchable).
    } finally {
      this.#indexing = false;
    }
    this.#unindexed = Math.max(0, this.#unindexed - indexed);
    this.#movedSinceVacuum += indexed;
    if (indexed > 0 && !this.#closed) {
      // More may be pending: the next batch after whatever else is waiting to run.
      this.#indexTimer = setTimeout(() => void this.#indexWhenQuiet(), 0).unref();
    } else {
      this.#unindexed = 0;
      if (!this.#closed) await this.#vacuumMarks().catch(() => {});
    }
  }

  /** Marks moved since the marks' table was last vacuumed (PostgreSQL). */
  #movedSinceVacuum = 0;

  /**
   * Once the indexer has drained VACUUM_MARKS_AFTER marks or more, PostgreSQL's marks table is
   * vacuumed: each lead's mark is a row inserted and deleted, and until autovacuum comes by every
   * read of the marks walks the dead rows' index pages. The report's view reads them (migration
   * 32): bench:inbox at a million leads, an empty marks table still took 6 ms a statement, the
   * Performance report 42 ms p50 against 13-17 ms before D227 (D286).
   */
  async #vacuumMarks(): Promise<void> {
    if (this.#movedSinceVacuum < VACUUM_MARKS_AFTER) return;
    this.#movedSinceVacuum = 0;
    await vacuumSearchMarks(this.connection);
  }

  /** Indexes every lead still pending for search; returns how many (tests, the CLI, bench). */
  async indexSearch(): Promise<number> {
    try {
      const total = await indexAllSearch(this.connection);
      this.#movedSinceVacuum += total;
      await this.#vacuumMarks();
      return total;
    } catch (error) {
      throw unavailable(this.driver, error);
    }
  }

  async claimNotifications(request: ClaimRequest): Promise<ClaimedNotification[]> {
    const rows = await this.#outbox.claim(request);
    if (!rows.length) return [];
    const d = dialectSql(this.db);
    const ids = [...new Set(rows.flatMap((r) => (r.leadId ? [r.leadId] : [])))];
    const leads = ids.length
      ? await this.#run((db) =>
          db.all<LeadRow>(`SELECT ${READ_COLUMNS} FROM leads WHERE ${d.inList("id", 1)}`, [ids]),
        )
      : [];
    const byId = new Map(leads.map((l) => [l.id, toRecord(l)]));
    return rows.flatMap((row) => {
      // A row of no lead is a webhook's test delivery (migration 33): it carries a sample lead.
      const lead = row.leadId ? byId.get(row.leadId) : webhookTestLead(row.id, row.createdAt);
      return lead ? [{ row, lead }] : [];
    });
  }

  finishNotification(id: string, owner: string, outcome: OutboxOutcome, now: Date) {
    return this.#outbox.finish(id, owner, outcome, now);
  }

  releaseNotifications(ids: readonly string[], owner: string): Promise<void> {
    return this.#outbox.release(ids, owner);
  }

  listNotifications(
    statuses: readonly NotificationStatus[],
    leadId?: string,
  ): Promise<OutboxRow[]> {
    return this.#outbox.list(statuses, leadId);
  }

  retryNotifications(ids: readonly string[] | "all-failed", now: Date, giveUpAt: Date) {
    return this.#outbox.retry(ids, now, giveUpAt);
  }

  countNotifications(): Promise<OutboxCounts> {
    return this.#outbox.count();
  }

  countNotificationsByChannel(
    channels: readonly Channel[] = [],
  ): Promise<Record<Channel, OutboxCounts>> {
    return this.#outbox.countByChannel(channels);
  }

  pruneSentNotifications(before: Date, limit: number): Promise<number> {
    return this.#outbox.prune(before, limit);
  }

  claimMaintenance(task: string, owner: string, now: Date, everyMs: number): Promise<boolean> {
    const due = new Date(now.getTime() - everyMs).toISOString();
    // The row lock of ON CONFLICT serialises concurrent claims on PostgreSQL: the second sees
    // the first's time and its WHERE fails.
    return this.#run(
      async (db) =>
        (await db.run(
          `INSERT INTO maintenance_runs (task, last_run_at, run_by) VALUES ($1, $2, $3)
           ON CONFLICT (task) DO UPDATE SET last_run_at = excluded.last_run_at,
                                            run_by = excluded.run_by
           WHERE maintenance_runs.last_run_at <= $4`,
          [task, now.toISOString(), owner, due],
        )) > 0,
    );
  }

  countLeads(): Promise<number> {
    return this.#run(async (db) => {
      const row = await db.one<{ n: number }>("SELECT CAST(count(*) AS INTEGER) AS n FROM leads");
      return Number(row?.n ?? 0);
    });
  }

  assignInTurn(leadId: string, staffIds: readonly string[], at: Date): Promise<string | null> {
    return this.#run((db) =>
      assignInTurn(db, {
        leadId,
        staffIds,
        at: at.toISOString(),
        eventId: newLeadId(at.getTime()),
      }),
    );
  }

  get(id: string): Promise<LeadRecord | null> {
    return this.#run(async (db) => {
      const row = await db.one<LeadRow>(`SELECT ${READ_COLUMNS} FROM leads WHERE id = $1`, [id]);
      return row ? toRecord(row) : null;
    });
  }

  list(query: LeadQuery = {}): Promise<LeadRecord[]> {
    const where: string[] = [];
    const params: Param[] = [];
    const param = (value: Param) => `$${params.push(value)}`;
    if (query.since) where.push(`created_at >= ${param(query.since)}`);
    if (query.kind) where.push(`kind = ${param(query.kind)}`);
    if (!query.includeSpam) where.push(`spam = ${param(false)}`);
    if (!query.includeCompletedPartials) where.push("completed_by IS NULL");
    const newest = query.order === "newest-first";
    if (query.after) {
      // A row value, so the page starts where the last ended in the (created_at, id) index.
      const at = param(query.after.createdAt);
      where.push(`(created_at, id) ${newest ? "<" : ">"} (${at}, ${param(query.after.id)})`);
    }
    let sql = `SELECT ${READ_COLUMNS} FROM leads`;
    if (where.length) sql += ` WHERE ${where.join(" AND ")}`;
    sql += newest ? " ORDER BY created_at DESC, id DESC" : " ORDER BY created_at, id";
    if (query.limit) sql += ` LIMIT ${param(query.limit)}`;
    return this.#run(async (db) => (await db.all<LeadRow>(sql, params)).map(toRecord));
  }

  async ping(): Promise<void> {
    await this.#run((db) => db.one("SELECT 1 FROM schema_migrations LIMIT 1"));
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#indexTimer) clearTimeout(this.#indexTimer);
    this.#indexTimer = null;
    await this.connection.close();
  }
}
