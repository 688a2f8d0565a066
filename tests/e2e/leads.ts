/**
 * Lead helpers for browser tests: read the e2e server's store with the store's own code, make unique
 * addresses, wait like a person, and answer a page's lead posts from a side server: one whose store
 * cannot be reached (a real 503) or one with a tiny rate limit (a real 429), never a mocked answer.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { childEnv } from "../support/childEnv";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Page } from "@playwright/test";
import { leadConfig } from "../../src/leads/config";
import { openStore } from "../../src/leads/store/index";
import type { LeadRecord, LeadStore } from "../../src/leads/store/types";
import { expect, test } from "./fixtures";
import { E2E_MIN_FILL_MS, HUMAN_PAUSE_MS } from "./fillTime";

const root = resolve(import.meta.dirname, "../..");
const node = existsSync(resolve(root, "node_modules/.bin/node"))
  ? resolve(root, "node_modules/.bin/node")
  : process.execPath;

/**
 * The store in `dataDir` (the shared e2e server's by default), open for `work` and closed after
 * it: the store's own code, in this process.
 */
export async function withStore<T>(
  work: (leads: LeadStore) => Promise<T>,
  dataDir = process.env.E2E_DATA_DIR,
): Promise<T> {
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (see playwright.config.ts)");
  const leads = await openStore(leadConfig({ DATA_DIR: dataDir }));
  try {
    return await work(leads);
  } finally {
    await leads.close();
  }
}

/**
 * Every lead in the e2e server's store, spam included: what `npm run leads -- export
 * --include-spam` prints, read with `withStore` (a command line a poll cost half a second of CPU
 * and grew with the run's thousands of leads).
 */
export function storedLeads(): Promise<LeadRecord[]> {
  return withStore((leads) => leads.list({ includeSpam: true }));
}

/** The stored leads with this email (of one kind), once there are `count` of them. */
export async function leadsWithEmail(
  email: string,
  kind: string,
  count = 1,
): Promise<LeadRecord[]> {
  let found: LeadRecord[] = [];
  await expect
    .poll(
      async () =>
        (found = (await storedLeads()).filter((l) => l.fields.email === email && l.kind === kind))
          .length,
      { message: `${count} ${kind} lead(s) for ${email} in the store` },
    )
    .toBe(count);
  return found;
}

export const uniqueEmail = (label: string) =>
  `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@e2e.test`;

/** A person takes a few seconds; the server flags faster (scripted) submissions as spam. */
export const humanPause = (page: Page) => page.waitForTimeout(HUMAN_PAUSE_MS);

export interface SideServer {
  origin: string;
  stop: () => Promise<void>;
}
/** The production server of this build on a free port, with `env` on top of test defaults. */
export async function startSideServer(
  env: Record<string, string>,
  label: string,
  /** How long it may take to listen (a loaded machine starting several takes longer). */
  startMs = 20_000,
): Promise<SideServer> {
  const child: ChildProcess = spawn(node, [join(root, "scripts/start.mjs")], {
    cwd: root,
    env: {
      ...childEnv,
      BUILD_DIR: process.env.BUILD_DIR || "dist",
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: mkdtempSync(join(tmpdir(), `leads-e2e-${label}-`)),
      LEADS_RATE_LIMIT_POINTS: "10000",
      LEADS_MIN_FILL_MS: String(E2E_MIN_FILL_MS),
      LOG_LEVEL: "silent",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const port = await new Promise<number>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`server did not start:\n${output}`)), startMs);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on http:\/\/[^\s:]+:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        done(Number(match[1]));
      }
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    child.once("exit", (code) => fail(new Error(`server exited with ${code}:\n${output}`)));
  });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/**
 * The production server of this build, started with a PostgreSQL store that cannot be reached
 * (nothing listens on port 1): every lead post is answered 503.
 */
export const startUnavailableServer = () =>
  startSideServer({ DATABASE_URL: "postgres://postgres@127.0.0.1:1/unreachable" }, "down");

/**
 * The production server of this build allowing one stored lead per client in ten minutes: the
 * second lead post is answered 429 with Retry-After.
 */
export const startLimitedServer = () =>
  startSideServer({ LEADS_RATE_LIMIT_POINTS: "1", LEADS_RATE_LIMIT_DURATION: "600" }, "limited");

/**
 * A side server (`start`) for the tests of the enclosing describe block: started before them,
 * stopped after them. Returns its getter.
 */
export function withSideServer(start: () => Promise<SideServer>): () => SideServer {
  let server: SideServer | undefined;
  test.beforeAll(async () => {
    server = await start();
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  return () => {
    if (!server) throw new Error("the side server has not started");
    return server;
  };
}

/** A server whose store cannot be reached, for the tests of the enclosing describe block. */
export const withUnavailableServer = () => withSideServer(startUnavailableServer);

/** Sends this page's lead posts to `server` (the page itself stays on the e2e server). */
export async function routeLeadsTo(page: Page, server: SideServer) {
  await page.route("**/api/leads", async (route) => {
    const response = await route.fetch({ url: `${server.origin}/api/leads` });
    await route.fulfill({ response });
  });
}

/** Lead posts reach the e2e server again. */
export const unrouteLeads = (page: Page) => page.unroute("**/api/leads");

/** Counts the lead posts the page sends. */
export function countLeadPosts(page: Page) {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/leads")
      posts.push(request.postData() ?? "");
  });
  return posts;
}

/**
 * Drops the console errors a failed lead post is expected to cause (the browser's own line for
 * the 503 answer, and the form's note of the failed status); any other error still fails the test.
 */
export function allowFailedPostErrors(consoleErrors: string[]) {
  const unexpected = consoleErrors.filter(
    (e) => !/status of 503|could not be sent \(503\)/.test(e),
  );
  consoleErrors.splice(0, consoleErrors.length, ...unexpected);
}
