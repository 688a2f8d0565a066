/**
 * The store for several servers: PostgreSQL through the `postgres` driver, used when DATABASE_URL
 * is a postgres:// URL. `insert` resolves after the INSERT has committed; with PostgreSQL's
 * default synchronous_commit=on that means the commit record is flushed to the WAL on disk, so an
 * acknowledged lead survives a crash of this server, of PostgreSQL and a power loss.
 *
 * DATABASE_SCHEMA (default "public") puts the tables in another schema, created when missing;
 * the tests use it to give every run its own schema.
 */
import postgres from "postgres";
import { leadJobInsertParams, leadJobInsertSql } from "./auditJobInsert.ts";
import { agencyHours } from "../../config/agency.ts";
import { syncAgencyClockPostgres } from "./agencyClock.ts";
import { migrationsTableSql, pendingMigrations } from "./migrations/index.ts";
import { notificationsDueAt, partialToComplete } from "./partials.ts";
import {
  PG_SEARCH_PHONE_DIGITS,
  PG_SEARCH_TEXT,
  SEARCH_BACKLOG,
  SEARCH_BATCH,
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
  type NewAuditJob,
  type NewNotification,
  type NotificationStatus,
  type OutboxCounts,
  type OutboxOutcome,
  type OutboxRow,
} from "./types.ts";

export interface Row {
  id: string;
  kind: string;
  form: string;
  subject: string | null;
  created_at: Date;
  spam: boolean;
  fields: Record<string, string>;
  metadata: LeadRecord["metadata"];
  completed_by: string | null;
}

interface OutboxDbRow {
  id: string;
  lead_id: string;
  channel: string;
  status: string;
  attempts: number;
  next_attempt_at: Date;
  give_up_at: Date;
  last_error: string | null;
  claimed_by: string | null;
  claimed_until: Date | null;
  created_at: Date;
  updated_at: Date;
  sent_at: Date | null;
}

function toOutboxRow(row: OutboxDbRow): OutboxRow {
  return {
    id: row.id,
    leadId: row.lead_id,
    channel: row.channel as Channel,
    status: row.status as NotificationStatus,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at.toISOString(),
    giveUpAt: row.give_up_at.toISOString(),
    lastError: row.last_error,
    claimedBy: row.claimed_by,
    claimedUntil: row.claimed_until?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    sentAt: row.sent_at?.toISOString() ?? null,
  };
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
/** Any constant: serialises concurrent migrations of several servers starting at once. */
const MIGRATION_LOCK = 7_270_001;

export function toRecord(row: Row): LeadRecord {
  return {
    id: row.id,
    kind: row.kind as LeadRecord["kind"],
    form: row.form as LeadRecord["form"],
    subject: row.subject,
    createdAt: row.created_at.toISOString(),
    spam: row.spam,
    fields: row.fields,
    metadata: row.metadata,
    ...(row.completed_by ? { completedBy: row.completed_by } : {}),
  };
}

export function unavailable(error: unknown): StoreUnavailableError {
  if (error instanceof StoreUnavailableError) return error;
  const code = (error as { code?: string }).code;
  return new StoreUnavailableError(`PostgreSQL store failed: ${(error as Error).message}`, {
    cause: error,
    code,
  });
}

/** Runs `work`; any failure is the store being unavailable (the other adapters on this pool). */
export async function orUnavailable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw unavailable(error);
  }
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

/** Seconds before a pooled connection tries again after `retries` failures in a row. */
export function reconnectDelaySeconds(retries: number): number {
  return (0.5 + Math.random() / 2) * Math.min(0.05 * 2 ** retries, 1);
}

export interface PostgresOptions {
  schema?: string | undefined;
  /** Connections in the pool. */
  max?: number | undefined;
  /** The agency's IANA time zone (default the site config's): the report's days. */
  timeZone?: string | undefined;
}

export class PostgresLeadStore implements LeadStore {
  readonly driver = "postgres" as const;
  readonly schema: string;
  readonly sql: postgres.Sql;
  appliedOnOpen: readonly number[] = [];
  /** The agency's IANA time zone: the Performance report's days (./agencyClock.ts). */
  readonly timeZone: string;

