import type { Migration } from "./migration.ts";

export const migration: Migration = {
  version: 1,
  name: "create_leads",
  sqlite: `
      CREATE TABLE IF NOT EXISTS leads (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        form TEXT NOT NULL,
        subject TEXT,
        created_at TEXT NOT NULL,
        spam INTEGER NOT NULL DEFAULT 0 CHECK (spam IN (0, 1)),
        fields TEXT NOT NULL,
        metadata TEXT NOT NULL
      ) STRICT;
      CREATE INDEX IF NOT EXISTS leads_created_at ON leads (created_at, id);
      CREATE INDEX IF NOT EXISTS leads_kind_created_at ON leads (kind, created_at);
    `,
  postgres: `
      CREATE TABLE IF NOT EXISTS leads (
        id text PRIMARY KEY,
        kind text NOT NULL,
        form text NOT NULL,
        subject text,
        created_at timestamptz NOT NULL,
        spam boolean NOT NULL DEFAULT false,
        fields jsonb NOT NULL,
        metadata jsonb NOT NULL
      );
      CREATE INDEX IF NOT EXISTS leads_created_at ON leads (created_at, id);
      CREATE INDEX IF NOT EXISTS leads_kind_created_at ON leads (kind, created_at);
    `,
};
