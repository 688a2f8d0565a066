/** The website checks on SQLite: the lead store's own file and connection (migration 17). */
import type { DatabaseSync } from "node:sqlite";
import { unavailable, writeTransaction } from "../../leads/store/sqlite.ts";
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

interface JobRow {
  id: string;
  lead_id: string | null;
  url: string;
  site: string | null;
  client: string | null;
  requested_by: string | null;
  fresh: number;
  status: string;
  attempts: number;
  score: number | null;
  grade: string | null;
  report: string | null;
  reused_from: string | null;
  last_error: string | null;
  claimed_by: string | null;
  claimed_until: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

const COLUMNS =
  "id, lead_id, url, site, client, requested_by, fresh, status, attempts, score, grade, report, reused_from, last_error, claimed_by, claimed_until, created_at, started_at, finished_at";

function toJob(row: JobRow): AuditJob {
  return {
    id: row.id,
    leadId: row.lead_id,
    url: row.url,
    site: row.site,
    client: row.client,
    requestedBy: row.requested_by,
    fresh: row.fresh === 1,
    status: row.status as AuditJobStatus,
    attempts: row.attempts,
    report: row.report ? auditReportSchema.parse(JSON.parse(row.report)) : null,
    score: row.score,
    grade: row.grade,
    reusedFrom: row.reused_from,
    lastError: row.last_error,
    claimedBy: row.claimed_by,
    claimedUntil: row.claimed_until,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}

export class SqliteAuditJobStore implements AuditJobStore {
  readonly #db: DatabaseSync;
  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  #do<T>(work: () => T): T {
    try {
      return work();
    } catch (error) {
      throw unavailable(error);
    }
  }

  async enqueue(job: NewStaffAuditJob): Promise<void> {
    this.#do(() =>
      this.#db
        .prepare(
          `INSERT INTO audit_jobs (id, lead_id, url, requested_by, fresh, status, created_at)
           VALUES (?, ?, ?, ?, 1, 'queued', ?)`,
        )
        .run(job.id, job.leadId, job.url, job.requestedBy, job.createdAt),
    );
  }

