/**
 * The inbox's export and the command line's, on the real server, on SQLite: for
 * the same filters, `npm run leads -- export --status … --format csv` prints byte for byte what
 * the inbox's "Download this view as CSV" sends; the plain `export --format csv` is the same file
 * (same header, same row for each lead); the file opens cleanly in a spreadsheet (a byte-order
 * mark, "José Muñoz" as written, a US phone in national format, the pipeline's columns filled);
 * the JSON view carries each lead's status; a bad filter is a usage error (exit 2); and the
 * command line's export is in the audit log.
 * The HTTP scenarios run on SQLite only: the store contract suites hold both stores to the
 * same behaviour, and postgres-smoke.test.ts runs each feature on a server over PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminCli,
  postJson,
  runCli,
  serverStore,
  startServer,
  validLeads,
  type RunningServer,
} from "./support";

const PASSWORD = "mossy granite patio lantern";

/**
 * The leads CLI, run in this process (support.ts `runCli`: the CLI's `main`, its output and exit
 * status as the program's); `bytes` is standard output as UTF-8, as a process writes it.
 */
async function leadsCli(args: string[], env: Record<string, string>) {
  const run = await runCli("leads", args, env);
  return { ...run, bytes: Buffer.from(run.stdout, "utf8") };
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** A CSV file's lines, the byte-order mark left out (a line per lead: no CRLF inside a cell). */
const csvLines = (bytes: Buffer) =>
  bytes.subarray(BOM.length).toString("utf8").trimEnd().split("\r\n");

describe("the inbox's export and the CLI's (sqlite)", () => {
  let server: RunningServer;
  let env: Record<string, string>;
  let cookie = "";
  let cleanup: () => Promise<void>;
  const post = (path: string, fields: Record<string, string>) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: server.url,
        ...(cookie ? { cookie } : {}),
      },
      body: new URLSearchParams(fields).toString(),
    });

  beforeAll(async () => {
    const store = serverStore("sqlite", "admin-export");
    env = { ...store.env };
    cleanup = store.cleanup;
    server = await startServer({ ...env, LOG_LEVEL: "warn", LEADS_RATE_LIMIT: "off" });
    const link = await adminCli(["invite", "owner@export.test", "--role", "owner"], env);
    const set = await post(link.stdout.trim(), { password: PASSWORD, confirm: PASSWORD });
    cookie = set.headers.get("set-cookie")!.split(";")[0]!;

    const sent = [
      { ...validLeads.contact, _form: "contact", "full-name": "José Muñoz" },
      { ...validLeads.testimonial, _form: "testimonial", name: "Tess Contacted" },
      { ...validLeads.testimonial, _form: "testimonial", name: "Tom Waiting" },
      {
        ...validLeads.testimonial,
        _form: "testimonial",
        name: "Ann Later",
        email: "a@x.test",
      },
    ];
    for (const body of sent) expect((await postJson(server.url, body)).status).toBe(201);
    const inbox = await (await fetch(`${server.url}/admin?q=Tess`, { headers: { cookie } })).text();
    const id = /data-lead-id="([^"]+)"/.exec(inbox)![1]!;
    const saved = await post(`/admin/leads/${id}`, { action: "status", status: "contacted" });
    expect(saved.status).toBe(303);
    const page = await (
      await fetch(`${server.url}/admin/leads/${id}`, { headers: { cookie } })
    ).text();
    const owner = /<option value="([^"]+)"[^>]*>owner@export\.test/.exec(page)![1]!;
    const assigned = await post(`/admin/leads/${id}`, { action: "assign", assignee: owner });
    expect(assigned.status).toBe(303);
  });
  afterAll(async () => {
    await server?.stop();
    await cleanup?.();
  });

  const views: [string, Record<string, string>, string[]][] = [
    ["a status", { status: "contacted" }, ["--status", "contacted"]],
    [
      "a form and a status",
      { kind: "testimonial", status: "new" },
      ["--kind", "testimonial", "--status", "new"],
    ],
    ["a search", { q: "tom waiting" }, ["--search", "tom waiting"]],
    [
      "a date range",
      { from: "2000-01-01", to: "2999-12-31" },
      ["--from", "2000-01-01", "--to", "2999-12-31"],
    ],
    ["the spam folder", { spam: "1" }, ["--spam-folder"]],
  ];
  for (const [what, params, args] of views) {
    it(`the CLI's CSV of ${what} is the inbox's, byte for byte`, async () => {
      const http = await fetch(
        `${server.url}/api/admin/export.csv?${new URLSearchParams(params)}`,
        { headers: { cookie } },
      );
      expect(http.status).toBe(200);
      expect(http.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      // Bytes, not text: a UTF-8 decoder would drop the byte-order mark.
      const csv = Buffer.from(await http.arrayBuffer());
      expect(csv.subarray(0, 3).equals(BOM)).toBe(true);
      const cli = await leadsCli(["export", ...args, "--format", "csv"], env);
      expect(cli.status).toBe(0);
      expect(cli.bytes.equals(csv)).toBe(true);
      expect(cli.stderr).toMatch(/\d+ leads? \(the inbox's view, newest first\)/);
    });
  }

  it("the rows are the filter's: one contacted lead, with who and when", async () => {
    const lines = csvLines(
      (await leadsCli(["export", "--status", "contacted", "--format", "csv"], env)).bytes,
    );
    expect(lines).toHaveLength(2);
    const header = lines[0]!.slice(1, -1).split('","');
    const row = lines[1]!.slice(1, -1).split('","');
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell("Name")).toBe("Tess Contacted");
    expect(cell("Status")).toBe("Contacted");
    expect(cell("Assignee")).toBe("owner@export.test");
    expect(cell("Form")).toBe("Testimonial page");
    // Arrived and first contacted moments ago, on the agency's clock, to the minute.
    const received = cell("Received (America/New_York)")!;
    expect(received).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(cell("First contacted (America/New_York)")).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const zoned = new Intl.DateTimeFormat("sv-SE", {
      timeZone: "America/New_York",
      dateStyle: "short",
      timeStyle: "short",
    });
    const near = [0, 1, 2, 3].map((m) => zoned.format(new Date(Date.now() - m * 60_000)));
    expect(near).toContain(received);
  });

  it("opens cleanly in a spreadsheet: 'José Muñoz' as written, the phone without a +", async () => {
    const cli = await leadsCli(["export", "--search", "casey.contact", "--format", "csv"], env);
    expect(cli.bytes.subarray(0, 3).equals(BOM)).toBe(true);
    expect(cli.bytes.includes(Buffer.from('"Jos\u00e9 Mu\u00f1oz"', "utf8"))).toBe(true);
    const [, row] = csvLines(cli.bytes);
    expect(row).toContain('"(512) 555-2000"');
    expect(row).not.toContain("+1512");
  });

  it("the plain `export --format csv` is the same file: its header, each lead's row", async () => {
    const inbox = csvLines(
      Buffer.from(
        await (
          await fetch(`${server.url}/api/admin/export.csv`, { headers: { cookie } })
        ).arrayBuffer(),
      ),
    );
    const plain = await leadsCli(["export", "--format", "csv", "--no-spam"], env);
    expect(plain.status).toBe(0);
    expect(plain.bytes.subarray(0, 3).equals(BOM)).toBe(true);
    const lines = csvLines(plain.bytes);
    expect(lines[0]).toBe(inbox[0]);
    // The inbox's newest first, the plain export oldest first: the same rows otherwise.
    expect(lines.slice(1)).toEqual(inbox.slice(1).reverse());
    expect(lines).toHaveLength(5);
  });

  it("the JSON view lists the same leads newest first, each with its status", async () => {
    const out = await leadsCli(["export", "--kind", "testimonial", "--from", "2000-01-01"], env);
    const leads = JSON.parse(out.stdout) as { fields: { name: string }; status: string }[];
    expect(leads.map((l) => [l.fields.name, l.status])).toEqual([
      ["Ann Later", "new"],
      ["Tom Waiting", "new"],
      ["Tess Contacted", "contacted"],
    ]);
  });

  it("refuses a filter it cannot apply, and records its exports in the audit log", async () => {
    const bad = await leadsCli(["export", "--status", "maybe"], env);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("--status must be one of new, contacted, qualified, won, lost");
    const mixed = await leadsCli(["export", "--status", "new", "--since", "7d"], env);
    expect(mixed.status).toBe(2);
    const notADay = await leadsCli(["export", "--from", "2026-13-01"], env);
    expect(notADay.status).toBe(2);
    const auditPage = await (
      await fetch(`${server.url}/admin/audit`, { headers: { cookie } })
    ).text();
    expect(auditPage).toContain("command line");
  });
});
