import type { Migration } from "./migration.ts";

export const migration: Migration = {
  // Saved views (issue 27, src/admin/views.ts): a name a staff member gives the inbox's
  // current filters (the query string of its URL), listed for that account only. A name is
  // unique per account as it reads (name_key: trimmed, NFC, lower-cased by the code).
  version: 25,
  name: "saved_views",
  sqlite: `
      CREATE TABLE IF NOT EXISTS saved_views (
        id TEXT PRIMARY KEY,
        staff_id TEXT NOT NULL REFERENCES staff (id),
        name TEXT NOT NULL,
        name_key TEXT NOT NULL,
        query TEXT NOT NULL,
        created_at TEXT NOT NULL,
        UNIQUE (staff_id, name_key)
      ) STRICT;
    `,
  postgres: `
      CREATE TABLE IF NOT EXISTS saved_views (
        id text PRIMARY KEY,
        staff_id text NOT NULL REFERENCES staff (id),
        name text NOT NULL,
        name_key text NOT NULL,
        query text NOT NULL,
        created_at timestamptz NOT NULL,
        UNIQUE (staff_id, name_key)
      );
    `,
};