  async claim(request: AuditClaimRequest): Promise<AuditJob[]> {
    if (request.limit < 1) return [];
    const now = request.now.toISOString();
    const until = new Date(request.now.getTime() + request.leaseMs).toISOString();
    // One statement: atomic in SQLite (a write lock for its duration, across processes too).
    return this.#do(() =>
      (
        this.#db
          .prepare(
            `UPDATE audit_jobs
             SET claimed_by = ?, claimed_until = ?, attempts = attempts + 1,
                 started_at = coalesce(started_at, ?)
             WHERE id IN (
               SELECT id FROM audit_jobs
               WHERE status = 'queued' AND (claimed_until IS NULL OR claimed_until <= ?)
               ORDER BY created_at, id
               LIMIT ?)
             RETURNING ${COLUMNS}`,
          )
          .all(request.owner, until, now, now, request.limit) as unknown as JobRow[]
      ).map(toJob),
    );
  }

  async finish(
    id: string,
    owner: string,
    outcome: AuditJobOutcome,
    now: Date,
    emails: readonly AuditEmail[] = [],
  ): Promise<boolean> {
    const at = now.toISOString();
    const report = outcome.status === "done" ? outcome.report : null;
    return this.#do(() =>
      writeTransaction(this.#db, () => {
        const row = this.#db
          .prepare(
            `UPDATE audit_jobs
             SET status = ?, site = ?, outcome = ?, score = ?, grade = ?, report = ?,
                 reused_from = ?, last_error = ?, finished_at = ?,
                 claimed_by = NULL, claimed_until = NULL
             WHERE id = ? AND claimed_by = ? AND status = 'queued'
             RETURNING lead_id`,
          )
          .get(
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
          ) as { lead_id: string | null } | undefined;
        if (!row) return false;
        for (const email of row.lead_id && outcome.status === "done" ? emails : []) {
          this.#db
            .prepare(
              `INSERT INTO outbox (id, lead_id, channel, status, attempts, next_attempt_at,
                                   give_up_at, created_at, updated_at)
               VALUES (?, ?, ?, 'pending', 0, ?, ?, ?, ?)
               ON CONFLICT (lead_id, channel) DO NOTHING`,
            )
            .run(email.id, row.lead_id, email.channel, at, email.giveUpAt, at, at);
        }
        return true;
      }),
    );
  }

  async release(ids: readonly string[], owner: string): Promise<void> {
    if (!ids.length) return;
    this.#do(() =>
      this.#db
        .prepare(
          `UPDATE audit_jobs SET claimed_by = NULL, claimed_until = NULL
           WHERE claimed_by = ? AND status = 'queued' AND id IN (SELECT value FROM json_each(?))`,
        )
        .run(owner, JSON.stringify(ids)),
    );
  }

  async get(id: string): Promise<AuditJob | null> {
    const row = this.#do(
      () =>
        this.#db.prepare(`SELECT ${COLUMNS} FROM audit_jobs WHERE id = ?`).get(id) as
          JobRow | undefined,
    );
    return row ? toJob(row) : null;
  }

  async forLead(leadId: string): Promise<AuditJob[]> {
    return this.#do(() =>
      (
        this.#db
          .prepare(
            `SELECT ${COLUMNS} FROM audit_jobs WHERE lead_id = ?
             ORDER BY created_at DESC, id DESC`,
          )
          .all(leadId) as unknown as JobRow[]
      ).map(toJob),
    );
  }

  async recentStaffChecks(limit: number): Promise<AuditJob[]> {
    return this.#do(() =>
      (
        this.#db
          .prepare(
            `SELECT ${COLUMNS} FROM audit_jobs WHERE requested_by IS NOT NULL
             ORDER BY created_at DESC, id DESC LIMIT ?`,
          )
          .all(limit) as unknown as JobRow[]
      ).map(toJob),
    );
  }

  async recentForSite(site: string, since: Date): Promise<AuditJob | null> {
    const row = this.#do(
      () =>
        this.#db
          .prepare(
            `SELECT ${COLUMNS} FROM audit_jobs
             WHERE site = ? AND status = 'done' AND finished_at >= ? AND outcome = 'ok'
             ORDER BY finished_at DESC, id DESC LIMIT 1`,
          )
          .get(site, since.toISOString()) as JobRow | undefined,
    );
    return row ? toJob(row) : null;
  }

  async countForClient(
    client: string,
    since: Date,
    before: { createdAt: string; id: string },
  ): Promise<number> {
    return this.#do(() => {
      const row = this.#db
        .prepare(
          `SELECT count(*) AS n FROM audit_jobs
           WHERE client = ? AND created_at >= ?
             AND (created_at < ? OR (created_at = ? AND id < ?))
             AND status <> 'limited' AND reused_from IS NULL`,
        )
        .get(client, since.toISOString(), before.createdAt, before.createdAt, before.id) as {
        n: number;
      };
      return Number(row.n);
    });
  }

  async latestForLeads(leadIds: readonly string[]): Promise<Map<string, AuditSummary>> {
    if (!leadIds.length) return new Map();
    const rows = this.#do(
      () =>
        this.#db
          .prepare(
            `SELECT j.id, j.lead_id, j.status, j.score, j.grade FROM audit_jobs j
             WHERE j.lead_id IN (SELECT value FROM json_each(?))
               AND j.id = (SELECT k.id FROM audit_jobs k WHERE k.lead_id = j.lead_id
                           ORDER BY k.created_at DESC, k.id DESC LIMIT 1)`,
          )
          .all(JSON.stringify(leadIds)) as unknown as {
          id: string;
          lead_id: string;
          status: string;
          score: number | null;
          grade: string | null;
        }[],
    );
    return new Map(
      rows.map((r) => [
        r.lead_id,
        { jobId: r.id, status: r.status as AuditJobStatus, score: r.score, grade: r.grade },
      ]),
    );
  }
}
