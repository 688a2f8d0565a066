/**
 * Structured JSON logs (pino) for lead intake. Entries carry lead ids, kinds, form ids and field
 * names, never a visitor's values, address or IP. LOG_LEVEL sets the level (default info).
 */
import pino from "pino";

export const leadLog = pino({
  level: process.env.LOG_LEVEL || "info",
  base: { service: "leads" },
  timestamp: pino.stdTimeFunctions.isoTime,
});
