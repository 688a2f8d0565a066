import type { Migration } from "./migration.ts";

export const migration: Migration = {
  // Speed to lead (src/admin/reminders.ts): the outbox may hold one 'reminder' row per lead (a
  // lead still 'new' after LEAD_REMINDER_MINUTES of the agency's hours; UNIQUE (lead_id,
  // channel) keeps it to one even with several servers sweeping), and the inbox's median time
  // to first contact reads only the index of a period's contacted leads (partial, covering:
  // the median never visits the table). SQLite cannot
  // change a CHECK in place: the outbox is copied into a new table of the same shape.
  version: 10,
  name: "speed_to_lead",
  sqlite: `
      CREATE TABLE outbox_next (
        id TEXT PRIMARY KEY,
        lead_id TEXT NOT NULL REFERENCES leads (id),
        channel TEXT NOT NULL CHECK (channel IN ('email', 'webhook', 'reminder')),
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
      CREATE INDEX IF NOT EXISTS leads_contacted ON leads (created_at, first_contacted_at)
        WHERE first_contacted_at IS NOT NULL AND spam = 0 AND completed_by IS NULL;
    `,
  postgres: `
      ALTER TABLE outbox DROP CONSTRAINT IF EXISTS outbox_channel_check;
      ALTER TABLE outbox ADD CONSTRAINT outbox_channel_check
        CHECK (channel IN ('email', 'webhook', 'reminder'));
      CREATE INDEX IF NOT EXISTS leads_contacted ON leads (created_at, first_contacted_at)
        WHERE first_contacted_at IS NOT NULL AND NOT spam AND completed_by IS NULL;
    `,
};
