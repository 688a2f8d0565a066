/**
 * Sign-in sessions, passkeys and WebAuthn challenges, written once for both stores (D198). The
 * rules live in ../sessions.ts and ../passkeys.ts.
 */
import type { Db } from "../../db/driver.ts";
import { COUNT, STAFF, toStaff, type Arg, type StaffRow } from "./sql.ts";
import type { ChallengePurpose, PasskeyRecord, SessionRecord } from "./types.ts";
import { SESSION_TOUCH_MS } from "./types.ts";

export async function createSession(db: Db, s: Arg<"createSession", 0>) {
  // Only for an active account, checked in the same statement (a deactivation in between either
  // comes first and refuses this, or comes after and ends this session with the rest).
  const created = await db.run(
    `INSERT INTO staff_sessions (id_hash, staff_id, created_at, last_seen_at, expires_at, user_agent)
     SELECT $1, id, $2, $2, $3, $4 FROM staff WHERE id = $5 AND deactivated_at IS NULL`,
    [s.idHash, s.createdAt, s.expiresAt, s.userAgent, s.staffId],
  );
  return created === 1;
}

export async function touchSession(
  db: Db,
  idHash: string,
  now: string,
  idleSince: string,
): Promise<SessionRecord | null> {
  const row = await db.one<
    StaffRow & {
      session_created: string;
      last_seen_at: string;
      expires_at: string;
      confirmed_at: string | null;
    }
  >(
    `SELECT ${STAFF}, x.created_at AS session_created, x.last_seen_at, x.expires_at,
            x.confirmed_at
     FROM staff_sessions x JOIN staff s ON s.id = x.staff_id WHERE x.id_hash = $1`,
    [idHash],
  );
  if (!row) return null;
  // Writes are best effort: a store that refuses them (a full disk) must not refuse reading.
  const write = (sql: string, params: string[]) =>
    db.run(sql, params).then(
      () => true,
      () => false,
    );
  if (row.expires_at <= now || row.last_seen_at < idleSince) {
    await write("DELETE FROM staff_sessions WHERE id_hash = $1", [idHash]);
    return null;
  }
  const due = new Date(Date.parse(now) - SESSION_TOUCH_MS).toISOString();
  const touched =
    row.last_seen_at <= due &&
    (await write("UPDATE staff_sessions SET last_seen_at = $1 WHERE id_hash = $2", [now, idHash]));
  return {
    staff: toStaff(row),
    createdAt: row.session_created,
    lastSeenAt: touched ? now : row.last_seen_at,
    expiresAt: row.expires_at,
    confirmedAt: row.confirmed_at,
  };
}

export async function confirmSession(db: Db, idHash: string, at: string) {
  await db.run("UPDATE staff_sessions SET confirmed_at = $1 WHERE id_hash = $2", [at, idHash]);
}

export async function deleteSession(db: Db, idHash: string) {
  await db.run("DELETE FROM staff_sessions WHERE id_hash = $1", [idHash]);
}

export function deleteSessionsOf(db: Db, staffId: string, keepIdHash?: string) {
  return db.run("DELETE FROM staff_sessions WHERE staff_id = $1 AND id_hash <> $2", [
    staffId,
    keepIdHash ?? "",
  ]);
}

interface PasskeyRow {
  id: string;
  staff_id: string;
  public_key: Uint8Array;
  counter: number | string;
  transports: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

const toPasskey = (row: PasskeyRow): PasskeyRecord => ({
  id: row.id,
  staffId: row.staff_id,
  name: row.name,
  transports: JSON.parse(row.transports) as string[],
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

const PASSKEY =
  "k.id, k.staff_id, k.public_key, k.counter, k.transports, k.name, k.created_at, k.last_used_at";

export async function addPasskey(
  db: Db,
  p: PasskeyRecord & { publicKey: Uint8Array; counter: number },
) {
  const added = await db.run(
    `INSERT INTO staff_passkeys (id, staff_id, public_key, counter, transports, name, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
    [p.id, p.staffId, p.publicKey, p.counter, JSON.stringify(p.transports), p.name, p.createdAt],
  );
  return added === 1;
}

export async function passkeysOf(db: Db, staffId: string) {
  const rows = await db.all<PasskeyRow>(
    `SELECT ${PASSKEY} FROM staff_passkeys k WHERE k.staff_id = $1 ORDER BY k.created_at, k.id`,
    [staffId],
  );
  return rows.map(toPasskey);
}

export async function findPasskey(db: Db, id: string) {
  // The account's columns prefixed, as both tables have id and created_at.
  const row = await db.one<PasskeyRow & { [K in keyof StaffRow as `s_${K}`]: StaffRow[K] }>(
    `SELECT ${PASSKEY}, ${STAFF.replace(/s\.(\w+)/g, "s.$1 AS s_$1")}
     FROM staff_passkeys k JOIN staff s ON s.id = k.staff_id WHERE k.id = $1`,
    [id],
  );
  if (!row) return null;
  return {
    ...toPasskey(row),
    publicKey: new Uint8Array(row.public_key),
    counter: Number(row.counter),
    staff: toStaff({
      id: row.s_id,
      email: row.s_email,
      role: row.s_role,
      password_hash: row.s_password_hash,
      created_at: row.s_created_at,
      updated_at: row.s_updated_at,
      deactivated_at: row.s_deactivated_at,
    }),
  };
}

export async function usePasskey(db: Db, id: string, counter: number, at: string) {
  await db.run("UPDATE staff_passkeys SET counter = $1, last_used_at = $2 WHERE id = $3", [
    counter,
    at,
    id,
  ]);
}

export async function deletePasskey(db: Db, staffId: string, id: string) {
  return (
    (await db.run("DELETE FROM staff_passkeys WHERE staff_id = $1 AND id = $2", [staffId, id])) ===
    1
  );
}

export async function addChallenge(db: Db, c: Arg<"addChallenge", 0>) {
  await db.run("DELETE FROM webauthn_challenges WHERE expires_at <= $1", [c.now]);
  // The cap is checked in the insert itself (parallel inserts on PostgreSQL may pass it by a few
  // at most; SQLite runs one statement at a time).
  const columns =
    "INSERT INTO webauthn_challenges (id_hash, challenge, purpose, staff_id, expires_at)";
  const row = [c.idHash, c.challenge, c.purpose, c.staffId, c.expiresAt];
  if (c.cap == null) return (await db.run(`${columns} VALUES ($1, $2, $3, $4, $5)`, row)) === 1;
  const added = await db.run(
    `${columns} SELECT $1, $2, $3, $4, $5
     WHERE (SELECT ${COUNT} FROM webauthn_challenges WHERE purpose = $3 AND expires_at > $6) < $7`,
    [...row, c.now, c.cap],
  );
  return added === 1;
}

export async function takeChallenge(
  db: Db,
  idHash: string,
  purpose: ChallengePurpose,
  now: string,
) {
  const row = await db.one<{ challenge: string; staff_id: string | null }>(
    `DELETE FROM webauthn_challenges WHERE id_hash = $1 AND purpose = $2 AND expires_at > $3
     RETURNING challenge, staff_id`,
    [idHash, purpose, now],
  );
  return row ? { challenge: row.challenge, staffId: row.staff_id } : null;
}
