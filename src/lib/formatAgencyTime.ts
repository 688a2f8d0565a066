import { agencyZone } from "./agencyZone.ts";
import { zoneFormat } from "./agencyClock.ts";

/** Date, time and the zone's abbreviation of that date: what every agency time shows. */
const MOMENT: Intl.DateTimeFormatOptions = {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
};

/**
 * A moment on the agency's clock, for people: "Wed, Nov 25, 2026, 11:59 AM EST". The zone is the
 * site config's IANA name (America/New_York); its abbreviation is the one of that date (EST in
 * winter, EDT in summer), so a July time is not written an hour off under a fixed label.
 */
export function formatAgencyTime(at: string | Date, timeZone: string = agencyZone()): string {
  const format = zoneFormat("long", timeZone, { weekday: "short", ...MOMENT });
  return format.format(typeof at === "string" ? new Date(at) : at);
}

/**
 * The same moment without its weekday, short enough for a table cell or a phone's line: "Nov
 * 25, 2026, 11:59 AM EST".
 */
export function agencyTime(at: string, timeZone: string = agencyZone()): string {
  return zoneFormat("short", timeZone, MOMENT).format(new Date(at));
}
