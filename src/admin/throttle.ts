/**
 * The throttle on wrong passwords (rate-limiter-flexible, in PostgreSQL when the leads are, so
 * every server counts together; else in memory): per account ADMIN_SIGNIN_ACCOUNT_FAILURES and per
 * client ADMIN_SIGNIN_CLIENT_FAILURES wrong passwords in ADMIN_SIGNIN_WINDOW seconds, then 429
 * until the window has passed. A right password clears the account's count. Windows pass, so
 * the real owner is never locked out for good.
 */
import type postgres from "postgres";
import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { limiterFor } from "../leads/rateLimit.ts";
import type { SignInThrottle } from "./accounts.ts";

export interface ThrottleSettings {
  accountFailures: number;
  clientFailures: number;
  windowSeconds: number;
}

const positive = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

export function throttleSettings(env: NodeJS.ProcessEnv = process.env): ThrottleSettings {
  return {
    accountFailures: positive(env.ADMIN_SIGNIN_ACCOUNT_FAILURES, 5),
    clientFailures: positive(env.ADMIN_SIGNIN_CLIENT_FAILURES, 20),
    windowSeconds: positive(env.ADMIN_SIGNIN_WINDOW, 900),
  };
}

async function waitFor(limiter: RateLimiterAbstract, key: string, points: number) {
  const res = await limiter.get(key);
  if (!res || res.consumedPoints < points) return null;
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

async function count(limiter: RateLimiterAbstract, key: string) {
  try {
    await limiter.consume(key);
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
  }
}

export async function createSignInThrottle(
  settings: ThrottleSettings,
  pg: { sql: postgres.Sql; schema: string } | null,
): Promise<SignInThrottle> {
  const { accountFailures, clientFailures, windowSeconds } = settings;
  // One more point than allowed: the failure that reaches the limit is still counted, not refused.
  const account = await limiterFor("signin-account", accountFailures + 1, windowSeconds, pg);
  const client = await limiterFor("signin-client", clientFailures + 1, windowSeconds, pg);
  return {
    async check(keys) {
      const waits = [
        await waitFor(account, keys.account, accountFailures),
        await waitFor(client, keys.client, clientFailures),
      ].filter((w): w is number => w !== null);
      return waits.length ? Math.max(...waits) : null;
    },
    async failed(keys) {
      await count(account, keys.account);
      await count(client, keys.client);
    },
    async succeeded(keys) {
      await account.delete(keys.account);
    },
  };
}
