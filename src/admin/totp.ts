/**
 * A second factor for password sign-in (issue 39 §3): TOTP (RFC 6238: SHA-1, 6 digits, 30 s)
 * over the `otpauth` library, with ten single-use recovery codes. Decisions D264-D269.
 *
 * - Setting it up (the account page): a new random secret (20 bytes) waits, encrypted, until the
 *   first code from the app proves it was scanned (and the password is given again); then it is
 *   on, the account's other sessions end and ten recovery codes are shown once. The page shows
 *   the secret as an otpauth:// QR code drawn on the server as inline SVG (`qrcode`) and as the
 *   text key.
 * - Signing in: a right password of an account whose TOTP is on starts no session. The page asks
 *   for the code, carrying a signed pending state (the account, five minutes; HMAC under a key
 *   derived from IP_HASH_SALT, nothing stored); the code (or a recovery code) is throttled as a
 *   password is (the same reserve-first limits, ./throttle.ts) and the session starts only when
 *   it is right. A code is accepted within one step either side of now, and once: its step must
 *   be later than the last accepted one (one conditional update, ./store/totp.ts).
 * - At rest the secret is AES-256-GCM under a key derived (HKDF) from IP_HASH_SALT, the account's
 *   id as associated data; recovery codes are argon2id hashes (./passwords.ts). Neither is logged
 *   or audited; the audit log says only what happened (on, off, reset, a recovery code used).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomInt } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { AGENCY_NAME } from "../config/agency.ts";
import { openToken, signToken, type TokenPurpose } from "../leads/signedToken.ts";
import {
  audit,
  auditRepeated,
  confirmPassword,
  secretHash,
  startSession,
  type Confirmation,
} from "./accounts.ts";
import { adminMessages } from "./messages.ts";
import { checkPassword, hashPassword } from "./passwords.ts";
import type { RecoveryCodeRow } from "./store/totp.ts";
import type { AdminStore, StaffRecord } from "./store/types.ts";
import type { SignInThrottle } from "./throttle.ts";

export const TOTP_PERIOD = 30;
export const TOTP_DIGITS = 6;
/** Codes of one step before or after now are accepted too (a slow hand, a clock a little off). */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** How long the code may take after the right password. */
export const PENDING_MS = 5 * 60_000;
/** What an authenticator app shows the account under. */
export const TOTP_ISSUER = `${AGENCY_NAME} inbox`;

const copy = adminMessages.totp;

// ---------------------------------------------------------------------------------------------
// The code rule

/** The time step of a moment (ms since the epoch). */
export const stepAt = (ms: number): number => Math.floor(ms / 1000 / TOTP_PERIOD);

const totpOf = (base32: string) =>
  new TOTP({
    issuer: TOTP_ISSUER,
    algorithm: "SHA1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD,
    secret: Secret.fromBase32(base32),
  });

/** What a typed code is: the step it belongs to, a code whose step was used already, or wrong. */
export type CodeCheck = { step: number } | { used: true } | null;

/**
 * Checks `code` (spaces allowed) against the secret `base32` at `now`: right within TOTP_WINDOW
 * steps, and accepted only if its step is later than `lastStep` (the last code accepted), so a
 * code works once and an older one never after a newer.
 */
export function checkCode(base32: string, code: string, lastStep: number, now: number): CodeCheck {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(base32).validate({ token, timestamp: now, window: TOTP_WINDOW });
  if (delta === null) return null;
  const step = stepAt(now) + delta;
  return step > lastStep ? { step } : { used: true };
}

/** A new random secret (160 bits, RFC 4226's recommended length), base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// URI an authenticator app reads from the QR code. */
export const otpauthUri = (base32: string, email: string): string => {
  const totp = totpOf(base32);
  totp.label = email;
  return totp.toString();
};

/** The key grouped by four, as it is typed into an app by hand. */
export const groupedKey = (base32: string): string =>
  base32.replace(/=+$/, "").replace(/(.{4})(?=.)/g, "$1 ");

/**
 * The QR code of `uri` as an SVG document, drawn by `qrcode` on the server (no script, no
 * request: the page carries it inline). Its markup is the library's: numbers and fixed names.
 */
export const qrSvg = (uri: string): Promise<string> =>
  QRCode.toString(uri, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 2,
    color: { dark: "#000000", light: "#ffffff" },
  });

