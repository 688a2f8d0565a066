import type { Migration } from "./migration.ts";

export const migration: Migration = {
  // The website checks' fair queue (issue 36, src/audit/jobs.ts, decision D218): two statuses,
  // 'deferred' (past AUDIT_QUEUE_MAX queued, or past the client's AUDIT_CLIENT_MAX queued or
  // running: waits outside the queue and is claimed once there is room) and 'cancelled' (the
  // owner took a waiting check off the queue); \`queue_key\`, whose turn a check is in the
  // round-robin (the client's IP hash, 'staff:<id>' for a staff member's, 'job:<id>' when
  // neither is known), and \`domain\`, the registrable domain (and port) no two checks fetch at
  // once. The claim reads only partial indexes of the jobs waiting or running, plus each key's
  // last start. SQLite cannot change a CHECK in place: the table is copied, as migration 19
  // did the timeline; older rows keep their site as their domain.
  version: 30,
  name: "audit_jobs_fair_queue",
  sqlite: `
      CREATE TABLE audit_jobs_next (
        id TEXT PRIMARY KEY,
        lead_id TEXT,
        url TEXT NOT NULL,
        site TEXT,
        client TEXT,
        requested_by TEXT,
        fresh INTEGER NOT NULL DEFAULT 0 CHECK (fresh IN (0, 1)),
        status TEXT NOT NULL DEFAULT 'queued'
          CHECK (status IN ('queued', 'deferred', 'done', 'limited', 'failed', 'cancelled')),
        attempts INTEGER NOT NULL DEFAULT 0,
        outcome TEXT,
        score INTEGER,
        grade TEXT,
        report TEXT,
        reused_from TEXT,
        last_error TEXT,
        claimed_by TEXT,
        claimed_until TEXT,
        created_at TEXT NOT NULL,
        started_at TEXT,
        finished_at TEXT,
        queue_key TEXT NOT NULL,
        domain TEXT
      ) STRICT;
      INSERT INTO audit_jobs_next
        SELECT id, lead_id, url, site, client, requested_by, fresh, status, attempts, outcome,
               score, grade, report, reused_from, last_error, claimed_by, claimed_until,
               created_at, started_at, finished_at,
               coalesce(client, 'staff:' || requested_by, 'job:' || id), site
        FROM audit_jobs;
      DROP TABLE audit_jobs;
      ALTER TABLE audit_jobs_next RENAME TO audit_jobs;
      CREATE INDEX IF NOT EXISTS audit_jobs_lead ON audit_jobs (lead_id, created_at);
      CREATE INDEX IF NOT EXISTS audit_jobs_site ON audit_jobs (site, finished_at) WHERE status = 'done';
      CREATE INDEX IF NOT EXISTS audit_jobs_client ON audit_jobs (client, created_at);
      CREATE INDEX IF NOT EXISTS audit_jobs_staff ON audit_jobs (created_at)
        WHERE requested_by IS NOT NULL;
      CREATE INDEX IF NOT EXISTS audit_jobs_queued ON audit_jobs (created_at) WHERE status = 'queued';
      CREATE INDEX IF NOT EXISTS audit_jobs_waiting ON audit_jobs (created_at, id)
        WHERE status IN ('queued', 'deferred');
      CREATE INDEX IF NOT EXISTS audit_jobs_key_active ON audit_jobs (queue_key, claimed_until)
        WHERE status = 'queued';
      CREATE INDEX IF NOT EXISTS audit_jobs_key_started ON audit_jobs (queue_key, started_at);
      CREATE INDEX IF NOT EXISTS audit_jobs_key_created ON audit_jobs (queue_key, created_at);
      CREATE INDEX IF NOT EXISTS audit_jobs_domain_active ON audit_jobs (domain, claimed_until)
        WHERE status = 'queued';
      CREATE INDEX IF NOT EXISTS audit_jobs_requester ON audit_jobs (requested_by, created_at)
        WHERE requested_by IS NOT NULL;
    `,
  postgres: `
      ALTER TABLE audit_jobs ADD COLUMN IF NOT EXISTS queue_key text;
      ALTER TABLE audit_jobs ADD COLUMN IF NOT EXISTS domain text;
      UPDATE audit_jobs SET queue_key = coalesce(client, 'staff:' || requested_by, 'job:' || id),
                            domain = site;
      ALTER TABLE audit_jobs ALTER COLUMN queue_key SET NOT NULL;
      ALTER TABLE audit_jobs DROP CONSTRAINT IF EXISTS audit_jobs_status_check;
      ALTER TABLE audit_jobs ADD CONSTRAINT audit_jobs_status_check
        CHECK (status IN ('queued', 'deferred', 'done', 'limited', 'failed', 'cancelled'));
      CREATE INDEX IF NOT EXISTS audit_jobs_queued ON audit_jobs (created_at) WHERE status = 'queued';
      CREATE INDEX IF NOT EXISTS audit_jobs_waiting ON audit_jobs (created_at, id)
        WHERE status IN ('queued', 'deferred');
      CREATE INDEX IF NOT EXISTS audit_jobs_key_active ON audit_jobs (queue_key, claimed_until)
        WHERE status = 'queued';
      CREATE INDEX IF NOT EXISTS audit_jobs_key_started ON audit_jobs (queue_key, started_at);
      CREATE INDEX IF NOT EXISTS audit_jobs_key_created ON audit_jobs (queue_key, created_at);
      CREATE INDEX IF NOT EXISTS audit_jobs_domain_active ON audit_jobs (domain, claimed_until)
        WHERE status = 'queued';
      CREATE INDEX IF NOT EXISTS audit_jobs_requester ON audit_jobs (requested_by, created_at)
        WHERE requested_by IS NOT NULL;
    `,
};
