/**
 * The inbox's CSV export: exactly the filtered view, newest first, streamed in keyset batches
 * (memory stays flat however many leads match), every cell formula-safe (src/leads/csv.ts).
 * Columns are fixed: the lead, its status, every field any form has, and where it came from.
 */
import { csvCell } from "../leads/csv.ts";
import { formIds, leadForms, utmKeys } from "../leads/fields.ts";
import type { LeadRecord } from "../leads/store/types.ts";
import { trafficSource } from "../leads/source.ts";
import type { AdminStore, InboxQuery, LeadStatus } from "./store/types.ts";

/**
 * Leads per query. Small on purpose: a million-row export makes garbage fast, and what a batch
 * holds across a turn of the event loop ends up in the old generation; 50 keeps the heap growth
 * of a full export near 50 MB (1,000 let it pass 130 MB) at the same speed.
 */
export const EXPORT_BATCH = 50;

/** Every field name of every form, once, in form order. */
const fieldNames = [...new Set(formIds.flatMap((id) => leadForms[id].fields.map((f) => f.name)))];

export const exportHeader = [
  "id",
  "createdAt",
  "kind",
  "status",
  "possible_spam",
  ...fieldNames,
  "source",
  "page",
  "landingPage",
  "referrer",
  ...utmKeys,
  "website_score",
];

function exportRow(lead: LeadRecord, status: LeadStatus, score: number | null): unknown[] {
  return [
    lead.id,
    lead.createdAt,
    lead.kind,
    status,
    lead.spam ? (lead.metadata.spamReasons ?? []).join(" ") || "flagged" : "",
    ...fieldNames.map((name) => lead.fields[name] ?? ""),
    trafficSource(lead),
    lead.metadata.page ?? "",
    lead.metadata.landingPage ?? "",
    lead.metadata.referrer ?? "",
    ...utmKeys.map((k) => lead.metadata.utm?.[k] ?? ""),
    score ?? "",
  ];
}

const line = (cells: readonly unknown[]) => `${cells.map(csvCell).join(",")}\r\n`;

/** The CSV of every lead the query matches (its cursor and limit are the export's own). */
export async function* exportCsv(
  store: AdminStore,
  query: InboxQuery,
): AsyncGenerator<string, number> {
  yield line(exportHeader);
  let before: InboxQuery["before"];
  let count = 0;
  for (;;) {
    const page = await store.inboxPage({ ...query, before, limit: EXPORT_BATCH });
    const rows = page.slice(0, EXPORT_BATCH);
    if (rows.length)
      yield rows.map(({ lead, status, score }) => line(exportRow(lead, status, score))).join("");
    count += rows.length;
    if (page.length <= EXPORT_BATCH) return count;
    // A turn of the event loop between batches: other requests run, and so does the garbage
    // collector's finishing step (without it the heap of a million-row export grew past 100 MB).
    await new Promise((resolve) => setImmediate(resolve));
    const last = rows.at(-1)!.lead;
    before = { createdAt: last.createdAt, id: last.id };
  }
}
