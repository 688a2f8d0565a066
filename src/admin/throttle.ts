/**
 * The inbox's throttles (rate-limiter-flexible, in PostgreSQL when the leads are, so every server
 * counts together; else in memory, one server). Every attempt is RESERVED before the password is
 * checked (the counters are upserted atomically, so a burst of parallel requests cannot all pass
 * a check made before any of them was counted) and refunded when it succeeds:
 *
 * - per account from one client (the strict limit): ADMIN_SIGNIN_ACCOUNT_FAILURES (5) attempts;
 * - per client, whatever the account: ADMIN_SIGNIN_CLIENT_FAILURES (20);
 * - per account from everywhere (the loose limit): ADMIN_SIGNIN_ACCOUNT_LIMIT (50), and past the
 *   strict limit's count each attempt waits a growing delay after the one before (1 s, 2 s, 4 s,
 *   … up to a minute), so guesses spread over many addresses stay slow while the real person,
 *   from an address of their own, still gets in; a passkey or an emailed link always does;
 * - the password given again on the account page: ADMIN_CONFIRM_FAILURES (5) per session, then
 *   the session is ended (../accounts.ts);
 * - passkey sign-in options: PASSKEY_OPTIONS_PER_CLIENT per client;
 * - the email-change confirmation page (links and the password given there):
 *   ADMIN_EMAIL_CONFIRM_TRIES (10) per client, a try given back when its link was good (the
 *   page shown) or the change went through.
 * All in ADMIN_SIGNIN_WINDOW seconds (900); windows pass, so nobody is locked out for good. The
 * settings are read by ./config.ts `throttleSettings`.
 */
import type postgres from "postgres";
import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { limiterFor } from "../leads/rateLimit.ts";
import type { ThrottleSettings } from "./config.ts";

export type { ThrottleSettings };

/** Anonymous passkey sign-in options one client may ask for per window. */
export const PASSKEY_OPTIONS_PER_CLIENT = 20;
/** 'Forgot password?' links one client may ask for per window, and one account may be sent. */
export const RESETS_PER_CLIENT = 5;
export const RESETS_PER_ACCOUNT = 3;
/** The longest wait the growing per-account delay asks for (seconds). */
export const MAX_ACCOUNT_DELAY = 60;

/** Who an attempt is from and for: `account` null for a passkey (no account named yet). */
export interface AttemptKeys {
  account: string | null;
  client: string;
}

