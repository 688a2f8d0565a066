/**
 * Versioned schema migrations shared by both adapters: one list, the same versions and the same
 * tables, with each dialect's SQL side by side. A migration runs once, inside a transaction that
 * also records its version in `schema_migrations`, so running them again is a no-op.
 * Add a migration by appending the next version; never edit one that has shipped.
 */
export interface Migration {
  version: number;
  name: string;
  sqlite: string;
  postgres: string;
}

export const migrations: readonly Migration[] = [
  {
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
  },
];

/** The DDL of the bookkeeping table, the same in both dialects. */
export const migrationsTableSql = `
  CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`;

export function pendingMigrations(applied: Iterable<number>): Migration[] {
  const done = new Set(applied);
  return migrations.filter((m) => !done.has(m.version)).sort((a, b) => a.version - b.version);
}
