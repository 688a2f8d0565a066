import type { Migration } from "./migration.ts";

export const migration: Migration = {
  // The agency's side (src/admin/): staff accounts, their one-time invite and reset links
  // (only a hash of the token is kept), sign-in sessions (only a hash of the session id; any
  // server of a cluster accepts them) and the audit log. Emails are kept lower-cased.
  version: 4,
  name: "create_staff_sessions_audit",
  sqlite: `
      CREATE TABLE IF NOT EXISTS staff (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL UNIQUE,
        role TEXT NOT NULL CHECK (role IN ('owner', 'staff')),
        password_hash TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
      CREATE TABLE IF NOT EXISTS staff_tokens (
        token_hash TEXT PRIMARY KEY,
        staff_id TEXT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
        purpose TEXT NOT NULL CHECK (purpose IN ('invite', 'reset')),
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        used_at TEXT
      ) STRICT;
      CREATE INDEX IF NOT EXISTS staff_tokens_staff ON staff_tokens (staff_id);
      CREATE TABLE IF NOT EXISTS staff_sessions (
        id_hash TEXT PRIMARY KEY,
        staff_id TEXT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
        created_at TEXT NOT NULL,
        last_seen_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        user_agent TEXT
      ) STRICT;
      CREATE INDEX IF NOT EXISTS staff_sessions_staff ON staff_sessions (staff_id);
      CREATE TABLE IF NOT EXISTS audit_log (
        id TEXT PRIMARY KEY,
        at TEXT NOT NULL,
        actor_id TEXT,
        action TEXT NOT NULL,
        subject TEXT,
        detail TEXT NOT NULL DEFAULT '{}'
      ) STRICT;
      CREATE INDEX IF NOT EXISTS audit_log_at ON audit_log (at, id);
    `,
  postgres: `
      CREATE TABLE IF NOT EXISTS staff (
        id text PRIMARY KEY,
        email text NOT NULL UNIQUE,
        role text NOT NULL CHECK (role IN ('owner', 'staff')),
        password_hash text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE TABLE IF NOT EXISTS staff_tokens (
        token_hash text PRIMARY KEY,
        staff_id text NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
        purpose text NOT NULL CHECK (purpose IN ('invite', 'reset')),
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );
      CREATE INDEX IF NOT EXISTS staff_tokens_staff ON staff_tokens (staff_id);
      CREATE TABLE IF NOT EXISTS staff_sessions (
        id_hash text PRIMARY KEY,
        staff_id text NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL,
        last_seen_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        user_agent text
      );
      CREATE INDEX IF NOT EXISTS staff_sessions_staff ON staff_sessions (staff_id);
      CREATE TABLE IF NOT EXISTS audit_log (
        id text PRIMARY KEY,
        at timestamptz NOT NULL,
        actor_id text,
        action text NOT NULL,
        subject text,
        detail jsonb NOT NULL DEFAULT '{}'
      );
      CREATE INDEX IF NOT EXISTS audit_log_at ON audit_log (at, id);
    `,
};
