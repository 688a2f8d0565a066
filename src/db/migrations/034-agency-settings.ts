import type { Migration } from "./migration.ts";

export const migration: Migration = {
  // Settings an owner changes without a developer (issue 39 §3, /admin/settings, decision D235):
  // one row per setting, its value as JSON text, who changed it and when. Missing rows mean the
  // default (the environment's, src/leads/settings.ts). lead_assignment_turns counts the leads
  // handed out by round-robin: a lead's assignee is the next active chosen account after the
  // counter's new value, taken and bumped in one statement, so two servers never hand out the
  // same turn (src/leads/store/assignment.ts, decision D238).
  version: 34,
  name: "agency_settings",
  sqlite: `
      CREATE TABLE IF NOT EXISTS agency_settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        updated_by TEXT
      ) STRICT;
      CREATE TABLE IF NOT EXISTS lead_assignment_turns (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        turn INTEGER NOT NULL
      ) STRICT;
      INSERT OR IGNORE INTO lead_assignment_turns (id, turn) VALUES (1, 0);
    `,
  postgres: `
      CREATE TABLE IF NOT EXISTS agency_settings (
        key text PRIMARY KEY,
        value text NOT NULL,
        updated_at timestamptz NOT NULL,
        updated_by text
      );
      CREATE TABLE IF NOT EXISTS lead_assignment_turns (
        id integer PRIMARY KEY CHECK (id = 1),
        turn bigint NOT NULL
      );
      INSERT INTO lead_assignment_turns (id, turn) VALUES (1, 0) ON CONFLICT (id) DO NOTHING;
    `,
};
