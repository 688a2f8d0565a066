/**
 * The insert of a lead's website check, in the lead's own transaction (both lead stores,
 * src/leads/store/{sqlite,postgres}.ts): queued, or deferred when AUDIT_QUEUE_MAX checks are
 * queued already (at most that many index entries read) or its client has AUDIT_CLIENT_MAX
 * checks queued, running or deferred (issue 36, docs/website-check.md). No imports but types:
 * the lead stores load it, and it lives with them (src/leads/ imports nothing of src/audit/).
 */
import type { NewAuditJob } from "./types.ts";

export const leadJobInsertSql = `
  INSERT INTO audit_jobs (id, lead_id, url, client, queue_key, domain, status, created_at)
  VALUES ($1, $2, $3, $4, $5, $6,
    CASE WHEN (SELECT count(*) FROM (SELECT 1 FROM audit_jobs WHERE status = 'queued' LIMIT $7) q) >= $7
           OR (SELECT count(*) FROM audit_jobs WHERE queue_key = $5 AND status IN ('queued', 'deferred')) >= $8
         THEN 'deferred' ELSE 'queued' END,
    $9)`;

/** The parameters of leadJobInsertSql, in order. */
export const leadJobInsertParams = (
  job: NewAuditJob,
  leadId: string,
  createdAt: string,
): [string, string, string, string | null, string, string | null, number, number, string] => [
  job.id,
  leadId,
  job.url,
  job.client,
  job.client ?? `job:${job.id}`,
  job.domain,
  job.queueMax,
  job.clientMax,
  createdAt,
];
