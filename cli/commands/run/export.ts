/**
 * `export` (cli/commands/export.ts): leads as JSON (an array) or as the inbox's CSV file
 * (src/admin/export.ts), streamed a batch at a time to standard output or --out FILE, so memory
 * stays flat however many leads there are and a slow pipe costs none either.
 */ import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { exportCsv, exportLeadsCsv, inboxPages, storedPages } from "../../../src/admin/export.ts";
import type { InboxFilters } from "../../../src/admin/inbox.ts";
import { adminStoreFor } from "../../../src/admin/store/index.ts";
import { leadStatuses } from "../../../src/admin/store/types.ts";
import type { LeadStore } from "../../../src/leads/store/types.ts";
import { plural, type CommandContext } from "../../command.ts";
import { withStore } from "../../store.ts";
import { jsonText, printable, UsageError } from "../../terminal.ts";
import { kindOption, leadQuery } from "../filters.ts";

const INBOX_FILTERS = ["status", "from", "to", "source", "campaign", "search"] as const;

/**
 * The inbox's filters given on the command line, checked; null when none is given. The inbox's
 * code (and the audit log's, ./exportView) is imported only then: a plain export needs neither.
 */
async function inboxFilters(values: Record<string, unknown>): Promise<InboxFilters | null> {
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
  const { readFilters } = await import("../../../src/admin/inbox.ts");
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

/** The chunks to FILE or to `stdout`; the count of leads written. */
async function write(
  chunks: AsyncGenerator<string, number>,
  file: string | undefined,
  stdout: NodeJS.WritableStream,
) {
  if (!file) return pipeChunks(chunks, stdout);
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
  stdout: NodeJS.WritableStream,
): Promise<number> {
  const [{ audit }, { inboxQuery }] = await Promise.all([
    import("../../../src/admin/accounts.ts"),
    import("../../../src/admin/inbox.ts"),
  ]);
  const store = adminStoreFor(leads);
  const query = inboxQuery(filters, null);
  await audit(store, "export", { subject: "command line", detail: { ...filters } });
  return write(
    format === "csv"
      ? exportCsv(store, query)
      : jsonArray(inboxPages(store, query), ({ lead, status }) => ({ ...lead, status })),
    file,
    stdout,
  );
}

export async function run({ values, positionals, note, config, stdout }: CommandContext) {
  if (positionals.length) throw new UsageError("export takes no argument");
  const format = (values.format as string | undefined) ?? "json";
  if (format !== "json" && format !== "csv") throw new UsageError("--format must be json or csv");
  const file = values.out as string | undefined;
  const view = await inboxFilters(values);
  const query = view ? null : { ...leadQuery(values), order: "oldest-first" as const };
  return withStore(config().leads, note, async (store) => {
    if (view) {
      const count = await exportView(store, view, format, file, stdout);
      const where = file ? `wrote ${plural(count, "lead")} to ${file}` : plural(count, "lead");
      note(printable(`${where} (the inbox's view, newest first)`));
      return 0;
    }
    const count = await write(
      format === "csv"
        ? exportLeadsCsv(adminStoreFor(store), store, query!)
        : jsonArray(storedPages(store, query!), (lead) => lead),
      file,
      stdout,
    );
    if (file) note(printable(`wrote ${plural(count, "lead")} to ${file}`));
    return 0;
  });
}