/** Go ahead (the attempt is counted), or wait this many seconds. */
export type Reservation = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface SignInThrottle {
  /** Counts the attempt against every limit it falls under, before it is checked. */
  reserve(keys: AttemptKeys): Promise<Reservation>;
  /** The attempt was right: what it spent is given back. */
  succeeded(keys: AttemptKeys): Promise<void>;
  /**
   * Counts one giving of the password again in a session (its hashed id): the tries left after
   * this one, or null when there were none left.
   */
  confirmAttempt(sessionKey: string): Promise<number | null>;
  /** The password given again was right: that try is given back. */
  confirmSucceeded(sessionKey: string): Promise<void>;
  /** One 'Forgot password?' request: RESETS_PER_CLIENT per client, RESETS_PER_ACCOUNT per account. */
  resetRequest(keys: { account: string; client: string }): Promise<Reservation>;
  /** One anonymous passkey sign-in options call of a client. */
  passkeyOptions(client: string): Promise<Reservation>;
  /** One try at the email-change confirmation page (a link opened or posted) by a client. */
  emailConfirm(client: string): Promise<Reservation>;
  /** That try's link was good (or the change went through): it is given back. */
  emailConfirmSucceeded(client: string): Promise<void>;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

type Spend = { ok: true; consumed: number } | { ok: false; wait: number };

/** Spends a point; a failing store behind the limiter falls back to its in-memory insurance. */
async function spend(
  limiter: RateLimiterAbstract,
  key: string,
  options?: { customDuration: number },
): Promise<Spend> {
  try {
    const res = await limiter.consume(key, 1, options);
    return { ok: true, consumed: res.consumedPoints };
  } catch (error) {
    if (error instanceof RateLimiterRes) return { ok: false, wait: seconds(error.msBeforeNext) };
    throw error;
  }
}

const give = (limiter: RateLimiterAbstract, key: string) => limiter.reward(key, 1).catch(() => {});

export async function createSignInThrottle(
  settings: ThrottleSettings,
  pg: { sql: postgres.Sql; schema: string } | null,
): Promise<SignInThrottle> {
  const { accountFailures, clientFailures, accountLimit, confirmFailures, windowSeconds } =
    settings;
  const emailConfirmTries = settings.emailConfirmTries;
  const pair = await limiterFor("signin-pair", accountFailures, windowSeconds, pg);
  const client = await limiterFor("signin-client", clientFailures, windowSeconds, pg);
  const account = await limiterFor("signin-account", accountLimit, windowSeconds, pg);
  // One attempt per delay: each spend sets its own window (customDuration), the growing delay.
  const gap = await limiterFor("signin-gap", 1, MAX_ACCOUNT_DELAY, pg);
  const confirm = await limiterFor("confirm", confirmFailures, windowSeconds, pg);
  const options = await limiterFor(
    "passkey-options",
    PASSKEY_OPTIONS_PER_CLIENT,
    windowSeconds,
    pg,
  );
  const resetClient = await limiterFor("reset-client", RESETS_PER_CLIENT, windowSeconds, pg);
  const resetAccount = await limiterFor("reset-account", RESETS_PER_ACCOUNT, windowSeconds, pg);
  const emailConfirm = await limiterFor("email-confirm", emailConfirmTries, windowSeconds, pg);
  const pairKey = (keys: AttemptKeys) => `${keys.account ?? "passkey"}|${keys.client}`;

  return {
    async reserve(keys) {
      const spent: [RateLimiterAbstract, string][] = [];
      const refuse = async (wait: number): Promise<Reservation> => {
        await Promise.all(spent.map(([l, k]) => give(l, k)));
        return { ok: false, retryAfterSeconds: wait };
      };
      for (const [limiter, key] of [
        [pair, pairKey(keys)],
        [client, keys.client],
      ] as const) {
        const r = await spend(limiter, key);
        if (!r.ok) return refuse(r.wait);
        spent.push([limiter, key]);
      }
      if (keys.account === null) return { ok: true };
      const total = await spend(account, keys.account);
      if (!total.ok) return refuse(total.wait);
      spent.push([account, keys.account]);
      const beyond = total.consumed - accountFailures;
      if (beyond > 0) {
        const delay = Math.min(MAX_ACCOUNT_DELAY, 2 ** (beyond - 1));
        const spaced = await spend(gap, keys.account, { customDuration: delay });
        if (!spaced.ok) return refuse(spaced.wait);
      }
      return { ok: true };
    },
    async succeeded(keys) {
      await pair.delete(pairKey(keys)).catch(() => false);
      await give(client, keys.client);
      if (keys.account !== null) await give(account, keys.account);
    },
    async confirmAttempt(sessionKey) {
      const r = await spend(confirm, sessionKey);
      return r.ok ? Math.max(0, confirmFailures - r.consumed) : null;
    },
    async confirmSucceeded(sessionKey) {
      await give(confirm, sessionKey);
    },
    async resetRequest(keys) {
      const byClient = await spend(resetClient, keys.client);
      if (!byClient.ok) return { ok: false, retryAfterSeconds: byClient.wait };
      const byAccount = await spend(resetAccount, keys.account);
      if (!byAccount.ok) return { ok: false, retryAfterSeconds: byAccount.wait };
      return { ok: true };
    },
    async passkeyOptions(clientKey) {
      const r = await spend(options, clientKey);
      return r.ok ? { ok: true } : { ok: false, retryAfterSeconds: r.wait };
    },
    async emailConfirm(clientKey) {
      const r = await spend(emailConfirm, clientKey);
      return r.ok ? { ok: true } : { ok: false, retryAfterSeconds: r.wait };
    },
    async emailConfirmSucceeded(clientKey) {
      await give(emailConfirm, clientKey);
    },
  };
}
