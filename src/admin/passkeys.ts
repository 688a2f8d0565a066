/**
 * Passkeys (WebAuthn), a second way into the inbox, over @simplewebauthn/server: every ceremony
 * is two requests (options, then the browser's answer), its challenge kept in the store (hashed
 * id, five minutes, used once) so any server of a cluster can finish it.
 *
 * - Sign-in: discoverable credentials (no email asked); a verified answer starts a session
 *   exactly as a password does; failures count against the client in the sign-in throttle.
 * - Adding and removing a passkey, like changing the email or password, needs the session to have
 *   been confirmed in the last CONFIRM_MS, by the password or by a passkey ('confirm'), and ends
 *   the account's other sessions.
 * - The relying party is the host the browser used: the request's Origin, which the middleware has
 *   already checked is this site (https behind a trusted TLS proxy).
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import {
  audit,
  auditRepeated,
  confirmPassword,
  endForConfirmations,
  newSecret,
  secretHash,
  startSession,
  type Confirmation,
} from "./accounts.ts";
import { adminMessages } from "./messages.ts";
import type { AdminStore, ChallengePurpose, SessionRecord, StaffRecord } from "./store/types.ts";
import type { SignInThrottle } from "./throttle.ts";

export const CEREMONY_MS = 5 * 60_000;
/**
 * Anonymous sign-in ceremonies under way at most, every client together (each client is also
 * limited: ./throttle.ts); past it, options are refused until some expire (pruned as they do).
 */
export const MAX_OPEN_SIGN_INS = 500;
/** How long a confirmation (the password or a passkey again) lets the account page change things. */
export const CONFIRM_MS = 5 * 60_000;
const NAME_MAX = 60;
/**
 * EdDSA, ES256 and RS256, what every passkey offers. Named here rather than left to the library,
 * whose default also probes Node's experimental Web Crypto for post-quantum keys and prints a
 * warning into the server's log doing so.
 */
const ALGORITHMS = [-8, -7, -257];

/** Where the browser is: its Origin (checked by the middleware) and the host as the RP id. */
export interface RelyingParty {
  origin: string;
  rpID: string;
}

export function relyingParty(request: Request): RelyingParty | null {
  const origin = request.headers.get("origin");
  if (!origin) return null;
  try {
    return { origin, rpID: new URL(origin).hostname };
  } catch {
    return null;
  }
}

type FailStatus = 400 | 401 | 403 | 404 | 409 | 422 | 429;
export type PasskeyResult<T = object> =
  | ({ ok: true } & T)
  | { ok: false; status: FailStatus; message: string; retryAfter?: number; ended?: boolean };

const copy = adminMessages.passkeys;
const fail = (status: FailStatus, message: string, retryAfter?: number): PasskeyResult<never> => ({
  ok: false,
  status,
  message,
  retryAfter,
});

/** Stores a ceremony's challenge; null when MAX_OPEN_SIGN_INS anonymous ones are under way. */
async function begin(
  store: AdminStore,
  purpose: ChallengePurpose,
  challenge: string,
  staffId: string | null,
  now: Date,
): Promise<string | null> {
  const ceremony = newSecret();
  const stored = await store.addChallenge({
    idHash: secretHash(ceremony),
    challenge,
    purpose,
    staffId,
    expiresAt: new Date(now.getTime() + CEREMONY_MS).toISOString(),
    now: now.toISOString(),
    cap: purpose === "sign_in" ? MAX_OPEN_SIGN_INS : null,
  });
  return stored ? ceremony : null;
}

const take = (store: AdminStore, ceremony: unknown, purpose: ChallengePurpose, now: Date) =>
  typeof ceremony === "string" && ceremony.length <= 100
    ? store.takeChallenge(secretHash(ceremony), purpose, now.toISOString())
    : Promise.resolve(null);

/** Whether the session's owner gave the password or a passkey again within CONFIRM_MS. */
export const isConfirmed = (session: Pick<SessionRecord, "confirmedAt">, now: Date = new Date()) =>
  session.confirmedAt !== null && now.getTime() - Date.parse(session.confirmedAt) < CONFIRM_MS;

/**
 * Confirmed moments ago, or now by the password given with this request (throttled and audited;
 * too many wrong ones end the session: ./accounts.ts confirmPassword), which marks it confirmed.
 */
async function confirmed(
  store: AdminStore,
  throttle: SignInThrottle,
  record: SessionRecord,
  session: string,
  password: unknown,
  now: Date,
): Promise<Confirmation> {
  if (isConfirmed(record, now)) return "confirmed";
  const given = typeof password === "string" ? password : "";
  const result = await confirmPassword(store, throttle, record.staff, session, given, now);
  if (result === "confirmed") await store.confirmSession(secretHash(session), now.toISOString());
  return result;
}

