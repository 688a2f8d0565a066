/**
 * The lead-intake service of one server process: configuration, the store (opened and migrated
 * on first use, retried after a failure), the rate limiter, the IP-hash salt and the logger.
 */
import { randomBytes } from "node:crypto";
import { loadIpSalt } from "./attribution.ts";
import { leadConfig, type LeadConfig } from "./config.ts";
import { leadLog } from "./log.ts";
import { createRateLimiter, type LeadRateLimiter } from "./rateLimit.ts";
import { storeHolder } from "./store/index.ts";
import { PostgresLeadStore } from "./store/postgres.ts";
import type { LeadStore } from "./store/types.ts";

export interface LeadService {
  config: LeadConfig;
  store(): Promise<LeadStore>;
  rateLimiter(): Promise<LeadRateLimiter>;
  ipSalt(): string;
  log: typeof leadLog;
}

function createLeadService(config: LeadConfig): LeadService {
  const holder = storeHolder(config);
  let limiter: Promise<LeadRateLimiter> | null = null;
  let salt: string | null = null;
  return {
    config,
    log: leadLog,
    store: () => holder.get(),
    rateLimiter() {
      limiter ??= (async () => {
        let pg: { sql: PostgresLeadStore["sql"]; schema: string } | null = null;
        if (config.databaseUrl) {
          const store = await holder.get();
          if (store instanceof PostgresLeadStore) pg = { sql: store.sql, schema: store.schema };
        }
        return createRateLimiter(config, pg);
      })().catch((error: unknown) => {
        limiter = null;
        throw error;
      });
      return limiter;
    },
    ipSalt() {
      if (salt) return salt;
      try {
        salt = loadIpSalt(config.ipHashSalt, config.dataDir);
      } catch (error) {
        // A read-only DATA_DIR must not cost a lead: hash with a salt of this process only.
        leadLog.warn(
          { event: "ip_salt_unpersisted", err: (error as Error).message },
          "IP-hash salt could not be kept in DATA_DIR; set IP_HASH_SALT",
        );
        salt = randomBytes(32).toString("hex");
      }
      return salt;
    },
  };
}

/**
 * One service per process, kept on globalThis: the Node fast path (src/leads/node.ts, loaded
 * from source by scripts/start.mjs) and the Astro endpoint (bundled) are two copies of this
 * module, and must share the store connection, the rate limiter and the salt.
 */
const GLOBAL_KEY = Symbol.for("greenline.leads.service");
type WithService = typeof globalThis & { [GLOBAL_KEY]?: LeadService };

/** The process-wide lead service, configured from the environment on first use. */
export function leadService(): LeadService {
  const g = globalThis as WithService;
  g[GLOBAL_KEY] ??= createLeadService(leadConfig());
  return g[GLOBAL_KEY];
}