// ---------------------------------------------------------------------------------------------
// The secret at rest

const sealKey = (serverSecret: string) =>
  Buffer.from(hkdfSync("sha256", serverSecret, "greenline-totp-secret", "totp secret v1", 32));

/** The secret encrypted for the store: `v1.<iv>.<ciphertext>.<tag>`, bound to the account. */
export function sealSecret(base32: string, staffId: string, serverSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealKey(serverSecret), iv, { authTagLength: 16 });
  cipher.setAAD(Buffer.from(staffId, "utf8"));
  const body = Buffer.concat([cipher.update(base32, "utf8"), cipher.final()]);
  return ["v1", iv, body, cipher.getAuthTag()]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

/** The secret of a stored value; null when it was changed, is another account's or another key's. */
export function openSecret(sealed: string, staffId: string, serverSecret: string): string | null {
  const [version, iv, body, tag, ...rest] = sealed.split(".");
  if (version !== "v1" || !iv || !body || !tag || rest.length) return null;
  try {
    const decipher = createDecipheriv(
      "aes-256-gcm",
      sealKey(serverSecret),
      Buffer.from(iv, "base64url"),
      { authTagLength: 16 },
    );
    decipher.setAAD(Buffer.from(staffId, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([
      decipher.update(Buffer.from(body, "base64url")),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Recovery codes

/** Letters and digits that cannot be mistaken for one another (no i, l, o, 0, 1). */
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** Ten new codes, `xxxxx-xxxxx` (about 49 bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(31)]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A typed recovery code as hashed (lower case, no spaces or dashes), or null when it is none. */
export function normaliseRecoveryCode(typed: string): string | null {
  const code = typed.toLowerCase().replace(/[\s-]+/g, "");
  return code.length === 10 && [...code].every((c) => RECOVERY_ALPHABET.includes(c)) ? code : null;
}

/** The rows the store keeps: each code's argon2id hash, never the code. */
const hashCodes = (codes: readonly string[]): Promise<RecoveryCodeRow[]> =>
  Promise.all(
    codes.map(async (code, i) => ({
      id: String(i + 1).padStart(2, "0"),
      hash: await hashPassword(normaliseRecoveryCode(code)!),
    })),
  );

// ---------------------------------------------------------------------------------------------
// The pending sign-in

const pendingPurpose: TokenPurpose = {
  salt: "greenline-totp-pending",
  info: "password right, code asked v1",
  maxLength: 300,
};

/** The signed state between the right password and the code: the account, for PENDING_MS. */
export const pendingSignIn = (staffId: string, serverSecret: string, now: Date): string =>
  signToken(
    { s: staffId, n: randomBytes(9).toString("base64url"), e: now.getTime() + PENDING_MS },
    serverSecret,
    pendingPurpose,
  );

/** The account of a pending sign-in, unless changed or expired. */
export function pendingAccount(token: string, serverSecret: string, now: Date): string | null {
  const opened = openToken(token, serverSecret, pendingPurpose, now.getTime());
  return opened.ok && typeof opened.payload.s === "string" ? opened.payload.s : null;
}

export type CodeSignInResult =
  | { ok: true; staff: StaffRecord; session: string; recoveryLeft?: number }
  | { ok: false; problem: "expired" | "wrong" | "used" }
  | { ok: false; problem: "throttled"; retryAfterSeconds: number };

/**
 * The code step of a password sign-in: the pending state, then the code from the app (or, with
 * `recovery`, a recovery code). Each try is reserved in the sign-in throttle under the account
 * and the client, as a password is, and given back when right; only then does a session start.
 */
export async function signInWithCode(
  store: AdminStore,
  throttle: SignInThrottle,
  serverSecret: string,
  input: {
    pending: string;
    code: string;
    recovery: boolean;
    client: string;
    userAgent: string | null;
  },
  now: Date = new Date(),
): Promise<CodeSignInResult> {
  const staffId = pendingAccount(input.pending, serverSecret, now);
  const staff = staffId ? await store.getStaff(staffId) : null;
  if (!staff || staff.deactivatedAt) return { ok: false, problem: "expired" };
  const keys = { account: staff.email, client: input.client };
  const reserved = await throttle.reserve(keys);
  if (!reserved.ok) {
    await auditRepeated(store, "sign_in_throttled", { subject: staff.email }, now);
    return { ok: false, problem: "throttled", retryAfterSeconds: reserved.retryAfterSeconds };
  }
  const method = input.recovery ? "recovery code" : "authenticator app";
  let right = false;
  let used = false;
  let recoveryLeft: number | undefined;
  if (input.recovery) {
    const code = normaliseRecoveryCode(input.code.slice(0, 40));
    const unused = code ? await store.recoveryCodesOf(staff.id) : [];
    for (const row of unused) {
      if (await checkPassword(code!, row.hash)) {
        right = await store.useRecoveryCode(staff.id, row.id, now.toISOString());
        recoveryLeft = unused.length - 1;
        break;
      }
    }
  } else {
    const row = await store.totpOf(staff.id);
    // Reset or turned off meanwhile: the password alone signs in now, so it is asked again.
    if (!row?.enabledAt) return { ok: false, problem: "expired" };
    const secret = openSecret(row.secret, staff.id, serverSecret);
    const checked = secret
      ? checkCode(secret, input.code.slice(0, 40), row.lastStep, now.getTime())
      : null;
    if (checked && "step" in checked) right = await store.useTotpStep(staff.id, checked.step);
    used = checked !== null && !right;
  }
  const session = right ? await startSession(store, staff.id, input.userAgent, now) : null;
  if (!session) {
    await auditRepeated(store, "sign_in_failed", { subject: staff.email, detail: { method } }, now);
    return { ok: false, problem: used ? "used" : "wrong" };
  }
  await throttle.succeeded(keys);
  await audit(
    store,
    "sign_in",
    { actorId: staff.id, subject: staff.email, detail: { method: `password and ${method}` } },
    now,
  );
  if (recoveryLeft !== undefined) {
    await audit(
      store,
      "totp_recovery_used",
      { actorId: staff.id, subject: staff.email, detail: { left: recoveryLeft } },
      now,
    );
    return { ok: true, staff, session, recoveryLeft };
  }
  return { ok: true, staff, session };
}

// ---------------------------------------------------------------------------------------------
// The account page: setting up, recovery codes, turning off

/** What the account page shows of the account's TOTP. */
export type TotpState =
  | { state: "off" }
  | { state: "setup"; key: string; uri: string; svg: string }
  | { state: "on"; since: string; codesLeft: number };

export async function totpState(
  store: AdminStore,
  serverSecret: string,
  staff: StaffRecord,
): Promise<TotpState> {
  const row = await store.totpOf(staff.id);
  if (row?.enabledAt) {
    const left = (await store.recoveryCodesOf(staff.id)).length;
    return { state: "on", since: row.enabledAt, codesLeft: left };
  }
  const secret = row ? openSecret(row.secret, staff.id, serverSecret) : null;
  if (!secret) return { state: "off" };
  const uri = otpauthUri(secret, staff.email);
  return { state: "setup", key: groupedKey(secret), uri, svg: await qrSvg(uri) };
}

type Field = "code" | "current";
export type TotpResult<T = object> =
  | ({ ok: true } & T)
  | {
      ok: false;
      status: 401 | 403 | 404 | 409 | 422;
      message: string;
      field?: Field;
      ended?: boolean;
    };

const refuse = (status: 404 | 409 | 422, message: string, field?: Field): TotpResult<never> => ({
  ok: false,
  status,
  message,
  ...(field ? { field } : {}),
});

/** A refusal for want of the password: 403 beside the field, or 401 when the session ended. */
const unconfirmed = (result: Exclude<Confirmation, "confirmed">): TotpResult<never> =>
  result === "ended"
    ? { ok: false, status: 401, message: adminMessages.signInNeeded, ended: true }
    : { ok: false, status: 403, message: adminMessages.account.wrongCurrent, field: "current" };

interface Signed {
  staff: StaffRecord;
  session: string;
  /** The password (or a passkey) was given moments ago: not asked again. */
  confirmed: boolean;
}

/** A new secret to scan, replacing a setup under way; refused while TOTP is on. */
export async function beginTotp(
  store: AdminStore,
  serverSecret: string,
  staff: StaffRecord,
  now: Date = new Date(),
): Promise<TotpResult> {
  const sealed = sealSecret(newTotpSecret(), staff.id, serverSecret);
  const started = await store.startTotp({
    staffId: staff.id,
    secret: sealed,
    at: now.toISOString(),
  });
  return started ? { ok: true } : refuse(409, copy.alreadyOn);
}

/** Drops a setup under way (nothing when TOTP is on). */
export async function cancelTotpSetup(store: AdminStore, staff: StaffRecord): Promise<void> {
  await store.deleteTotp(staff.id, true);
}

/**
 * Turns the setup on: the password again (unless given moments ago), then the first code from
 * the app. The other sessions of the account end; resolves the ten recovery codes, to be shown
 * once.
 */
export async function enableTotp(
  store: AdminStore,
  throttle: SignInThrottle,
  serverSecret: string,
  ctx: Signed,
  input: { code: string; current: string },
  now: Date = new Date(),
): Promise<TotpResult<{ codes: string[] }>> {
  const { staff, session } = ctx;
  if (!ctx.confirmed) {
    const given = await confirmPassword(store, throttle, staff, session, input.current, now);
    if (given !== "confirmed") return unconfirmed(given);
  }
  const row = await store.totpOf(staff.id);
  const secret = row && !row.enabledAt ? openSecret(row.secret, staff.id, serverSecret) : null;
  if (!row || !secret) return refuse(409, row?.enabledAt ? copy.alreadyOn : copy.noSetup);
  const checked = checkCode(secret, input.code.slice(0, 40), row.lastStep, now.getTime());
  if (!checked || !("step" in checked)) return refuse(422, copy.wrongCode, "code");
  const codes = newRecoveryCodes();
  const on = await store.enableTotp({
    staffId: staff.id,
    step: checked.step,
    at: now.toISOString(),
    codes: await hashCodes(codes),
  });
  if (!on) return refuse(409, copy.noSetup);
  await store.deleteSessionsOf(staff.id, secretHash(session));
  await audit(store, "totp_enabled", { actorId: staff.id, subject: staff.email }, now);
  return { ok: true, codes };
}

/** Ten new recovery codes in place of the old (the password again, unless given moments ago). */
export async function renewRecoveryCodes(
  store: AdminStore,
  throttle: SignInThrottle,
  ctx: Signed,
  input: { current: string },
  now: Date = new Date(),
): Promise<TotpResult<{ codes: string[] }>> {
  const { staff, session } = ctx;
  if (!ctx.confirmed) {
    const given = await confirmPassword(store, throttle, staff, session, input.current, now);
    if (given !== "confirmed") return unconfirmed(given);
  }
  const codes = newRecoveryCodes();
  const replaced = await store.replaceRecoveryCodes({
    staffId: staff.id,
    at: now.toISOString(),
    codes: await hashCodes(codes),
  });
  if (!replaced) return refuse(404, copy.notOn);
  await audit(store, "totp_codes_renewed", { actorId: staff.id, subject: staff.email }, now);
  return { ok: true, codes };
}

/** Turns TOTP off: always the password again (a session alone never removes a factor). */
export async function disableTotp(
  store: AdminStore,
  throttle: SignInThrottle,
  ctx: Omit<Signed, "confirmed">,
  input: { current: string },
  now: Date = new Date(),
): Promise<TotpResult> {
  const { staff, session } = ctx;
  const given = await confirmPassword(store, throttle, staff, session, input.current, now);
  if (given !== "confirmed") return unconfirmed(given);
  if (!(await store.deleteTotp(staff.id))) return refuse(404, copy.notOn);
  await audit(store, "totp_disabled", { actorId: staff.id, subject: staff.email }, now);
  return { ok: true };
}

/**
 * An owner (or, `actor` null, the command line) turns off someone's TOTP: a lost phone and lost
 * recovery codes. They sign in with their password and set it up again (when an owner requires
 * a second factor, the inbox sends them to do so). Audited.
 */
export async function resetTotp(
  store: AdminStore,
  staffId: string,
  actor: StaffRecord | null,
  now: Date = new Date(),
): Promise<TotpResult<{ message: string }>> {
  const staff = await store.getStaff(staffId);
  if (!staff) return refuse(404, adminMessages.staff.missing);
  if (!(await store.deleteTotp(staff.id))) return refuse(409, copy.resetNone(staff.email));
  await audit(
    store,
    "totp_reset",
    {
      actorId: actor?.id ?? null,
      subject: staff.email,
      ...(actor ? {} : { detail: { by: "command line" } }),
    },
    now,
  );
  return { ok: true, message: copy.resetDone(staff.email) };
}
