/**
 * The leads CLI: `npm run -s leads -- <command> [options]`. Reads the same DATA_DIR / DATABASE_URL
 * (and DATABASE_SCHEMA) as the server, and says on standard error which store it read. Runs on
 * Node 24's built-in type stripping: no build step.
 *
 *   list     [--since WHEN] [--kind KIND] [--no-spam] [--with-partials] [--limit N]
 *            [--oldest-first]                     one line per lead, newest first
 *   export   [--format json|csv] [--since WHEN] [--kind KIND] [--no-spam] [--with-partials]
 *            [--out FILE]                         every matching lead, oldest first
 *   export   --status S | --from DAY | --to DAY | --source S | --campaign C | --search TEXT |
 *            --spam-folder  [--kind KIND] [--format json|csv] [--out FILE]
 *                                                 exactly the inbox's view of these filters
 *   migrate  apply pending schema migrations and print their versions
 *   outbox   [--json]                   notifications waiting for delivery and those given up on
 *   outbox retry ID… | --all            failed notifications become pending again, due now
 *   erase EMAIL          every lead of this email address, with its deliveries, notes and
 *                        timeline (a privacy request); prints what it removed; audited
 *   prune                delete what the retention settings say has expired, now
 *   backup FILE          SQLite: a consistent copy of the live store (the server keeps running)
 *   restore FILE         SQLite: replace the store with a checked backup (server stopped)
 *   audit URL [--format json]   the website check of a site (cli/audit.ts), no store
 *
 * WHEN is an ISO date or time (2026-01-31, 2026-01-31T12:00:00Z) or an age such as 7d, 12h, 30m.
 * Leads flagged as possible spam are listed and exported, marked (a visitor may trip a signal);
 * --no-spam leaves them out. Growth partials completed by a growth lead are left out unless
 * --with-partials is given. Whatever the CLI prints from lead data is made inert for the terminal
 * (`printable`); JSON escapes control characters, and CSV cells are neutralised against formula
 * injection (OWASP), so exports are safe to open in a spreadsheet.
 */
import { copyFileSync, createWriteStream, existsSync, readFileSync, writeFileSync } from "node:fs";
import { once } from "node:events";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { leadConfig, type LeadConfig } from "../src/leads/config.ts";
import { leadCompany, leadName, trafficSource } from "../src/leads/source.ts";
import { toCsv } from "../src/leads/csv.ts";
import { formIds, leadForms, leadKinds, utmKeys, type LeadKind } from "../src/leads/fields.ts";
import {
  openStore,
  sqliteFile,
  type LeadQuery,
  type LeadRecord,
} from "../src/leads/store/index.ts";
import { SqliteLeadStore } from "../src/leads/store/sqlite.ts";
import { BackupError, backupSqlite, restoreSqlite } from "../src/leads/store/backup.ts";
import { eraseByEmail, pruneExpired } from "../src/leads/retention.ts";
import { audit } from "../src/admin/accounts.ts";
import { exportCsv, EXPORT_BATCH } from "../src/admin/export.ts";
import { inboxQuery, readFilters, type InboxFilters } from "../src/admin/inbox.ts";
import { adminStoreFor } from "../src/admin/store/index.ts";
import { leadStatuses, type AdminStore, type InboxQuery } from "../src/admin/store/types.ts";
import { jsonText, printable, runAsProgram, UsageError } from "./terminal.ts";
import { auditCommand } from "./audit.ts";
import type { LeadStore, OutboxRow } from "../src/leads/store/types.ts";

