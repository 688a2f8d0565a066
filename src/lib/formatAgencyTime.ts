import { agencyHours } from "../config/agency.ts";
import { zoneFormat } from "./agencyClock.ts";

/**
 * A moment on the agency's clock, for people: "Wed, Nov 25, 2026, 11:59 AM EST". The zone is the
 * site config's IANA name (America/New_York); its abbreviation is the one of that date (EST in
 * winter, EDT in summer), so a July time is not written an hour off under a fixed label.
 */
export function formatAgencyTime(
  at: string | Date,
  timeZone: string = agencyHours.timeZone,
): string {
  const format = zoneFormat("long", timeZone, {
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  });
  return format.format(typeof at === "string" ? new Date(at) : at);
}
