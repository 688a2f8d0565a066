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
 * Each failed query waits for the pool's reconnection (up to its 2 s connect timeout), and
 * one lead post asks two limiters before it stores: without this, a post during a database
 * restart waited three times before its 503 (4.4 s in CI), instead of once.
 */
export const LIMITER_OUTAGE_MS = 2_000;
/**
 * How long a lead post waits for a limiter's query before the in-memory limiter decides. A
 * healthy PostgreSQL answers the limiter's one upsert in milliseconds; during a restart a query
 * waits for a connection that may never answer (up to the 2 s connect timeout), and the post
 * would then wait for its insert too: 4.0 s for its 503 in CI. The query is not cancelled; its
 * count still lands when the database answers. Only the lead posts' limiters get this budget:
 * the staff sign-in throttles always wait for the shared count.
 */
export const LIMITER_QUERY_BUDGET_MS = 250;
const limiterFailedAt = new WeakMap<postgres.Sql, number>();
/** What a CREATE TABLE IF NOT EXISTS meets beside another's: a unique violation, a duplicate. */
const CREATED_MEANWHILE = new Set(["23505", "42710", "42P07"]);

/** When a budgeted limiter's query last ran out of time: the other budgeted ones skip it too. */
const limiterSlowAt = new WeakMap<postgres.Sql, number>();

const recent = (map: WeakMap<postgres.Sql, number>, sql: postgres.Sql) => {
  const at = map.get(sql);
  return at !== undefined && Date.now() - at < LIMITER_OUTAGE_MS;
};

/**
 * rate-limiter-flexible speaks node-postgres' `query({ text, values })`; this adapts `postgres`.
 * Once `armed` (after the limiter's table exists), a failure sends the process's limiters to
 * their in-memory insurance for a moment, and with `budgetMs` a query gets that long.
 */
function pgClientFor(sql: postgres.Sql, budgetMs?: number) {
  let armed = false;
  const client = {
    query: async (q: { text: string; values?: unknown[] }): Promise<{ rows: unknown[] }> => {
      if (armed) return run(q);
      try {
        return await run(q);
      } catch (error) {
        // Two servers creating the limiters' table at once: PostgreSQL can fail one CREATE TABLE
        // IF NOT EXISTS on the type or table the other just made. It exists now; ask again.
        const code = (error as { code?: string }).code;
        if (/^\s*CREATE TABLE IF NOT EXISTS/i.test(q.text) && CREATED_MEANWHILE.has(code ?? "")) {
          return run(q);
        }
        throw error;
      }
    },
  };
  const run = async ({ text, values }: { text: string; values?: unknown[] }) => {
    if (armed && (recent(limiterFailedAt, sql) || (budgetMs && recent(limiterSlowAt, sql)))) {
      // The insurance limiter (in memory) decides, as for any failure of the store.
      throw new Error("PostgreSQL failed a moment ago: the in-memory limiter answers");
    }
    const query = sql.unsafe(text, (values ?? []) as postgres.ParameterOrJSON<never>[]);
    let timer: NodeJS.Timeout | undefined;
    let late = false;
    try {
      const rows =
        armed && budgetMs
          ? await Promise.race([
              query,
              new Promise<never>((_, reject) => {
                timer = setTimeout(() => {
                  late = true;
                  reject(new Error("PostgreSQL did not answer the limiter in time"));
                }, budgetMs);
              }),
            ])
          : await query;
      return { rows, rowCount: rows.count };
    } catch (error) {
      // A late answer or failure of a query given up on must not be an unhandled rejection.
      query.catch(() => {});
      // Only a limiter in service marks the store as failing. Setting up its table can meet
      // another server setting up the same table (PostgreSQL then fails one CREATE TABLE IF NOT
      // EXISTS, which rate-limiter-flexible takes as done); marking that would fail the next
      // limiter's set-up, and with it every sign-in on this server until the mark expires.
      if (armed) (late ? limiterSlowAt : limiterFailedAt).set(sql, Date.now());
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };
  return { client, arm: () => (armed = true) };
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
  /** How long a query may take before the in-memory limiter decides (the lead posts' limiters). */
  budgetMs?: number,
): Promise<RateLimiterMemory | RateLimiterPostgres> {
  const memory = new RateLimiterMemory({ keyPrefix, points, duration });
  if (!pg) return memory;
  const { client, arm } = pgClientFor(pg.sql, budgetMs);
  return new Promise<RateLimiterPostgres>((resolve, reject) => {
    const l: RateLimiterPostgres = new RateLimiterPostgres(
      {
        storeClient: client,
        storeType: "client",
        schemaName: pg.schema,
        tableName: "rate_limits",
        keyPrefix,
        points,
        duration,
        insuranceLimiter: memory,
      },
      (error?: Error) => {
        if (error) return reject(error);
        arm();
        resolve(l);
      },
    );
  });
}

export async function createRateLimiter(
  config: LeadConfig,
  pg: { sql: postgres.Sql; schema: string } | null,
): Promise<LeadRateLimiter> {
  const { enabled, points, attempts, durationSeconds: duration } = config.rateLimit;
  if (!enabled) return unlimited;
  const budget = LIMITER_QUERY_BUDGET_MS;
  const leads = await limiterFor("leads", points, duration, pg, budget);
  const posts = await limiterFor("lead-posts", attempts, duration, pg, budget);
  return { consume: spender(leads), attempt: spender(posts) };
}