  constructor(url: string, options: PostgresOptions = {}) {
    this.timeZone = options.timeZone ?? agencyHours.timeZone;
    const schema = options.schema || "public";
    if (!SCHEMA_NAME.test(schema))
      throw new Error(`DATABASE_SCHEMA "${schema}" is not a plain name`);
    this.schema = schema;
    this.sql = postgres(url, {
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
      connection: { search_path: schema, application_name: "leads", jit: "off" },
    });
  }

  async migrate(): Promise<number[]> {
    try {
      return await this.sql.begin(async (tx) => {
        // Under the lock: even CREATE SCHEMA IF NOT EXISTS fails when two servers race.
        await tx`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`;
        if (this.schema !== "public") {
          await tx.unsafe(`CREATE SCHEMA IF NOT EXISTS "${this.schema}"`);
        }
        await tx.unsafe(migrationsTableSql);
        const applied = await tx<{ version: number }[]>`SELECT version FROM schema_migrations`;
        const done: number[] = [];
        for (const m of pendingMigrations(applied.map((r) => r.version))) {
          await tx.unsafe(m.postgres);
          await tx`INSERT INTO schema_migrations (version, name, applied_at)
                   VALUES (${m.version}, ${m.name}, ${new Date().toISOString()})`;
          done.push(m.version);
        }
        await syncAgencyClockPostgres(tx, this.timeZone);
        return done;
      });
    } catch (error) {
      throw unavailable(error);
    }
  }

  async insert(
    lead: LeadRecord,
    notifications: readonly NewNotification[] = [],
    options: InsertOptions = {},
  ): Promise<void> {
    const sql = this.sql;
    const partialId = partialToComplete(lead, options.completes);
    const dueAt = notificationsDueAt(lead);
    try {
      if (partialId || options.auditJob) {
        await this.#insertInTransaction(lead, notifications, partialId, dueAt, options.auditJob);
        this.#inserted();
        return;
      }
      // The lead is noted as pending for the search index in the same statement (migration 11).
      if (!notifications.length) {
        await withQueueDeadline(sql`
          WITH lead AS (
            INSERT INTO leads (id, kind, form, subject, created_at, spam, fields, metadata)
            VALUES (${lead.id}, ${lead.kind}, ${lead.form}, ${lead.subject}, ${lead.createdAt},
                    ${lead.spam}, ${sql.json(lead.fields)},
                    ${sql.json(lead.metadata as unknown as postgres.JSONValue)})
            RETURNING id
          )
          INSERT INTO lead_search_pending (lead_id) SELECT id FROM lead`);
        this.#inserted();
        return;
      }
      // One statement, so one round trip and one transaction: the lead and its outbox rows
      // commit together or not at all.
      await withQueueDeadline(sql`
        WITH lead AS (
          INSERT INTO leads (id, kind, form, subject, created_at, spam, fields, metadata)
          VALUES (${lead.id}, ${lead.kind}, ${lead.form}, ${lead.subject}, ${lead.createdAt},
                  ${lead.spam}, ${sql.json(lead.fields)},
                  ${sql.json(lead.metadata as unknown as postgres.JSONValue)})
          RETURNING id, created_at
        ),
        pending AS (INSERT INTO lead_search_pending (lead_id) SELECT id FROM lead)
        INSERT INTO outbox (id, lead_id, channel, status, attempts, next_attempt_at, give_up_at,
                            created_at, updated_at)
        SELECT n.id, lead.id, n.channel, 'pending', 0, ${dueAt}::timestamptz, n.give_up_at,
               lead.created_at, lead.created_at
        FROM lead,
             unnest(${sql.array(notifications.map((n) => n.id))}::text[],
                    ${sql.array(notifications.map((n) => n.channel))}::text[],
                    ${sql.array(notifications.map((n) => n.giveUpAt))}::timestamptz[])
               AS n (id, channel, give_up_at)`);
      this.#inserted();
    } catch (error) {
      throw unavailable(error);
    }
  }

  /** Leads stored since the search index last caught up, and when the last one came. */
  #unindexed = 0;
  #lastInsertAt = 0;
  #indexTimer: NodeJS.Timeout | null = null;
  #indexing = false;
  #closed = false;

