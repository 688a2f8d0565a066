/**
 * The website check's settings and limits (docs/website-check.md), read by `auditConfig`, which
 * the composition root's `loadConfig` (src/app/config.ts) calls once per process: the job
 * worker's and queue's settings (./jobs.ts), the sandbox's deadlines (./sandbox.ts), the hosts
 * let through the address guard and the check's user agent (./run.ts).
 */
import { AGENCY_NAME, siteOrigin } from "../config/agency.ts";
import { auditBotToken, auditUserAgentFor } from "../config/auditBot.ts";

type Env = Record<string, string | undefined>;

export interface AuditLimits {
  /** Largest page body kept, after decompression (bytes). */
  maxPageBytes: number;
  /** One page, from request to last byte (ms). */
  pageTimeoutMs: number;
  /** The whole check (ms). */
  checkTimeoutMs: number;
  /** Redirects followed per request. */
  maxRedirects: number;
  /** Pages fetched beside the home page. */
  maxExtraPages: number;
  /**
   * Time the pages beside the home page may spend answering, in all (ms, pacing not counted):
   * a slow site gets fewer of them read, so it holds a check slot for a fraction of the check.
   */
  extraPagesBudgetMs: number;
  /** Time between two requests to one site (ms): 500 is 2 a second. */
  minIntervalMs: number;
  /** A robots.txt Crawl-delay is honoured up to this (ms). */
  maxCrawlDelayMs: number;
  /** Largest robots.txt and sitemap read (bytes). */
  maxTextBytes: number;
  /** Same-site images, stylesheets and scripts measured (home page's first, then other pages' images). */
  maxAssets: number;
  /** Bytes of each one kept (an image's header holds its pixel size). */
  assetHeadBytes: number;
  /** Bytes counted, in all, of files that do not state their length (Content-Length). */
  assetBytesBudget: number;
  /** No file is asked for once less than this is left of the check (ms). */
  assetsReserveMs: number;
}

export const defaultAuditLimits: AuditLimits = Object.freeze({
  maxPageBytes: 2 * 1024 * 1024,
  pageTimeoutMs: 10_000,
  checkTimeoutMs: 60_000,
  maxRedirects: 5,
  maxExtraPages: 20,
  extraPagesBudgetMs: 15_000,
  minIntervalMs: 500,
  maxCrawlDelayMs: 2_000,
  maxTextBytes: 512 * 1024,
  maxAssets: 30,
  assetHeadBytes: 64 * 1024,
  assetBytesBudget: 12 * 1024 * 1024,
  assetsReserveMs: 12_000,
});

/**
 * AUDIT_ALLOW_HOSTS: `host:port` entries (comma-separated) let through despite the address
 * guard, for tests and staging. Empty by default.
 */
export function auditAllowHosts(env: Env = process.env): string[] {
  const list = (env.AUDIT_ALLOW_HOSTS ?? "")
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  const bad = list.find((entry) => !/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/.test(entry));
  if (bad !== undefined) {
    throw new Error(`AUDIT_ALLOW_HOSTS: "${bad}" is not host:port (e.g. 127.0.0.1:8080)`);
  }
  return list;
}

/** The robots.txt token and user agent, spelled in src/config/auditBot.ts for the pages too. */
export { auditBotToken, auditUserAgentFor };

/** The check's user agent on the server: the agency's name and SITE_URL. */
export const auditUserAgent = (env: Env = process.env): string =>
  auditUserAgentFor(AGENCY_NAME, siteOrigin(env));

/** The sandbox's deadlines (./sandbox.ts `SandboxSettings`). */
export interface SandboxDeadlines {
  /** A worker busy this long without a break is terminated (ms). AUDIT_CHECK_CPU_MS (10 s). */
  cpuStallMs: number;
  /** Each worker's heap (MB). AUDIT_CHECK_MEMORY_MB (256). */
  memoryMb: number;
}

export const defaultSandboxDeadlines: SandboxDeadlines = Object.freeze({
  cpuStallMs: 10_000,
  memoryMb: 256,
});

