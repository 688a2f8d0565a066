/**
 * The website checks on either database: the lead store's own file or pool and schema (migration
 * 17), over the driver (src/db/driver.ts), every query written once. The one real difference is
 * the claim: on PostgreSQL it takes its row with SKIP LOCKED, so several servers on one database
 * never claim one job twice, under a transaction-scoped advisory lock, so claims are taken one
 * after another and the caps it reads (one check per domain, the queue's room) hold across
 * servers; on SQLite the one statement holds the write lock, across processes too. Pinned by
 * tests/unit/audit-store-sql.test.ts.
 */
import { dialectSql, json, type Db } from "../../db/driver.ts";
import { onStore } from "../../db/errors.ts";
import { newLeadId } from "../../server/id.ts";
import { auditReportSchema } from "../report.ts";
import type {
  AuditClaimRequest,
  CompetitorCaps,
  CompetitorEnqueueResult,
  NewCompetitorAuditJob,
  AuditEmail,
  AuditJob,
  AuditJobOutcome,
  AuditJobStatus,
  AuditJobStore,
  AuditSummary,
  NewStaffAuditJob,
  QueuedCheck,
  StaffCheckCaps,
  StaffEnqueueResult,
} from "./types.ts";

/** A row as both drivers return it (timestamps as ISO text; the report as text or parsed jsonb). */
interface JobRow {
  id: string;
  lead_id: string | null;
  url: string;
  site: string | null;
  client: string | null;
  requested_by: string | null;
  queue_key: string;
  domain: string | null;
  fresh: number | boolean;
  status: string;
  attempts: number;
  score: number | null;
  grade: string | null;
  report: string | object | null;
  reused_from: string | null;
  last_error: string | null;
  claimed_by: string | null;
  claimed_until: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  competitor_of: string | null;
  label: string | null;
  removed_at: string | null;
  show_competitors: number | boolean;
}

export const JOB_COLUMNS =
  "id, lead_id, url, site, client, requested_by, queue_key, domain, fresh, status, attempts, " +
  "score, grade, report, reused_from, last_error, claimed_by, claimed_until, created_at, " +
  "started_at, finished_at, competitor_of, label, removed_at, show_competitors";

const toJob = (row: JobRow): AuditJob => ({
  id: row.id,
  leadId: row.lead_id,
  url: row.url,
  site: row.site,
  client: row.client,
  requestedBy: row.requested_by,
  queueKey: row.queue_key,
  domain: row.domain,
  fresh: Boolean(row.fresh),
  status: row.status as AuditJobStatus,
  attempts: row.attempts,
  report: row.report ? auditReportSchema.parse(json(row.report)) : null,
  score: row.score,
  grade: row.grade,
  reusedFrom: row.reused_from,
  lastError: row.last_error,
  claimedBy: row.claimed_by,
  claimedUntil: row.claimed_until,
  createdAt: row.created_at,
  startedAt: row.started_at,
  finishedAt: row.finished_at,
  competitorOf: row.competitor_of,
  label: row.label,
  removedAt: row.removed_at,
  showCompetitors: Boolean(row.show_competitors),
});

/**
 * The claim of one job, leased to `$1` and counted, fairly (issue 36): among the waiting jobs no
 * live lease holds whose domain no check is fetching (deferred ones only while there is room),
 * the one whose queue key has the fewest checks running, then whose key asked for the fewest
 * checks in the last hour (a prospect who asks once goes before a sender of many), then whose key
 * started one longest ago (never first), then the oldest. A deferred job claimed becomes queued.
 * Every subquery is an index lookup (migration 30): the waiting jobs (audit_jobs_waiting), the
 * running ones of a key or a domain (audit_jobs_key_active, audit_jobs_domain_active), a key's
 * checks of the hour (audit_jobs_key_created) and last start (audit_jobs_key_started); the
 * queue's size is counted once, at most `$4` entries.
 */
