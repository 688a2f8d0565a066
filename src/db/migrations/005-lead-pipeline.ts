import type { Migration } from "./migration.ts";

export const migration: Migration = {
  // Working a lead in the inbox (src/admin/pipeline.ts): its status (new → contacted →
  // qualified → won | lost), when it changed, when it was first contacted (speed to lead), the
  // reason it was lost; and its timeline of status changes and notes, with who and when.
  version: 5,
  name: "lead_pipeline",
  sqlite: `
      ALTER TABLE leads ADD COLUMN status TEXT NOT NULL DEFAULT 'new'
        CHECK (status IN ('new', 'contacted', 'qualified', 'won', 'lost'));
      ALTER TABLE leads ADD COLUMN status_at TEXT;
      ALTER TABLE leads ADD COLUMN first_contacted_at TEXT;
      ALTER TABLE leads ADD COLUMN lost_reason TEXT;
      CREATE INDEX IF NOT EXISTS leads_status_created ON leads (status, created_at, id);
      CREATE TABLE IF NOT EXISTS lead_events (
        id TEXT PRIMARY KEY,
        lead_id TEXT NOT NULL REFERENCES leads (id),
        at TEXT NOT NULL,
        actor_id TEXT,
        kind TEXT NOT NULL CHECK (kind IN ('status', 'note', 'assign')),
        body TEXT NOT NULL DEFAULT '',
        status TEXT
      ) STRICT;
      CREATE INDEX IF NOT EXISTS lead_events_lead ON lead_events (lead_id, at, id);
    `,
  postgres: `
      ALTER TABLE leads ADD COLUMN IF NOT EXISTS status text NOT NULL DEFAULT 'new'
        CHECK (status IN ('new', 'contacted', 'qualified', 'won', 'lost'));
      ALTER TABLE leads ADD COLUMN IF NOT EXISTS status_at timestamptz;
      ALTER TABLE leads ADD COLUMN IF NOT EXISTS first_contacted_at timestamptz;
      ALTER TABLE leads ADD COLUMN IF NOT EXISTS lost_reason text;
      CREATE INDEX IF NOT EXISTS leads_status_created ON leads (status, created_at, id);
      CREATE TABLE IF NOT EXISTS lead_events (
        id text PRIMARY KEY,
        lead_id text NOT NULL REFERENCES leads (id),
        at timestamptz NOT NULL,
        actor_id text,
        kind text NOT NULL CHECK (kind IN ('status', 'note', 'assign')),
        body text NOT NULL DEFAULT '',
        status text
      );
      CREATE INDEX IF NOT EXISTS lead_events_lead ON lead_events (lead_id, at, id);
    `,
};
