import type { Migration } from "./migration.ts";

export const migration: Migration = {
  // A change of one's own email waits for a link sent to the new address (issue 23,
  // src/admin/emailChange.ts): one pending change per account (a new request replaces it),
  // only the hash of the link's token kept, deleted when confirmed or cancelled. Deactivating
  // the account deletes it too.
  version: 18,
  name: "staff_email_changes",
  sqlite: `
      CREATE TABLE IF NOT EXISTS staff_email_changes (
        staff_id TEXT PRIMARY KEY REFERENCES staff (id) ON DELETE CASCADE,
        token_hash TEXT NOT NULL UNIQUE,
        new_email TEXT NOT NULL,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL
      ) STRICT;
    `,
  postgres: `
      CREATE TABLE IF NOT EXISTS staff_email_changes (
        staff_id text PRIMARY KEY REFERENCES staff (id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        new_email text NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL
      );
    `,
};
