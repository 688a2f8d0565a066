/**
 * Per-client rate limiting with rate-limiter-flexible: LEADS_RATE_LIMIT_POINTS submissions (10)
 * per LEADS_RATE_LIMIT_DURATION seconds (600) per client, keyed by the salted IP hash. On SQLite
 * the counters live in memory (one server); on PostgreSQL they live in the database (table
 * rate_limits), so several servers share them, with an in-memory limiter as insurance while the
 * database does not answer. LEADS_RATE_LIMIT=off disables it (benchmarks).
 */
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import type postgres from "postgres";
import type { LeadConfig } from "./config.ts";

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface LeadRateLimiter {
  consume(key: string): Promise<RateDecision>;
}

const unlimited: LeadRateLimiter = { consume: async () => ({ ok: true }) };

function wrap(limiter: RateLimiterMemory | RateLimiterPostgres): LeadRateLimiter {
  return {
    async consume(key) {
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
    },
  };
}

/** rate-limiter-flexible speaks node-postgres' `query({ text, values })`; this adapts `postgres`. */
function pgClientFor(sql: postgres.Sql) {
  return {
    query: async ({ text, values }: { text: string; values?: unknown[] }) => {
      const rows = await sql.unsafe(text, (values ?? []) as postgres.ParameterOrJSON<never>[]);
      return { rows, rowCount: rows.count };
    },
  };
}

export async function createRateLimiter(
  config: LeadConfig,
  pg: { sql: postgres.Sql; schema: string } | null,
): Promise<LeadRateLimiter> {
  const { enabled, points, durationSeconds: duration } = config.rateLimit;
  if (!enabled) return unlimited;
  const memory = new RateLimiterMemory({ keyPrefix: "leads", points, duration });
  if (!pg) return wrap(memory);
  const limiter = await new Promise<RateLimiterPostgres>((resolve, reject) => {
    const l: RateLimiterPostgres = new RateLimiterPostgres(
      {
        storeClient: pgClientFor(pg.sql),
        storeType: "client",
        schemaName: pg.schema,
        tableName: "rate_limits",
        keyPrefix: "leads",
        points,
        duration,
        insuranceLimiter: memory,
      },
      (error?: Error) => (error ? reject(error) : resolve(l)),
    );
  });
  return wrap(limiter);
}
