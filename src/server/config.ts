/**
 * The infrastructure's settings, read by `serverConfig`, which the composition root's
 * `loadConfig` (src/app/config.ts) calls once per process.
 */
import { agencyHours } from "../config/agency.ts";
import { isTimeZone } from "../config/timeZone.ts";

type Env = Record<string, string | undefined>;

export interface ServerConfig {
  /** LOG_LEVEL: pino's level of the structured log (./log.ts), default info. */
  logLevel: string;
  /**
   * AGENCY_TIME_ZONE: the agency's IANA time zone (default the site config's `hours.timeZone`);
   * an owner's setting in /admin/settings overrides it (src/lib/agencyZone.ts, decision D234).
   */
  timeZone: string;
}

export function serverConfig(env: Env = process.env): ServerConfig {
  const zone = env.AGENCY_TIME_ZONE?.trim() || agencyHours.timeZone;
  if (!isTimeZone(zone)) {
    throw new Error(
      `AGENCY_TIME_ZONE must be an IANA time zone name such as America/Chicago or Europe/London (got "${zone}"); fixed abbreviations such as EST or CST are refused because they ignore summer time.`,
    );
  }
  return { logLevel: env.LOG_LEVEL || "info", timeZone: zone };
}
