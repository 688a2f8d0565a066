/**
 * How the website check names itself to the sites it reads: its robots.txt product token and
 * its user agent. Pure functions of the agency's name and origin, so the pages that quote them
 * (/audit-bot, through src/lib/tokens.ts) and the check itself (src/audit/config.ts) share one
 * spelling without the site's copy importing the check.
 */
import { AGENCY_NAME } from "./agency.ts";
import { routes } from "./routes.ts";

/** The robots.txt product token: the agency's name in letters and digits, then AuditBot. */
export const auditBotToken = (name: string = AGENCY_NAME): string =>
  `${name.replace(/[^A-Za-z0-9]/g, "")}AuditBot`;

/** `GreenlineGrowthAuditBot/1.0 (+https://greenline-growth.example/audit-bot)`. */
export const auditUserAgentFor = (name: string, origin: string): string =>
  `${auditBotToken(name)}/1.0 (+${origin}${routes.auditBot})`;