/** Refused for want of a confirmation: 403, or 401 when too many wrong ones ended the session. */
const unconfirmed = (result: Confirmation): PasskeyResult<never> =>
  result === "ended"
    ? { ok: false, status: 401, message: adminMessages.signInNeeded, ended: true }
    : fail(403, copy.confirmFirst);

// ---------------------------------------------------------------------------------------------
// Sign-in (signed out)

/**
 * Options to sign in with a passkey, for anyone: limited per client (the throttle) and in all
 * (MAX_OPEN_SIGN_INS), so anonymous calls cannot fill the store.
 */
export async function signInOptions(
  store: AdminStore,
  throttle: SignInThrottle,
  rp: RelyingParty,
  client: string,
  now: Date = new Date(),
) {
  const allowed = await throttle.passkeyOptions(client);
  if (!allowed.ok) {
    return fail(429, copy.tooMany(allowed.retryAfterSeconds), allowed.retryAfterSeconds);
  }
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    userVerification: "preferred",
  });
  const ceremony = await begin(store, "sign_in", options.challenge, null, now);
  if (!ceremony) return fail(429, copy.tooMany(60), 60);
  return { ok: true as const, options, ceremony };
}

/** A verified passkey answer (`rawId` names the credential, stored ones only) and its account. */
async function verifyAssertion(
  store: AdminStore,
  rp: RelyingParty,
  challenge: string,
  response: unknown,
  now: Date,
): Promise<StaffRecord | null> {
  const answer = response as AuthenticationResponseJSON | null;
  if (!answer || typeof answer !== "object" || typeof answer.id !== "string") return null;
  const passkey = await store.findPasskey(answer.id.slice(0, 1400));
  if (!passkey) return null;
  try {
    const result = await verifyAuthenticationResponse({
      response: answer,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    await store.usePasskey(passkey.id, result.authenticationInfo.newCounter, now.toISOString());
    return passkey.staff;
  } catch {
    return null;
  }
}

export async function signInWithPasskey(
  store: AdminStore,
  throttle: SignInThrottle,
  rp: RelyingParty,
  input: { ceremony: unknown; response: unknown; client: string; userAgent: string | null },
  now: Date = new Date(),
): Promise<PasskeyResult<{ staff: StaffRecord; session: string }>> {
  // Passkey attempts count against the client (there is no account to name before it verifies),
  // reserved before the answer is verified, given back when it was right.
  const keys = { account: null, client: input.client };
  const reserved = await throttle.reserve(keys);
  if (!reserved.ok) {
    const wait = reserved.retryAfterSeconds;
    return fail(429, adminMessages.signIn.throttled(wait), wait);
  }
  const ceremony = await take(store, input.ceremony, "sign_in", now);
  const staff = ceremony
    ? await verifyAssertion(store, rp, ceremony.challenge, input.response, now)
    : null;
  // A deactivated account's passkey verifies but starts no session.
  const session = staff ? await startSession(store, staff.id, input.userAgent, now) : null;
  if (!staff || !session) {
    await auditRepeated(store, "sign_in_failed", { detail: { method: "passkey" } }, now);
    return fail(401, ceremony ? copy.notRecognised : copy.expired);
  }
  await throttle.succeeded(keys);
  await audit(
    store,
    "sign_in",
    { actorId: staff.id, subject: staff.email, detail: { method: "passkey" } },
    now,
  );
  return { ok: true, staff, session };
}

// ---------------------------------------------------------------------------------------------
// Confirming (signed in): a passkey instead of the password

export async function confirmOptions(
  store: AdminStore,
  staff: StaffRecord,
  rp: RelyingParty,
  now: Date = new Date(),
) {
  const mine = await store.passkeysOf(staff.id);
  if (!mine.length) return fail(404, copy.noneYet);
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    userVerification: "preferred",
    allowCredentials: mine.map((k) => ({ id: k.id, transports: k.transports as never })),
  });
  return {
    ok: true as const,
    options,
    ceremony: (await begin(store, "confirm", options.challenge, staff.id, now))!,
  };
}

