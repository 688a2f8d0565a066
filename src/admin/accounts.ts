/**
 * Staff accounts and sign-in, the rules over the AdminStore: one-time invite and reset links
 * (24 h, single use, only their hash stored), passwords (./passwords.ts), sessions (a random id
 * in the cookie, only its hash stored; idle expiry 12 h, absolute 7 days; a new id at every
 * sign-in), the throttle on wrong passwords (per account and per client, windows that pass:
 * nobody is locked out for good) and the audit log. No Astro, no React.
 */
import { createHash, randomBytes } from "node:crypto";
import { newLeadId } from "../server/id.ts";
import { checkPassword, hashPassword, passwordProblem } from "./passwords.ts";
import { adminMessages } from "./messages.ts";
import type { AdminStore, Role, SessionRecord, StaffRecord } from "./store/types.ts";
import type { SignInThrottle } from "./throttle.ts";

export const INVITE_TTL_MS = 24 * 60 * 60_000;
export const SESSION_IDLE_MS = 12 * 60 * 60_000;
export const SESSION_MAX_MS = 7 * 24 * 60 * 60_000;

/** 32 random bytes, URL-safe: a link token or a session id. */
export const newSecret = (): string => randomBytes(32).toString("base64url");
/** What the store keeps of a secret: a leaked table holds no usable link or session. */
export const secretHash = (secret: string): string =>
  createHash("sha256").update(secret, "utf8").digest("hex");

const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();
export const isEmail = (email: string): boolean => EMAIL.test(email) && email.length <= 254;

export async function audit(
  store: AdminStore,
  action: string,
  entry: {
    actorId?: string | null;
    subject?: string | null;
    detail?: Record<string, unknown>;
    /** Repeats with the same bucket raise one row's count (see auditRepeated). */
    bucket?: string;
  },
  now: Date = new Date(),
): Promise<void> {
  await store.audit({
    id: newLeadId(now.getTime()),
    at: now.toISOString(),
    actorId: entry.actorId ?? null,
    action,
    subject: entry.subject ?? null,
    detail: entry.detail ?? {},
    ...(entry.bucket ? { bucket: entry.bucket } : {}),
  });
}

/** Repeated refusals of one kind and subject share one audit row per quarter hour, counted. */
export const AUDIT_BUCKET_MS = 15 * 60_000;

/**
 * Audits a refusal that may come in floods (wrong passwords, throttled attempts): one row per
 * action, subject and quarter hour, its count raised by each repeat, so a flood cannot push the
 * owner's real entries out of sight.
 */
export async function auditRepeated(
  store: AdminStore,
  action: string,
  entry: { actorId?: string | null; subject?: string | null; detail?: Record<string, unknown> },
  now: Date = new Date(),
): Promise<void> {
  const quarter = Math.floor(now.getTime() / AUDIT_BUCKET_MS);
  const bucket = `${action}|${entry.subject ?? ""}|${JSON.stringify(entry.detail ?? {})}|${quarter}`;
  await audit(store, action, { ...entry, bucket }, now);
}

/**
 * Creates the account when new and a one-time link for it: an invite while it has no password,
 * else a reset. Earlier unused links of the account stop working. Returns the link's token.
 */
export async function issueLink(
  store: AdminStore,
  input: { email: string; role?: Role; actorId?: string | null; reset?: boolean },
  now: Date = new Date(),
): Promise<{ token: string; staff: StaffRecord; purpose: "invite" | "reset" }> {
  const email = normaliseEmail(input.email);
  if (!isEmail(email)) throw new Error(`Not an email address: ${email}`);
  let staff: StaffRecord;
  if (input.reset) {
    const found = await store.findStaffByEmail(email);
    if (!found) throw new Error(`No account with the email ${email}`);
    staff = found.staff;
  } else {
    staff = await store.ensureStaff({
      id: newLeadId(now.getTime()),
      email,
      role: input.role ?? "staff",
      at: now.toISOString(),
    });
  }
  if (staff.deactivatedAt) throw new Error(`${email} is deactivated: reactivate it first`);
  const purpose = staff.hasPassword ? "reset" : "invite";
  const token = newSecret();
  await store.addToken({
    tokenHash: secretHash(token),
    staffId: staff.id,
    purpose,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + INVITE_TTL_MS).toISOString(),
  });
  await audit(store, purpose, { actorId: input.actorId, subject: email }, now);
  return { token, staff, purpose };
}

/**
 * 'Forgot password?': a one-time link for the account of this email, when there is an active
 * one; nothing otherwise. The caller answers the same either way (nothing tells who has an
 * account); throttled per client and per account (./throttle.ts).
 */
export async function requestReset(
  store: AdminStore,
  throttle: SignInThrottle,
  input: { email: string; client: string },
  now: Date = new Date(),
): Promise<
  { ok: true; token: string | null; email: string } | { ok: false; retryAfterSeconds: number }
