/**
 * Per-client rate limiting with rate-limiter-flexible, keyed by the salted hash of the client's
 * address (IPv6 by its /64, see clientAddress.ts). Two allowances per LEADS_RATE_LIMIT_DURATION
 * seconds (600): LEADS_RATE_LIMIT_POINTS stored leads (10), spent only by posts that pass
 * validation, so a visitor fixing typos is never locked out; and LEADS_RATE_LIMIT_ATTEMPTS posts
 * of any kind (5 × the points), which bounds floods of invalid posts. On SQLite the counters live
 * in memory (one server); on PostgreSQL they live in the database (table rate_limits), so several
 * servers share them, with an in-memory limiter as insurance while the database does not answer.
 * LEADS_RATE_LIMIT=off disables both (benchmarks).
 */
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import type postgres from "postgres";
import type { LeadConfig } from "./config.ts";

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface LeadRateLimiter {
  /** Spends one stored lead of the client's allowance. */
  consume(key: string): Promise<RateDecision>;
  /** Spends one post (of any outcome) of the client's larger allowance. */
  attempt(key: string): Promise<RateDecision>;
}

const allow = async (): Promise<RateDecision> => ({ ok: true });
const unlimited: LeadRateLimiter = { consume: allow, attempt: allow };

function spender(
  limiter: RateLimiterMemory | RateLimiterPostgres,
): (key: string) => Promise<RateDecision> {
  return async (key) => {
    try {
      await limiter.consume(key);
      return { ok: true };
    } catch (result) {
      if (result instanceof RateLimiterRes) {
        return {
          ok: false,
          retryAfterSeconds: Math.max(1, Math.ceil(result.msBeforeNext / 1000)),
        };
      }
      // The store behind the limiter failed: let the submission through; storing decides.
      return { ok: true };
    }
  };
}

/**
 * How long after a failed limiter query every limiter on that pool answers from memory at once.
 * Each failed query waits for the pool's reconnection (up to about a second, see postgres.ts), and
 * one lead post asks two limiters before it stores: without this, a post during a database
 * restart waited three times before its 503 (4.4 s in CI), instead of once.
 */
export const LIMITER_OUTAGE_MS = 2_000;
const limiterFailedAt = new WeakMap<postgres.Sql, number>();

/** rate-limiter-flexible speaks node-postgres' `query({ text, values })`; this adapts `postgres`. */
function pgClientFor(sql: postgres.Sql) {
  return {
    query: async ({ text, values }: { text: string; values?: unknown[] }) => {
      const failedAt = limiterFailedAt.get(sql);
      if (failedAt !== undefined && Date.now() - failedAt < LIMITER_OUTAGE_MS) {
        // The insurance limiter (in memory) decides, as for any failure of the store.
        throw new Error("PostgreSQL failed a moment ago: the in-memory limiter answers");
      }
      try {
        const rows = await sql.unsafe(text, (values ?? []) as postgres.ParameterOrJSON<never>[]);
        return { rows, rowCount: rows.count };
      } catch (error) {
        limiterFailedAt.set(sql, Date.now());
        throw error;
      }
    },
  };
}

/**
 * A limiter of `points` per `duration` seconds under `keyPrefix`: in PostgreSQL when given (shared
 * by every server), else in memory. Also used by the staff sign-in throttle (src/admin/).
 */
export async function limiterFor(
  keyPrefix: string,
  points: number,
  duration: number,
  pg: { sql: postgres.Sql; schema: string } | null,
): Promise<RateLimiterMemory | RateLimiterPostgres> {
  const memory = new RateLimiterMemory({ keyPrefix, points, duration });
  if (!pg) return memory;
  return new Promise<RateLimiterPostgres>((resolve, reject) => {
    const l: RateLimiterPostgres = new RateLimiterPostgres(
      {
        storeClient: pgClientFor(pg.sql),
        storeType: "client",
        schemaName: pg.schema,
        tableName: "rate_limits",
        keyPrefix,
        points,
        duration,
        insuranceLimiter: memory,
      },
      (error?: Error) => (error ? reject(error) : resolve(l)),
    );
  });
}

export async function createRateLimiter(
  config: LeadConfig,
  pg: { sql: postgres.Sql; schema: string } | null,
): Promise<LeadRateLimiter> {
  const { enabled, points, attempts, durationSeconds: duration } = config.rateLimit;
  if (!enabled) return unlimited;
  const leads = await limiterFor("leads", points, duration, pg);
  const posts = await limiterFor("lead-posts", attempts, duration, pg);
  return { consume: spender(leads), attempt: spender(posts) };
}
