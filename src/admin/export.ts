/**
 * The CSV export: the inbox's "Download this view as CSV" (/api/admin/export.csv) and the command
 * line's `leads export --format csv` print the same file, made to open cleanly in a spreadsheet:
 * - UTF-8 with a byte-order mark, so Excel reads "José Muñoz" as written;
 * - the columns every form shares first, the same for every form (a person, how to reach them,
 *   where the lead stands, where it came from), then each form's own fields, then the page it was
 *   sent from, the possible-spam mark and the lead's id;
 * - US phone numbers in national format ("(512) 555-0142"), which no spreadsheet reads as a
 *   formula, so they need no apostrophe; times in the agency's zone as "YYYY-MM-DD HH:MM", which
 *   spreadsheets read as a date and time;
 * - every cell formula-safe and quoted (src/leads/csv.ts).
 * Tags (migration 24) are a column after the assignee, joined with ", ".
 * Leads are read in keyset batches of EXPORT_BATCH and written as they come: memory stays flat
 * however many leads match. The inbox's view (also the command line's filtered export) reads
 * each batch in one query, the lead with all its line shows (exportRows, D209); the command
 * line's plain export and 'Export selected' read the leads from the lead store, then their
 * pipeline state (exportDetails), won values and open follow-ups (exportExtras). All three write
 * each line with exportLine.
 */
import { agencyZone } from "../lib/agencyZone.ts";
import { offsetMinutes as zoneOffset } from "../lib/agencyClock.ts";
import { csvCell } from "../leads/csv.ts";
import { leadForms, storedFormIds, utmKeys } from "../leads/fields.ts";
import { formatPhone } from "../leads/phone.ts";
import { leadCompany, leadName, spamMark, trafficSource } from "../leads/source.ts";
import type { LeadQuery, LeadRecord, LeadStore } from "../leads/store/types.ts";
import { adminMessages } from "./messages.ts";
import type { ExportDbRow, ExportTime } from "./store/exportRows.ts";
import type { ExportExtras } from "./store/revenue.ts";
import type { AdminStore, ExportDetails, InboxLead, InboxQuery } from "./store/types.ts";

/**
 * Leads per query. What a batch holds across a turn of the event loop ends up in the old
 * generation, so it stays small (1,000 let the heap of a full export pass 130 MB, D127); 50
 * made PostgreSQL's export a round trip per 50 leads, below 50,000 rows/s (D197).
 */
export const EXPORT_BATCH = 500;

/** The byte-order mark the file starts with (U+FEFF, written as EF BB BF in UTF-8). */
export const BOM = "\uFEFF";

/** A time as a row of the export may carry it: ISO text, or epoch milliseconds (PostgreSQL's). */
type AnyTime = string | number;

/**
 * One row of the export: the lead, its pipeline state, its won value and open follow-up. Its
 * times are ISO text as the stores give them, or (exportRowOf, from PostgreSQL) epoch
 * milliseconds, which spreadsheetTime writes without making ISO text only to read it again.
 */
export interface ExportRow {
  lead: Omit<LeadRecord, "createdAt"> & { createdAt: AnyTime };
  details: Omit<ExportDetails, "firstContactedAt"> & { firstContactedAt: AnyTime | null };
  /** Read per batch (AdminStore.exportExtras); absent: empty cells. */
  extras?: (Omit<ExportExtras, "followUpDueAt"> & { followUpDueAt: AnyTime | null }) | undefined;
}

/** Fields the shared columns show (each form names the person and the company its own way). */
const SHARED_FIELDS = new Set([
  "name",
  "full-name",
  "ownerName",
  "company",
  "companyName",
  "email",
  "phone",
  "website",
  "message",
]);

/** Every other field of every form, once, in form order: the form-specific columns. */
export const formFields = [
  ...new Set(storedFormIds.flatMap((id) => leadForms[id].fields.map((f) => f.name))),
].filter((name) => !SHARED_FIELDS.has(name));

const CAMPAIGN: (typeof utmKeys)[number] = "utm_campaign";

