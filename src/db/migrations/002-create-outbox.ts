import type { Migration } from "./migration.ts";

export const migration: Migration = {
  // One row per (lead, channel), written in the lead's own transaction. The id is the webhook-id
  // and the email's Message-ID, stable across retries. claimed_by/claimed_until is a lease: a
  // worker owns the row until then, and a crashed worker's rows are free again afterwards.
  version: 2,
  name: "create_outbox",
  sqlite: `
      CREATE TABLE IF NOT EXISTS outbox (
        id TEXT PRIMARY KEY,
        lead_id TEXT NOT NULL REFERENCES leads (id),
        channel TEXT NOT NULL CHECK (channel IN ('email', 'webhook')),
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
      CREATE INDEX IF NOT EXISTS outbox_due ON outbox (next_attempt_at) WHERE status = 'pending';
      CREATE INDEX IF NOT EXISTS outbox_status ON outbox (status, created_at);
    `,
  postgres: `
      CREATE TABLE IF NOT EXISTS outbox (
        id text PRIMARY KEY,
        lead_id text NOT NULL REFERENCES leads (id),
        channel text NOT NULL CHECK (channel IN ('email', 'webhook')),
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL,
        give_up_at timestamptz NOT NULL,
        last_error text,
        claimed_by text,
        claimed_until timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        sent_at timestamptz,
        UNIQUE (lead_id, channel)
      );
      CREATE INDEX IF NOT EXISTS outbox_due ON outbox (next_attempt_at) WHERE status = 'pending';
      CREATE INDEX IF NOT EXISTS outbox_status ON outbox (status, created_at);
    `,
};
