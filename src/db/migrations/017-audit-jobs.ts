import type { Migration } from "./migration.ts";

export const migration: Migration = {
  // The website check (issue 26, src/audit/jobs.ts): one row per check, queued in the audit
  // lead's own transaction (or by staff for any URL: lead_id NULL), claimed under a lease like
  // the outbox, its report stored once. No foreign key to leads: erasing a lead deletes its
  // checks in the same transaction (src/admin/store). \`site\` is the normalised host the 24 h
  // reuse looks up; \`client\` the sender's IP hash the hourly limit counts. The outbox gains
  // the channel 'audit' (the prospect's email with the score and the report's link), rebuilt
  // as in migration 12.
  version: 17,
  name: "audit_jobs",
  sqlite: `
      CREATE TABLE IF NOT EXISTS audit_jobs (
        id TEXT PRIMARY KEY,
        lead_id TEXT,
        url TEXT NOT NULL,
        site TEXT,
        client TEXT,
        requested_by TEXT,
        fresh INTEGER NOT NULL DEFAULT 0 CHECK (fresh IN (0, 1)),
        status TEXT NOT NULL DEFAULT 'queued'
          CHECK (status IN ('queued', 'done', 'limited', 'failed')),
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
        finished_at TEXT
      ) STRICT;
      CREATE INDEX IF NOT EXISTS audit_jobs_queued ON audit_jobs (created_at) WHERE status = 'queued';
      CREATE INDEX IF NOT EXISTS audit_jobs_lead ON audit_jobs (lead_id, created_at);
      CREATE INDEX IF NOT EXISTS audit_jobs_site ON audit_jobs (site, finished_at) WHERE status = 'done';
      CREATE INDEX IF NOT EXISTS audit_jobs_client ON audit_jobs (client, created_at);
      CREATE TABLE outbox_next (
        id TEXT PRIMARY KEY,
        lead_id TEXT NOT NULL REFERENCES leads (id),
        channel TEXT NOT NULL CHECK (channel IN ('email', 'webhook', 'reminder', 'checklist', 'audit')),
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT NOT NULL,
        give_up_at TEXT NOT NULL,
        last_error TEXT,
        claimed_by TEXT,
        claimed_until TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        sent_at TEXT,
        UNIQUE (lead_id, channel)
      ) STRICT;
      INSERT INTO outbox_next SELECT * FROM outbox;
      DROP TABLE outbox;
      ALTER TABLE outbox_next RENAME TO outbox;
      CREATE INDEX IF NOT EXISTS outbox_due ON outbox (next_attempt_at) WHERE status = 'pending';
      CREATE INDEX IF NOT EXISTS outbox_status ON outbox (status, created_at);
    `,
  postgres: `
      CREATE TABLE IF NOT EXISTS audit_jobs (
        id text PRIMARY KEY,
        lead_id text,
        url text NOT NULL,
        site text,
        client text,
        requested_by text,
        fresh boolean NOT NULL DEFAULT false,
        status text NOT NULL DEFAULT 'queued'
          CHECK (status IN ('queued', 'done', 'limited', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        outcome text,
        score integer,
        grade text,
        report jsonb,
        reused_from text,
        last_error text,
        claimed_by text,
        claimed_until timestamptz,
        created_at timestamptz NOT NULL,
        started_at timestamptz,
        finished_at timestamptz
      );
      CREATE INDEX IF NOT EXISTS audit_jobs_queued ON audit_jobs (created_at) WHERE status = 'queued';
      CREATE INDEX IF NOT EXISTS audit_jobs_lead ON audit_jobs (lead_id, created_at);
      CREATE INDEX IF NOT EXISTS audit_jobs_site ON audit_jobs (site, finished_at) WHERE status = 'done';
      CREATE INDEX IF NOT EXISTS audit_jobs_client ON audit_jobs (client, created_at);
      ALTER TABLE outbox DROP CONSTRAINT IF EXISTS outbox_channel_check;
      ALTER TABLE outbox ADD CONSTRAINT outbox_channel_check
        CHECK (channel IN ('email', 'webhook', 'reminder', 'checklist', 'audit'));
    `,
};
