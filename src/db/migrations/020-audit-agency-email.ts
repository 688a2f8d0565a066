import type { Migration } from "./migration.ts";

export const migration: Migration = {
  // The agency's follow-up once a lead's website check is done (channel 'audit-agency': the
  // score, the three most valuable fixes and the lead's link; docs/decisions.md), rebuilt as in
  // migration 12; and the staff checks' list (/admin/checks) reads its own small index.
  version: 20,
  name: "audit_agency_email",
  sqlite: `
      CREATE TABLE outbox_next (
        id TEXT PRIMARY KEY,
        lead_id TEXT NOT NULL REFERENCES leads (id),
        channel TEXT NOT NULL
          CHECK (channel IN ('email', 'webhook', 'reminder', 'checklist', 'audit', 'audit-agency')),
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
      CREATE INDEX IF NOT EXISTS audit_jobs_staff ON audit_jobs (created_at)
        WHERE requested_by IS NOT NULL;
    `,
  postgres: `
      ALTER TABLE outbox DROP CONSTRAINT IF EXISTS outbox_channel_check;
      ALTER TABLE outbox ADD CONSTRAINT outbox_channel_check
        CHECK (channel IN ('email', 'webhook', 'reminder', 'checklist', 'audit', 'audit-agency'));
      CREATE INDEX IF NOT EXISTS audit_jobs_staff ON audit_jobs (created_at)
        WHERE requested_by IS NOT NULL;
    `,
};
