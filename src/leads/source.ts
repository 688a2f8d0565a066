/** Where a lead's visit came from, in one word, for the CLI and the inbox. */
import type { LeadRecord } from "./store/types.ts";

/** Where the visit came from: utm_source/utm_medium, else the referrer's host, else direct. */
export function trafficSource(l: Pick<LeadRecord, "metadata">): string {
  const utm = l.metadata.utm ?? {};
  if (utm.utm_source || utm.utm_medium) {
    return [utm.utm_source, utm.utm_medium].filter(Boolean).join("/");
  }
  if (l.metadata.referrer) {
    try {
      return new URL(l.metadata.referrer).host || l.metadata.referrer;
    } catch {
      return l.metadata.referrer;
    }
  }
  return "direct";
}
