/**
 * The website check's settings and limits, read in one place (docs/website-check.md).
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
