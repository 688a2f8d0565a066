/**
 * Shared helpers of the integration tests: the built server as a child process on an
 * OS-assigned port, the leads CLI, temporary data folders and a PostgreSQL schema per run.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { childEnv } from "../support/childEnv";
import { mkdtempSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import postgres from "postgres";
import { describe } from "vitest";
import { PostgresLeadStore } from "../../src/leads/store/postgres";
import { SqliteLeadStore } from "../../src/leads/store/sqlite";
import { openStore } from "../../src/leads/store/index";
import { adminStoreFor } from "../../src/admin/store/index";
import type { AdminStore, StaffRecord } from "../../src/admin/store/types";
import { analyticsStoreFor } from "../../src/analytics/store/index";
import type { Db } from "../../src/db/driver";
import { leadConfig } from "../../src/leads/config";
import type { LeadRecord, LeadStore } from "../../src/leads/store/types";
import { newLeadId } from "../../src/server/id";
import { mintSession, STAFF_PASSWORD } from "../support/staffSession";
import { runCli, type CliRun } from "../support/runCli";

export const root = resolve(import.meta.dirname, "../..");
export const buildDir = process.env.BUILD_DIR || "dist";
export const entry = join(root, buildDir, "server", "entry.mjs");
/** Node 24, pinned by the project (the system node may be older). */
export const node = process.execPath;

export const testDatabaseUrl =
  process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";

export function tempDir(prefix = "leads-it-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export interface RunningServer {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the server printed (its JSON logs). */
  output: () => string;
  stop: () => Promise<void>;
  kill9: () => Promise<void>;
}

