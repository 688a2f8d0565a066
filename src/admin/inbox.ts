/**
 * What the inbox shows of a lead: its display row (who, company, form, page, source, age). No
 * Astro, no React; the views only lay it out.
 */
import type { LeadKind } from "../leads/fields.ts";
import { trafficSource } from "../leads/source.ts";
import type { LeadRecord } from "../leads/store/types.ts";
import { adminMessages } from "./messages.ts";
import type { LeadStatus } from "./store/types.ts";

/** "just now", "5 min ago", "3 h ago", "2 days ago". */
export function age(createdAt: string, now: Date = new Date()): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(createdAt)) / 60_000));
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

export function leadRow(lead: LeadRecord, status: LeadStatus, now: Date = new Date()) {
  const f = lead.fields;
  return {
    id: lead.id,
    createdAt: lead.createdAt,
    age: age(lead.createdAt, now),
    name: f.name || f["full-name"] || f.ownerName || f.email || "",
    company: f.companyName || f.company || "",
    form: adminMessages.kinds[lead.kind as LeadKind] ?? lead.kind,
    page: lead.metadata.page ?? "",
    source: trafficSource(lead),
    possibleSpam: lead.spam,
    status: adminMessages.statuses[status],
    href: `/admin/leads/${lead.id}`,
  };
}
