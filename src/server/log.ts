/**
 * Structured JSON logs (pino) for lead intake. Entries carry lead ids, kinds, form ids and field
 * names, never a visitor's values, address or IP. The level is info until the composition root
 * (or a CLI) sets the configured one (LOG_LEVEL, ./config.ts) with `setLogLevel`, before anything
 * is logged.
 */
import pino from "pino";

export const leadLog = pino({
  level: "info",
  base: { service: "leads" },
  timestamp: pino.stdTimeFunctions.isoTime,
});

/** Sets the log's level (pino throws on a level it does not know, as it did at start). */
export function setLogLevel(level: string): void {
  leadLog.level = level;
}