/** Per zone, per UTC day: the offset when it holds all day, null on a day the clocks change. */
const dayOffsets = new Map<string, Map<number, number | null>>();

/** The offset at `ms`: Intl formats twice per day of leads, not once per lead (10x faster). */
function offsetMinutes(ms: number, timeZone: string): number {
  let days = dayOffsets.get(timeZone);
  if (!days) dayOffsets.set(timeZone, (days = new Map()));
  const day = Math.floor(ms / 86_400_000);
  let offset = days.get(day);
  if (offset === undefined) {
    const start = zoneOffset(day * 86_400_000, timeZone);
    offset = start === zoneOffset((day + 1) * 86_400_000 - 1, timeZone) ? start : null;
    days.set(day, offset);
  }
  return offset ?? zoneOffset(ms, timeZone);
}

const two = (n: number) => String(n).padStart(2, "0");

/**
 * The "YYYY-MM-DD" of a day by its number since 1970, whatever the zone: a wall clock's day
 * number (below) names the same date in every zone.
 */
const dayTexts = new Map<number, string>();

/**
 * A time (ISO text, or epoch milliseconds as PostgreSQL's export rows carry it) as
 * "YYYY-MM-DD HH:MM" on the wall clock of `timeZone` (the agency's: summer time kept), the form
 * spreadsheets read as a date and time; "" for none. The date's text is made once a day: the
 * export writes three times a lead.
 */
export function spreadsheetTime(at: string | number | null, timeZone = agencyZone()): string {
  if (at === null || at === "") return "";
  const ms = typeof at === "number" ? at : Date.parse(at);
  if (Number.isNaN(ms)) return "";
  const wall = ms + offsetMinutes(ms, timeZone) * 60_000;
  const day = Math.floor(wall / 86_400_000);
  let date = dayTexts.get(day);
  if (date === undefined) {
    const d = new Date(day * 86_400_000);
    date = `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}`;
    dayTexts.set(day, date);
  }
  const minute = Math.floor((wall - day * 86_400_000) / 60_000);
  return `${date} ${two(Math.floor(minute / 60))}:${two(minute % 60)}`;
}

const m = adminMessages;
const own = m.exportColumns;
/** The columns, in the file's order: a header and how a row fills it. */
const columns: [string | ((zone: string) => string), (row: ExportRow) => unknown][] = [
  [m.inbox.columns.name, ({ lead }) => leadName(lead.fields)],
  [m.inbox.columns.company, ({ lead }) => leadCompany(lead.fields)],
  [own.email, ({ lead }) => lead.fields.email],
  [own.phone, ({ lead }) => formatPhone(lead.fields.phone ?? "")],
  [own.website, ({ lead }) => lead.fields.website],
  [own.message, ({ lead }) => lead.fields.message],
  [m.inbox.columns.form, ({ lead }) => m.kinds[lead.kind] ?? lead.kind],
  [m.inbox.columns.status, ({ details }) => m.statuses[details.status] ?? details.status],
  [own.assignee, ({ details }) => details.assignee],
  [own.tags, ({ details }) => (details.tags ?? []).join(", ")],
  [m.inbox.columns.source, ({ lead }) => trafficSource(lead)],
  [own.campaign, ({ lead }) => lead.metadata.utm?.[CAMPAIGN]],
  [m.lead.attributionLabels.landingPage, ({ lead }) => lead.metadata.landingPage],
  [
    (zone) => own.inZone(m.inbox.columns.received, zone),
    ({ lead }) => spreadsheetTime(lead.createdAt),
  ],
  [
    (zone) => own.inZone(own.firstContacted, zone),
    ({ details }) => spreadsheetTime(details.firstContactedAt),
  ],
  // A plain number (dollars and cents), so a spreadsheet can sum it.
  [
    own.wonValue,
    ({ extras }) => (extras?.wonValueCents == null ? "" : (extras.wonValueCents / 100).toFixed(2)),
  ],
  [own.lostReason, ({ details }) => details.lostReason],
  [
    (zone) => own.inZone(own.followUp, zone),
    ({ extras }) => spreadsheetTime(extras?.followUpDueAt ?? null),
  ],
  [own.followUpNote, ({ extras }) => extras?.followUpNote],
  [own.websiteScore, ({ details }) => details.score],
  ...formFields.map((name): [string, (row: ExportRow) => unknown] => [
    name,
    ({ lead }) => lead.fields[name],
  ]),
  [m.lead.attributionLabels.page, ({ lead }) => lead.metadata.page],
  [m.possibleSpam, ({ lead }) => spamMark(lead)],
  [own.id, ({ lead }) => lead.id],
];

