/**
 * Staff accounts, their one-time links and email changes, written once for both stores (D198).
 * The rules (expiry, policy, throttling) live in ../accounts.ts; this holds the SQL.
 */
import type { Db } from "../../db/driver.ts";
import { COUNT, isUniqueViolation, sql, STAFF, toStaff, type Arg, type StaffRow } from "./sql.ts";
import type { EmailChangeRecord, Role, StaffChange, StaffRecord, TokenPurpose } from "./types.ts";

const byColumn = (column: "id" | "email") => `SELECT ${STAFF} FROM staff s WHERE s.${column} = $1`;

export async function ensureStaff(db: Db, staff: Arg<"ensureStaff", 0>) {
  await db.run(
    `INSERT INTO staff (id, email, role, password_hash, created_at, updated_at)
     VALUES ($1, $2, $3, NULL, $4, $4) ON CONFLICT (email) DO NOTHING`,
    [staff.id, staff.email, staff.role, staff.at],
  );
  return toStaff((await db.one<StaffRow>(byColumn("email"), [staff.email]))!);
}

export async function getStaff(db: Db, id: string) {
  const row = await db.one<StaffRow>(byColumn("id"), [id]);
  return row ? toStaff(row) : null;
}

export async function findStaffByEmail(db: Db, email: string) {
  const row = await db.one<StaffRow>(byColumn("email"), [email]);
  return row ? { staff: toStaff(row), passwordHash: row.password_hash } : null;
}

export async function listStaff(db: Db) {
  return (await db.all<StaffRow>(`SELECT ${STAFF} FROM staff s ORDER BY s.created_at, s.id`)).map(
    toStaff,
  );
}

export async function setPassword(db: Db, staffId: string, passwordHash: string, at: string) {
  await db.run("UPDATE staff SET password_hash = $1, updated_at = $2 WHERE id = $3", [
    passwordHash,
    at,
    staffId,
  ]);
}

/**
 * A change of the owners in one transaction, refused when it would leave no active owner with a
 * password. On PostgreSQL every active owner's row is locked first (in one order, so two such
 * changes never deadlock): a concurrent change waits, then counts the owners as this one left
 * them. SQLite's write transaction already lets nothing interleave. `demotes`: it takes the
 * account out of the owners.
 */
function ownersChange(
  db: Db,
  staffId: string,
  demotes: boolean,
  change: (tx: Db) => Promise<unknown>,
): Promise<StaffChange> {
  return db.transaction(async (tx) => {
    const owners = await tx.all<{ id: string }>(
      `SELECT id FROM staff
       WHERE role = 'owner' AND deactivated_at IS NULL AND password_hash IS NOT NULL
       ORDER BY id${sql(tx).forUpdate()}`,
    );
    const target = await tx.one(`SELECT id FROM staff WHERE id = $1${sql(tx).forUpdate()}`, [
      staffId,
    ]);
    if (!target) return "missing";
    if (demotes && owners.length <= 1 && owners[0]?.id === staffId) return "last_owner";
    await change(tx);
    return "done";
  });
}

export function setRole(db: Db, staffId: string, role: Role, at: string) {
  return ownersChange(db, staffId, role !== "owner", (tx) =>
    tx.run("UPDATE staff SET role = $1, updated_at = $2 WHERE id = $3", [role, at, staffId]),
  );
}

export function setActive(db: Db, staffId: string, active: boolean, at: string) {
  return ownersChange(db, staffId, !active, async (tx) => {
    await tx.run("UPDATE staff SET deactivated_at = $1, updated_at = $2 WHERE id = $3", [
      active ? null : at,
      at,
      staffId,
    ]);
    if (active) return;
    await tx.run("DELETE FROM staff_sessions WHERE staff_id = $1", [staffId]);
    await tx.run("UPDATE staff_tokens SET used_at = $1 WHERE staff_id = $2 AND used_at IS NULL", [
      at,
      staffId,
    ]);
    await tx.run("DELETE FROM staff_email_changes WHERE staff_id = $1", [staffId]);
  });
}