export const claimSql = (db: Pick<Db, "dialect">) => `
  UPDATE audit_jobs
  SET status = 'queued', claimed_by = $1, claimed_until = $2, attempts = attempts + 1,
      started_at = coalesce(started_at, $3)
  WHERE id IN (
    SELECT j.id FROM audit_jobs j
    WHERE j.status IN ('queued', 'deferred') AND (j.claimed_until IS NULL OR j.claimed_until <= $3)
      AND (j.domain IS NULL OR NOT EXISTS (
        SELECT 1 FROM audit_jobs d
        WHERE d.domain = j.domain AND d.status = 'queued' AND d.claimed_until > $3))
      AND (j.status = 'queued' OR (
        (SELECT count(*) FROM (SELECT 1 FROM audit_jobs WHERE status = 'queued' LIMIT $4) q) < $4
        AND (SELECT count(*) FROM audit_jobs c WHERE c.queue_key = j.queue_key AND c.status = 'queued') < $5))
    ORDER BY
      (SELECT count(*) FROM audit_jobs r
       WHERE r.queue_key = j.queue_key AND r.status = 'queued' AND r.claimed_until > $3),
      (SELECT count(*) FROM audit_jobs h WHERE h.queue_key = j.queue_key AND h.created_at > $6),
      (SELECT max(s.started_at) FROM audit_jobs s WHERE s.queue_key = j.queue_key) NULLS FIRST,
      j.created_at, j.id
    LIMIT 1${dialectSql(db).skipLocked()})
  RETURNING ${JOB_COLUMNS}`;

/** Claims are taken one after another across servers (PostgreSQL; SQLite's statement is alone). */
export const CLAIM_LOCK =
  "SELECT pg_advisory_xact_lock(hashtext(current_schema() || '.audit_claim'))";

/** The outcome, only while the claim is still this worker's. */
export const finishSql = (db: Pick<Db, "dialect">) => `
  UPDATE audit_jobs
  SET status = $1, site = $2, outcome = $3, score = $4, grade = $5, report = ${dialectSql(db).jsonParam(6)},
      reused_from = $7, last_error = $8, finished_at = $9, claimed_by = NULL, claimed_until = NULL
  WHERE id = $10 AND claimed_by = $11 AND status = 'queued'
  RETURNING lead_id`;

export class SqlAuditJobStore implements AuditJobStore {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  #run<T>(work: (db: Db) => Promise<T>): Promise<T> {
    return onStore(this.#db, work);
  }