/** The header row; the time columns name the agency's zone now (src/lib/agencyZone.ts). */
export const exportHeader = (zone: string = agencyZone()): string[] =>
  columns.map(([header]) => (typeof header === "string" ? header : header(zone)));

/** A row's cells, before quoting (null and undefined become empty cells). */
export function exportCells(row: ExportRow): unknown[] {
  return columns.map(([, cell]) => cell(row));
}

const line = (cells: readonly unknown[]) => `${cells.map(csvCell).join(",")}\r\n`;

/** The file's start: the byte-order mark and the header line. */
export const exportHead = (): string => BOM + line(exportHeader());

/** One lead's line of the file, CRLF-terminated (cell by cell: no arrays made per lead). */
export function exportLine(row: ExportRow): string {
  let text = csvCell(columns[0]![1](row));
  for (let i = 1; i < columns.length; i++) text += `,${csvCell(columns[i]![1](row))}`;
  return `${text}\r\n`;
}

/**
 * Two turns of the event loop: the driver queues a query's bytes and writes them on the next
 * turn (postgres' write), so a batch asked for before this reaches the database before the
 * current one is written out, and the database works while Node does.
 */
const sent = () => new Promise((resolve) => setImmediate(() => setImmediate(resolve)));

/** A turn of the event loop between batches: other requests run, and so does the collector. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

/** The inbox's view (its cursor and limit are the walk's own), newest first, a batch at a time. */
export async function* inboxPages(
  store: AdminStore,
  query: InboxQuery,
): AsyncGenerator<InboxLead[], void> {
  let before: InboxQuery["before"];
  for (;;) {
    const page = await store.inboxPage({ ...query, before, limit: EXPORT_BATCH });
    const rows = page.slice(0, EXPORT_BATCH);
    if (rows.length) yield rows;
    if (page.length <= EXPORT_BATCH) return;
    // Without this turn the heap of a million-row export grew past 100 MB.
    await turn();
    const last = rows.at(-1)!.lead;
    before = { createdAt: last.createdAt, id: last.id };
  }
}

