import type { Migration } from "./migration.ts";

export const migration: Migration = {
  // The outbox's channel is no longer a fixed list in the schema (as migration 24 did for the
  // timeline's kinds): each feature registers its channels with their deliverers in the
  // composition root (src/app/root.ts), and a new one needs no table rebuild. The first is the
  // website check's 'callback' (issue 39 §1: the prospect left a number after the score,
  // src/audit/callback.ts). SQLite cannot change a CHECK in place: the table is rebuilt as in
  // migration 23, with the same columns, key, uniqueness and indexes.
  version: 37,
  name: "outbox_open_channels",
  sqlite: `
      CREATE TABLE outbox_next (
        id TEXT PRIMARY KEY,
        lead_id TEXT NOT NULL REFERENCES leads (id),
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
    `,
  postgres: `
      ALTER TABLE outbox DROP CONSTRAINT IF EXISTS outbox_channel_check;
      ALTER TABLE outbox ADD CONSTRAINT outbox_channel_check CHECK (channel <> '');
    `,
};