export async function setEmail(db: Db, staffId: string, email: string, at: string) {
  try {
    const sql = "UPDATE staff SET email = $1, updated_at = $2 WHERE id = $3";
    return (await db.run(sql, [email, at, staffId])) === 1;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

export async function sessionCounts(db: Db, now: string) {
  const rows = await db.all<{ staff_id: string; n: number }>(
    `SELECT staff_id, ${COUNT} AS n FROM staff_sessions WHERE expires_at > $1 GROUP BY staff_id`,
    [now],
  );
  return new Map(rows.map((r) => [r.staff_id, Number(r.n)]));
}

interface EmailChangeRow {
  staff_id: string;
  new_email: string;
  change_created_at: string;
  expires_at: string;
}

const toEmailChange = (row: EmailChangeRow): EmailChangeRecord => ({
  staffId: row.staff_id,
  newEmail: row.new_email,
  createdAt: row.change_created_at,
  expiresAt: row.expires_at,
});

export async function setEmailChange(db: Db, c: EmailChangeRecord & { tokenHash: string }) {
  await db.run(
    `INSERT INTO staff_email_changes (staff_id, token_hash, new_email, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (staff_id) DO UPDATE SET token_hash = excluded.token_hash,
       new_email = excluded.new_email, created_at = excluded.created_at,
       expires_at = excluded.expires_at`,
    [c.staffId, c.tokenHash, c.newEmail, c.createdAt, c.expiresAt],
  );
}

export async function emailChangeOf(db: Db, staffId: string) {
  const row = await db.one<EmailChangeRow>(
    `SELECT staff_id, new_email, created_at AS change_created_at, expires_at
     FROM staff_email_changes WHERE staff_id = $1`,
    [staffId],
  );
  return row ? toEmailChange(row) : null;
}

/** The change of a token hash and its account (locked on PostgreSQL inside a transaction). */
const changeOf = (db: Db, tokenHash: string, lock = "") =>
  db.one<StaffRow & EmailChangeRow>(
    `SELECT ${STAFF}, c.staff_id, c.new_email, c.created_at AS change_created_at, c.expires_at
     FROM staff_email_changes c JOIN staff s ON s.id = c.staff_id WHERE c.token_hash = $1${lock}`,
    [tokenHash],
  );

export async function findEmailChange(db: Db, tokenHash: string) {
  const row = await changeOf(db, tokenHash);
  return row ? { ...toEmailChange(row), staff: toStaff(row) } : null;
}

export async function cancelEmailChange(db: Db, staffId: string) {
  return (await db.run("DELETE FROM staff_email_changes WHERE staff_id = $1", [staffId])) > 0;
}

export async function applyEmailChange(
  db: Db,
  tokenHash: string,
  now: string,
): ReturnType<typeof applying> {
  try {
    return await applying(db, tokenHash, now);
  } catch (error) {
    // Another account took the address between the check and the update.
    if (isUniqueViolation(error)) return { outcome: "taken" };
    throw error;
  }
}

function applying(
  db: Db,
  tokenHash: string,
  now: string,
): Promise<
  { outcome: "done"; staff: StaffRecord; from: string } | { outcome: "gone" | "expired" | "taken" }
> {
  return db.transaction(async (tx) => {
    // The change row locked: of concurrent confirmations one applies it, the others find it gone
    // once it commits.
    const row = await changeOf(tx, tokenHash, sql(tx).forUpdate("c, s"));
    if (!row || row.deactivated_at) return { outcome: "gone" };
    if (Date.parse(row.expires_at) <= Date.parse(now)) return { outcome: "expired" };
    const other = await tx.one("SELECT id FROM staff WHERE email = $1 AND id <> $2", [
      row.new_email,
      row.id,
    ]);
    if (other) return { outcome: "taken" };
    await tx.run("UPDATE staff SET email = $1, updated_at = $2 WHERE id = $3", [
      row.new_email,
      now,
      row.id,
    ]);
    await tx.run("DELETE FROM staff_email_changes WHERE token_hash = $1", [tokenHash]);
    const staff = toStaff({ ...row, email: row.new_email, updated_at: now });
    return { outcome: "done", staff, from: row.email };
  });
}

export function addToken(db: Db, token: Arg<"addToken", 0>) {
  return db.transaction(async (tx) => {
    // An earlier link of the same purpose stops working: only the newest one is valid.
    await tx.run(
      `UPDATE staff_tokens SET used_at = $1
       WHERE staff_id = $2 AND purpose = $3 AND used_at IS NULL`,
      [token.createdAt, token.staffId, token.purpose],
    );
    await tx.run(
      `INSERT INTO staff_tokens (token_hash, staff_id, purpose, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5)`,
      [token.tokenHash, token.staffId, token.purpose, token.createdAt, token.expiresAt],
    );
  });
}

type TokenRow = StaffRow & { purpose: string };
const toToken = (row: TokenRow | undefined) =>
  row ? { staff: toStaff(row), purpose: row.purpose as TokenPurpose } : null;

export async function peekToken(db: Db, tokenHash: string, now: string) {
  return toToken(
    await db.one<TokenRow>(
      `SELECT ${STAFF}, t.purpose FROM staff_tokens t JOIN staff s ON s.id = t.staff_id
       WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > $2
         AND s.deactivated_at IS NULL`,
      [tokenHash, now],
    ),
  );
}

export function useToken(db: Db, tokenHash: string, now: string) {
  return db.transaction(async (tx) => {
    // Of concurrent requests exactly one sees the row still unused (PostgreSQL re-checks the
    // WHERE after waiting for the row's lock).
    const used = await tx.run(
      `UPDATE staff_tokens SET used_at = $1
       WHERE token_hash = $2 AND used_at IS NULL AND expires_at > $1
         AND staff_id IN (SELECT id FROM staff WHERE deactivated_at IS NULL)`,
      [now, tokenHash],
    );
    if (used !== 1) return null;
    return toToken(
      await tx.one<TokenRow>(
        `SELECT ${STAFF}, t.purpose FROM staff_tokens t JOIN staff s ON s.id = t.staff_id
         WHERE t.token_hash = $1`,
        [tokenHash],
      ),
    );
  });
}