> {
  const email = normaliseEmail(input.email);
  const allowed = await throttle.resetRequest({ account: email, client: input.client });
  if (!allowed.ok) return allowed;
  const found = isEmail(email) ? await store.findStaffByEmail(email) : null;
  if (!found || found.staff.deactivatedAt) return { ok: true, token: null, email };
  const link = await issueLink(store, { email, reset: true }, now);
  return { ok: true, token: link.token, email };
}

/** The link's page path, or its absolute URL on `siteUrl`. */
export function linkFor(token: string, siteUrl?: string): string {
  const path = `/admin/invite/${token}`;
  return siteUrl ? `${siteUrl.replace(/\/+$/, "")}${path}` : path;
}

/** The account a link is for, while it is unused and unexpired. */
export function linkAccount(store: AdminStore, token: string, now: Date = new Date()) {
  return store.peekToken(secretHash(token), now.toISOString());
}

export type RedeemResult =
  /** `session` null: the account's TOTP is on, so it signs in with the new password and a code. */
  | { ok: true; staff: StaffRecord; session: string | null }
  | { ok: false; problem: "gone" | "password"; message?: string };

/**
 * Sets the password through a one-time link and signs the account in: a new session, every
 * other session of the account ended (a reset is how a lost device is locked out). An account
 * whose TOTP is on is not signed in (the link proves the mailbox, not the second factor): it
 * signs in with the new password and its code.
 */
export async function redeemLink(
  store: AdminStore,
  input: { token: string; password: string; userAgent: string | null },
  now: Date = new Date(),
): Promise<RedeemResult> {
  const peeked = await linkAccount(store, input.token, now);
  if (!peeked) return { ok: false, problem: "gone" };
  const problem = passwordProblem(input.password, peeked.staff.email);
  if (problem) return { ok: false, problem: "password", message: problem };
  const passwordHash = await hashPassword(input.password);
  const used = await store.useToken(secretHash(input.token), now.toISOString());
  if (!used) return { ok: false, problem: "gone" };
  await store.setPassword(used.staff.id, passwordHash, now.toISOString());
  await store.deleteSessionsOf(used.staff.id);
  if ((await store.totpOf(used.staff.id))?.enabledAt) {
    await audit(store, "password_set", { actorId: used.staff.id, subject: used.staff.email }, now);
    return { ok: true, staff: { ...used.staff, hasPassword: true }, session: null };
  }
  const session = await startSession(store, used.staff.id, input.userAgent, now);
  if (!session) return { ok: false, problem: "gone" };
  await audit(store, "password_set", { actorId: used.staff.id, subject: used.staff.email }, now);
  return { ok: true, staff: { ...used.staff, hasPassword: true }, session };
}

/**
 * A new session for the account: a fresh secret, only its hash stored. Null when the account is
 * deactivated (checked in the same statement that stores the session).
 */
