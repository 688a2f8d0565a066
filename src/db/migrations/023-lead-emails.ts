import type { Migration } from "./migration.ts";

export const migration: Migration = {
  // Emails to a lead from its page (issue 27, src/admin/emails/): the timeline gains the kind
  // 'email' (the message as sent, its template and its delivery state in a JSON body), the
  // outbox the channel 'lead-email' (one row per lead, reset for each new email as the
  // follow-ups' row is; the delivery sends every email of the lead still queued), and
  // \`email_templates\` holds the staff's edits of the templates whose defaults are data
  // (src/admin/emails/defaults.ts): a template without a row reads as its default. Both tables
  // rebuilt on SQLite as in migration 21.
  version: 23,
  name: "lead_emails",
  sqlite: `
      CREATE TABLE IF NOT EXISTS email_templates (
        id TEXT PRIMARY KEY,
        subject TEXT NOT NULL,
        body TEXT NOT NULL,
        updated_by TEXT,
        updated_at TEXT NOT NULL
      ) STRICT;
      CREATE TABLE lead_events_next (
        id TEXT PRIMARY KEY,
        lead_id TEXT NOT NULL REFERENCES leads (id),
        at TEXT NOT NULL,
        actor_id TEXT,
        kind TEXT NOT NULL CHECK (kind IN ('status', 'note', 'assign', 'call', 'follow_up', 'email')),
        body TEXT NOT NULL DEFAULT '',
        status TEXT
      ) STRICT;
      INSERT INTO lead_events_next SELECT id, lead_id, at, actor_id, kind, body, status
        FROM lead_events;
      DROP TABLE lead_events;
      ALTER TABLE lead_events_next RENAME TO lead_events;
      CREATE INDEX IF NOT EXISTS lead_events_lead ON lead_events (lead_id, at, id);
      CREATE TABLE outbox_next (
        id TEXT PRIMARY KEY,
        lead_id TEXT NOT NULL REFERENCES leads (id),
        channel TEXT NOT NULL
          CHECK (channel IN ('email', 'webhook', 'reminder', 'checklist', 'audit', 'audit-agency',
                             'followup', 'lead-email')),
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
      CREATE TABLE IF NOT EXISTS email_templates (
        id text PRIMARY KEY,
        subject text NOT NULL,
        body text NOT NULL,
        updated_by text,
        updated_at timestamptz NOT NULL
      );
      ALTER TABLE lead_events DROP CONSTRAINT IF EXISTS lead_events_kind_check;
      ALTER TABLE lead_events ADD CONSTRAINT lead_events_kind_check
        CHECK (kind IN ('status', 'note', 'assign', 'call', 'follow_up', 'email'));
      ALTER TABLE outbox DROP CONSTRAINT IF EXISTS outbox_channel_check;
      ALTER TABLE outbox ADD CONSTRAINT outbox_channel_check
        CHECK (channel IN ('email', 'webhook', 'reminder', 'checklist', 'audit', 'audit-agency',
                           'followup', 'lead-email'));
    `,
};
