import type { Migration } from "./migration.ts";

export const migration: Migration = {
  // Logged calls on a lead's timeline (issue 27, src/admin/calls.ts): kind 'call', its outcome
  // in the body, and in the status column 'contacted' when the call moved a new lead there.
  // SQLite cannot change a CHECK in place: the timeline is copied into a table of the same
  // shape, as migration 10 did for the outbox.
  version: 19,
  name: "lead_event_calls",
  sqlite: `
      CREATE TABLE lead_events_next (
        id TEXT PRIMARY KEY,
        lead_id TEXT NOT NULL REFERENCES leads (id),
        at TEXT NOT NULL,
        actor_id TEXT,
        kind TEXT NOT NULL CHECK (kind IN ('status', 'note', 'assign', 'call')),
        body TEXT NOT NULL DEFAULT '',
        status TEXT
      ) STRICT;
      INSERT INTO lead_events_next SELECT id, lead_id, at, actor_id, kind, body, status
        FROM lead_events;
      DROP TABLE lead_events;
      ALTER TABLE lead_events_next RENAME TO lead_events;
      CREATE INDEX IF NOT EXISTS lead_events_lead ON lead_events (lead_id, at, id);
    `,
  postgres: `
      ALTER TABLE lead_events DROP CONSTRAINT IF EXISTS lead_events_kind_check;
      ALTER TABLE lead_events ADD CONSTRAINT lead_events_kind_check
        CHECK (kind IN ('status', 'note', 'assign', 'call'));
    `,
};
