/**
 * How a lead is shown in one line, for the CLI, the inbox and the notification email: who sent
 * it, their company, and where the visit came from.
 */
import type { LeadMetadata } from "./attribution.ts";
import type { LeadRecord } from "./store/types.ts";

/** The person's name, whichever form sent it (each names the field differently); "" if none. */
export function leadName(fields: Record<string, string>): string {
  return fields.name || fields["full-name"] || fields.ownerName || "";
}

/** The company, whichever form sent it; "" if none. */
export function leadCompany(fields: Record<string, string>): string {
  return fields.companyName || fields.company || "";
}

/**
 * Where the visit came from: utm_source/utm_medium, else the referrer's host, else direct. The
 * same for a lead and for a page view (src/analytics/ingest.ts), so the two can be compared.
 */
export function trafficSource(l: { metadata: Pick<LeadMetadata, "utm" | "referrer"> }): string {
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

/** The possible-spam reasons of a lead ("too_fast honeypot"), or "" for a lead not flagged. */
export function spamMark(l: Pick<LeadRecord, "spam" | "metadata">): string {
  if (!l.spam) return "";
  return (l.metadata.spamReasons ?? []).join(" ") || "flagged";
}
