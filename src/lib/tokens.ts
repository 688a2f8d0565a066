import { site } from "../config/site";
import { formatHoursLong, formatHoursShort, formatPhone, formatUsd } from "./format";
import { auditBotToken, auditUserAgentFor } from "../config/auditBot";

/**
 * Agency facts that copy may quote as `{token}`; see `fillTokens`. Entries write
 * "normally {auditValue}" and the figure comes from the site config.
 */
export const siteTokens: Record<string, string> = {
  name: site.name,
  phone: formatPhone(site.phone),
  email: site.email,
  hours: formatHoursLong(site.hours),
  hoursShort: formatHoursShort(site.hours),
  serviceArea: site.serviceArea,
  auditValue: formatUsd(site.offers.auditValue),
  replyHours: String(site.offers.replyHours),
  callMinutes: String(site.scheduling.callMinutes),
  year: String(new Date().getFullYear()),
  /** The website check's robots.txt token and user agent (/audit-bot quotes them). */
  auditBot: auditBotToken(site.name),
  auditBotUserAgent: auditUserAgentFor(site.name, site.url),
  /** Form placeholders: a US-style sample number and address that reach nobody (555, example.com). */
  samplePhone: formatPhone("+15551234567"),
  sampleEmail: "john@example.com",
};
