/**
 * `export`: leads as JSON (an array) or as the inbox's CSV file (src/admin/export.ts), streamed a
 * batch at a time to standard output or --out FILE, so memory stays flat however many leads
 * there are and a slow pipe costs none either. Plain: every matching lead, oldest first. With
 * any of the inbox's filters: exactly the inbox's view instead (newest first, each lead with its
 * status in JSON), recorded in the audit log.
 */
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { audit } from "../../src/admin/accounts.ts";
import { exportCsv, exportLeadsCsv, inboxPages, storedPages } from "../../src/admin/export.ts";
import { inboxQuery, readFilters, type InboxFilters } from "../../src/admin/inbox.ts";
import { adminStoreFor } from "../../src/admin/store/index.ts";
import { leadStatuses } from "../../src/admin/store/types.ts";
import type { LeadStore } from "../../src/leads/store/types.ts";
import { helpOption, plural, withStore, type Command } from "../command.ts";
import { jsonText, printable, UsageError } from "../terminal.ts";
import { kindOption, leadFilterOptions, leadQuery } from "./filters.ts";

const INBOX_FILTERS = ["status", "from", "to", "source", "campaign", "search"] as const;

/** The inbox's filters given on the command line, checked; null when none is given. */
function inboxFilters(values: Record<string, unknown>): InboxFilters | null {
  const given = INBOX_FILTERS.filter((name) => values[name] !== undefined);
  if (!given.length && !values["spam-folder"]) return null;
  const status = values.status as string | undefined;
  if (status !== undefined && !(leadStatuses as readonly string[]).includes(status)) {
    throw new UsageError(`--status must be one of ${leadStatuses.join(", ")}`);
  }
  for (const name of ["from", "to"] as const) {
    const day = values[name] as string | undefined;
    if (day !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(day)) {
      throw new UsageError(`--${name} must be a day: YYYY-MM-DD`);
    }
  }
  if (values.since || values["with-partials"] || values["include-spam"]) {
    throw new UsageError(
      "With the inbox's filters, use --from/--to for dates; --since, --with-partials and --include-spam are for the plain export",
    );
  }
  const params = new URLSearchParams();
  for (const name of INBOX_FILTERS) {
    const value = values[name] as string | undefined;
    if (value !== undefined) params.set(name === "search" ? "q" : name, value);
  }
  const kind = kindOption(values);
  if (kind) params.set("kind", kind);
  if (values["spam-folder"]) params.set("spam", "1");
  const filters = readFilters(params);
  // readFilters drops what the inbox's URL could not hold (an impossible date): say so here.
  if ((values.from && !filters.from) || (values.to && !filters.to)) {
    throw new UsageError("--from/--to must be real days: YYYY-MM-DD");
  }
  return filters;
}

/** A JSON array of `items`, one element a chunk, pretty-printed as jsonText does; counted. */
async function* jsonArray<T>(
  pages: AsyncIterable<readonly T[]>,
  shown: (item: T) => unknown,
): AsyncGenerator<string, number> {
  let count = 0;
  yield "[";
  for await (const page of pages) {
    let chunk = "";
    for (const item of page) {
      // Each element indented as it is inside JSON.stringify(array, null, 2).
      chunk += `${count++ ? "," : ""}\n  ${jsonText(shown(item)).replace(/\n/g, "\n  ")}`;
    }
    yield chunk;
  }
  yield count ? "\n]\n" : "]\n";
  return count;
}

/** Writes every chunk to `target`, waiting when it is full (a slow pipe costs no memory). */
async function pipeChunks(
  chunks: AsyncGenerator<string, number>,
  target: NodeJS.WritableStream,
): Promise<number> {
  for (;;) {
    const next = await chunks.next();
    if (next.done) return next.value;
    if (!target.write(next.value)) await once(target, "drain");
  }
}

/** The chunks to FILE or standard output; the count of leads written. */
async function write(chunks: AsyncGenerator<string, number>, file: string | undefined) {
  if (!file) return pipeChunks(chunks, process.stdout);
  const stream = createWriteStream(file);
  const count = await pipeChunks(chunks, stream);
  await new Promise<void>((resolve, reject) =>
    stream.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  return count;
}

/** `export` with the inbox's filters: its view; audited. */
async function exportView(
  leads: LeadStore,
  filters: InboxFilters,
  format: "json" | "csv",
  file: string | undefined,
): Promise<number> {
  const store = adminStoreFor(leads);
  const query = inboxQuery(filters, null);
  await audit(store, "export", { subject: "command line", detail: { ...filters } });
  return write(
    format === "csv"
      ? exportCsv(store, query)
      : jsonArray(inboxPages(store, query), ({ lead, status }) => ({ ...lead, status })),
    file,
  );
}

export const exportCommand: Command = {
  name: "export",
  summary:
    "Print leads as JSON (an array of {id, kind, form, subject, createdAt, spam, fields,\n" +
    "metadata}) or as CSV, oldest first. The CSV is the inbox's file (docs/inbox.md):\n" +
    "UTF-8 with a byte-order mark, the columns every form shares first, times in the\n" +
    "agency's zone. With any of the inbox's filters, exactly the inbox's view instead:\n" +
    'the same leads, newest first (its "Download this view as CSV"; JSON with status)',
  options: {
    ...leadFilterOptions,
    format: { type: "string", value: "FORMAT", help: "json (default) or csv" },
    out: { type: "string", value: "FILE", help: "Write to FILE instead of standard output" },
    status: { type: "string", value: "STATUS", help: `Inbox filter: ${leadStatuses.join(", ")}` },
    from: {
      type: "string",
      value: "DAY",
      help: "Inbox filter: created on or after DAY (YYYY-MM-DD)",
    },
    to: {
      type: "string",
      value: "DAY",
      help: "Inbox filter: created on or before DAY (YYYY-MM-DD)",
    },
    source: {
      type: "string",
      value: "SOURCE",
      help: "Inbox filter: utm_source, else the referrer's host (as the inbox shows it)",
    },
    campaign: { type: "string", value: "NAME", help: "Inbox filter: utm_campaign" },
    search: {
      type: "string",
      value: "TEXT",
      help: "Inbox filter: words found in the name, email, phone, company or message",
    },
    "spam-folder": { type: "boolean", help: "Inbox filter: the spam folder instead of the leads" },
    help: helpOption,
  },
  footer:
    "--kind works with the inbox's filters; --since and --with-partials do not.\n" +
    "Possible spam is exported and marked unless --no-spam is given.",
  async run({ values, positionals, note, config }) {
    if (positionals.length) throw new UsageError("export takes no argument");
    const format = (values.format as string | undefined) ?? "json";
    if (format !== "json" && format !== "csv") throw new UsageError("--format must be json or csv");
    const file = values.out as string | undefined;
    const view = inboxFilters(values);
    const query = view ? null : { ...leadQuery(values), order: "oldest-first" as const };
    return withStore(config().leads, note, async (store) => {
      if (view) {
        const count = await exportView(store, view, format, file);
        const where = file ? `wrote ${plural(count, "lead")} to ${file}` : plural(count, "lead");
        note(printable(`${where} (the inbox's view, newest first)`));
        return 0;
      }
      const count = await write(
        format === "csv"
          ? exportLeadsCsv(adminStoreFor(store), store, query!)
          : jsonArray(storedPages(store, query!), (lead) => lead),
        file,
      );
      if (file) note(printable(`wrote ${plural(count, "lead")} to ${file}`));
      return 0;
    });
  },
};