/** A passkey instead of the password: its failures count as wrong passwords do. */
export async function confirmWithPasskey(
  store: AdminStore,
  throttle: SignInThrottle,
  staff: StaffRecord,
  session: string,
  rp: RelyingParty,
  input: { ceremony: unknown; response: unknown },
  now: Date = new Date(),
): Promise<PasskeyResult> {
  const key = secretHash(session);
  const left = await throttle.confirmAttempt(key);
  if (left === null) return unconfirmed(await endForConfirmations(store, staff, session, now));
  const ceremony = await take(store, input.ceremony, "confirm", now);
  if (!ceremony || ceremony.staffId !== staff.id) {
    await throttle.confirmSucceeded(key);
    return fail(400, copy.expired);
  }
  const owner = await verifyAssertion(store, rp, ceremony.challenge, input.response, now);
  if (owner?.id !== staff.id) {
    await auditRepeated(
      store,
      "confirm_failed",
      { actorId: staff.id, subject: staff.email, detail: { method: "passkey" } },
      now,
    );
    if (left === 0) return unconfirmed(await endForConfirmations(store, staff, session, now));
    return fail(401, copy.notRecognised);
  }
  await throttle.confirmSucceeded(key);
  await store.confirmSession(secretHash(session), now.toISOString());
  await audit(
    store,
    "confirmed",
    { actorId: staff.id, subject: staff.email, detail: { method: "passkey" } },
    now,
  );
  return { ok: true };
}

// ---------------------------------------------------------------------------------------------
// Adding and removing (signed in, confirmed)

/** Options to add a passkey; the password (or a recent confirmation) first. */
export async function registrationOptions(
  store: AdminStore,
  throttle: SignInThrottle,
  record: SessionRecord,
  session: string,
  rp: RelyingParty,
  input: { password: unknown },
  now: Date = new Date(),
) {
  const staff = record.staff;
  const given = await confirmed(store, throttle, record, session, input.password, now);
  if (given !== "confirmed") return unconfirmed(given);
  const mine = await store.passkeysOf(staff.id);
  const options = await generateRegistrationOptions({
    rpName: adminMessages.productName,
    rpID: rp.rpID,
    userName: staff.email,
    userID: new TextEncoder().encode(staff.id),
    attestationType: "none",
    excludeCredentials: mine.map((k) => ({ id: k.id, transports: k.transports })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  return {
    ok: true as const,
    options,
    ceremony: (await begin(store, "register", options.challenge, staff.id, now))!,
  };
}

export async function addPasskey(
  store: AdminStore,
  record: SessionRecord,
  session: string,
  rp: RelyingParty,
  input: { ceremony: unknown; response: unknown; name: unknown },
  now: Date = new Date(),
): Promise<PasskeyResult> {
  const staff = record.staff;
  if (!isConfirmed(record, now)) return fail(403, copy.confirmFirst);
  const name = typeof input.name === "string" ? input.name.trim().slice(0, NAME_MAX) : "";
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001F\u007F-\u009F]/.test(name)) return fail(422, copy.badName);
  const ceremony = await take(store, input.ceremony, "register", now);
  if (!ceremony || ceremony.staffId !== staff.id) return fail(400, copy.expired);
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: input.response as RegistrationResponseJSON,
      expectedChallenge: ceremony.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
      supportedAlgorithmIDs: ALGORITHMS,
    });
  } catch {
    return fail(422, copy.notSaved);
  }
  if (!verified.verified) return fail(422, copy.notSaved);
  const { credential } = verified.registrationInfo;
  const added = await store.addPasskey({
    id: credential.id,
    staffId: staff.id,
    publicKey: credential.publicKey,
    counter: credential.counter,
    transports: credential.transports ?? [],
    name: name || copy.defaultName,
    createdAt: now.toISOString(),
    lastUsedAt: null,
  });
  // The credential id is already stored (this account's, or another's): nothing is replaced.
  if (!added) return fail(409, copy.alreadyRegistered);
  await store.deleteSessionsOf(staff.id, secretHash(session));
  await audit(
    store,
    "passkey_added",
    { actorId: staff.id, subject: staff.email, detail: { name } },
    now,
  );
  return { ok: true };
}

export async function removePasskey(
  store: AdminStore,
  throttle: SignInThrottle,
  record: SessionRecord,
  session: string,
  input: { id: unknown; password: unknown },
  now: Date = new Date(),
): Promise<PasskeyResult> {
  const staff = record.staff;
  const given = await confirmed(store, throttle, record, session, input.password, now);
  if (given !== "confirmed") return unconfirmed(given);
  const id = typeof input.id === "string" ? input.id : "";
  if (!(await store.deletePasskey(staff.id, id))) return fail(404, copy.missing);
  await store.deleteSessionsOf(staff.id, secretHash(session));
  await audit(store, "passkey_removed", { actorId: staff.id, subject: staff.email }, now);
  return { ok: true };
}
