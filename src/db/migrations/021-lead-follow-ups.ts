import type { Migration } from "./migration.ts";

export const migration: Migration = {
  // Follow-ups (issue 27, src/admin/followUps.ts): at most one open follow-up per lead (its due
  // time, a short note, who set it; done deletes the row, the timeline keeps what happened).
  // \`queued_at\` is when its email was queued: the sweep's UPDATE … WHERE queued_at IS NULL
  // lets one server alone queue it. The Due view walks lead_follow_ups_due (due time, lead); the
  // sweep its partial index of those not queued yet. The timeline gains the kind 'follow_up'
  // (set, done, snoozed: a JSON body) and the outbox the channel 'followup' (the assignee's
  // email), both rebuilt on SQLite as in migrations 19 and 20.
  version: 21,
  name: "lead_follow_ups",
  sqlite: `
      CREATE TABLE IF NOT EXISTS lead_follow_ups (
        lead_id TEXT PRIMARY KEY REFERENCES leads (id),
        due_at TEXT NOT NULL,
        note TEXT NOT NULL DEFAULT '',
        set_by TEXT,
        set_at TEXT NOT NULL,
        queued_at TEXT
      ) STRICT;
      CREATE INDEX IF NOT EXISTS lead_follow_ups_due ON lead_follow_ups (due_at, lead_id);
      CREATE INDEX IF NOT EXISTS lead_follow_ups_unqueued ON lead_follow_ups (due_at)
        WHERE queued_at IS NULL;
      CREATE TABLE lead_events_next (
        id TEXT PRIMARY KEY,
        lead_id TEXT NOT NULL REFERENCES leads (id),
        at TEXT NOT NULL,
        actor_id TEXT,
        kind TEXT NOT NULL CHECK (kind IN ('status', 'note', 'assign', 'call', 'follow_up')),
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
                             'followup')),
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
      CREATE TABLE IF NOT EXISTS lead_follow_ups (
        lead_id text PRIMARY KEY REFERENCES leads (id),
        due_at timestamptz NOT NULL,
        note text NOT NULL DEFAULT '',
        set_by text,
        set_at timestamptz NOT NULL,
        queued_at timestamptz
      );
      CREATE INDEX IF NOT EXISTS lead_follow_ups_due ON lead_follow_ups (due_at, lead_id);
      CREATE INDEX IF NOT EXISTS lead_follow_ups_unqueued ON lead_follow_ups (due_at)
        WHERE queued_at IS NULL;
      ALTER TABLE lead_events DROP CONSTRAINT IF EXISTS lead_events_kind_check;
      ALTER TABLE lead_events ADD CONSTRAINT lead_events_kind_check
        CHECK (kind IN ('status', 'note', 'assign', 'call', 'follow_up'));
      ALTER TABLE outbox DROP CONSTRAINT IF EXISTS outbox_channel_check;
      ALTER TABLE outbox ADD CONSTRAINT outbox_channel_check
        CHECK (channel IN ('email', 'webhook', 'reminder', 'checklist', 'audit', 'audit-agency',
                           'followup'));
    `,
};
