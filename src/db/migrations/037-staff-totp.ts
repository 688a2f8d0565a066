import type { Migration } from "./migration.ts";

export const migration: Migration = {
  // A second factor for password sign-in (issue 39 §3, src/admin/totp.ts, decisions D264-D269):
  // an account's TOTP secret (RFC 6238), stored encrypted (AES-256-GCM under a key derived from
  // the server's IP_HASH_SALT, bound to the account's id: never the secret itself), null
  // `enabled_at` while the setup waits for its first code; `last_step`, the time step of the last
  // code accepted, so a code works once (a later code must be of a later step, taken by one
  // conditional update). Its ten recovery codes: each the project's password hash (argon2id) of
  // the code, `used_at` set by one conditional update when it is spent.
  version: 37,
  name: "staff_totp",
  sqlite: `
      CREATE TABLE IF NOT EXISTS staff_totp (
        staff_id TEXT PRIMARY KEY REFERENCES staff (id) ON DELETE CASCADE,
        secret TEXT NOT NULL,
        created_at TEXT NOT NULL,
        enabled_at TEXT,
        last_step INTEGER NOT NULL DEFAULT 0
      ) STRICT;
      CREATE TABLE IF NOT EXISTS staff_recovery_codes (
        staff_id TEXT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
        id TEXT NOT NULL,
        code_hash TEXT NOT NULL,
        created_at TEXT NOT NULL,
        used_at TEXT,
        PRIMARY KEY (staff_id, id)
      ) STRICT;
    `,
  postgres: `
      CREATE TABLE IF NOT EXISTS staff_totp (
        staff_id text PRIMARY KEY REFERENCES staff (id) ON DELETE CASCADE,
        secret text NOT NULL,
        created_at timestamptz NOT NULL,
        enabled_at timestamptz,
        last_step bigint NOT NULL DEFAULT 0
      );
      CREATE TABLE IF NOT EXISTS staff_recovery_codes (
        staff_id text NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
        id text NOT NULL,
        code_hash text NOT NULL,
        created_at timestamptz NOT NULL,
        used_at timestamptz,
        PRIMARY KEY (staff_id, id)
      );
    `,
};
