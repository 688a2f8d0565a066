import type { Migration } from "./migration.ts";

export const migration: Migration = {
  // Passkeys (src/admin/passkeys.ts): an account's WebAuthn credentials (the public key, its
  // signature counter, a name to tell them apart), the challenges of ceremonies under way (only
  // a hash of the ceremony's id, five minutes, used once, so any server of a cluster can finish
  // what another began) and, per session, when its owner last proved it was them (the password
  // or a passkey again): adding or removing a passkey, or changing the email or password,
  // needs that within the last five minutes.
  version: 9,
  name: "staff_passkeys",
  sqlite: `
      CREATE TABLE IF NOT EXISTS staff_passkeys (
        id TEXT PRIMARY KEY,
        staff_id TEXT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
        public_key BLOB NOT NULL,
        counter INTEGER NOT NULL DEFAULT 0,
        transports TEXT NOT NULL DEFAULT '[]',
        name TEXT NOT NULL,
        created_at TEXT NOT NULL,
        last_used_at TEXT
      ) STRICT;
      CREATE INDEX IF NOT EXISTS staff_passkeys_staff ON staff_passkeys (staff_id);
      CREATE TABLE IF NOT EXISTS webauthn_challenges (
        id_hash TEXT PRIMARY KEY,
        challenge TEXT NOT NULL,
        purpose TEXT NOT NULL CHECK (purpose IN ('register', 'sign_in', 'confirm')),
        staff_id TEXT,
        expires_at TEXT NOT NULL
      ) STRICT;
      ALTER TABLE staff_sessions ADD COLUMN confirmed_at TEXT;
    `,
  postgres: `
      CREATE TABLE IF NOT EXISTS staff_passkeys (
        id text PRIMARY KEY,
        staff_id text NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
        public_key bytea NOT NULL,
        counter bigint NOT NULL DEFAULT 0,
        transports text NOT NULL DEFAULT '[]',
        name text NOT NULL,
        created_at timestamptz NOT NULL,
        last_used_at timestamptz
      );
      CREATE INDEX IF NOT EXISTS staff_passkeys_staff ON staff_passkeys (staff_id);
      CREATE TABLE IF NOT EXISTS webauthn_challenges (
        id_hash text PRIMARY KEY,
        challenge text NOT NULL,
        purpose text NOT NULL CHECK (purpose IN ('register', 'sign_in', 'confirm')),
        staff_id text,
        expires_at timestamptz NOT NULL
      );
      ALTER TABLE staff_sessions ADD COLUMN IF NOT EXISTS confirmed_at timestamptz;
    `,
};
