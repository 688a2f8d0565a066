/**
 * The website checks on either database: the lead store's own file or pool and schema (migration
 * 17), over the driver (src/server/db.ts), every query written once. The one real difference is
 * the claim: on PostgreSQL it takes its rows with SKIP LOCKED, so several servers on one database
 * never claim one job twice; on SQLite the one statement holds the write lock, across processes
 * too. Pinned by tests/unit/audit-store-sql.test.ts.
 */
import { dialectSql, json, type Db } from "../../server/db.ts";
import { onStore } from "../../leads/store/unavailable.ts";
import { auditReportSchema } from "../report.ts";
import type {
  AuditClaimRequest,
  AuditEmail,
  AuditJob,
  AuditJobOutcome,
  AuditJobStatus,
  AuditJobStore,
  AuditSummary,
  NewStaffAuditJob,
} from "./types.ts";

/** A row as both drivers return it (timestamps as ISO text; the report as text or parsed jsonb). */
interface JobRow {
  id: string;
  lead_id: string | null;
  url: string;
  site: string | null;
  client: string | null;
  requested_by: string | null;
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
}

export const JOB_COLUMNS =
  "id, lead_id, url, site, client, requested_by, fresh, status, attempts, score, grade, report, " +
  "reused_from, last_error, claimed_by, claimed_until, created_at, started_at, finished_at";

const toJob = (row: JobRow): AuditJob => ({
  id: row.id,
  leadId: row.lead_id,
  url: row.url,
  site: row.site,
  client: row.client,
  requestedBy: row.requested_by,
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
});

/** The claim: the oldest queued jobs no live lease holds, leased to `$1` and counted. */
export const claimSql = (db: Pick<Db, "dialect">) => `
  UPDATE audit_jobs
  SET claimed_by = $1, claimed_until = $2, attempts = attempts + 1,
      started_at = coalesce(started_at, $3)
  WHERE id IN (
    SELECT id FROM audit_jobs
    WHERE status = 'queued' AND (claimed_until IS NULL OR claimed_until <= $3)
    ORDER BY created_at, id
    LIMIT $4${dialectSql(db).skipLocked()})
  RETURNING ${JOB_COLUMNS}`;

/** The outcome, only while the claim is still this worker's. */
export const finishSql = (db: Pick<Db, "dialect">) => `
  UPDATE audit_jobs
  SET status = $1, site = $2, outcome = $3, score = $4, grade = $5, report = ${dialectSql(db).jsonParam(6)},
      reused_from = $7, last_error = $8, finished_at = $9, claimed_by = NULL, claimed_until = NULL
  WHERE id = $10 AND claimed_by = $11 AND status = 'queued'
  RETURNING lead_id`;

const byAge = (a: AuditJob, b: AuditJob) =>
  a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

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

  enqueue(job: NewStaffAuditJob): Promise<void> {
    return this.#run(async (db) => {
      await db.run(
        `INSERT INTO audit_jobs (id, lead_id, url, requested_by, fresh, status, created_at)
         VALUES ($1, $2, $3, $4, $5, 'queued', $6)`,
        [job.id, job.leadId, job.url, job.requestedBy, true, job.createdAt],
      );
    });
  }

  async claim(request: AuditClaimRequest): Promise<AuditJob[]> {
    if (request.limit < 1) return [];
    const now = request.now.toISOString();
    const until = new Date(request.now.getTime() + request.leaseMs).toISOString();
    return this.#run(async (db) =>
      (await db.all<JobRow>(claimSql(db), [request.owner, until, now, request.limit]))
        .map(toJob)
        .sort(byAge),
    );
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
    return this.#jobs("WHERE requested_by IS NOT NULL ORDER BY created_at DESC, id DESC LIMIT $1", [
      limit,
    ]);
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
           AND status <> 'limited' AND reused_from IS NULL`,
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