/** Every lead the lead store's query matches, in its order, a batch at a time. */
export async function* storedPages(
  store: LeadStore,
  query: LeadQuery,
): AsyncGenerator<LeadRecord[], void> {
  let after: LeadQuery["after"];
  for (;;) {
    const page = await store.list({ ...query, after, limit: EXPORT_BATCH });
    if (page.length) yield page;
    if (page.length < EXPORT_BATCH) return;
    await turn();
    const last = page.at(-1)!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/** The file: the mark and the header, then a chunk of lines per batch of rows; counted. */
async function* csvOf(pages: AsyncIterable<readonly ExportRow[]>): AsyncGenerator<string, number> {
  yield exportHead();
  let count = 0;
  for await (const rows of pages) {
    if (!rows.length) continue;
    let chunk = "";
    for (const row of rows) chunk += exportLine(row);
    yield chunk;
    count += rows.length;
  }
  return count;
}

/** Each row with its won value and open follow-up: one query per batch. */
async function withExtras(store: AdminStore, rows: ExportRow[]): Promise<ExportRow[]> {
  if (!rows.length) return rows;
  const extras = await store.exportExtras(rows.map((r) => r.lead.id));
  for (const row of rows) row.extras = extras.get(row.lead.id);
  return rows;
}

/** The lead store's leads with their details, read for each batch (a lead erased since is left out). */
async function* storedRows(
  store: AdminStore,
  pages: AsyncIterable<LeadRecord[]>,
): AsyncGenerator<ExportRow[]> {
  for await (const leads of pages) {
    const ids = leads.map((l) => l.id);
    const details = await store.exportDetails(ids);
    const tags = await store.leadTags(ids);
    yield withExtras(
      store,
      leads.flatMap((lead) => {
        const found = details.get(lead.id);
        return found ? [{ lead, details: { ...found, tags: tags.get(lead.id) ?? [] } }] : [];
      }),
    );
  }
}

/** A time as the lead store gives it: epoch milliseconds (PostgreSQL) as a Date's ISO text. */
const iso = (at: ExportTime): string => (typeof at === "number" ? new Date(at).toISOString() : at);

/** A lead as exportRows read it, as exportLine takes it: the values inboxPage and exportExtras gave. */
export function exportRowOf(r: ExportDbRow): ExportRow {
  const tags = r.tags === null ? [] : r.tags.split(",").sort();
  return {
    lead: {
      id: r.id,
      kind: r.kind as LeadRecord["kind"],
      form: r.form as LeadRecord["form"],
      subject: r.subject,
      createdAt: r.created_at,
      spam: r.spam === true || r.spam === 1,
      fields: JSON.parse(r.fields) as LeadRecord["fields"],
      metadata: JSON.parse(r.metadata) as LeadRecord["metadata"],
    },
    details: {
      status: r.status as ExportDetails["status"],
      firstContactedAt: r.first_contacted_at,
      lostReason: r.lost_reason,
      assignee: r.assignee,
      score: r.score ?? null,
      tags,
    },
    extras: {
      wonValueCents: r.won === null ? null : Number(r.won),
      followUpDueAt: r.due_at,
      followUpNote: r.note,
    },
  };
}

/** The CSV of the inbox's filtered view, newest first: a query a batch (exportRows, D209). */
export async function* exportCsv(
  store: AdminStore,
  query: InboxQuery,
): AsyncGenerator<string, number> {
  yield exportHead();
  let count = 0;
  let next = store.exportRows(query, undefined, EXPORT_BATCH);
  for (;;) {
    const rows = await next;
    const last = rows.at(-1);
    if (rows.length === EXPORT_BATCH && last) {
      next = store.exportRows(
        query,
        { createdAt: iso(last.created_at), id: last.id },
        EXPORT_BATCH,
      );
      next.catch(() => undefined);
      await sent();
    }
    if (rows.length) {
      let chunk = "";
      for (const row of rows) chunk += exportLine(exportRowOf(row));
      yield chunk;
      count += rows.length;
    }
    if (rows.length < EXPORT_BATCH) return count;
  }
}

/** The CSV of the lead store's query (the command line's plain export), in its order. */
export function exportLeadsCsv(
  store: AdminStore,
  leads: LeadStore,
  query: LeadQuery,
): AsyncGenerator<string, number> {
  return csvOf(storedRows(store, storedPages(leads, query)));
}

/**
 * The CSV of the leads ticked in the inbox ('Export selected', src/admin/bulk.ts: at most
 * BULK_MAX, so one string), newest first; a lead erased meanwhile is left out.
 */
export async function exportSelectedCsv(
  store: AdminStore,
  leads: LeadStore,
  ids: readonly string[],
): Promise<{ csv: string; count: number }> {
  const found = (await Promise.all(ids.map((id) => leads.get(id)))).filter(
    (lead): lead is LeadRecord => lead !== null,
  );
  const details = await store.exportDetails(found.map((l) => l.id));
  const tags = await store.leadTags(found.map((l) => l.id));
  const rows = await withExtras(
    store,
    found
      .sort((a, b) =>
        a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1,
      )
      .flatMap((lead) => {
        const d = details.get(lead.id);
        return d ? [{ lead, details: { ...d, tags: tags.get(lead.id) ?? [] } }] : [];
      }),
  );
  return { csv: exportHead() + rows.map(exportLine).join(""), count: rows.length };
}
