/**
 * The one source of the agency's current time zone (issue 39 §3, decision D234): every staff
 * page, email, CSV, report, PDF and roll-up asks `agencyZone()` when it needs the zone, so a
 * change takes effect on the next request without a rebuild. The process's value is set by the
 * composition root (src/app/root.ts): first AGENCY_TIME_ZONE (src/server/config.ts; default the
 * site config's `hours.timeZone`), then the owner's setting from the store when there is one
 * (src/admin/settings.ts keeps it current: at start, after a save, and every few seconds, so
 * another server's change is picked up too). Functions that take a zone keep the parameter and
 * default to this, so tests can still pass a zone of their own.
 */
import { agencyHours } from "../config/agency.ts";
import { isTimeZone } from "../config/timeZone.ts";

export { isTimeZone };

let current: string = agencyHours.timeZone;

/** The agency's IANA time zone now. */
export function agencyZone(): string {
  return current;
}

/** Makes `zone` the process's agency zone; refuses a name that is not an IANA zone. */
export function setAgencyZone(zone: string): void {
  if (!isTimeZone(zone)) throw new Error(`Not an IANA time zone: ${zone}`);
  current = zone;
}
