import type { Migration } from "./migration.ts";

export const migration: Migration = {
  // Hardening the agency's side (issue 23, src/admin/): an account can be deactivated (kept,
  // with its history and leads, but refused every way in until reactivated); repeated refused
  // sign-ins share one audit row per
  // kind, subject and quarter hour (`bucket`, unique, with a `count`), and the audit log is
  // filtered by action and subject; passkey ceremonies are counted and pruned by expiry.
  version: 15,
  name: "staff_hardening",
  sqlite: `
      ALTER TABLE staff ADD COLUMN deactivated_at TEXT;
      ALTER TABLE audit_log ADD COLUMN count INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE audit_log ADD COLUMN bucket TEXT;
      CREATE UNIQUE INDEX IF NOT EXISTS audit_log_bucket ON audit_log (bucket)
        WHERE bucket IS NOT NULL;
      CREATE INDEX IF NOT EXISTS audit_log_action ON audit_log (action, at);
      CREATE INDEX IF NOT EXISTS audit_log_subject ON audit_log (subject, at);
      CREATE INDEX IF NOT EXISTS webauthn_challenges_expiry
        ON webauthn_challenges (purpose, expires_at);
    `,
  postgres: `
      ALTER TABLE staff ADD COLUMN IF NOT EXISTS deactivated_at timestamptz;
      ALTER TABLE audit_log ADD COLUMN IF NOT EXISTS count integer NOT NULL DEFAULT 1;
      ALTER TABLE audit_log ADD COLUMN IF NOT EXISTS bucket text;
      CREATE UNIQUE INDEX IF NOT EXISTS audit_log_bucket ON audit_log (bucket)
        WHERE bucket IS NOT NULL;
      CREATE INDEX IF NOT EXISTS audit_log_action ON audit_log (action, at);
      CREATE INDEX IF NOT EXISTS audit_log_subject ON audit_log (subject, at);
      CREATE INDEX IF NOT EXISTS webauthn_challenges_expiry
        ON webauthn_challenges (purpose, expires_at);
    `,
};
