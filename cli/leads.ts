/**
 * The leads CLI: `npm run leads -- <command> [options]`. Reads the same DATA_DIR / DATABASE_URL
 * (and DATABASE_SCHEMA) as the server. Runs on Node 24's built-in type stripping: no build step.
 *
 *   list     [--since WHEN] [--kind KIND] [--include-spam] [--limit N]   one line per lead
 *   export   --format json|csv [--since WHEN] [--kind KIND] [--include-spam] [--out FILE]
 *   migrate  apply pending schema migrations and print their versions
 *   outbox   [--json]                   notifications waiting for delivery and those given up on
 *   outbox retry ID… | --all            failed notifications become pending again, due now
 *
 * WHEN is an ISO date or time (2026-01-31, 2026-01-31T12:00:00Z) or an age such as 7d, 12h, 30m.
 * Spam is left out unless --include-spam is given. CSV cells are neutralised against formula
 * injection (OWASP), so exports are safe to open in a spreadsheet.
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { leadConfig } from "../src/leads/config.ts";
import { toCsv } from "../src/leads/csv.ts";
import { formIds, leadForms, leadKinds, utmKeys, type LeadKind } from "../src/leads/fields.ts";
import { openStore, type LeadQuery, type LeadRecord } from "../src/leads/store/index.ts";
import type { LeadStore, OutboxRow } from "../src/leads/store/types.ts";

const USAGE = `Usage: npm run leads -- <command> [options]

Commands:
  list      List leads, oldest first
  export    Print leads as JSON (an array) or CSV
  migrate   Apply pending schema migrations
  outbox    List notifications waiting for delivery (pending) and given up on (failed),
            with their attempts and last error
  outbox retry ID [ID…] | --all
            Send failed notifications again: pending, due now, retried for another
            LEADS_OUTBOX_MAX_AGE_MS (24 h); the running server delivers them

Options:
  --since WHEN       Only leads created at or after WHEN (ISO date/time, or an age: 7d, 12h, 30m)
  --kind KIND        Only one kind: ${leadKinds.join(", ")}
  --include-spam     Include leads flagged as spam (left out by default)
  --format FORMAT    export only: json (default) or csv
  --out FILE         export only: write to FILE instead of standard output
  --limit N          list only: at most N leads
  --all              outbox retry only: every failed notification
  --json             outbox only: print the rows as a JSON array

Storage: DATABASE_URL=postgres://… selects PostgreSQL (DATABASE_SCHEMA, default public);
otherwise the SQLite file DATA_DIR/leads.db (DATA_DIR defaults to ./data).`;

class UsageError extends Error {}

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
    "spam",
    ...used,
    "source",
    "page",
    "landingPage",
    "referrer",
    "userAgent",
    ...utmKeys,
    "ipHash",
    "spamReasons",
  ];
  const rows = leads.map((l) => [
    l.id,
    l.createdAt,
    l.kind,
    l.form,
    l.subject ?? "",
    l.spam ? "true" : "false",
    ...used.map((name) => l.fields[name] ?? ""),
    l.metadata.source,
    l.metadata.page ?? "",
    l.metadata.landingPage ?? "",
    l.metadata.referrer ?? "",
    l.metadata.userAgent ?? "",
    ...utmKeys.map((k) => l.metadata.utm?.[k] ?? ""),
    l.metadata.ipHash ?? "",
    (l.metadata.spamReasons ?? []).join(" "),
  ]);
  return toCsv(header, rows);
}

function outboxLine(r: OutboxRow): string {
  return [
    r.status.padEnd(7),
    r.id,
    r.channel.padEnd(7),
    `lead ${r.leadId}`,
    `attempts ${r.attempts}`,
    r.status === "pending" ? `next ${r.nextAttemptAt}` : `since ${r.updatedAt}`,
    r.lastError ?? "",
  ]
    .join("  ")
    .trimEnd();
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
    for (const id of missed) out(`Not retried (no failed notification with this id): ${id}`);
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
    out(JSON.stringify(rows, null, 2));
    return 0;
  }
  for (const row of rows) out(outboxLine(row));
  const pending = rows.filter((r) => r.status === "pending").length;
  out(`${pending} pending, ${rows.length - pending} failed`);
  return 0;
}

function listLine(l: LeadRecord): string {
  const who = l.fields.name || l.fields["full-name"] || l.fields.ownerName || "";
  const company = l.fields.companyName || l.fields.company || "";
  return [
    l.createdAt,
    l.id,
    l.kind.padEnd(14),
    l.spam ? "SPAM" : "    ",
    [who, l.fields.email, company].filter(Boolean).join(" · "),
  ].join("  ");
}

export async function main(argv: string[], out: (text: string) => void): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      since: { type: "string" },
      kind: { type: "string" },
      "include-spam": { type: "boolean", default: false },
      format: { type: "string", default: "json" },
      out: { type: "string" },
      limit: { type: "string" },
      all: { type: "boolean", default: false },
      json: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  const command = positionals[0];
  if (values.help || !command || command === "help") {
    out(USAGE);
    return command || values.help ? 0 : 2;
  }
  if (!["list", "export", "migrate", "outbox"].includes(command)) {
    throw new UsageError(`Unknown command "${command}"`);
  }
  if (values.kind && !leadKinds.includes(values.kind as LeadKind)) {
    throw new UsageError(`--kind must be one of ${leadKinds.join(", ")}`);
  }
  if (!["json", "csv"].includes(values.format))
    throw new UsageError("--format must be json or csv");
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) {
    throw new UsageError("--limit must be a positive whole number");
  }
  const query: LeadQuery = {
    since: values.since ? parseSince(values.since) : undefined,
    kind: values.kind as LeadKind | undefined,
    includeSpam: values["include-spam"],
    limit,
  };

  const store = await openStore(leadConfig());
  try {
    if (command === "migrate") {
      const applied = [...store.appliedOnOpen, ...(await store.migrate())];
      out(applied.length ? `Applied migrations: ${applied.join(", ")}` : "Schema is up to date.");
      return 0;
    }
    if (command === "outbox") {
      return await outbox(store, positionals.slice(1), values, out);
    }
    const leads = await store.list(query);
    if (command === "list") {
      for (const lead of leads) out(listLine(lead));
      out(
        `${leads.length} lead${leads.length === 1 ? "" : "s"}${query.includeSpam ? "" : " (spam left out)"}`,
      );
      return 0;
    }
    const text = values.format === "csv" ? csvFor(leads) : `${JSON.stringify(leads, null, 2)}\n`;
    if (values.out) writeFileSync(values.out, text);
    else out(text.replace(/\n$/, ""));
    return 0;
  } finally {
    await store.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2), (text) => process.stdout.write(`${text}\n`)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      if (
        error instanceof UsageError ||
        (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")
      ) {
        process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
        process.exitCode = 2;
      } else {
        process.stderr.write(`leads: ${(error as Error).message}\n`);
        process.exitCode = 1;
      }
    },
  );
}
