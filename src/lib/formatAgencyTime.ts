import { agencyHours } from "../config/agency.ts";

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment on the agency's clock, for people: "Wed, Nov 25, 2026, 11:59 AM EST". The zone is the
 * site config's IANA name (America/New_York); its abbreviation is the one of that date (EST in
 * winter, EDT in summer), so a July time is not written an hour off under a fixed label.
 */
export function formatAgencyTime(
  at: string | Date,
  timeZone: string = agencyHours.timeZone,
): string {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      weekday: "short",
      month: "short",
      day: "numeric",
      year: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZoneName: "short",
    });
    formats.set(timeZone, format);
  }
  return format.format(typeof at === "string" ? new Date(at) : at);
}
