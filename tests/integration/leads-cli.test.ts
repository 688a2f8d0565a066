/**
 * The leads CLI as an operator runs it (a child process, a real store): what it prints from a
 * visitor's input cannot drive the terminal, possible spam stays visible and marked, list shows
 * the newest leads first with phone, page and source, it says which store it read, and every
 * `npm run -s leads` line of the README works as written.
 *
 * Most commands run in this process (`runCli`: the CLI's own `main` and error handling, issue
 * 37); processes are spawned for what only a process shows: the exit statuses and usage on
 * standard error of mistaken command lines, which stream gets the store's name and which the
 * data, and every README example run through `npm run -s leads --`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { childEnv } from "../support/childEnv";
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { newLeadId } from "../../src/server/id";
import { PostgresLeadStore } from "../../src/leads/store/postgres";
import { SqliteLeadStore } from "../../src/leads/store/sqlite";
import type { LeadRecord, LeadStore } from "../../src/leads/store/types";
import {
  dropSchema,
  leadsProcess,
  postgresAvailable,
  removeDir,
  root,
  runCli,
  tempDir,
  testDatabaseUrl,
  uniqueSchema,
} from "./support";

/** The CLI in this process (support.ts `runCli`): most of what it prints and exits with. */
const leads = (args: string[], env: Record<string, string>) => runCli("leads", args, env);

/** Raw bytes a terminal acts on: C0 controls but newline, DEL, C1 controls, bidi controls. */
// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

const TITLE_AND_CLEAR = "\x1b]0;pwned\x07\x1b[2J";
const now = Date.now();

function lead(overrides: Partial<LeadRecord> & { at: number }): LeadRecord {
  const { at, ...rest } = overrides;
  const createdAt = new Date(at).toISOString();
  return {
    id: newLeadId(at),
    kind: "testimonial",
    form: "testimonial",
    subject: null,
    createdAt,
    spam: false,
    fields: { name: "Terry Testimonial", email: "terry@example.test", phone: "+15125553000" },
    metadata: {
      source: "testimonial_landing_page",
      page: "/testimonial",
      landingPage: "/",
      referrer: null,
      timestamp: createdAt,
      userAgent: "test",
      utm: {},
      ipHash: null,
      spamReasons: [],
    },
    ...rest,
  };
}

/** Three leads a minute apart: an audit from a search engine, possible spam, a direct visit. */
function seedLeads(): LeadRecord[] {
  const audit = lead({
    at: now - 180_000,
    kind: "audit",
    form: "audit",
    subject: "Free Marketing Audit Request",
    fields: {
      companyName: '=HYPERLINK("http://evil.example")',
      ownerName: "Dana Audit",
      website: "https://greenacres.example.com",
      email: "dana@greenacres.example.com",
      message: "",
    },
    metadata: {
      ...lead({ at: 0 }).metadata,
      page: "/free-audit",
      referrer: "https://www.google.com/search?q=x",
    },
  });
  const spam = lead({
    at: now - 120_000,
    kind: "contact",
    form: "contact",
    subject: "Contact Form Submission",
    spam: true,
    fields: {
      "full-name": `Eve${TITLE_AND_CLEAR}`,
      email: "eve@example.test",
      phone: "+15125550199",
      company: "\u202Egnp.exe\u202C",
      message: "line one\nline two \u009b31m \u2066isolated\u2069",
    },
    metadata: {
      ...lead({ at: 0 }).metadata,
      page: "/",
      utm: { utm_source: "newsletter", utm_medium: "email" },
      spamReasons: ["too_fast"],
    },
  });
  const direct = lead({ at: now - 60_000 });
  return [audit, spam, direct];
}

async function seed(store: LeadStore, records: LeadRecord[]): Promise<void> {
  for (const r of records) await store.insert(r);
}

