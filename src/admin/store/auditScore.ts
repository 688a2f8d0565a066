/**
 * The score of a lead's newest scored website check (migration 17, the audit_jobs_lead index),
 * as an SQL expression over `leads`: the same in both dialects, for the inbox's column, its score
 * filter and the CSV export.
 */
export const AUDIT_SCORE = `(SELECT j.score FROM audit_jobs j
  WHERE j.lead_id = leads.id AND j.status = 'done' AND j.score IS NOT NULL
  ORDER BY j.created_at DESC, j.id DESC LIMIT 1)`;
