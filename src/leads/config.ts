/**
 * Lead-intake settings, read from the environment in one place (README, "Lead intake").
 */
import { resolve } from "node:path";
import { DEFAULT_MIN_FILL_MS } from "./spam.ts";
import type { SqliteSync } from "./store/sqlite.ts";

type Env = Record<string, string | undefined>;

export interface LeadConfig {
  /** Folder of the SQLite file and the IP-hash salt. DATA_DIR, default ./data */
  dataDir: string;
  /** postgres://… selects the PostgreSQL store. DATABASE_URL */
  databaseUrl: string | undefined;
  /** DATABASE_SCHEMA, default public. */
  databaseSchema: string | undefined;
  /** LEADS_SQLITE_SYNC: normal (default) or full. */
  sqliteSync: SqliteSync;
  /** IP_HASH_SALT; else a salt kept in DATA_DIR/ip-hash-salt. */
  ipHashSalt: string | undefined;
  /** TRUST_PROXY: how many reverse proxies append to X-Forwarded-For (0: ignore the header). */
  trustProxy: number;
  rateLimit: { enabled: boolean; points: number; durationSeconds: number };
  /** LEADS_MIN_FILL_MS: submissions sent faster than this after page load are flagged as spam. */
  minFillMs: number;
  /** LEADS_BODY_LIMIT_BYTES: larger bodies are answered 413. */
  bodyLimitBytes: number;
}

function int(value: string | undefined, fallback: number, min = 0): number {
  if (value === undefined || value.trim() === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min)
    throw new Error(`Expected an integer ≥ ${min}, got "${value}"`);
  return n;
}

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//i.test(url);
}

export function leadConfig(env: Env = process.env): LeadConfig {
  const sync = (env.LEADS_SQLITE_SYNC ?? "normal").toLowerCase();
  if (sync !== "normal" && sync !== "full") {
    throw new Error(`LEADS_SQLITE_SYNC must be "normal" or "full", got "${sync}"`);
  }
  const trust = env.TRUST_PROXY?.trim().toLowerCase();
  const rateLimitSwitch = (env.LEADS_RATE_LIMIT ?? "on").toLowerCase();
  return {
    dataDir: resolve(env.DATA_DIR || "data"),
    databaseUrl: isPostgresUrl(env.DATABASE_URL) ? env.DATABASE_URL : undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    sqliteSync: sync,
    ipHashSalt: env.IP_HASH_SALT || undefined,
    trustProxy: trust === "true" ? 1 : int(trust, 0),
    rateLimit: {
      enabled: !["off", "0", "false"].includes(rateLimitSwitch),
      points: int(env.LEADS_RATE_LIMIT_POINTS, 10, 1),
      durationSeconds: int(env.LEADS_RATE_LIMIT_DURATION, 600, 1),
    },
    minFillMs: int(env.LEADS_MIN_FILL_MS, DEFAULT_MIN_FILL_MS),
    bodyLimitBytes: int(env.LEADS_BODY_LIMIT_BYTES, 64 * 1024, 1024),
  };
}