describe("leads CLI on SQLite", () => {
  const dataDir = tempDir("leads-cli-");
  const env = { DATA_DIR: dataDir };
  const [audit, spam, direct] = seedLeads() as [LeadRecord, LeadRecord, LeadRecord];
  /** The oldest lead, with a notification given up on whose last error carries escapes too. */
  const undelivered = lead({ at: now - 600_000, fields: { ...direct.fields, name: "Una" } });

  beforeAll(async () => {
    const store = new SqliteLeadStore(join(dataDir, "leads.db"));
    await seed(store, [audit, spam, direct]);
    await store.insert(undelivered, [
      { id: newLeadId(now), channel: "email", giveUpAt: new Date(now).toISOString() },
    ]);
    const [claimed] = await store.claimNotifications({
      owner: "test",
      now: new Date(now + 1),
      leaseMs: 60_000,
      limit: 1,
      channels: ["email"],
    });
    await store.finishNotification(
      claimed!.row.id,
      "test",
      { status: "failed", error: `email: 550 ${TITLE_AND_CLEAR}` },
      new Date(now + 2),
    );
    await store.close();
  });
  afterAll(() => removeDir(dataDir));

  it("shows a visitor's control characters and bidi overrides escaped, never raw", async () => {
    for (const args of [["list"], ["outbox"], ["list", "--oldest-first"]]) {
      const { status, stdout, stderr } = await leads(args, env);
      expect(status, args.join(" ")).toBe(0);
      expect(RAW_CONTROL.test(stdout), `raw control bytes in ${args.join(" ")}`).toBe(false);
      expect(RAW_CONTROL.test(stderr)).toBe(false);
    }
    const list = (await leads(["list"], env)).stdout;
    expect(list).toContain("Eve\\x1b]0;pwned\\x07\\x1b[2J");
    expect(list).toContain("\\u202egnp.exe\\u202c");
    const outbox = (await leads(["outbox"], env)).stdout;
    expect(outbox).toContain("email: 550 \\x1b]0;pwned\\x07\\x1b[2J");
    // A usage error quoting the operator's own input is made inert too.
    const bad = await leads(["list", "--since", TITLE_AND_CLEAR], env);
    expect(bad.status).toBe(2);
    expect(RAW_CONTROL.test(bad.stderr)).toBe(false);
    expect(bad.stderr).toContain('--since: "\\x1b]0;pwned\\x07\\x1b[2J"');
  });

  it("exports JSON with control characters escaped as JSON does, and the same data back", async () => {
    const { status, stdout } = await leads(["export", "--format", "json"], env);
    expect(status).toBe(0);
    expect(RAW_CONTROL.test(stdout)).toBe(false);
    expect(stdout).toContain("\\u001b]0;pwned\\u0007\\u001b[2J");
    expect(stdout).toContain("\\u009b31m");
    const parsed = JSON.parse(stdout) as LeadRecord[];
    expect(parsed.find((l) => l.id === spam.id)).toEqual(spam);
  });

  it("lists newest first with phone, page and source; --limit keeps the newest", async () => {
    const lines = (await leads(["list"], env)).stdout.trimEnd().split("\n");
    const ids = [direct.id, spam.id, audit.id];
    expect(lines.slice(0, 3).map((l) => ids.find((id) => l.includes(id)))).toEqual(ids);
    expect(lines[0]).toContain("+15125553000");
    expect(lines[0]).toContain("page /testimonial");
    expect(lines[0]).toContain("source direct");
    expect(lines[1]).toContain("+15125550199");
    expect(lines[1]).toContain("source newsletter/email");
    expect(lines[2]).toContain("page /free-audit");
    expect(lines[2]).toContain("source www.google.com");
    expect(lines[3]).toContain(undelivered.id);
    expect(lines.at(-1)).toBe("4 leads (newest first, 1 possible spam)");

    const newest = (await leads(["list", "--limit", "1"], env)).stdout;
    expect(newest).toContain(direct.id);
    expect(newest).not.toContain(audit.id);
    const oldest = (await leads(["list", "--limit", "1", "--oldest-first"], env)).stdout;
    expect(oldest).toContain(undelivered.id);
    expect(oldest).not.toContain(direct.id);
  });

  it("keeps possible spam visible and marked; --no-spam leaves it out", async () => {
    const list = (await leads(["list"], env)).stdout;
    const spamLine = list.split("\n").find((l) => l.includes(spam.id));
    expect(spamLine).toMatch(/possible spam \(too_fast\)$/);
    expect(list.split("\n").find((l) => l.includes(direct.id))).not.toContain("possible spam");
    expect((await leads(["list", "--no-spam"], env)).stdout).not.toContain(spam.id);
    // The old flag is accepted and changes nothing.
    expect((await leads(["list", "--include-spam"], env)).stdout).toBe(list);

    const exported = JSON.parse((await leads(["export"], env)).stdout) as LeadRecord[];
    expect(exported.find((l) => l.id === spam.id)).toMatchObject({
      spam: true,
      metadata: { spamReasons: ["too_fast"] },
    });
    const noSpam = JSON.parse((await leads(["export", "--no-spam"], env)).stdout) as LeadRecord[];
    expect(noSpam.map((l) => l.id)).toEqual([undelivered.id, audit.id, direct.id]);

    const csv = (await leads(["export", "--format", "csv"], env)).stdout.split("\r\n");
    const header = csv[0]!.split(",");
    const column = header.indexOf('"Possible spam"');
    expect(column).toBeGreaterThan(-1);
    const cell = (id: string) => csv.find((l) => l.includes(`"${id}"`))!.split('","')[column];
    expect(cell(spam.id)).toBe("too_fast");
    expect(cell(direct.id)).toBe("");
    // Formula neutralisation still holds.
    expect(csv.find((l) => l.includes(`"${audit.id}"`))).toContain(
      '"\'=HYPERLINK(""http://evil.example"")"',
    );
  });

  it("names the store it read on standard error, and creates none where there is none", () => {
    const { stderr, stdout } = leadsProcess(["export"], env);
    expect(stderr).toBe(`store: sqlite ${join(dataDir, "leads.db")} (4 leads)\n`);
    expect(stdout.startsWith("[")).toBe(true);

    const elsewhere = join(tempDir("leads-cli-none-"), "data");
    const run = leadsProcess(["list"], { DATA_DIR: elsewhere });
    expect(run.status).toBe(0);
    expect(run.stderr).toContain(`store: sqlite ${join(elsewhere, "leads.db")} (no such file`);
    expect(run.stderr).toContain("DATA_DIR");
    expect(run.stdout).toContain("0 leads");
    expect(existsSync(elsewhere)).toBe(false);
  });
});

