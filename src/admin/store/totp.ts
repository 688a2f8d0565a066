/**
 * An account's TOTP second factor and its recovery codes (migration 37), written once for both
 * stores (D198). The rules (codes, windows, encryption, hashing, throttling) live in ../totp.ts;
 * this holds the SQL. Every "use" is one conditional update, so of two requests racing with the
 * same code or recovery code exactly one wins, on either database.
 */
import type { Db } from "../../db/driver.ts";

/** An account's TOTP row: the secret as stored (encrypted), null `enabledAt` while set up. */
export interface TotpRecord {
  staffId: string;
  /** Encrypted (../totp.ts sealSecret); never the secret itself. */
  secret: string;
  createdAt: string;
  enabledAt: string | null;
  /** The time step of the last code accepted (0: none yet). */
  lastStep: number;
}

/** A recovery code not used yet: its id and the argon2id hash of the code. */
export interface RecoveryCodeRow {
  id: string;
  hash: string;
}

interface TotpRow {
  staff_id: string;
  secret: string;
  created_at: string;
  enabled_at: string | null;
  last_step: number | string;
}

export async function totpOf(db: Db, staffId: string): Promise<TotpRecord | null> {
  const row = await db.one<TotpRow>(
    "SELECT staff_id, secret, created_at, enabled_at, last_step FROM staff_totp WHERE staff_id = $1",
    [staffId],
  );
  return row
    ? {
        staffId: row.staff_id,
        secret: row.secret,
        createdAt: row.created_at,
        enabledAt: row.enabled_at,
        lastStep: Number(row.last_step),
      }
    : null;
}

/**
 * A new secret waiting for its first code: replaces a setup under way, never a factor that is
 * on (false then).
 */
export async function startTotp(db: Db, t: { staffId: string; secret: string; at: string }) {
  const stored = await db.run(
    `INSERT INTO staff_totp (staff_id, secret, created_at, enabled_at, last_step)
     VALUES ($1, $2, $3, NULL, 0)
     ON CONFLICT (staff_id) DO UPDATE SET secret = excluded.secret,
       created_at = excluded.created_at, last_step = 0
     WHERE staff_totp.enabled_at IS NULL`,
    [t.staffId, t.secret, t.at],
  );
  return stored === 1;
}

async function addCodes(tx: Db, staffId: string, codes: readonly RecoveryCodeRow[], at: string) {
  for (const c of codes) {
    await tx.run(
      "INSERT INTO staff_recovery_codes (staff_id, id, code_hash, created_at) VALUES ($1, $2, $3, $4)",
      [staffId, c.id, c.hash, at],
    );
  }
}

/**
 * Turns the setup on with its first code's step and the account's new recovery codes, in one
 * transaction: false when there is no setup under way (cancelled, reset, already on) or that
 * step was already used.
 */
export function enableTotp(
  db: Db,
  e: { staffId: string; step: number; at: string; codes: readonly RecoveryCodeRow[] },
) {
  return db.transaction(async (tx) => {
    const on = await tx.run(
      `UPDATE staff_totp SET enabled_at = $1, last_step = $2
       WHERE staff_id = $3 AND enabled_at IS NULL AND last_step < $2`,
      [e.at, e.step, e.staffId],
    );
    if (on !== 1) return false;
    await tx.run("DELETE FROM staff_recovery_codes WHERE staff_id = $1", [e.staffId]);
    await addCodes(tx, e.staffId, e.codes, e.at);
    return true;
  });
}

/** A code of time step `step` accepted: only when the factor is on and no later code was. */
export async function useTotpStep(db: Db, staffId: string, step: number) {
  const used = await db.run(
    `UPDATE staff_totp SET last_step = $1
     WHERE staff_id = $2 AND enabled_at IS NOT NULL AND last_step < $1`,
    [step, staffId],
  );
  return used === 1;
}

/** Replaces the recovery codes of an account whose factor is on (false otherwise). */
export function replaceRecoveryCodes(
  db: Db,
  r: { staffId: string; at: string; codes: readonly RecoveryCodeRow[] },
) {
  return db.transaction(async (tx) => {
    const on = await tx.one<{ staff_id: string }>(
      "SELECT staff_id FROM staff_totp WHERE staff_id = $1 AND enabled_at IS NOT NULL",
      [r.staffId],
    );
    if (!on) return false;
    await tx.run("DELETE FROM staff_recovery_codes WHERE staff_id = $1", [r.staffId]);
    await addCodes(tx, r.staffId, r.codes, r.at);
    return true;
  });
}

/** The recovery codes of an account not used yet. */
export function recoveryCodesOf(db: Db, staffId: string): Promise<RecoveryCodeRow[]> {
  return db.all<RecoveryCodeRow>(
    `SELECT id, code_hash AS hash FROM staff_recovery_codes
     WHERE staff_id = $1 AND used_at IS NULL ORDER BY id`,
    [staffId],
  );
}

/** Spends a recovery code: true for the one request that did. */
export async function useRecoveryCode(db: Db, staffId: string, id: string, at: string) {
  const used = await db.run(
    `UPDATE staff_recovery_codes SET used_at = $1
     WHERE staff_id = $2 AND id = $3 AND used_at IS NULL`,
    [at, staffId, id],
  );
  return used === 1;
}

/**
 * Removes the account's TOTP and its recovery codes (`pendingOnly`: only a setup under way).
 * True when a factor that was on was removed.
 */
export function deleteTotp(db: Db, staffId: string, pendingOnly = false) {
  return db.transaction(async (tx) => {
    const row = await tx.one<{ enabled_at: string | null }>(
      `DELETE FROM staff_totp WHERE staff_id = $1 ${pendingOnly ? "AND enabled_at IS NULL" : ""}
       RETURNING enabled_at`,
      [staffId],
    );
    if (!pendingOnly) {
      await tx.run("DELETE FROM staff_recovery_codes WHERE staff_id = $1", [staffId]);
    }
    return Boolean(row?.enabled_at);
  });
}

/** The accounts whose TOTP is on (the staff page shows it and offers the owner's reset). */
export async function totpAccounts(db: Db): Promise<Set<string>> {
  const rows = await db.all<{ staff_id: string }>(
    "SELECT staff_id FROM staff_totp WHERE enabled_at IS NOT NULL",
  );
  return new Set(rows.map((r) => r.staff_id));
}

/** Whether the account has a second factor: a passkey, or TOTP that is on. */
export async function hasSecondFactor(db: Db, staffId: string): Promise<boolean> {
  const row = await db.one<{ staff_id: string }>(
    `SELECT staff_id FROM staff_totp WHERE staff_id = $1 AND enabled_at IS NOT NULL
     UNION ALL SELECT staff_id FROM staff_passkeys WHERE staff_id = $1 LIMIT 1`,
    [staffId],
  );
  return row !== undefined;
}
