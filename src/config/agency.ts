/**
 * Agency facts the server needs outside the Astro build (the lead reminders of
 * src/admin/reminders.ts run in scripts/start.mjs's own module graph, which loads plain `.ts`
 * files). ./site.ts takes them from here and validates them with the rest of the site config,
 * so each is written once.
 */

/** The agency's name: pages, structured data and the emails the server sends visitors. */
export const AGENCY_NAME = "Greenline Growth";

/** Canonical origin of the public site when SITE_URL is not set. */
export const DEFAULT_SITE_URL = "https://greenline-growth.example";

/**
 * When the agency answers the phone; also the clock that lead reminders count in. `timeZone` is
 * an IANA name, so summer time is kept (a fixed "EST" would put reminders an hour off from March
 * to November); `timeZoneLabel` is how the pages write it (the spec's "EST").
 */
export const agencyHours = {
  firstDay: "Monday",
  lastDay: "Friday",
  firstDayShort: "Mon",
  lastDayShort: "Fri",
  opens: "09:00",
  closes: "18:00",
  timeZone: "America/New_York",
  timeZoneLabel: "EST",
};

/** The site's origin: SITE_URL without a trailing slash, else the default. */
export const siteOrigin = (env: Record<string, string | undefined>): string =>
  (env.SITE_URL?.trim() || DEFAULT_SITE_URL).replace(/\/+$/, "");