const USAGE = `Usage: npm run -s leads -- <command> [options]
(-s keeps npm's own lines out of the output, so an export redirected to a file is valid JSON or CSV)

Commands:
  list      One line per lead, newest first: time, id, kind, name · email · phone · company,
            page, source (utm_source/utm_medium, the referrer's host, or direct) and marks
  export    Print leads as JSON (an array) or CSV, oldest first. With any of the inbox's
            filters below, exactly the inbox's view instead: the same leads, newest first,
            the same CSV columns as its "Download this view as CSV" (status included)
  migrate   Apply pending schema migrations
  outbox    List notifications waiting for delivery (pending) and given up on (failed),
            with their attempts and last error
  outbox retry ID [ID…] | --all
            Send failed notifications again: pending, due now, retried for another
            LEADS_OUTBOX_MAX_AGE_MS (24 h); the running server delivers them
  erase EMAIL
            Erase every lead whose email is EMAIL (any case): each with its deliveries,
            notes, timeline, search entry and the growth step-1 it completed. Prints the
            ids and counts removed; the audit log keeps the ids. Safe while the server runs
  prune     Delete now what has expired: sent notifications older than
            LEADS_OUTBOX_RETENTION_DAYS (30), leads older than LEAD_RETENTION_DAYS (if set).
            The running server does the same once a day
  backup FILE
            SQLite: copy the store to FILE (a new file), consistent as of one moment,
            while the server keeps taking leads; the copy is checked before it is kept.
            DATA_DIR/ip-hash-salt (the secret of checklist links and IP hashes) is copied
            beside it as FILE.ip-hash-salt (unless IP_HASH_SALT is set: keep that yourself).
            PostgreSQL: prints the pg_dump command to use instead
  restore FILE
            SQLite: replace the store with the backup FILE, after checking it
            (integrity_check, and a schema exactly as this code's migrations make it);
            refuses while a server has the store open. The replaced file is kept beside
            it as leads.db.before-restore-<time>. FILE.ip-hash-salt, if any, becomes
            DATA_DIR/ip-hash-salt when DATA_DIR has none.
            PostgreSQL: prints the pg_restore command to use instead
  audit URL [--format json]
            Check a website as the free audit does (docs/website-check.md): robots.txt,
            the home page, the sitemap and up to 20 pages, at most 60 s. Prints the score,
            the failed checks first with their fix, then the rest; --format json prints
            only the report's JSON. Exit status 1 when the site could not be checked.
            Reads no store; AUDIT_ALLOW_HOSTS and SITE_URL as the server does

Options:
  --since WHEN       Only leads created at or after WHEN (ISO date/time, or an age: 7d, 12h, 30m)
  --kind KIND        Only one kind: ${leadKinds.join(", ")}
  --no-spam          Leave out leads flagged as possible spam (listed and exported by default,
                     marked "possible spam (reasons)"; CSV column possible_spam)
  --include-spam     Accepted for compatibility; possible spam is included by default
  --with-partials    Also show growth partials (step 1) that a growth lead completed
  --format FORMAT    export only: json (default) or csv
  --out FILE         export only: write to FILE instead of standard output
  --limit N          list only: at most N leads (the newest N, or the oldest with --oldest-first)
  --oldest-first     list only: oldest first
  --all              outbox retry only: every failed notification

The inbox's filters (export only; --kind works with them, --since and --with-partials do not):
  --status STATUS    ${leadStatuses.join(", ")}
  --from DAY         Created on or after DAY (YYYY-MM-DD, UTC)
  --to DAY           Created on or before DAY (YYYY-MM-DD, UTC)
  --source SOURCE    utm_source, else the referrer's host (as the inbox shows it)
  --campaign NAME    utm_campaign
  --search TEXT      Words found in the name, email, phone, company or message
  --spam-folder      The spam folder instead of the leads
  --json             outbox only: print the rows as a JSON array

Storage: the same settings as the server. DATABASE_URL=postgres://… selects PostgreSQL
(DATABASE_SCHEMA, default public); otherwise the SQLite file DATA_DIR/leads.db (DATA_DIR
defaults to ./data). The store read is named on standard error.`;

export function parseSince(value: string, now: Date = new Date()): string {
  const age = /^(\d+)\s*([dhm])$/i.exec(value.trim());
  if (age) {
    const unit = { d: 86_400_000, h: 3_600_000, m: 60_000 }[
      age[2]!.toLowerCase() as "d" | "h" | "m"
    ];
    return new Date(now.getTime() - Number(age[1]) * unit).toISOString();
  }
  const date = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(date.getTime())) {
    throw new UsageError(`--since: "${value}" is not an ISO date or an age like 7d`);
  }
  return date.toISOString();
}

