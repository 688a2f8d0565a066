/**
 * Staff check any website from the inbox (/admin/checks), over real HTTP on the built server over
 * SQLite: a typed address is a plain post answered 303, queues a fresh check without a lead
 * (not held to a visitor's hourly limit), is noted in the audit log and listed with its state,
 * score and signed report; an address that cannot be read comes back 422 with the message and
 * nothing queued. And the prospect's report routes answer 503 with our words, never 500, while
 * the store does not answer (SQLite: DATA_DIR under a file; PostgreSQL: a closed port).
 * The HTTP scenarios run on SQLite only: the store contract suites hold both stores to the
 * same behaviour, and postgres-smoke.test.ts runs each feature on a server over PostgreSQL.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditMessages } from "../../src/audit/messages";
import { auditJobStoreFor } from "../../src/audit/store";
import { auditLinks, openAuditToken } from "../../src/audit/token";
import type { LeadStore } from "../../src/leads/store/types";
import { fixtureReport } from "./audit-support";
import {
  ownerSession,
  postAdminForm,
  postgresAvailable,
  removeDir,
  serverStore,
  startServer,
  tempDir,
  openServerStore,
  type RunningServer,
} from "./support";

const SALT = "audit-staff-test-salt-0123456789abcd";
const pg = await postgresAvailable();
const copy = auditMessages.staffChecks;
/** What React writes for our own text with an apostrophe. */
const html = (text: string) => text.replace(/'/g, "&#x27;");

describe("staff check any website (sqlite)", () => {
  let server: RunningServer;
  let store: LeadStore;
  let env: Record<string, string>;
  let cookie: string;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const s = serverStore("sqlite", "audit-staff-sqlite");
    cleanup = s.cleanup;
    // No check runs in this server: the test records the outcome as a worker would.
    env = { ...s.env, IP_HASH_SALT: SALT, AUDIT_CONCURRENCY: "0", AUDIT_RATE_LIMIT: "2" };
    server = await startServer(env);
    cookie = await ownerSession(server, env);
    store = openServerStore("sqlite", s.env);
  });
  afterAll(async () => {
    await server?.stop();
    await store?.close();
    await cleanup?.();
  });

  const page = async () => {
    const res = await fetch(`${server.url}/admin/checks`, { headers: { cookie } });
    expect(res.status).toBe(200);
    return res.text();
  };

  it("is in the inbox's navigation and needs a session", async () => {
    const inbox = await (await fetch(`${server.url}/admin`, { headers: { cookie } })).text();
    expect(inbox).toContain('href="/admin/checks"');
    const signedOut = await fetch(`${server.url}/admin/checks`, { redirect: "manual" });
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get("location")).toMatch(/^\/admin\/sign-in/);
    const post = await postAdminForm(server, "/admin/checks", { url: "lawnpros.test" });
    expect(post.status).toBe(303);
    expect(post.headers.get("location")).toMatch(/^\/admin\/sign-in/);
    expect(await auditJobStoreFor(store).recentStaffChecks(10)).toEqual([]);
  });

  it("a typed address queues a fresh check without a lead, listed with its state and report", async () => {
    const res = await postAdminForm(
      server,
      "/admin/checks",
      { url: " www.LawnPros.test/ " },
      cookie,
    );
    expect(res.status).toBe(303);
    const location = res.headers.get("location") ?? "";
    expect(location).toMatch(/^\/admin\/checks\?queued=[\w-]+$/);
    const id = new URL(location, server.url).searchParams.get("queued")!;
    const job = await auditJobStoreFor(store).get(id);
    expect(job).toMatchObject({
      leadId: null,
      url: "www.LawnPros.test/",
      status: "queued",
      client: null,
      fresh: true,
    });
    expect(job?.requestedBy).toBeTruthy();
    // The redirect's page names the site queued, and lists the check as running.
    const after = await fetch(`${server.url}${location}`, { headers: { cookie } });
    const body = await after.text();
    expect(body).toContain(html(copy.queued("www.LawnPros.test")).split(".")[0]);
    expect(body).toMatch(/data-check-state="running"/);
    // Its report link is signed for this check.
    const token = /href="\/audit\/([\w.-]+)"/.exec(body)?.[1] ?? "";
    expect(openAuditToken(token, SALT)).toMatchObject({ ok: true, jobId: id });
    // Noted in the audit log: who asked for which site.
    const log = await (await fetch(`${server.url}/admin/audit`, { headers: { cookie } })).text();
    expect(log).toContain('data-audit-action="website_check"');
    expect(log).toContain("Website check run");
    expect(log).toContain(id);

    // Once the check is recorded (as a worker records it), the score is listed and the
    // signed report opens.
    const jobs = auditJobStoreFor(store);
    const [claimed] = await jobs.claim({
      owner: "w",
      now: new Date(),
      leaseMs: 60_000,
      limit: 1,
    });
    expect(claimed?.id).toBe(id);
    await jobs.finish(
      id,
      "w",
      { status: "done", site: "lawnpros.test", report: fixtureReport("lawnpros.test", 57) },
      new Date(),
    );
    const done = await page();
    expect(done).toMatch(/data-check-state="ready"/);
    expect(done).toContain("57/100 (F)");
    const href = /href="(\/audit\/[\w.-]+)"/.exec(done)?.[1];
    expect(href).toBeTruthy();
    const report = await fetch(`${server.url}${href}`);
    expect(report.status).toBe(200);
    expect(await report.text()).toContain('data-audit-score="57"');
  });

  it("an address that cannot be read comes back 422 with the message; nothing is queued", async () => {
    const before = (await auditJobStoreFor(store).recentStaffChecks(50)).length;
    for (const url of [
      "",
      "   ",
      "ftp://lawnpros.test",
      "lawn pros.test",
      "<script>alert(1)</script>",
      "javascript:alert(1)",
      `https://${"a".repeat(2100)}.test`,
    ]) {
      const res = await postAdminForm(server, "/admin/checks", { url }, cookie);
      expect(res.status, url.slice(0, 40)).toBe(422);
      const body = await res.text();
      expect(body).toContain(html(copy.badUrl).slice(0, 40));
      expect(body).toContain('aria-invalid="true"');
      expect(body).not.toContain("<script>alert(1)</script>");
    }
    expect((await auditJobStoreFor(store).recentStaffChecks(50)).length).toBe(before);
  });

  it("staff are not held to a visitor's hourly limit (AUDIT_RATE_LIMIT=2)", async () => {
    for (let i = 0; i < 4; i++) {
      const res = await postAdminForm(server, "/admin/checks", { url: `shop${i}.test` }, cookie);
      expect(res.status).toBe(303);
    }
    const listed = await auditJobStoreFor(store).recentStaffChecks(50);
    expect(listed.slice(0, 4).map((j) => j.url)).toEqual([
      "shop3.test",
      "shop2.test",
      "shop1.test",
      "shop0.test",
    ]);
    for (const j of listed) expect(j.client).toBeNull();
  });
});