/** Starts the built production server with `env` on an OS-assigned port; waits until it listens. */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  if (!existsSync(entry)) {
    throw new Error(`No build at ${entry}: run npm run build (BUILD_DIR=${buildDir}) first`);
  }
  // The production server as `npm start` runs it: the adapter's handler behind server/serve.ts.
  const child = spawn(node, [join(root, "scripts/start.mjs")], {
    cwd: root,
    env: {
      ...childEnv,
      HOME: process.env.HOME ?? "",
      BUILD_DIR: buildDir,
      HOST: "127.0.0.1",
      PORT: "0",
      LOG_LEVEL: "info",
      METRICS_TOKEN,
      // No website checks unless a test asks for them (AUDIT_CONCURRENCY and AUDIT_ALLOW_HOSTS
      // with a loopback fixture site): an audit lead's website must never be fetched for real.
      AUDIT_CONCURRENCY: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  const port = await new Promise<number>((resolvePort, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 20_000);
    const check = () => {
      const m = /listening on http:\/\/[^\s:]+:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolvePort(Number(m[1]));
      }
    };
    child.stdout!.on("data", check);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    output: () => out,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
    kill9: async () => {
      child.kill("SIGKILL");
      await exited;
    },
  };
}

export { runCli, type CliRun };

/** A CLI spawned as the agency runs it (`node cli/<program>.ts …`), with `env`. */
function cliProcess(
  program: "leads" | "admin",
  args: string[],
  env: Record<string, string>,
): CliRun {
  const r = spawnSync(
    node,
    ["--disable-warning=ExperimentalWarning", join(root, `cli/${program}.ts`), ...args],
    { cwd: root, env: { ...childEnv, ...env }, encoding: "utf8" },
  );
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The leads CLI spawned as the operator runs it (`node cli/leads.ts …`), with `env`. */
export function leadsProcess(args: string[], env: Record<string, string>): CliRun {
  return cliProcess("leads", args, env);
}

/** Runs the leads CLI with `env` (in this process: `runCli`); throws with its output when it fails. */
export async function cli(args: string[], env: Record<string, string>): Promise<string> {
  const result = await runCli("leads", args, env);
  if (result.status !== 0) {
    throw new Error(`leads ${args.join(" ")} exited ${result.status}:\n${result.stderr}`);
  }
  return result.stdout;
}

/** Every lead the CLI exports (possible spam included unless told otherwise). */
export async function exportLeads(
  env: Record<string, string>,
  includeSpam = true,
): Promise<LeadRecord[]> {
  return JSON.parse(
    await cli(["export", "--format", "json", ...(includeSpam ? [] : ["--no-spam"])], env),
  ) as LeadRecord[];
}

/**
 * Whether PostgreSQL answers at TEST_DATABASE_URL. When it does not, the PostgreSQL tests are
 * skipped, except under CI=true, where that is a failure.
 */
export async function postgresAvailable(): Promise<boolean> {
  const sql = postgres(testDatabaseUrl, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await sql`SELECT 1`;
    return true;
  } catch (error) {
    if (process.env.CI === "true") {
      throw new Error(
        `PostgreSQL is required under CI=true but ${testDatabaseUrl} does not answer: ${(error as Error).message}`,
        { cause: error },
      );
    }
    console.warn(`PostgreSQL unreachable at ${testDatabaseUrl}: PostgreSQL tests SKIPPED`);
    return false;
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}

/** A fresh schema name for one test run; drop it with dropSchema. */
export function uniqueSchema(label: string): string {
  return `leads_it_${label}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
}

export async function dropSchema(schema: string): Promise<void> {
  const sql = postgres(testDatabaseUrl, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await sql.end({ timeout: 1 });
  }
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${url}/api/leads`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** A native form post, as a browser sends it (with Origin, without following the redirect). */
export async function postForm(
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${url}/api/leads`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: url,
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
}

/** One valid submission per form, with the spec's field names. */
export const validLeads = {
  audit: {
    companyName: "Green Acres LLC",
    ownerName: "Dana Audit",
    website: "greenacres.example.com",
    email: "dana.audit@greenacres.test",
    message: "We want more lawn-care jobs.",
  },
  contact: {
    "full-name": "Casey Contact",
    email: "casey.contact@example.test",
    phone: "+15125552000",
    company: "Casey Lawns",
    message: "Please call me.",
  },
  contactPage: {
    "full-name": "Pat Page",
    email: "pat.page@example.test",
    company: "Pat Pavers",
    message: "Interested in SEO.",
  },
  testimonial: { name: "Terry Testimonial", email: "terry@example.test", phone: "+15125553000" },
  growthPartial: {
    name: "Gale Partial",
    email: "gale.partial@example.test",
    phone: "+15125554000",
  },
  growth: {
    name: "Gale Growth",
    email: "gale.growth@example.test",
    phone: "+15125554000",
    company: "Gale Gardens",
    website: "galegardens.test",
    location: "Austin, TX",
    revenueGoals: "$1M",
    currentRevenue: "$400k",
    currentJobs: "30",
    desiredJobs: "60",
    jobTypes: "Hardscape",
    recruitment: "Yes",
    aiIntegration: "No",
  },
  quick: { name: "Quinn Quick", email: "quinn.quick@example.test", phone: "+15125555000" },
  guide: {
    name: "Gabe Guide",
    email: "gabe.guide@example.test",
    businessType: "Lawn care",
    consent: "yes",
    checklist: "gbp-checklist",
  },
} as const;

/** The operator's token the tests give servers whose /api/health details they read. */
export const METRICS_TOKEN = "integration-metrics-token-0123";

/** /api/health with the operator's token: status, store and outbox counts. */
export async function healthDetails(url: string): Promise<{
  status: string;
  store?: string;
  outbox?: { channels: string[]; pending: number; failed: number };
}> {
  const res = await fetch(`${url}/api/health`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  return (await res.json()) as Awaited<ReturnType<typeof healthDetails>>;
}

/**
 * Where a browser ends up after a native post: a 303 to the review page is followed (a GET of
 * /form-review?r=…), anything else is returned as it is. `reviewed` tells which happened.
 */
export async function followReview(
  url: string,
  res: Response,
): Promise<{ res: Response; reviewed: boolean }> {
  const location = res.headers.get("location") ?? "";
  if (res.status !== 303 || !location.startsWith("/form-review?")) return { res, reviewed: false };
  await res.arrayBuffer();
  return { res: await fetch(new URL(location, url), { redirect: "manual" }), reviewed: true };
}

/**
 * A new store location for `driver`: a SQLite file in a folder of its own, or a schema of its own
 * on the real PostgreSQL. `open` gives the store there (migrated; in `timeZone` when given, else
 * the configured agency zone); `cleanup` removes the folder or drops the schema.
 */
export function freshStore(
  driver: "sqlite" | "postgres",
  label: string,
): { open: (timeZone?: string) => Promise<LeadStore>; cleanup: () => Promise<void> } {
  if (driver === "sqlite") {
    const dir = tempDir(`${label}-`);
    return {
      open: async (timeZone) => new SqliteLeadStore(join(dir, "leads.db"), "full", timeZone),
      cleanup: async () => removeDir(dir),
    };
  }
  const schema = uniqueSchema(label.replace(/\W/g, ""));
  return {
    open: async (timeZone) => {
      const store = new PostgresLeadStore(testDatabaseUrl, { schema, timeZone });
      store.appliedOnOpen = await store.migrate();
      return store;
    },
    cleanup: async () => dropSchema(schema),
  };
}

/**
 * A contact lead as the site stores it, arrived at `at`, for tests that insert through a store:
 * `over` replaces the record's own fields (fields, spam, …), `metadata` the metadata's entries.
 */
export function contactLead(
  at: Date | string,
  {
    metadata,
    ...over
  }: Partial<Omit<LeadRecord, "metadata">> & {
    metadata?: Partial<LeadRecord["metadata"]>;
  } = {},
): LeadRecord {
  const createdAt = typeof at === "string" ? at : at.toISOString();
  return {
    id: newLeadId(Date.parse(createdAt)),
    kind: "contact",
    form: "contact",
    subject: null,
    createdAt,
    spam: false,
    fields: { name: "Rosa Waiting", email: "rosa@waiting.test", message: "Call me back" },
    ...over,
    metadata: {
      source: "contact_form",
      page: "/contact",
      landingPage: null,
      referrer: null,
      timestamp: createdAt,
      userAgent: null,
      utm: {},
      ipHash: null,
      spamReasons: [],
      ...metadata,
    },
  };
}

/**
 * Defines `suite` twice: over a new SQLite file and over the real PostgreSQL in a schema of its
 * own (skipped when PostgreSQL is unreachable outside CI). `open` gives the suite its store
 * (migrated); `cleanup` removes the file or drops the schema after it.
 */
export async function onBothStores(
  label: string,
  suite: (name: string, open: () => Promise<LeadStore>, cleanup: () => Promise<void>) => void,
): Promise<void> {
  const sqlite = freshStore("sqlite", label);
  suite("SQLite", () => sqlite.open(), sqlite.cleanup);
  const pg = await postgresAvailable();
  const postgres = freshStore("postgres", label);
  describe.skipIf(!pg)("PostgreSQL", () => {
    suite("PostgreSQL", () => postgres.open(), postgres.cleanup);
  });
}

/** The server's store settings for a driver: a data folder, and a schema on PostgreSQL. */
export function serverStore(
  driver: "sqlite" | "postgres",
  label: string,
): { env: Record<string, string>; cleanup: () => Promise<void> } {
  const dataDir = tempDir(`${label}-`);
  if (driver === "sqlite")
    return { env: { DATA_DIR: dataDir }, cleanup: async () => removeDir(dataDir) };
  const schema = uniqueSchema(label.replace(/\W/g, ""));
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: testDatabaseUrl, DATABASE_SCHEMA: schema },
    cleanup: async () => {
      removeDir(dataDir);
      await dropSchema(schema);
    },
  };
}

/** The store a server of `serverStore(driver)` uses, opened beside it by the test. */
export function openServerStore(
  driver: "sqlite" | "postgres",
  env: Record<string, string>,
): LeadStore {
  return driver === "sqlite"
    ? new SqliteLeadStore(join(env.DATA_DIR!, "leads.db"))
    : new PostgresLeadStore(testDatabaseUrl, { schema: env.DATABASE_SCHEMA! });
}

/**
 * Without SITE_URL the admin CLI prints its links on the address `npm start` listens on
 * (http://localhost:PORT); the tests' servers listen on ports of their own, so the tests open
 * the link's path on their server. `raw` keeps the line as printed.
 */
function linkPaths(run: CliRun, raw = false): CliRun {
  return raw
    ? run
    : { ...run, stdout: run.stdout.replace(/^http:\/\/localhost:\d+(?=\/admin\/)/gm, "") };
}

/**
 * `npm run -s admin -- …` with the server's store settings, run in this process (`runCli`): the
 * tests' way to make accounts and links.
 */
export async function adminCli(
  args: string[],
  env: Record<string, string>,
  options: { raw?: boolean } = {},
): Promise<CliRun> {
  return linkPaths(await runCli("admin", args, env), options.raw);
}

/** The admin CLI spawned as the agency runs it (`node cli/admin.ts …`), with `env`. */
export function adminProcess(
  args: string[],
  env: Record<string, string>,
  options: { raw?: boolean } = {},
): CliRun {
  return linkPaths(cliProcess("admin", args, env), options.raw);
}

/** A same-origin form post to the inbox (redirects not followed), as its own pages send one. */
export function adminForm(
  base: string,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${base}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The password the tests give the owners they invite (tests/support/staffSession.ts). */
export const OWNER_PASSWORD = STAFF_PASSWORD;

/** A staff page's form post, as the browser sends it (same Origin), with the session `cookie`. */
export function postAdminForm(
  server: RunningServer,
  path: string,
  fields: Record<string, string>,
  cookie = "",
): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: server.url,
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

/**
 * The shared admin fixture: an owner of the server's store (`env`: DATA_DIR, or DATABASE_URL and
 * DATABASE_SCHEMA), with OWNER_PASSWORD, signed in by the project's own account code in this
 * process (tests/support/staffSession.ts); resolves the session cookie (`name=value`) the server
 * would have set. The way it stands in for, the command line's invite and the password set through
 * the printed link, keeps its own tests: admin-http.test.ts ("invite link → password → signed in")
 * and admin-staff.test.ts (every account there is made that way) on SQLite, and on PostgreSQL
 * postgres-smoke.test.ts (the inbox's smoke test).
 */
export async function ownerSession(
  _server: RunningServer,
  env: Record<string, string>,
  email = "owner@example.test",
): Promise<string> {
  // As the admin command line opens it (the same settings as the server's).
  const leads = await openStore(leadConfig(env));
  try {
    const session = await mintSession(leads, email, "owner");
    // The servers of the tests speak plain http on loopback: the cookie's name without the
    // __Host- prefix (src/admin/http.ts, cookieName).
    return `gl_session=${session}`;
  } finally {
    await leads.close();
  }
}

/**
 * Runs the server's follow-up and reminder sweeps now instead of waiting out their interval: the
 * server must run with SWEEPS_ON_SIGNAL=1 (src/admin/sweepSignal.ts, a test-only hook) and log at
 * info. Sends SIGUSR2 and waits for the sweep `name`'s `sweep_signalled` line; resolves how many
 * emails that run queued.
 */
export async function runSweep(
  server: RunningServer,
  name: "follow-ups" | "reminders",
): Promise<number> {
  const runs = () =>
    server
      .output()
      .split("\n")
      .filter((line) => line.includes('"event":"sweep_signalled"'))
      .map((line) => JSON.parse(line) as { sweep: string; queued?: number; err?: string })
      .filter((run) => run.sweep === name);
  const before = runs().length;
  server.child.kill("SIGUSR2");
  const until = Date.now() + 15_000;
  while (runs().length === before) {
    if (Date.now() > until) throw new Error(`no signalled ${name} sweep:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const run = runs()[before]!;
  if (run.err !== undefined) throw new Error(`the ${name} sweep failed: ${run.err}`);
  return run.queued!;
}

/** A desktop Chrome's user agent, for requests that must look like a browser's. */
export const CHROME_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

/** One analytics beacon, with the headers a browser's navigator.sendBeacon sends. */
export function beacon(
  server: RunningServer,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${server.url}/api/events`, {
    method: "POST",
    headers: {
      "content-type": "text/plain;charset=UTF-8",
      origin: server.url,
      "user-agent": CHROME_UA,
      "accept-language": "en-US,en;q=0.9",
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** A page view's beacon body. */
export const pageView = (page: string, extra: Record<string, unknown> = {}) => ({
  k: "view",
  _page: page,
  f: "",
  w: 1280,
  ...extra,
});

/** Reads and writes the servers' store directly (the test's own connection). */
export function storeQuery(driver: "sqlite" | "postgres", env: Record<string, string>) {
  if (driver === "sqlite") {
    return {
      async rows<T>(text: string): Promise<T[]> {
        const db = new DatabaseSync(join(env.DATA_DIR!, "leads.db"));
        try {
          db.exec("PRAGMA busy_timeout = 5000");
          return db.prepare(text).all() as T[];
        } finally {
          db.close();
        }
      },
      async close() {},
    };
  }
  const sql = postgres(testDatabaseUrl, {
    max: 1,
    onnotice: () => {},
    connection: { search_path: env.DATABASE_SCHEMA! },
  });
  return {
    async rows<T>(text: string): Promise<T[]> {
      return (await sql.unsafe(text)) as unknown as T[];
    },
    async close() {
      await sql.end({ timeout: 1 });
    },
  };
}

/**
 * Over `leads`: its admin store, the analytics store's driver (the report's roll-ups) and a staff
 * member, Ann, to change statuses as (the roll-up tests).
 */
export async function rollupFixture(
  leads: LeadStore,
): Promise<{ store: AdminStore; db: Db; ann: StaffRecord }> {
  const store = adminStoreFor(leads);
  const db = analyticsStoreFor(leads).db;
  const ann = await store.ensureStaff({
    id: newLeadId(),
    email: "ann@agency.test",
    role: "staff",
    at: new Date().toISOString(),
  });
  return { store, db, ann };
}