/** The possible-spam reasons of a lead, or "" for a lead not flagged. */
function spamMark(l: LeadRecord): string {
  if (!l.spam) return "";
  return (l.metadata.spamReasons ?? []).join(" ") || "flagged";
}

/** CSV columns: lead columns, every field of the exported kinds, then metadata. */
function csvFor(leads: LeadRecord[]): string {
  const fieldNames: string[] = [];
  for (const id of formIds) {
    for (const f of leadForms[id].fields) if (!fieldNames.includes(f.name)) fieldNames.push(f.name);
  }
  const used = fieldNames.filter((name) => leads.some((l) => name in l.fields));
  const header = [
    "id",
    "createdAt",
    "kind",
    "form",
    "subject",
    "possible_spam",
    ...used,
    "source",
    "page",
    "landingPage",
    "referrer",
    "userAgent",
    ...utmKeys,
    "ipHash",
    "completedBy",
  ];
  const rows = leads.map((l) => [
    l.id,
    l.createdAt,
    l.kind,
    l.form,
    l.subject ?? "",
    spamMark(l),
    ...used.map((name) => l.fields[name] ?? ""),
    l.metadata.source,
    l.metadata.page ?? "",
    l.metadata.landingPage ?? "",
    l.metadata.referrer ?? "",
    l.metadata.userAgent ?? "",
    ...utmKeys.map((k) => l.metadata.utm?.[k] ?? ""),
    l.metadata.ipHash ?? "",
    l.completedBy ?? "",
  ]);
  return toCsv(header, rows);
}

function outboxLine(r: OutboxRow): string {
  return printable(
    [
      r.status.padEnd(7),
      r.id,
      r.channel.padEnd(7),
      `lead ${r.leadId}`,
      `attempts ${r.attempts}`,
      r.status === "pending" ? `next ${r.nextAttemptAt}` : `since ${r.updatedAt}`,
      r.lastError ?? "",
    ]
      .join("  ")
      .trimEnd(),
  );
}

async function outbox(
  store: LeadStore,
  args: string[],
  options: { all: boolean; json: boolean },
  out: (text: string) => void,
): Promise<number> {
  if (args[0] === "retry") {
    const ids = args.slice(1);
    if (options.all === ids.length > 0) {
      throw new UsageError("outbox retry takes notification ids or --all (not both)");
    }
    const now = new Date();
    const giveUpAt = new Date(now.getTime() + leadConfig().notify.outbox.maxAgeMs);
    const retried = await store.retryNotifications(options.all ? "all-failed" : ids, now, giveUpAt);
    const missed = ids.filter((id) => !retried.includes(id));
    for (const id of missed) {
      out(printable(`Not retried (no failed notification with this id): ${id}`));
    }
    out(
      retried.length
        ? `Queued again (${retried.length}): ${retried.join(", ")}`
        : "No failed notification to retry.",
    );
    return missed.length ? 1 : 0;
  }
  if (args.length) throw new UsageError(`Unknown outbox command "${args.join(" ")}"`);
  const rows = await store.listNotifications(["pending", "failed"]);
  if (options.json) {
    out(jsonText(rows));
    return 0;
  }
  for (const row of rows) out(outboxLine(row));
  const pending = rows.filter((r) => r.status === "pending").length;
  out(`${pending} pending, ${rows.length - pending} failed`);
  return 0;
}

function listLine(l: LeadRecord): string {
  const who = leadName(l.fields);
  const company = leadCompany(l.fields);
  const marks = [
    l.spam ? `possible spam (${spamMark(l)})` : "",
    l.completedBy ? `completed by ${l.completedBy}` : "",
  ];
  return printable(
    [
      l.createdAt,
      l.id,
      l.kind.padEnd(14),
      [who, l.fields.email, l.fields.phone, company].filter(Boolean).join(" · "),
      `page ${l.metadata.page ?? "-"}`,
      `source ${trafficSource(l)}`,
      ...marks.filter(Boolean),
    ].join("  "),
  );
}

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
  const params = new URLSearchParams();
  for (const name of INBOX_FILTERS) {
    const value = values[name] as string | undefined;
    if (value !== undefined) params.set(name === "search" ? "q" : name, value);
  }
  if (values.kind) params.set("kind", values.kind as string);
  if (values["spam-folder"]) params.set("spam", "1");
  const filters = readFilters(params);
  // readFilters drops what the inbox's URL could not hold (an impossible date): say so here.
  if ((values.from && !filters.from) || (values.to && !filters.to)) {
    throw new UsageError("--from/--to must be real days: YYYY-MM-DD");
  }
  return filters;
}