  #jobs(where: string, params: readonly (string | number)[]): Promise<AuditJob[]> {
    return this.#run(async (db) =>
      (await db.all<JobRow>(`SELECT ${JOB_COLUMNS} FROM audit_jobs ${where}`, params)).map(toJob),
    );
  }

  async #job(where: string, params: readonly string[]): Promise<AuditJob | null> {
    return (await this.#jobs(where, params))[0] ?? null;
  }

  enqueue(job: NewStaffAuditJob, caps: StaffCheckCaps): Promise<StaffEnqueueResult> {
    return this.#run((db) =>
      db.transaction(async (tx) => {
        const queued = await this.#enqueueIn(tx, job, caps, null);
        if (queued.ok && job.leadId !== null) await this.#carryCompetitors(tx, job, caps.queueMax);
        return queued;
      }),
    );
  }

  /**
   * 'Run again' on a lead (D284): the competitors staff kept beside the lead's previous check
   * (not removed), in their order and with their names, are queued again beside the new one, and
   * its 'show on the prospect's report' choice with them. Part of the one action the staff caps
   * allowed; each reuses its site's report of the last 24 h, as an added competitor does.
   */
  async #carryCompetitors(tx: Db, job: NewStaffAuditJob, queueMax: number): Promise<void> {
    const previous = await tx.one<{ id: string; show_competitors: number | boolean }>(
      `SELECT id, show_competitors FROM audit_jobs
       WHERE lead_id = $1 AND competitor_of IS NULL AND id <> $2
       ORDER BY created_at DESC, id DESC LIMIT 1`,
      [job.leadId!, job.id],
    );
    if (!previous) return;
    const kept = await tx.all<{ url: string; domain: string | null; label: string | null }>(
      `SELECT url, domain, label FROM audit_jobs
       WHERE competitor_of = $1 AND removed_at IS NULL ORDER BY created_at, id`,
      [previous.id],
    );
    const at = Date.parse(job.createdAt);
    for (const [i, c] of kept.entries()) {
      // A millisecond apart, after the check: listed in the order staff added them.
      const time = at + i + 1;
      const carried: NewStaffAuditJob = {
        id: newLeadId(time),
        leadId: null,
        url: c.url,
        domain: c.domain,
        requestedBy: job.requestedBy,
        createdAt: new Date(time).toISOString(),
      };
      await this.#insert(tx, carried, queueMax, { of: job.id, label: c.label });
    }
    if (previous.show_competitors) {
      await tx.run("UPDATE audit_jobs SET show_competitors = $1 WHERE id = $2", [true, job.id]);
    }
  }

  addCompetitor(
    job: NewCompetitorAuditJob,
    caps: CompetitorCaps,
  ): Promise<CompetitorEnqueueResult> {
    return this.#run((db) =>
      db.transaction(async (tx) => {
        // The prospect's check, locked: two posts for one check count its competitors in turn.
        const check = await tx.one<{ competitor_of: string | null }>(
          `SELECT competitor_of FROM audit_jobs WHERE id = $1${dialectSql(tx).forUpdate()}`,
          [job.competitorOf],
        );
        if (!check || check.competitor_of !== null)
          return { ok: false, reason: "missing" } as const;
        const shown = await tx.one<{ n: number }>(
          `SELECT CAST(count(*) AS INTEGER) AS n FROM audit_jobs
           WHERE competitor_of = $1 AND removed_at IS NULL`,
          [job.competitorOf],
        );
        if (Number(shown?.n ?? 0) >= caps.competitors) {
          return { ok: false, reason: "competitors" } as const;
        }
        return this.#enqueueIn(tx, job, caps, { of: job.competitorOf, label: job.label });
      }),
    );
  }

  /**
   * A staff member's check, inside `tx`: refused past their hour's allowance or their queue
   * share (under a lock of theirs on PostgreSQL), else queued (deferred past `queueMax`). A
   * staff check always fetches; a competitor's reuses a report of the last 24 h.
   */
  async #enqueueIn(
    tx: Db,
    job: NewStaffAuditJob,
    caps: StaffCheckCaps,
    competitor: { of: string; label: string | null } | null,
  ): Promise<StaffEnqueueResult> {
    const since = new Date(caps.now.getTime() - 60 * 60_000).toISOString();
    if (tx.dialect === "postgres") {
      await tx.run("SELECT pg_advisory_xact_lock(hashtext(current_schema() || $1))", [
        `.audit_staff.${job.requestedBy}`,
      ]);
    }
    const hour = await tx.one<{ n: number }>(
      `SELECT CAST(count(*) AS INTEGER) AS n FROM audit_jobs
           WHERE requested_by = $1 AND created_at >= $2 AND status <> 'cancelled'`,
      [job.requestedBy, since],
    );
    if (Number(hour?.n ?? 0) >= caps.perHour) return { ok: false, reason: "rate" } as const;
    const waiting = await tx.one<{ n: number }>(
      `SELECT CAST(count(*) AS INTEGER) AS n FROM audit_jobs
           WHERE status IN ('queued', 'deferred') AND queue_key = $1`,
      [`staff:${job.requestedBy}`],
    );
    if (Number(waiting?.n ?? 0) >= caps.queued) return { ok: false, reason: "queue" } as const;
    await this.#insert(tx, job, caps.queueMax, competitor);
    return { ok: true } as const;
  }

  /** A staff member's check as queued (deferred past `queueMax`); a competitor's never fresh. */
  async #insert(
    tx: Db,
    job: NewStaffAuditJob,
    queueMax: number,
    competitor: { of: string; label: string | null } | null,
  ): Promise<void> {
    await tx.run(
      `INSERT INTO audit_jobs (id, lead_id, url, requested_by, queue_key, domain, fresh, status,
                                   created_at, competitor_of, label)
           VALUES ($1, $2, $3, $4, $5, $6, $7,
             CASE WHEN (SELECT count(*) FROM (SELECT 1 FROM audit_jobs WHERE status = 'queued' LIMIT $8) q) >= $8
                  THEN 'deferred' ELSE 'queued' END,
             $9, $10, $11)`,
      [
        job.id,
        job.leadId,
        job.url,
        job.requestedBy,
        `staff:${job.requestedBy}`,
        job.domain,
        competitor === null,
        queueMax,
        job.createdAt,
        competitor?.of ?? null,
        competitor?.label ?? null,
      ],
    );
  }

  competitors(checkId: string): Promise<AuditJob[]> {
    return this.#jobs("WHERE competitor_of = $1 AND removed_at IS NULL ORDER BY created_at, id", [
      checkId,
    ]);
  }

  removeCompetitor(checkId: string, id: string, by: string, now: Date): Promise<boolean> {
    const at = now.toISOString();
    // Still waiting (no live claim): cancelled, so it never fetches; running or done: hidden.
    const waiting = `status IN ('queued', 'deferred') AND (claimed_until IS NULL OR claimed_until <= $1)`;
    return this.#run(
      async (db) =>
        (await db.run(
          `UPDATE audit_jobs
           SET removed_at = $1,
               last_error = CASE WHEN ${waiting} THEN $2 ELSE last_error END,
               finished_at = CASE WHEN ${waiting} THEN $1 ELSE finished_at END,
               status = CASE WHEN ${waiting} THEN 'cancelled' ELSE status END
           WHERE id = $3 AND competitor_of = $4 AND removed_at IS NULL`,
          [at, `removed by ${by}`, id, checkId],
        )) > 0,
    );
  }

  showCompetitors(checkId: string, show: boolean): Promise<boolean> {
    return this.#run(
      async (db) =>
        (await db.run(
          "UPDATE audit_jobs SET show_competitors = $1 WHERE id = $2 AND competitor_of IS NULL",
          [show, checkId],
        )) > 0,
    );
  }

  async claim(request: AuditClaimRequest): Promise<AuditJob[]> {
    const now = request.now.toISOString();
    const until = new Date(request.now.getTime() + request.leaseMs).toISOString();
    const hourAgo = new Date(request.now.getTime() - 60 * 60_000).toISOString();
    const params = [
      request.owner,
      until,
      now,
      request.queueMax ?? 200,
      request.clientMax ?? 2,
      hourAgo,
    ];
    const claimed: AuditJob[] = [];
    // One at a time: each claim sees the one before it (its domain, its key now running).
    while (claimed.length < request.limit) {
      const row = await this.#run((db) =>
        db.dialect === "postgres"
          ? db.transaction(async (tx) => {
              await tx.run(CLAIM_LOCK);
              return tx.one<JobRow>(claimSql(tx), params);
            })
          : db.one<JobRow>(claimSql(db), params),
      );
      if (!row) break;
      claimed.push(toJob(row));
    }
    return claimed;
  }

  cancel(id: string, by: string, now: Date): Promise<boolean> {
    const at = now.toISOString();
    return this.#run(
      async (db) =>
        (await db.run(
          `UPDATE audit_jobs SET status = 'cancelled', last_error = $1, finished_at = $2,
                                 claimed_by = NULL, claimed_until = NULL
           WHERE id = $3 AND status IN ('queued', 'deferred')
             AND (claimed_until IS NULL OR claimed_until <= $2)`,
          [`cancelled by ${by}`, at, id],
        )) > 0,
    );
  }

  queue(limit: number, now: Date): Promise<{ checks: QueuedCheck[]; total: number }> {
    const at = now.toISOString();
    return this.#run(async (db) => {
      const rows = await db.all<JobRow>(
        `SELECT ${JOB_COLUMNS} FROM audit_jobs WHERE status IN ('queued', 'deferred')
         ORDER BY created_at, id LIMIT $1`,
        [limit],
      );
      const total = await db.one<{ n: number }>(
        `SELECT CAST(count(*) AS INTEGER) AS n FROM audit_jobs WHERE status IN ('queued', 'deferred')`,
      );
      const checks = rows.map(toJob).map((j): QueuedCheck => ({
        id: j.id,
        url: j.url,
        status: j.status === "deferred" ? "deferred" : "queued",
        running: j.status === "queued" && !!j.claimedUntil && j.claimedUntil > at,
        requestedBy: j.requestedBy,
        client: j.client,
        leadId: j.leadId,
        createdAt: j.createdAt,
        startedAt: j.startedAt,
      }));
      return { checks, total: Number(total?.n ?? 0) };
    });
  }

  finish(
    id: string,
    owner: string,
    outcome: AuditJobOutcome,
    now: Date,
    emails: readonly AuditEmail[] = [],
  ): Promise<boolean> {
    const at = now.toISOString();
    const report = outcome.status === "done" ? outcome.report : null;
    return this.#run((db) =>
      db.transaction(async (tx) => {
        const row = await tx.one<{ lead_id: string | null }>(finishSql(tx), [
          outcome.status,
          outcome.site,
          report?.outcome ?? null,
          report?.score ?? null,
          report?.grade ?? null,
          report ? JSON.stringify(report) : null,
          outcome.status === "done" ? (outcome.reusedFrom ?? null) : null,
          outcome.status === "failed" ? outcome.error : null,
          at,
          id,
          owner,
        ]);
        if (!row) return false;
        for (const email of row.lead_id && outcome.status === "done" ? emails : []) {
          await tx.run(
            `INSERT INTO outbox (id, lead_id, channel, status, attempts, next_attempt_at,
                                 give_up_at, created_at, updated_at)
             VALUES ($1, $2, $3, 'pending', 0, $4, $5, $4, $4)
             ON CONFLICT (lead_id, channel) DO NOTHING`,
            [email.id, row.lead_id, email.channel, at, email.giveUpAt],
          );
        }
        return true;
      }),
    );
  }

  async release(ids: readonly string[], owner: string): Promise<void> {
    if (!ids.length) return;
    await this.#run((db) =>
      db.run(
        `UPDATE audit_jobs SET claimed_by = NULL, claimed_until = NULL
         WHERE claimed_by = $1 AND status = 'queued' AND ${dialectSql(db).inList("id", 2)}`,
        [owner, ids],
      ),
    );
  }

  get(id: string): Promise<AuditJob | null> {
    return this.#job("WHERE id = $1", [id]);
  }

  forLead(leadId: string): Promise<AuditJob[]> {
    return this.#jobs("WHERE lead_id = $1 ORDER BY created_at DESC, id DESC", [leadId]);
  }

  recentStaffChecks(limit: number): Promise<AuditJob[]> {
    return this.#jobs(
      `WHERE requested_by IS NOT NULL AND competitor_of IS NULL
       ORDER BY created_at DESC, id DESC LIMIT $1`,
      [limit],
    );
  }

  recentForSite(site: string, since: Date): Promise<AuditJob | null> {
    return this.#job(
      `WHERE site = $1 AND status = 'done' AND finished_at >= $2 AND outcome = 'ok'
       ORDER BY finished_at DESC, id DESC LIMIT 1`,
      [site, since.toISOString()],
    );
  }

  countForClient(
    client: string,
    since: Date,
    before: { createdAt: string; id: string },
  ): Promise<number> {
    return this.#run(async (db) => {
      const row = await db.one<{ n: number }>(
        `SELECT CAST(count(*) AS INTEGER) AS n FROM audit_jobs
         WHERE client = $1 AND created_at >= $2
           AND (created_at < $3 OR (created_at = $3 AND id < $4))
           AND status NOT IN ('limited', 'cancelled') AND reused_from IS NULL`,
        [client, since.toISOString(), before.createdAt, before.id],
      );
      return Number(row?.n ?? 0);
    });
  }

  latestForLeads(leadIds: readonly string[]): Promise<Map<string, AuditSummary>> {
    if (!leadIds.length) return Promise.resolve(new Map());
    return this.#run(async (db) => {
      const rows = await db.all<{
        id: string;
        lead_id: string;
        status: string;
        score: number | null;
        grade: string | null;
      }>(
        `SELECT j.id, j.lead_id, j.status, j.score, j.grade FROM audit_jobs j
         WHERE ${dialectSql(db).inList("j.lead_id", 1)}
           AND j.id = (SELECT k.id FROM audit_jobs k WHERE k.lead_id = j.lead_id
                       ORDER BY k.created_at DESC, k.id DESC LIMIT 1)`,
        [leadIds],
      );
      return new Map(
        rows.map((r) => [
          r.lead_id,
          { jobId: r.id, status: r.status as AuditJobStatus, score: r.score, grade: r.grade },
        ]),
      );
    });
  }
}