describe("the leads CLI's commands and its streamed export", () => {
  const dataDir = tempDir("leads-cli-pages-");
  const env = { DATA_DIR: dataDir };
  /** 130 leads (more than two batches of 50), ten to each instant, inserted newest first. */
  const many = Array.from({ length: 130 }, (_, i) =>
    lead({
      at: now - 3_600_000 + Math.floor(i / 10) * 1000,
      id: newLeadId(now - 3_600_000 + i),
      fields: { name: `Lead ${i}`, email: `lead${i}@example.test`, phone: "+15125550142" },
    }),
  );

  beforeAll(async () => {
    const store = new SqliteLeadStore(join(dataDir, "leads.db"));
    await seed(store, [...many].reverse());
    await store.close();
  });
  afterAll(() => removeDir(dataDir));

  it("exports every lead once, oldest first, across its batches, as JSON and as CSV", async () => {
    const json = await leads(["export"], env);
    expect(json.status).toBe(0);
    expect((JSON.parse(json.stdout) as LeadRecord[]).map((l) => l.id)).toEqual(
      many.map((l) => l.id),
    );
    // Byte for byte what the whole array printed at once was.
    expect(json.stdout).toBe(`${JSON.stringify(many, null, 2)}\n`);
    const csv = (await leads(["export", "--format", "csv"], env)).stdout.trimEnd().split("\r\n");
    expect(csv).toHaveLength(131);
    expect(csv.slice(1).map((l) => /"Lead (\d+)"/.exec(l)![1])).toEqual(
      many.map((_, i) => String(i)),
    );
    const none = await leads(["export", "--since", "2999-01-01"], env);
    expect(none.stdout).toBe("[]\n");
  });

  it("gives each command its own options and usage", () => {
    const help = leadsProcess(["export", "--help"], env);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run -s leads -- export \[options\]/);
    expect(help.stdout).toContain("--spam-folder");
    expect(help.stdout).not.toContain("--oldest-first");
    // An option of another command is refused, with this command's usage.
    const wrong = leadsProcess(["list", "--format", "csv"], env);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toMatch(
      /^list: Unknown option '--format'\n\nUsage: npm run -s leads -- list/,
    );
    const all = leadsProcess(["help"], env);
    expect(all.status).toBe(0);
    for (const name of [
      "list",
      "export",
      "migrate",
      "outbox",
      "erase",
      "prune",
      "backup",
      "restore",
      "audit",
    ]) {
      expect(all.stdout).toMatch(new RegExp(`^  ${name}\\b`, "m"));
    }
    const none = leadsProcess([], env);
    expect(none.status).toBe(2);
    const unknown = leadsProcess(["exprot"], env);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/^Unknown command "exprot"/);
  });
});