/** The inbox's view as a JSON array, newest first, each lead with its status; streamed. */
async function* inboxJson(store: AdminStore, query: InboxQuery): AsyncGenerator<string, number> {
  let before: InboxQuery["before"];
  let count = 0;
  yield "[";
  for (;;) {
    const page = await store.inboxPage({ ...query, before, limit: EXPORT_BATCH });
    const rows = page.slice(0, EXPORT_BATCH);
    for (const { lead, status } of rows) {
      yield `${count++ ? "," : ""}\n${jsonText({ ...lead, status })}`;
    }
    if (page.length <= EXPORT_BATCH) break;
    await new Promise((resolve) => setImmediate(resolve)); // as exportCsv does
    const last = rows.at(-1)!.lead;
    before = { createdAt: last.createdAt, id: last.id };
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

/** `export` with the inbox's filters: its view, streamed to FILE or standard output; audited. */
async function exportView(
  leads: LeadStore,
  filters: InboxFilters,
  options: { format: string; out: string | undefined },
  note: (text: string) => void,
): Promise<number> {
  const store = adminStoreFor(leads);
  const query = inboxQuery(filters, null);
  await audit(store, "export", { subject: "command line", detail: { ...filters } });
  const chunks = options.format === "csv" ? exportCsv(store, query) : inboxJson(store, query);
  if (!options.out) {
    const count = await pipeChunks(chunks, process.stdout);
    note(printable(`${plural(count, "lead")} (the inbox's view, newest first)`));
    return 0;
  }
  const file = createWriteStream(options.out);
  const count = await pipeChunks(chunks, file);
  await new Promise<void>((resolve, reject) =>
    file.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  note(
    printable(`wrote ${plural(count, "lead")} to ${options.out} (the inbox's view, newest first)`),
  );
  return 0;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** With DATABASE_URL, backups are PostgreSQL's own tools' job: the commands to run. */
function postgresBackupHelp(config: LeadConfig, command: "backup" | "restore"): string {
  const schema = config.databaseSchema || "public";
  return [
    `The store is PostgreSQL (DATABASE_URL): ${command === "backup" ? "back it up" : "restore it"} with PostgreSQL's own tools.`,
    "Back up (consistent, while the servers run):",
    `  pg_dump --format=custom --schema=${schema} --file=leads.dump "$DATABASE_URL"`,
    "Restore (servers stopped; into a database without that schema, or after dropping it):",
    `  pg_restore --no-owner --exit-on-error --dbname="$DATABASE_URL" leads.dump`,
    'See README, "Backups and restores".',
  ].join("\n");
}

/** backup FILE / restore FILE on the SQLite store (never opened as a store here). */
async function sqliteFileCommand(
  command: "backup" | "restore",
  file: string,
  config: LeadConfig,
  out: (text: string) => void,
  note: (text: string) => void,
): Promise<number> {
  const store = sqliteFile(config);
  const salt = resolve(config.dataDir, "ip-hash-salt");
  try {
    if (command === "backup") {
      const check = await backupSqlite(store, resolve(file));
      out(
        printable(
          `Backed up ${plural(check.leads, "lead")} (schema version ${check.schemaVersion}, integrity ok) to ${resolve(file)}`,
        ),
      );
      if (!config.ipHashSalt && existsSync(salt)) {
        copyFileSync(salt, `${resolve(file)}.ip-hash-salt`);
        note(
          printable(
            `The secret of checklist links and IP hashes is copied to ${resolve(file)}.ip-hash-salt: keep it with the backup, as private as the backup.`,
          ),
        );
      }
      return 0;
    }
    const result = restoreSqlite(resolve(file), store);
    out(
      printable(
        `Restored ${plural(result.leads, "lead")} (schema version ${result.schemaVersion}, integrity ok) into ${store}`,
      ),
    );
    if (result.previous) out(printable(`The store it replaced is kept as ${result.previous}`));
    const savedSalt = `${resolve(file)}.ip-hash-salt`;
    if (!config.ipHashSalt && existsSync(savedSalt)) {
      if (!existsSync(salt)) {
        writeFileSync(salt, readFileSync(savedSalt), { flag: "wx", mode: 0o600 });
        out(printable(`The backup's secret (checklist links, IP hashes) is now ${salt}`));
      } else if (readFileSync(salt, "utf8").trim() !== readFileSync(savedSalt, "utf8").trim()) {
        note(
          printable(
            `${salt} differs from the backup's ${savedSalt}: kept as it is; checklist links sent before the backup will not open unless you copy the backup's over it.`,
          ),
        );
      }
    }
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    note(printable(`${command}: ${error.message}`));
    return 1;
  }
}

/** The store the settings select, in words: driver and where, never a password. */
export function storeName(config: LeadConfig): string {
  if (config.databaseUrl) {
    let where = "(unparsable DATABASE_URL)";
    try {
      const url = new URL(config.databaseUrl);
      const host = url.host || url.searchParams.get("host") || "localhost";
      where = `${host}${url.pathname || "/"}`;
    } catch {
      // Never echo the URL itself: it may hold a password.
    }
    return `postgres ${where} schema ${config.databaseSchema || "public"}`;
  }
  return `sqlite ${resolve(sqliteFile(config))}`;
}

export async function main(
  argv: string[],
  out: (text: string) => void,
  note: (text: string) => void = () => {},
): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      since: { type: "string" },
      kind: { type: "string" },
      "no-spam": { type: "boolean", default: false },
      "include-spam": { type: "boolean", default: false },
      "with-partials": { type: "boolean", default: false },
      "oldest-first": { type: "boolean", default: false },
      format: { type: "string", default: "json" },
      out: { type: "string" },
      limit: { type: "string" },
      all: { type: "boolean", default: false },
      json: { type: "boolean", default: false },
      status: { type: "string" },
      from: { type: "string" },
      to: { type: "string" },
      source: { type: "string" },
      campaign: { type: "string" },
      search: { type: "string" },
      "spam-folder": { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  const command = positionals[0];
  if (values.help || !command || command === "help") {
    out(USAGE);
    return command || values.help ? 0 : 2;
  }
  if (
    ![
      "list",
      "export",
      "migrate",
      "outbox",
      "erase",
      "prune",
      "backup",
      "restore",
      "audit",
    ].includes(command)
  ) {
    throw new UsageError(`Unknown command "${command}"`);
  }
  if (command === "audit") {
    // No store: the check reads a website. Text unless --format json is given.
    if (positionals.length !== 2) throw new UsageError("audit takes one website address");
    const explicit = argv.some((a) => a === "--format" || a.startsWith("--format="));
    if (explicit && values.format !== "json") throw new UsageError("audit: --format must be json");
    return auditCommand(positionals[1]!, explicit ? "json" : "text", out, note);
  }
  if (["erase", "backup", "restore"].includes(command) && positionals.length !== 2) {
    throw new UsageError(
      `${command} takes one ${command === "erase" ? "email address" : "file name"}`,
    );
  }
  if (command === "erase" && !/^[^\s@]+@[^\s@]+$/.test(positionals[1]!.trim())) {
    throw new UsageError(`erase: "${positionals[1]}" is not an email address`);
  }
  if (command === "prune" && positionals.length > 1)
    throw new UsageError("prune takes no argument");
  if (values.kind && !leadKinds.includes(values.kind as LeadKind)) {
    throw new UsageError(`--kind must be one of ${leadKinds.join(", ")}`);
  }
  if (!["json", "csv"].includes(values.format))
    throw new UsageError("--format must be json or csv");
  if (values["no-spam"] && values["include-spam"]) {
    throw new UsageError("--no-spam and --include-spam contradict each other");
  }
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) {
    throw new UsageError("--limit must be a positive whole number");
  }
  const view = inboxFilters(values);
  if (view && command !== "export") {
    throw new UsageError(
      "--status, --from, --to, --source, --campaign, --search and --spam-folder are export options",
    );
  }
  if (view && (values.since || values["with-partials"] || values["include-spam"])) {
    throw new UsageError(
      "With the inbox's filters, use --from/--to for dates; --since, --with-partials and --include-spam are for the plain export",
    );
  }
  const query: LeadQuery = {
    since: values.since ? parseSince(values.since) : undefined,
    kind: values.kind as LeadKind | undefined,
    includeSpam: !values["no-spam"],
    includeCompletedPartials: values["with-partials"],
    order: command === "list" && !values["oldest-first"] ? "newest-first" : "oldest-first",
    limit: command === "list" ? limit : undefined,
  };

  const config = leadConfig();
  const name = storeName(config);
  if (command === "backup" || command === "restore") {
    if (config.databaseUrl) {
      note(postgresBackupHelp(config, command));
      return 2;
    }
    note(printable(`store: ${name}`));
    return sqliteFileCommand(command, positionals[1]!, config, out, note);
  }
  // A read of a SQLite file that does not exist creates nothing: most likely DATA_DIR is not the
  // server's, and an empty file in the wrong place would only hide that.
  const missing = !config.databaseUrl && command !== "migrate" && !existsSync(sqliteFile(config));
  const store = missing ? new SqliteLeadStore(":memory:") : await openStore(config);
  try {
    note(
      printable(
        missing
          ? `store: ${name} (no such file, so no leads: ` +
              "the CLI reads DATA_DIR or DATABASE_URL as the server does)"
          : `store: ${name} (${plural(await store.countLeads(), "lead")})`,
      ),
    );
    if (command === "migrate") {
      const applied = [...store.appliedOnOpen, ...(await store.migrate())];
      out(applied.length ? `Applied migrations: ${applied.join(", ")}` : "Schema is up to date.");
      return 0;
    }
    if (command === "outbox") {
      return await outbox(store, positionals.slice(1), values, out);
    }
    if (command === "erase") {
      const email = positionals[1]!.trim();
      const erased = await eraseByEmail(store, email, "command line");
      if (!erased.leads.length) {
        out(printable(`No lead has the email address ${email}: nothing erased.`));
        return 0;
      }
      out(printable(`Erased ${plural(erased.leads.length, "lead")} of ${email}:`));
      for (const id of erased.leads) out(printable(`  ${id}`));
      out(
        `with ${plural(erased.outbox, "outbox row")} (deliveries) and ` +
          `${erased.events} timeline ${erased.events === 1 ? "entry" : "entries"} (notes, status changes)`,
      );
      return 0;
    }
    if (command === "prune") {
      const { outbox: sent, erased } = await pruneExpired(store, config.retention);
      const days = config.retention.leadDays;
      out(
        `Deleted ${plural(sent, "sent notification")} older than ${config.retention.outboxDays} days.`,
      );
      out(
        days === null
          ? "Leads are kept forever (LEAD_RETENTION_DAYS is not set)."
          : `Erased ${plural(erased.leads.length, "lead")} older than ${days} days, ` +
              `with ${plural(erased.outbox, "outbox row")} and ${erased.events} timeline entries.`,
      );
      return 0;
    }
    if (view)
      return await exportView(store, view, { format: values.format, out: values.out }, note);
    const leads = await store.list(query);
    if (command === "list") {
      for (const lead of leads) out(listLine(lead));
      const flagged = leads.filter((l) => l.spam).length;
      const notes = [
        query.order === "newest-first" ? "newest first" : "oldest first",
        query.includeSpam ? `${flagged} possible spam` : "possible spam left out",
      ];
      out(`${plural(leads.length, "lead")} (${notes.join(", ")})`);
      return 0;
    }
    const text = values.format === "csv" ? csvFor(leads) : `${jsonText(leads)}\n`;
    if (values.out) {
      writeFileSync(values.out, text);
      note(printable(`wrote ${plural(leads.length, "lead")} to ${values.out}`));
    } else out(text.replace(/\n$/, ""));
    return 0;
  } finally {
    await store.close();
  }
}

runAsProgram(import.meta.filename, "leads", USAGE, main);