  /** A lead was stored: index it for search once intake is quiet (./searchIndex.ts). */
  #inserted(): void {
    this.#unindexed++;
    this.#lastInsertAt = performance.now();
    this.#indexTimer ??= setTimeout(() => void this.#indexWhenQuiet(), SEARCH_QUIET_MS).unref();
  }

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
      indexed = await this.#indexBatch(SEARCH_BATCH);
    } catch {
      // Down or busy: the next insert tries again; the leads stay pending (and searchable).
    } finally {
      this.#indexing = false;
    }
    this.#unindexed = Math.max(0, this.#unindexed - indexed);
    if (indexed > 0 && !this.#closed) {
      this.#indexTimer = setTimeout(() => void this.#indexWhenQuiet(), 0).unref();
    } else {
      this.#unindexed = 0;
    }
  }

  /**
   * Moves up to `limit` pending leads into the search index in one statement. SKIP LOCKED:
   * several servers index side by side without waiting on each other's batches.
   */
  async #indexBatch(limit: number): Promise<number> {
    const rows = await this.sql`
      WITH batch AS (
        DELETE FROM lead_search_pending
        WHERE lead_id IN (SELECT lead_id FROM lead_search_pending
                          LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING lead_id
      )
      INSERT INTO lead_search (lead_id, doc, phone)
      SELECT l.id, ${this.sql.unsafe(PG_SEARCH_TEXT)}, ${this.sql.unsafe(PG_SEARCH_PHONE_DIGITS)}
      FROM leads l JOIN batch b ON b.lead_id = l.id
      ON CONFLICT (lead_id) DO UPDATE SET doc = excluded.doc, phone = excluded.phone`;
    return rows.count;
  }

  /** Indexes every lead still pending for search; returns how many (tests, the bench). */
  async indexSearch(): Promise<number> {
    let total = 0;
    try {
      for (
        let n = await this.#indexBatch(SEARCH_BATCH);
        n > 0;
        n = await this.#indexBatch(SEARCH_BATCH)
      )
        total += n;
    } catch (error) {
      throw unavailable(error);
    }
    return total;
  }

  /**
   * A growth lead that names its step-1 partial: the lead, its notifications, the partial marked
   * completed by it (only an open growth_partial with the same email) and the partial's
   * notifications not sent yet and not held by a live claim withdrawn, in one transaction.
   * Concurrent completions of one partial queue on its row lock: the second finds it completed.
   */
  /**
   * The lead with what rides in its transaction beyond its outbox rows: the partial it completes
   * (./partials.ts), the website check it queues (migration 17).
   */
  async #insertInTransaction(
    lead: LeadRecord,
    notifications: readonly NewNotification[],
    partialId: string | null,
    dueAt: string,
    auditJob: NewAuditJob | undefined,
  ): Promise<void> {
    await this.sql.begin(async (tx) => {
      await tx`
        WITH lead AS (
          INSERT INTO leads (id, kind, form, subject, created_at, spam, fields, metadata)
          VALUES (${lead.id}, ${lead.kind}, ${lead.form}, ${lead.subject}, ${lead.createdAt},
                  ${lead.spam}, ${tx.json(lead.fields)},
                  ${tx.json(lead.metadata as unknown as postgres.JSONValue)})
          RETURNING id
        )
        INSERT INTO lead_search_pending (lead_id) SELECT id FROM lead`;
      for (const n of notifications) {
        await tx`
          INSERT INTO outbox (id, lead_id, channel, status, attempts, next_attempt_at, give_up_at,
                              created_at, updated_at)
          VALUES (${n.id}, ${lead.id}, ${n.channel}, 'pending', 0, ${dueAt}, ${n.giveUpAt},
                  ${lead.createdAt}, ${lead.createdAt})`;
      }
      if (auditJob) {
        await tx.unsafe(leadJobInsertSql, leadJobInsertParams(auditJob, lead.id, lead.createdAt));
      }
      if (!partialId) return;
      const linked = await tx`
        UPDATE leads SET completed_by = ${lead.id}
        WHERE id = ${partialId} AND kind = 'growth_partial' AND completed_by IS NULL
          AND fields->>'email' = ${lead.fields.email ?? ""}`;
      if (linked.count > 0) {
        const now = new Date();
        await tx`
          DELETE FROM outbox
          WHERE lead_id = ${partialId} AND status <> 'sent'
            AND (claimed_until IS NULL OR claimed_until <= ${now})`;
      }
    });
  }

  async claimNotifications(request: ClaimRequest): Promise<ClaimedNotification[]> {
    if (!request.channels.length || request.limit < 1) return [];
    const sql = this.sql;
    const now = request.now;
    const until = new Date(now.getTime() + request.leaseMs);
    try {
      // Row locks with SKIP LOCKED: concurrent claimers (other servers) pass over rows being
      // claimed instead of waiting; the claim column then keeps the row ours until the lease ends.
      const rows = await sql<OutboxDbRow[]>`
        WITH due AS (
          SELECT id FROM outbox
          WHERE status = 'pending' AND next_attempt_at <= ${now}
            AND (claimed_until IS NULL OR claimed_until <= ${now})
            AND channel IN ${sql(request.channels as Channel[])}
          ORDER BY next_attempt_at, id
          LIMIT ${request.limit}
          FOR UPDATE SKIP LOCKED
        )
        UPDATE outbox o
        SET claimed_by = ${request.owner}, claimed_until = ${until}, updated_at = ${now}
        FROM due WHERE o.id = due.id
        RETURNING o.*`;
      if (!rows.length) return [];
      const leads = await sql<Row[]>`
        SELECT * FROM leads WHERE id IN ${sql([...new Set(rows.map((r) => r.lead_id))])}`;
      const byId = new Map(leads.map((l) => [l.id, toRecord(l)]));
      return rows.map(toOutboxRow).flatMap((row) => {
        const lead = byId.get(row.leadId);
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
    const sql = this.sql;
    const set =
      outcome.status === "sent"
        ? sql`status = 'sent', sent_at = ${now}, last_error = NULL`
        : outcome.status === "retry"
          ? sql`next_attempt_at = ${outcome.nextAttemptAt}, last_error = ${outcome.error}`
          : sql`status = 'failed', last_error = ${outcome.error}`;
    try {
      const result = await sql`
        UPDATE outbox
        SET ${set}, attempts = attempts + 1, claimed_by = NULL, claimed_until = NULL,
            updated_at = ${now}
        WHERE id = ${id} AND claimed_by = ${owner} AND status = 'pending'`;
      return result.count > 0;
    } catch (error) {
      throw unavailable(error);
    }
  }

  async releaseNotifications(ids: readonly string[], owner: string): Promise<void> {
    if (!ids.length) return;
    const sql = this.sql;
    try {
      await sql`
        UPDATE outbox SET claimed_by = NULL, claimed_until = NULL
        WHERE claimed_by = ${owner} AND id IN ${sql(ids as string[])}`;
    } catch (error) {
      throw unavailable(error);
    }
  }

  async listNotifications(
    statuses: readonly NotificationStatus[],
    leadId?: string,
  ): Promise<OutboxRow[]> {
    if (!statuses.length) return [];
    const sql = this.sql;
    try {
      const rows = await sql<OutboxDbRow[]>`
        SELECT * FROM outbox WHERE status IN ${sql(statuses as NotificationStatus[])}
          ${leadId ? sql`AND lead_id = ${leadId}` : sql``}
        ORDER BY created_at, id`;
      return rows.map(toOutboxRow);
    } catch (error) {
      throw unavailable(error);
    }
  }

  async retryNotifications(
    ids: readonly string[] | "all-failed",
    now: Date,
    giveUpAt: Date,
  ): Promise<string[]> {
    const sql = this.sql;
    if (ids !== "all-failed" && !ids.length) return [];
    try {
      const rows = await sql<{ id: string }[]>`
        UPDATE outbox
        SET status = 'pending', next_attempt_at = ${now}, give_up_at = ${giveUpAt},
            claimed_by = NULL, claimed_until = NULL, updated_at = ${now}
        WHERE status = 'failed'
          ${ids === "all-failed" ? sql`` : sql`AND id IN ${sql(ids as string[])}`}
        RETURNING id`;
      return rows.map((r) => r.id).sort();
    } catch (error) {
      throw unavailable(error);
    }
  }

  async countNotifications(): Promise<OutboxCounts> {
    try {
      const rows = await this.sql<{ status: string; n: number }[]>`
        SELECT status, count(*)::int AS n FROM outbox
        WHERE status IN ('pending', 'failed') GROUP BY status`;
      const counts: OutboxCounts = { pending: 0, failed: 0 };
      for (const r of rows) counts[r.status as keyof OutboxCounts] = r.n;
      return counts;
    } catch (error) {
      throw unavailable(error);
    }
  }

  async countNotificationsByChannel(): Promise<Record<Channel, OutboxCounts>> {
    try {
      const rows = await this.sql<{ channel: string; status: string; n: number }[]>`
        SELECT channel, status, count(*)::int AS n FROM outbox
        WHERE status IN ('pending', 'failed') GROUP BY channel, status`;
      return byChannel(rows);
    } catch (error) {
      throw unavailable(error);
    }
  }

  async pruneSentNotifications(before: Date, limit: number): Promise<number> {
    try {
      const result = await this.sql`
        DELETE FROM outbox WHERE id IN (
          SELECT id FROM outbox
          WHERE status = 'sent' AND created_at < ${before} AND sent_at < ${before}
          LIMIT ${limit})`;
      return result.count;
    } catch (error) {
      throw unavailable(error);
    }
  }

  async claimMaintenance(task: string, owner: string, now: Date, everyMs: number) {
    const due = new Date(now.getTime() - everyMs);
    try {
      // The row lock of ON CONFLICT serialises concurrent claims: the second sees the first's
      // time and its WHERE fails.
      const rows = await this.sql`
        INSERT INTO maintenance_runs (task, last_run_at, run_by) VALUES (${task}, ${now}, ${owner})
        ON CONFLICT (task) DO UPDATE SET last_run_at = excluded.last_run_at,
                                         run_by = excluded.run_by
        WHERE maintenance_runs.last_run_at <= ${due}
        RETURNING task`;
      return rows.length > 0;
    } catch (error) {
      throw unavailable(error);
    }
  }

  async countLeads(): Promise<number> {
    try {
      const rows = await this.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM leads`;
      return rows[0]?.n ?? 0;
    } catch (error) {
      throw unavailable(error);
    }
  }

  async get(id: string): Promise<LeadRecord | null> {
    try {
      const rows = await this.sql<Row[]>`SELECT * FROM leads WHERE id = ${id}`;
      return rows[0] ? toRecord(rows[0]) : null;
    } catch (error) {
      throw unavailable(error);
    }
  }

  async list(query: LeadQuery = {}): Promise<LeadRecord[]> {
    const sql = this.sql;
    const newest = query.order === "newest-first";
    const order = newest ? sql`ORDER BY created_at DESC, id DESC` : sql`ORDER BY created_at, id`;
    const after = query.after
      ? newest
        ? sql`AND (created_at, id) < (${query.after.createdAt}::timestamptz, ${query.after.id})`
        : sql`AND (created_at, id) > (${query.after.createdAt}::timestamptz, ${query.after.id})`
      : sql``;
    try {
      const rows = await sql<Row[]>`
        SELECT * FROM leads
        WHERE true
          ${query.since ? sql`AND created_at >= ${query.since}` : sql``}
          ${query.kind ? sql`AND kind = ${query.kind}` : sql``}
          ${query.includeSpam ? sql`` : sql`AND spam = false`}
          ${query.includeCompletedPartials ? sql`` : sql`AND completed_by IS NULL`}
          ${after}
        ${order}
        ${query.limit ? sql`LIMIT ${query.limit}` : sql``}`;
      return rows.map(toRecord);
    } catch (error) {
      throw unavailable(error);
    }
  }

  async ping(): Promise<void> {
    try {
      await this.sql`SELECT 1 FROM schema_migrations LIMIT 1`;
    } catch (error) {
      throw unavailable(error);
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#indexTimer) clearTimeout(this.#indexTimer);
    this.#indexTimer = null;
    await this.sql.end({ timeout: 5 });
  }
}
