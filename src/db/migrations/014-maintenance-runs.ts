import type { Migration } from "./migration.ts";

export const migration: Migration = {
  // Daily housekeeping (issue 17, src/admin/retention.ts): when each task last ran, so that of
  // several servers on one database one runs it per period (a conditional upsert claims it),
  // and a restart neither repeats nor skips it.
  version: 14,
  name: "maintenance_runs",
  sqlite: `
      CREATE TABLE IF NOT EXISTS maintenance_runs (
        task TEXT PRIMARY KEY,
        last_run_at TEXT NOT NULL,
        run_by TEXT NOT NULL
      ) STRICT;
    `,
  postgres: `
      CREATE TABLE IF NOT EXISTS maintenance_runs (
        task text PRIMARY KEY,
        last_run_at timestamptz NOT NULL,
        run_by text NOT NULL
      );
    `,
};
