/**
 * The website checks on PostgreSQL: the lead store's own pool and schema (migration 17). Claims
 * take row locks with SKIP LOCKED, so several servers on one database never claim one job twice.
 */
import type postgres from "postgres";
import { orUnavailable } from "../../leads/store/postgres.ts";
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
  fresh: boolean;
  status: string;
  attempts: number;
  score: number | null;
  grade: string | null;
  report: unknown;
  reused_from: string | null;
  last_error: string | null;
  claimed_by: string | null;
  claimed_until: Date | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toJob(row: JobRow): AuditJob {
  return {
    id: row.id,
    leadId: row.lead_id,
    url: row.url,
    site: row.site,
    client: row.client,
    requestedBy: row.requested_by,
    fresh: row.fresh,
    status: row.status as AuditJobStatus,
    attempts: row.attempts,
    report: row.report ? auditReportSchema.parse(row.report) : null,
    score: row.score,
    grade: row.grade,
    reusedFrom: row.reused_from,
    lastError: row.last_error,
    claimedBy: row.claimed_by,
    claimedUntil: iso(row.claimed_until),
    createdAt: row.created_at.toISOString(),
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
  };
}

export class PostgresAuditJobStore implements AuditJobStore {
  readonly #sql: postgres.Sql;
  constructor(sql: postgres.Sql) {
    this.#sql = sql;
  }

  enqueue(job: NewStaffAuditJob): Promise<void> {
    return orUnavailable(async () => {
      await this.#sql`
        INSERT INTO audit_jobs (id, lead_id, url, requested_by, fresh, status, created_at)
        VALUES (${job.id}, ${job.leadId}, ${job.url}, ${job.requestedBy}, true, 'queued',
                ${job.createdAt})`;
    });
  }

  claim(request: AuditClaimRequest): Promise<AuditJob[]> {
    if (request.limit < 1) return Promise.resolve([]);
    const now = request.now;
    const until = new Date(now.getTime() + request.leaseMs);
    return orUnavailable(async () => {
      const rows = await this.#sql<JobRow[]>`
        WITH due AS (
          SELECT id FROM audit_jobs
          WHERE status = 'queued' AND (claimed_until IS NULL OR claimed_until <= ${now})
          ORDER BY created_at, id
          LIMIT ${request.limit}
          FOR UPDATE SKIP LOCKED
        )
        UPDATE audit_jobs j
        SET claimed_by = ${request.owner}, claimed_until = ${until}, attempts = j.attempts + 1,
            started_at = coalesce(j.started_at, ${now})
        FROM due WHERE j.id = due.id
        RETURNING j.*`;
      return rows.map(toJob).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    });
  }

  finish(
    id: string,
    owner: string,
    outcome: AuditJobOutcome,
    now: Date,
    emails: readonly AuditEmail[] = [],
  ): Promise<boolean> {
    const report = outcome.status === "done" ? outcome.report : null;
    return orUnavailable(() =>
      this.#sql.begin(async (tx) => {
        const rows = await tx<{ lead_id: string | null }[]>`
          UPDATE audit_jobs
          SET status = ${outcome.status}, site = ${outcome.site},
              outcome = ${report?.outcome ?? null}, score = ${report?.score ?? null},
              grade = ${report?.grade ?? null},
              report = ${report ? tx.json(report as unknown as postgres.JSONValue) : null},
              reused_from = ${outcome.status === "done" ? (outcome.reusedFrom ?? null) : null},
              last_error = ${outcome.status === "failed" ? outcome.error : null},
              finished_at = ${now}, claimed_by = NULL, claimed_until = NULL
          WHERE id = ${id} AND claimed_by = ${owner} AND status = 'queued'
          RETURNING lead_id`;
        const row = rows[0];
        if (!row) return false;
        for (const email of row.lead_id && outcome.status === "done" ? emails : []) {
          await tx`
            INSERT INTO outbox (id, lead_id, channel, status, attempts, next_attempt_at,
                                give_up_at, created_at, updated_at)
            VALUES (${email.id}, ${row.lead_id}, ${email.channel}, 'pending', 0, ${now},
                    ${email.giveUpAt}, ${now}, ${now})
            ON CONFLICT (lead_id, channel) DO NOTHING`;
        }
        return true;
      }),
    );
  }

  release(ids: readonly string[], owner: string): Promise<void> {
    if (!ids.length) return Promise.resolve();
    return orUnavailable(async () => {
      await this.#sql`
        UPDATE audit_jobs SET claimed_by = NULL, claimed_until = NULL
        WHERE claimed_by = ${owner} AND status = 'queued' AND id IN ${this.#sql(ids as string[])}`;
    });
  }

  get(id: string): Promise<AuditJob | null> {
    return orUnavailable(async () => {
      const [row] = await this.#sql<JobRow[]>`SELECT * FROM audit_jobs WHERE id = ${id}`;
      return row ? toJob(row) : null;
    });
  }

  forLead(leadId: string): Promise<AuditJob[]> {
    return orUnavailable(async () =>
      (
        await this.#sql<JobRow[]>`
          SELECT * FROM audit_jobs WHERE lead_id = ${leadId} ORDER BY created_at DESC, id DESC`
      ).map(toJob),
    );
  }

  recentStaffChecks(limit: number): Promise<AuditJob[]> {
    return orUnavailable(async () =>
      (
        await this.#sql<JobRow[]>`
          SELECT * FROM audit_jobs WHERE requested_by IS NOT NULL
          ORDER BY created_at DESC, id DESC LIMIT ${limit}`
      ).map(toJob),
    );
  }

  recentForSite(site: string, since: Date): Promise<AuditJob | null> {
    return orUnavailable(async () => {
      const [row] = await this.#sql<JobRow[]>`
        SELECT * FROM audit_jobs
        WHERE site = ${site} AND status = 'done' AND finished_at >= ${since} AND outcome = 'ok'
        ORDER BY finished_at DESC, id DESC LIMIT 1`;
      return row ? toJob(row) : null;
    });
  }

  countForClient(
    client: string,
    since: Date,
    before: { createdAt: string; id: string },
  ): Promise<number> {
    return orUnavailable(async () => {
      const [row] = await this.#sql<{ n: number }[]>`
        SELECT count(*)::int AS n FROM audit_jobs
        WHERE client = ${client} AND created_at >= ${since}
          AND (created_at < ${before.createdAt}
               OR (created_at = ${before.createdAt} AND id < ${before.id}))
          AND status <> 'limited' AND reused_from IS NULL`;
      return row!.n;
    });
  }

  latestForLeads(leadIds: readonly string[]): Promise<Map<string, AuditSummary>> {
    if (!leadIds.length) return Promise.resolve(new Map());
    return orUnavailable(async () => {
      const rows = await this.#sql<
        {
          id: string;
          lead_id: string;
          status: string;
          score: number | null;
          grade: string | null;
        }[]
      >`
        SELECT DISTINCT ON (lead_id) id, lead_id, status, score, grade FROM audit_jobs
        WHERE lead_id IN ${this.#sql(leadIds as string[])}
        ORDER BY lead_id, created_at DESC, id DESC`;
      return new Map(
        rows.map((r) => [
          r.lead_id,
          { jobId: r.id, status: r.status as AuditJobStatus, score: r.score, grade: r.grade },
        ]),
      );
    });
  }
}
