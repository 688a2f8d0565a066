import type { Migration } from "./migration.ts";

export const migration: Migration = {
  // What arrives on its own (issue 39 §2):
  // - `scheduled_calls`: the calls booked through the scheduling provider (Calendly's
  //   invitee.created webhook, src/leads/scheduling/), one row per invitee (its URI is unique:
  //   the same event delivered twice stores once), on the lead it created or was attached to,
  //   with the meeting's start and end, and 'canceled' once invitee.canceled arrives.
  // - `outbox`: any channel name (a feature registers its own, as lead_events' kinds since
  //   migration 24), and a row may belong to no lead: a webhook's test delivery ('webhook-test',
  //   sent from the owner's Webhooks page) carries a sample lead, not a prospect's.
  // - `email_templates.disabled`: the confirmation emails the visitor gets after a contact, call
  //   or growth request can be switched off per form by the owner (src/admin/emails/).
  // SQLite cannot change a CHECK or a NOT NULL in place: the outbox is copied, as in migration 23.
  version: 33,
  name: "bookings_confirmations",
  sqlite: `
      CREATE TABLE IF NOT EXISTS scheduled_calls (
        id TEXT PRIMARY KEY,
        lead_id TEXT NOT NULL REFERENCES leads (id),
        invitee_uri TEXT NOT NULL UNIQUE,
        event_uri TEXT NOT NULL DEFAULT '',
        name TEXT NOT NULL DEFAULT '',
        start_time TEXT NOT NULL,
        end_time TEXT,
        status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'canceled')),
        cancel_url TEXT,
        reschedule_url TEXT,
        booked_at TEXT NOT NULL,
        canceled_at TEXT,
        cancel_reason TEXT
      ) STRICT;
      CREATE INDEX IF NOT EXISTS scheduled_calls_upcoming ON scheduled_calls (status, start_time);
      CREATE INDEX IF NOT EXISTS scheduled_calls_lead ON scheduled_calls (lead_id);
      ALTER TABLE email_templates ADD COLUMN disabled INTEGER NOT NULL DEFAULT 0
        CHECK (disabled IN (0, 1));
      CREATE TABLE outbox_next (
        id TEXT PRIMARY KEY,
        lead_id TEXT REFERENCES leads (id),
        channel TEXT NOT NULL CHECK (channel <> ''),
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
      CREATE INDEX IF NOT EXISTS outbox_channel_created ON outbox (channel, created_at);
    `,
  postgres: `
      CREATE TABLE IF NOT EXISTS scheduled_calls (
        id text PRIMARY KEY,
        lead_id text NOT NULL REFERENCES leads (id),
        invitee_uri text NOT NULL UNIQUE,
        event_uri text NOT NULL DEFAULT '',
        name text NOT NULL DEFAULT '',
        start_time timestamptz NOT NULL,
        end_time timestamptz,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'canceled')),
        cancel_url text,
        reschedule_url text,
        booked_at timestamptz NOT NULL,
        canceled_at timestamptz,
        cancel_reason text
      );
      CREATE INDEX IF NOT EXISTS scheduled_calls_upcoming ON scheduled_calls (status, start_time);
      CREATE INDEX IF NOT EXISTS scheduled_calls_lead ON scheduled_calls (lead_id);
      ALTER TABLE email_templates ADD COLUMN IF NOT EXISTS disabled integer NOT NULL DEFAULT 0
        CHECK (disabled IN (0, 1));
      ALTER TABLE outbox DROP CONSTRAINT IF EXISTS outbox_channel_check;
      ALTER TABLE outbox ADD CONSTRAINT outbox_channel_check CHECK (channel <> '');
      ALTER TABLE outbox ALTER COLUMN lead_id DROP NOT NULL;
      CREATE INDEX IF NOT EXISTS outbox_channel_created ON outbox (channel, created_at);
    `,
};
