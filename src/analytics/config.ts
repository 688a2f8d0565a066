/**
 * Analytics settings (README, "First-party analytics"), read by `analyticsConfig`, which the
 * composition root's `loadConfig` (src/app/config.ts) calls once per process.
 */
type Env = Record<string, string | undefined>;

export interface AnalyticsConfig {
  /** ANALYTICS_RATE_LIMIT: beacons per client and minute (120), or null (`off`). */
  rateLimit: number | null;
  /**
   * SITE_OUT_DIR (set by scripts/start.mjs): the build whose sitemap names the pages counted by
   * name (./pages.ts); unset under `astro dev`, where every path counts.
   */
  siteOutDir: string | undefined;
}

/** ANALYTICS_RATE_LIMIT: beacons per client and minute (120), or `off`; anything else stops the start. */
export function analyticsRateLimit(raw: string | undefined): number | null {
  if (raw === undefined || raw.trim() === "") return 120;
  if (raw.trim().toLowerCase() === "off") return null;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(
      `ANALYTICS_RATE_LIMIT must be a whole number of events a minute or "off", got "${raw}"`,
    );
  return n;
}

export function analyticsConfig(env: Env = process.env): AnalyticsConfig {
  return {
    rateLimit: analyticsRateLimit(env.ANALYTICS_RATE_LIMIT),
    siteOutDir: env.SITE_OUT_DIR || undefined,
  };
}
