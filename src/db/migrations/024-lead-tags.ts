import type { Migration } from "./migration.ts";

export const migration: Migration = {
  // Tags (issue 27, src/admin/tags.ts): free labels on a lead, lower-cased and short, one row
  // per lead and tag; the inbox's tag filter reads lead_tags_tag (tag → its leads), the list's
  // chips and an erasure the primary key (lead → its tags). The timeline gains tag events
  // (added, removed): its kind is no longer a fixed list in the schema (the code's LeadEvent
  // type says which kinds exist), so timelines of other features need no rebuild. The
  // inbox's assignee filter walks (assignee_id, created_at, id) newest first, as the list
  // does (created_at, id); it replaces migration 7's index without the id.
  version: 24,
  name: "lead_tags",
  sqlite: `
      CREATE TABLE IF NOT EXISTS lead_tags (
        lead_id TEXT NOT NULL REFERENCES leads (id),
        tag TEXT NOT NULL,
        added_by TEXT,
        added_at TEXT NOT NULL,
        PRIMARY KEY (lead_id, tag)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS lead_tags_tag ON lead_tags (tag, lead_id);
      CREATE TABLE lead_events_next (
        id TEXT PRIMARY KEY,
        lead_id TEXT NOT NULL REFERENCES leads (id),
        at TEXT NOT NULL,
        actor_id TEXT,
        kind TEXT NOT NULL CHECK (kind <> ''),
        body TEXT NOT NULL DEFAULT '',
        status TEXT
      ) STRICT;
      INSERT INTO lead_events_next SELECT id, lead_id, at, actor_id, kind, body, status
        FROM lead_events;
      DROP TABLE lead_events;
      ALTER TABLE lead_events_next RENAME TO lead_events;
      CREATE INDEX IF NOT EXISTS lead_events_lead ON lead_events (lead_id, at, id);
      DROP INDEX IF EXISTS leads_assignee;
      CREATE INDEX IF NOT EXISTS leads_assignee_created ON leads (assignee_id, created_at, id);
    `,
  postgres: `
      CREATE TABLE IF NOT EXISTS lead_tags (
        lead_id text NOT NULL REFERENCES leads (id),
        tag text NOT NULL,
        added_by text,
        added_at timestamptz NOT NULL,
        PRIMARY KEY (lead_id, tag)
      );
      CREATE INDEX IF NOT EXISTS lead_tags_tag ON lead_tags (tag, lead_id);
      ALTER TABLE lead_events DROP CONSTRAINT IF EXISTS lead_events_kind_check;
      ALTER TABLE lead_events ADD CONSTRAINT lead_events_kind_check CHECK (kind <> '');
      DROP INDEX IF EXISTS leads_assignee;
      CREATE INDEX IF NOT EXISTS leads_assignee_created ON leads (assignee_id, created_at, id);
    `,
};