export async function startSession(
  store: AdminStore,
  staffId: string,
  userAgent: string | null,
  now: Date,
): Promise<string | null> {
  const session = newSecret();
  const started = await store.createSession({
    idHash: secretHash(session),
    staffId,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + SESSION_MAX_MS).toISOString(),
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
  return started ? session : null;
}

export type SignInResult =
  | { ok: true; staff: StaffRecord; session: string }
  /** The password was right, and the account's TOTP asks for a code next (./totp.ts). */
  | { ok: false; problem: "second_factor"; staff: StaffRecord }
  | { ok: false; problem: "wrong" }
  | { ok: false; problem: "throttled"; retryAfterSeconds: number };

/**
 * Whom a refused sign-in is audited under: the account's email when there is such an account;
 * else the client, so that a flood of made-up addresses from one client fills one row per
 * quarter hour (auditRepeated) rather than one per address, and the addresses typed are not kept.
 */
const refusedSubject = (email: string, known: boolean, client: string): string =>
  known ? email : `unknown account, client ${client.slice(0, 12)}`;

/**
 * Email and password to a new session. The attempt is reserved in the throttle (./throttle.ts)
 * before the password is checked, and given back when it was right; a deactivated account is
 * refused as a wrong password is (nothing tells who has an account). An account whose TOTP is on
 * gets no session for the password alone: `second_factor`, and the code is asked next
 * (./totp.ts signInWithCode, throttled the same way).
 */
export async function signIn(
  store: AdminStore,
  throttle: SignInThrottle,
  input: { email: string; password: string; client: string; userAgent: string | null },
  now: Date = new Date(),
): Promise<SignInResult> {
  const email = normaliseEmail(input.email);
  const keys = { account: email, client: input.client };
  const reserved = await throttle.reserve(keys);
  const find = () => (isEmail(email) ? store.findStaffByEmail(email) : Promise.resolve(null));
  if (!reserved.ok) {
    const subject = refusedSubject(email, (await find()) !== null, input.client);
    await auditRepeated(store, "sign_in_throttled", { subject }, now);
    return { ok: false, problem: "throttled", retryAfterSeconds: reserved.retryAfterSeconds };
  }
  const found = await find();
  const ok = await checkPassword(input.password, found?.passwordHash ?? null);
  if (
    ok &&
    found &&
    !found.staff.deactivatedAt &&
    (await store.totpOf(found.staff.id))?.enabledAt
  ) {
    await throttle.succeeded(keys);
    return { ok: false, problem: "second_factor", staff: found.staff };
  }
  const session =
    ok && found ? await startSession(store, found.staff.id, input.userAgent, now) : null;
  if (!found || !session) {
    const subject = refusedSubject(email, found !== null, input.client);
    await auditRepeated(store, "sign_in_failed", { subject }, now);
    return { ok: false, problem: "wrong" };
  }
  await throttle.succeeded(keys);
  await audit(store, "sign_in", { actorId: found.staff.id, subject: email }, now);
  return { ok: true, staff: found.staff, session };
}

export type Confirmation = "confirmed" | "wrong" | "ended";

/**
 * The password given again in a signed-in session (the account page, the passkey steps): each
 * try is reserved in the throttle first and audited when wrong; the try that uses up the
 * session's allowance ends the session (a stolen session cannot go on guessing).
 */
export async function confirmPassword(
  store: AdminStore,
  throttle: SignInThrottle,
  staff: StaffRecord,
  session: string,
  password: string,
  now: Date = new Date(),
): Promise<Confirmation> {
  const key = secretHash(session);
  const left = await throttle.confirmAttempt(key);
  if (left === null) return endForConfirmations(store, staff, session, now);
  const found = await store.findStaffByEmail(staff.email);
  if (found && (await checkPassword(password, found.passwordHash))) {
    await throttle.confirmSucceeded(key);
    return "confirmed";
  }
  await auditRepeated(store, "confirm_failed", { actorId: staff.id, subject: staff.email }, now);
  return left > 0 ? "wrong" : endForConfirmations(store, staff, session, now);
}

/** Too many wrong confirmations: the session ends, audited. */
export async function endForConfirmations(
  store: AdminStore,
  staff: StaffRecord,
  session: string,
  now: Date = new Date(),
): Promise<"ended"> {
  await store.deleteSession(secretHash(session));
  await auditRepeated(
    store,
    "session_ended_confirm",
    { actorId: staff.id, subject: staff.email },
    now,
  );
  return "ended";
}

/** The signed-in session of a cookie value, kept alive; null when unknown, idle or too old. */
export async function currentSession(
  store: AdminStore,
  session: string | undefined,
  now: Date = new Date(),
): Promise<SessionRecord | null> {
  if (!session || session.length > 100) return null;
  return store.touchSession(
    secretHash(session),
    now.toISOString(),
    new Date(now.getTime() - SESSION_IDLE_MS).toISOString(),
  );
}

export async function signOut(
  store: AdminStore,
  session: string,
  staff: StaffRecord,
  now: Date = new Date(),
): Promise<void> {
  await store.deleteSession(secretHash(session));
  await audit(store, "sign_out", { actorId: staff.id, subject: staff.email }, now);
}

export type AccountChange =
  { ok: true; message: string } | { ok: false; message: string; field: string; ended?: boolean };

/**
 * Changes one's own password: asks for the current password again (or a passkey moments before:
 * ./passkeys.ts), then ends every other session of the account (a stolen session cannot keep
 * going after the owner reacts). A new email waits for its link instead (./emailChange.ts).
 */
export async function changeOwn(
  store: AdminStore,
  throttle: SignInThrottle,
  staff: StaffRecord,
  session: string,
  input: { current: string; password: string; confirm: string },
  now: Date = new Date(),
  /** The session was confirmed with a passkey (or the password) moments ago: no password asked. */
  confirmed = false,
): Promise<AccountChange> {
  const m = adminMessages.account;
  if (!confirmed) {
    const given = await confirmPassword(store, throttle, staff, session, input.current, now);
    if (given !== "confirmed") {
      return { ok: false, field: "current", message: m.wrongCurrent, ended: given === "ended" };
    }
  }
  const password = input.password;
  if (password !== input.confirm) return { ok: false, field: "confirm", message: m.mismatch };
  const problem = passwordProblem(password, staff.email);
  if (problem) return { ok: false, field: "password", message: problem };
  await store.setPassword(staff.id, await hashPassword(password), now.toISOString());
  await store.deleteSessionsOf(staff.id, secretHash(session));
  await audit(store, "password_changed", { actorId: staff.id, subject: staff.email }, now);
  return { ok: true, message: m.passwordChanged };
}