/** The four prospect routes for one signed link. */
function reportRoutes(base: string, token: string) {
  return [
    { path: `/audit/${token}`, kind: "html" },
    { path: `/audit/${token}.pdf`, kind: "text" },
    { path: `/api/audit/${token}`, kind: "json" },
    { path: `/thank-you/audit?t=${token}`, kind: "html" },
  ].map((r) => ({ ...r, url: `${base}${r.path}` }));
}

describe("the prospect's report while the store does not answer", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach(removeDir));

  async function expect503(env: Record<string, string>) {
    const server = await startServer({ ...env, IP_HASH_SALT: SALT, AUDIT_CONCURRENCY: "0" });
    try {
      // A link signed for a check: the token checks out, only the store cannot be read.
      const { token } = auditLinks("0190f0e2-0000-7000-8000-000000000001", SALT);
      for (const route of reportRoutes(server.url, token)) {
        const res = await fetch(route.url);
        expect(res.status, route.path).toBe(503);
        expect(res.headers.get("retry-after"), route.path).toBe("30");
        expect(res.headers.get("cache-control"), route.path).toContain("no-store");
        const body = await res.text();
        if (route.kind === "json") {
          expect(JSON.parse(body)).toEqual({
            error: "unavailable",
            message: auditMessages.report.unavailable,
          });
        } else if (route.kind === "text") {
          expect(body).toBe(auditMessages.report.unavailable);
        } else {
          expect(body).toContain(auditMessages.report.unavailableTitle);
          expect(body).toContain('href="/book-call"');
        }
      }
    } finally {
      await server.stop();
    }
  }

  it("SQLite (DATA_DIR under a file): 503 with the message on every route", async () => {
    const dir = tempDir();
    dirs.push(dir);
    const file = join(dir, "not-a-folder");
    writeFileSync(file, "");
    await expect503({ DATA_DIR: join(file, "data") });
  });

  it.skipIf(!pg)("PostgreSQL (a closed port): 503 with the message on every route", async () => {
    const dir = tempDir();
    dirs.push(dir);
    await expect503({ DATA_DIR: dir, DATABASE_URL: "postgres://postgres@127.0.0.1:1/nowhere" });
  });
});