const pg = await postgresAvailable();
describe.skipIf(!pg)("leads CLI on PostgreSQL", () => {
  const schema = uniqueSchema("cli");
  const url = new URL(testDatabaseUrl);
  url.password = "not-printed-s3cret";
  const env = { DATABASE_URL: url.toString(), DATABASE_SCHEMA: schema };
  const records = seedLeads();

  beforeAll(async () => {
    const store = new PostgresLeadStore(testDatabaseUrl, { schema });
    await store.migrate();
    await seed(store, records);
    await store.close();
  });
  afterAll(() => dropSchema(schema));

  it("names the database and schema, never the password, and lists newest first", async () => {
    const { status, stdout, stderr } = await leads(["list"], env);
    expect(status, stderr).toBe(0);
    expect(stderr).toBe(`store: postgres ${url.host}${url.pathname} schema ${schema} (3 leads)\n`);
    expect(stderr).not.toContain("s3cret");
    const ids = stdout
      .split("\n")
      .slice(0, 3)
      .map((l) => records.find((r) => l.includes(r.id))?.id);
    expect(ids).toEqual(records.map((r) => r.id).reverse());
    expect(RAW_CONTROL.test(stdout)).toBe(false);
  });
});

describe("the leads CLI examples of the README and docs/, as written", () => {
  /** A copy of the project's npm entry point whose folder can take the examples' output files. */
  const project = tempDir("leads-readme-");
  const dataDir = join(project, "data");
  const commands = ["README.md", "docs/lead-intake.md", "docs/deploying.md"]
    .map((file) => readFileSync(join(root, file), "utf8"))
    .join("\n")
    .split(/^```/m)
    .filter((_, i) => i % 2 === 1)
    .flatMap((block) => block.split("\n"))
    .filter((line) => /^npm run\b.*\bleads\b/.test(line))
    .map((line) => line.replace(/\s+#.*$/, "").trim());

  beforeAll(async () => {
    copyFileSync(join(root, "package.json"), join(project, "package.json"));
    for (const dir of ["cli", "src", "node_modules"]) {
      symlinkSync(join(root, dir), join(project, dir));
    }
    mkdirSync(dataDir);
    const store = new SqliteLeadStore(join(dataDir, "leads.db"));
    await seed(store, seedLeads());
    // The notification the README's `outbox retry <id>` example names, given up on.
    const retryId = /outbox retry ([0-9a-f-]{36})/.exec(commands.join("\n"))?.[1];
    if (retryId) {
      await store.insert(lead({ at: now - 10_000 }), [
        { id: retryId, channel: "webhook", giveUpAt: new Date(now).toISOString() },
      ]);
      await store.claimNotifications({
        owner: "readme",
        now: new Date(now),
        leaseMs: 60_000,
        limit: 10,
        channels: ["webhook"],
      });
      await store.finishNotification(
        retryId,
        "readme",
        { status: "failed", error: "webhook: HTTP 503" },
        new Date(now),
      );
    }
    await store.close();
  });
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it("finds the examples", () => {
    expect(commands.length).toBeGreaterThanOrEqual(8);
    expect(commands.some((c) => c.includes("export --format json >"))).toBe(true);
  });

  it("runs every example with exit 0, exports valid JSON and CSV", () => {
    for (const command of commands) {
      const out = /(?:>\s*|--out\s+)(\S+)\s*$/.exec(command)?.[1];
      if (out) rmSync(join(project, out), { force: true });
      const r = spawnSync("sh", ["-c", command], {
        cwd: project,
        encoding: "utf8",
        env: { ...childEnv, HOME: process.env.HOME ?? "", DATA_DIR: "data" },
      });
      expect(r.status, `${command}\n${r.stderr}`).toBe(0);
      if (!command.includes(" export")) continue;
      const body = out ? readFileSync(join(project, out), "utf8") : r.stdout;
      if (command.includes("--format csv")) {
        // The inbox's file: a byte-order mark, then the columns every form shares.
        expect(body.split("\r\n")[0], command).toMatch(/^\uFEFF"Name","Company","Email",/);
        expect(body.endsWith("\r\n"), command).toBe(true);
      } else {
        const parsed = JSON.parse(body) as LeadRecord[];
        expect(Array.isArray(parsed), command).toBe(true);
        expect(parsed.length, command).toBeGreaterThan(0);
      }
    }
    // Every example of the docs in turn: about 40 s here, more on a loaded machine.
  }, 180_000);
});