export interface AuditJobSettings {
  /** Checks at once in this process. AUDIT_CONCURRENCY (default 2; 0: no checks). */
  concurrency: number;
  /** Checks per client per hour. AUDIT_RATE_LIMIT (default 5). */
  ratePerHour: number;
  /** A site's report is reused for this long (24 h). */
  reuseMs: number;
  /** How long a claim holds (ms). AUDIT_LEASE_MS (default 120 s: a check takes at most 60 s). */
  leaseMs: number;
  /** Poll interval while idle (ms); a queued lead wakes the worker at once. */
  pollMs: number;
  /** Claims before a job is given up. */
  maxAttempts: number;
  /** On stop, wait this long for checks in flight before aborting them (ms). */
  stopGraceMs: number;
  /** Give the prospect's email up this long after the check (ms). */
  emailMaxAgeMs: number;
  /** Checks queued (waiting or running) past which a new one is deferred. AUDIT_QUEUE_MAX (200). */
  queueMax: number;
  /** A client's checks queued or running past which its next is deferred. AUDIT_CLIENT_MAX (2). */
  clientMax: number;
  /** Checks one staff member may ask for in an hour. AUDIT_STAFF_RATE (20). */
  staffPerHour: number;
  /** Checks of one staff member waiting or running at once. AUDIT_STAFF_QUEUE (5). */
  staffQueued: number;
}

export const HOUR_MS = 60 * 60_000;

export const defaultAuditJobSettings: AuditJobSettings = {
  concurrency: 2,
  ratePerHour: 5,
  reuseMs: 24 * HOUR_MS,
  leaseMs: 120_000,
  pollMs: 5_000,
  maxAttempts: 3,
  stopGraceMs: 5_000,
  emailMaxAgeMs: 24 * HOUR_MS,
  queueMax: 200,
  clientMax: 2,
  staffPerHour: 20,
  staffQueued: 5,
};

function whole(name: string, value: string | undefined, fallback: number, min: number): number {
  const raw = value?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n < min) {
    throw new Error(`${name} must be a whole number, at least ${min}, got "${raw}"`);
  }
  return n;
}

/** The job settings from the environment (README, 'Instant website check'). */
export function auditJobSettings(env: Env = process.env): AuditJobSettings {
  const d = defaultAuditJobSettings;
  return {
    ...d,
    concurrency: whole("AUDIT_CONCURRENCY", env.AUDIT_CONCURRENCY, d.concurrency, 0),
    ratePerHour: whole("AUDIT_RATE_LIMIT", env.AUDIT_RATE_LIMIT, d.ratePerHour, 0),
    leaseMs: whole("AUDIT_LEASE_MS", env.AUDIT_LEASE_MS, d.leaseMs, 1_000),
    pollMs: whole("AUDIT_POLL_MS", env.AUDIT_POLL_MS, d.pollMs, 10),
    queueMax: whole("AUDIT_QUEUE_MAX", env.AUDIT_QUEUE_MAX, d.queueMax, 1),
    clientMax: whole("AUDIT_CLIENT_MAX", env.AUDIT_CLIENT_MAX, d.clientMax, 1),
    staffPerHour: whole("AUDIT_STAFF_RATE", env.AUDIT_STAFF_RATE, d.staffPerHour, 0),
    staffQueued: whole("AUDIT_STAFF_QUEUE", env.AUDIT_STAFF_QUEUE, d.staffQueued, 0),
  };
}

/**
 * The sandbox's deadlines from the environment (README, 'Instant website check'):
 * AUDIT_CHECK_CPU_MS (the processor deadline, default 10 s) and AUDIT_CHECK_MEMORY_MB (each
 * worker's heap, default 256).
 */
export function sandboxSettings(env: Env = process.env): SandboxDeadlines {
  const d = defaultSandboxDeadlines;
  return {
    cpuStallMs: whole("AUDIT_CHECK_CPU_MS", env.AUDIT_CHECK_CPU_MS, d.cpuStallMs, 10),
    memoryMb: whole("AUDIT_CHECK_MEMORY_MB", env.AUDIT_CHECK_MEMORY_MB, d.memoryMb, 32),
  };
}

/** The website check's settings of this process. */
export interface AuditConfig {
  jobs: AuditJobSettings;
  sandbox: SandboxDeadlines;
  /** AUDIT_ALLOW_HOSTS (tests and staging only). */
  allowHosts: string[];
  /** The check's user agent: the agency's name and SITE_URL. */
  userAgent: string;
}

export function auditConfig(env: Env = process.env): AuditConfig {
  return {
    jobs: auditJobSettings(env),
    sandbox: sandboxSettings(env),
    allowHosts: auditAllowHosts(env),
    userAgent: auditUserAgent(env),
  };
}
