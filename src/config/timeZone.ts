/**
 * An IANA Area/Location name (or UTC) that this runtime knows. Legacy fixed-offset names such as
 * "EST" are refused: they never change for summer time. Shared by the site config's
 * `hours.timeZone` (./site.ts), AGENCY_TIME_ZONE (src/server/config.ts) and the owner's setting
 * (src/admin/settings.ts).
 */
export function isTimeZone(name: string): boolean {
  if (name !== "UTC" && !/^[A-Za-z]+\/[A-Za-z0-9_+\-/]+$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
