/**
 * The website checks' queue (issue 36) over real HTTP on the built server, on a real SQLite file:
 * - staff's allowance: the 6th check waiting, or the 21st in an hour, answers 429 with the
 *   message on /admin/checks and queues nothing;
 * - the owner sees the queue (site, state, who asked, since when) and cancels a waiting check
 *   (the prospect's status then says so); a running one is left; a non-owner sees no queue and
 *   is refused (403), as is a post from another origin;
 * - past AUDIT_QUEUE_MAX a lead is still stored and answered at once, its check deferred ('in
 *   line', on the status and the thank-you page), and it runs once the queue drains (with the
 *   engine, against loopback fixture sites).
 * And the fair claim itself, in process: round-robin between clients, one check per domain,
 * deferred checks once there is room; on PostgreSQL with two claimers on one schema, claiming
 * at once, the caps hold.
 * The HTTP scenarios run on SQLite only: the store contract suites hold both stores to the
 * same behaviour, and postgres-smoke.test.ts runs each feature on a server over PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditJobFor, queueStaffCheck } from "../../src/audit/jobs";
import { auditMessages } from "../../src/audit/messages";
import { auditJobStoreFor, type AuditJob } from "../../src/audit/store";
import { auditLinks, openAuditToken } from "../../src/audit/token";
import { PostgresLeadStore } from "../../src/leads/store/postgres";
import type { LeadStore } from "../../src/leads/store/types";
import { serveSite, weakSite, type FixtureSite } from "../support/auditSites";
import { auditLead, fixtureReport, loopbackNodeOptions, named, until } from "./audit-support";
import {
  adminCli,
  dropSchema,
  onBothStores,
  openServerStore,
  OWNER_PASSWORD,
  ownerSession,
  postAdminForm,
  postForm,
  postgresAvailable,
  serverStore,
  startServer,
  testDatabaseUrl,
  uniqueSchema,
  validLeads,
  type RunningServer,
} from "./support";

const SALT = "audit-queue-test-salt-0123456789abcd";
const pg = await postgresAvailable();
const copy = auditMessages.staffChecks;
/** What React writes for our own text with an apostrophe. */
const html = (text: string) => text.replace(/'/g, "&#x27;");

/** A staff member's session (role staff), invited and set up as the agency does. */
async function staffSession(server: RunningServer, env: Record<string, string>, email: string) {
  const invited = await adminCli(["invite", email, "--role", "staff"], env);
  if (invited.status !== 0) throw new Error(`admin invite failed: ${invited.stderr}`);
  const set = await postAdminForm(server, invited.stdout.trim(), {
    password: OWNER_PASSWORD,
    confirm: OWNER_PASSWORD,
  });
  return set.headers.get("set-cookie")?.split(";")[0] ?? "";
}

/** Records every claimable check's outcome, as a worker would: the queue is empty after. */
async function drain(store: LeadStore) {
  const jobs = auditJobStoreFor(store);
  for (;;) {
    const claimed = await jobs.claim({ owner: "w", now: new Date(), leaseMs: 60_000, limit: 50 });
    if (!claimed.length) return;
    for (const j of claimed) {
      await jobs.finish(
        j.id,
        "w",
        { status: "done", site: j.url, report: fixtureReport(j.url, 70) },
        new Date(),
      );
    }
  }
}

describe("the checks' queue over HTTP (sqlite)", () => {
  let server: RunningServer;
  let store: LeadStore;
  let env: Record<string, string>;
  let owner: string;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const s = serverStore("sqlite", "audit-queue-sqlite");
    cleanup = s.cleanup;
    // No check runs in this server: the test records outcomes as a worker would.
    env = {
      ...s.env,
      IP_HASH_SALT: SALT,
      AUDIT_CONCURRENCY: "0",
      LEADS_RATE_LIMIT: "off",
      TRUST_PROXY: "loopback",
      AUDIT_STAFF_RATE: "20",
      AUDIT_STAFF_QUEUE: "5",
    };
    server = await startServer(env);
    owner = await ownerSession(server, env);
    store = openServerStore("sqlite", s.env);
  });
  afterAll(async () => {
    await server?.stop();
    await store?.close();
    await cleanup?.();
  });

  const staffChecks = async () => (await auditJobStoreFor(store).recentStaffChecks(100)).length;
  const check = (url: string, cookie = owner) =>
    postAdminForm(server, "/admin/checks", { url }, cookie);

  it("the 6th check waiting and the 21st in an hour answer 429 with the message; nothing is queued", async () => {
    let n = 0;
    for (let i = 0; i < 5; i++) expect((await check(`shop${n++}.example`)).status).toBe(303);
    const sixth = await check("one-too-many.example");
    expect(sixth.status).toBe(429);
    const body = await sixth.text();
    expect(body).toContain(html(copy.staffQueue(5)));
    expect(body).toContain('value="one-too-many.example"');
    expect(await staffChecks()).toBe(5);
    // Done, they make room: 15 more in the hour are taken, 5 at a time.
    await drain(store);
    for (let batch = 0; batch < 3; batch++) {
      for (let i = 0; i < 5; i++) expect((await check(`shop${n++}.example`)).status).toBe(303);
      await drain(store);
    }
    expect(await staffChecks()).toBe(20);
    const late = await check("twenty-first.example");
    expect(late.status).toBe(429);
    expect(await late.text()).toContain(html(copy.staffRate(20)));
    expect(await staffChecks()).toBe(20);
  });

  it("the owner sees the queue and cancels a waiting check; a running one is left; others cannot", async () => {
    // A prospect's check (a visitor's, queued with its lead as intake does: this server runs
    // no checks, so its own intake queues none), and one a staff member asked for.
    const leadJobId = await leadCheck(store, "3fa9c2d1e5b7aa01ffee", "waiting.example", Date.now());
    const token = auditLinks(leadJobId, SALT).token;
    const staff = await staffSession(server, env, "crew@example.test");
    expect((await check("crew-site.example", staff)).status).toBe(303);
    const crewJob = (await auditJobStoreFor(store).recentStaffChecks(1))[0]!;
    const leadJob = (await auditJobStoreFor(store).get(leadJobId))!;

    const page = await (
      await fetch(`${server.url}/admin/checks`, { headers: { cookie: owner } })
    ).text();
    expect(page).toContain("data-check-queue");
    const row = (id: string) =>
      new RegExp(`data-queue-check="${id}"[\\s\\S]*?</tr>`).exec(page)?.[0] ?? "";
    expect(row(leadJobId)).toContain("waiting.example");
    expect(row(leadJobId)).toContain(copy.client(leadJob.client!.slice(0, 8)));
    expect(row(leadJobId)).toContain(leadJob.createdAt);
    expect(row(leadJobId)).toContain('name="action" value="cancel"');
    expect(row(crewJob.id)).toContain("crew@example.test");

    // A staff member (not the owner) sees no queue and may not cancel.
    const theirs = await (
      await fetch(`${server.url}/admin/checks`, { headers: { cookie: staff } })
    ).text();
    // No queue element (the page's refresh script names its selector, so look for the tag).
    expect(theirs).not.toMatch(/<[^>]*data-check-queue/);
    const refused = await postAdminForm(
      server,
      "/admin/checks",
      { action: "cancel", id: leadJobId },
      staff,
    );
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(copy.ownerOnly);
    // Nor can another site make the owner's browser post it (the Origin check).
    const forged = await fetch(`${server.url}/admin/checks`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://evil.example",
        cookie: owner,
      },
      body: new URLSearchParams({ action: "cancel", id: leadJobId }).toString(),
    });
    expect(forged.status).toBe(403);
    expect((await auditJobStoreFor(store).get(leadJobId))?.status).toBe("queued");

    // The owner cancels it: recorded, said on the page and to the prospect.
    const done = await postAdminForm(
      server,
      "/admin/checks",
      { action: "cancel", id: leadJobId },
      owner,
    );
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(`/admin/checks?cancelled=${leadJobId}`);
    const cancelled = await auditJobStoreFor(store).get(leadJobId);
    expect(cancelled).toMatchObject({ status: "cancelled", attempts: 0 });
    expect(cancelled?.lastError).toMatch(/^cancelled by /);
    const after = await (
      await fetch(`${server.url}${done.headers.get("location")}`, { headers: { cookie: owner } })
    ).text();
    expect(after).toContain(copy.cancelled("waiting.example"));
    expect(after).not.toContain(`data-queue-check="${leadJobId}"`);
    const status = await (await fetch(`${server.url}/api/audit/${token}`)).json();
    expect(status).toMatchObject({ state: "cancelled", score: null });

    // A running check is left to finish.
    const jobs = auditJobStoreFor(store);
    const [running] = await jobs.claim({
      owner: "w",
      now: new Date(),
      leaseMs: 60_000,
      limit: 1,
    });
    expect(running?.id).toBe(crewJob.id);
    const busy = await postAdminForm(
      server,
      "/admin/checks",
      { action: "cancel", id: crewJob.id },
      owner,
    );
    expect(busy.status).toBe(409);
    expect(await busy.text()).toContain(html(copy.notCancelled));
    expect((await jobs.get(crewJob.id))?.status).toBe("queued");
    const listed = await (
      await fetch(`${server.url}/admin/checks`, { headers: { cookie: owner } })
    ).text();
    expect(listed).toMatch(
      new RegExp(`data-queue-check="${crewJob.id}" data-queue-state="running"`),
    );
  });
});

describe("past AUDIT_QUEUE_MAX a check waits in line and runs once the queue drains (sqlite, engine)", () => {
  let server: RunningServer;
  let store: LeadStore;
  let cleanup: () => Promise<void>;
  const sites: FixtureSite[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 4; i++) {
      // Home pages that take 0.8 s: the first checks are still queued when the last are posted.
      sites.push(
        await serveSite(() => {
          const routes = weakSite();
          return { ...routes, "/": { ...routes["/"], delayMs: 800 } };
        }),
      );
    }
    const s = serverStore("sqlite", "audit-queue-max");
    cleanup = s.cleanup;
    server = await startServer({
      ...s.env,
      IP_HASH_SALT: SALT,
      LEADS_RATE_LIMIT: "off",
      TRUST_PROXY: "loopback",
      AUDIT_CONCURRENCY: "1",
      AUDIT_POLL_MS: "200",
      AUDIT_QUEUE_MAX: "2",
      AUDIT_ALLOW_HOSTS: sites.map((site) => named(site.hostPort)).join(","),
      NODE_OPTIONS: loopbackNodeOptions,
    });
    store = openServerStore("sqlite", s.env);
  });
  afterAll(async () => {
    await server?.stop();
    await store?.close();
    for (const site of sites) await site.close();
    await cleanup?.();
  });

  it("the lead is stored and answered at once, its check deferred, then run", async () => {
    const tokens: string[] = [];
    for (const [i, site] of sites.entries()) {
      const started = performance.now();
      const res = await postForm(
        server.url,
        { _form: "audit", ...validLeads.audit, website: named(site.origin), email: `q${i}@x.test` },
        { "x-forwarded-for": `10.6.0.${i + 1}` },
      );
      expect(res.status).toBe(303);
      expect(performance.now() - started).toBeLessThan(2_000);
      tokens.push(new URL(res.headers.get("location")!, server.url).searchParams.get("t")!);
    }
    const jobs = auditJobStoreFor(store);
    const ids = tokens.map((t) => {
      const opened = openAuditToken(t, SALT);
      return opened.ok ? opened.jobId : "";
    });
    const statuses = await Promise.all(ids.map(async (id) => (await jobs.get(id))?.status));
    expect(statuses).toEqual(["queued", "queued", "deferred", "deferred"]);
    for (const id of ids) expect((await jobs.get(id))?.leadId).toBeTruthy();
    // The prospect is told plainly: in line, not lost.
    const last = tokens[3]!;
    expect(await (await fetch(`${server.url}/api/audit/${last}`)).json()).toMatchObject({
      state: "waiting",
      score: null,
    });
    const thanks = await (await fetch(`${server.url}/thank-you/audit?t=${last}`)).text();
    expect(thanks).toContain(html(auditMessages.thanks.queued));
    const report = await (await fetch(`${server.url}/audit/${last}`)).text();
    expect(report).toContain(auditMessages.report.waitingTitle);
    // Every check runs in the end, the deferred ones once the queue has room.
    const done = await Promise.all(
      tokens.map((t) =>
        until(async () => {
          const json = (await (await fetch(`${server.url}/api/audit/${t}`)).json()) as {
            state: string;
          };
          return json.state === "ready" ? json : null;
        }, 60_000),
      ),
    );
    expect(done).toHaveLength(4);
    const finished = await Promise.all(ids.map(async (id) => (await jobs.get(id))!));
    expect(finished.every((j) => j.status === "done" && j.attempts === 1)).toBe(true);
    // The deferred ones started after both queued ones.
    const firstTwo = Math.max(...finished.slice(0, 2).map((j) => Date.parse(j.startedAt!)));
    for (const j of finished.slice(2)) expect(Date.parse(j.startedAt!)).toBeGreaterThan(firstTwo);
  });
});

/** Queues an audit lead's check as intake does, for `client`, on its own domain. */
async function leadCheck(store: LeadStore, client: string, site: string, at: number) {
  const lead = auditLead(site, { ipHash: client, at });
  const job = auditJobFor(lead, new Date(at))!;
  await store.insert(lead, [], { auditJob: job });
  return job.id;
}

await onBothStores("audit-queue-claim", (name, open, cleanup) => {
  describe(`the fair claim (${name})`, () => {
    let store: LeadStore;
    afterAll(async () => {
      await store?.close();
      await cleanup();
    });

    it("takes clients in turn, staff as one more client, deferred checks once there is room", async () => {
      store = await open();
      const t0 = Date.now() - 60_000;
      const names = new Map<string, string>();
      const add = async (who: string, n: number, at: number) =>
        names.set(await leadCheck(store, who, `${who}${n}.example`, at), `${who}${n}`);
      // Client a's backlog first (a3, a4 are deferred: a has 2 queued), then b, c and staff.
      for (let n = 1; n <= 4; n++) await add("a", n, t0 + n);
      for (let n = 1; n <= 2; n++) await add("b", n, t0 + 10 + n);
      await add("c", 1, t0 + 20);
      for (let n = 1; n <= 2; n++) {
        const q = await queueStaffCheck(
          store,
          { url: `s${n}.example`, leadId: null, staffId: "crew" },
          new Date(t0 + 30 + n),
        );
        if (q.ok) names.set(q.id, `s${n}`);
      }
      const jobs = auditJobStoreFor(store);
      expect((await jobs.get([...names.keys()][2]!))?.status).toBe("deferred");
      // One claim at a time, each check done at once: the client that asked for the fewest
      // checks this hour first (c: 1; b and staff: 2; a: 4), then round-robin (the client whose
      // last check started longest ago; one that never started first). a's backlog waits for the
      // lighter clients, and its deferred checks get their turn once a has room again.
      const order: string[] = [];
      for (let i = 0; i < 10; i++) {
        const [job] = await jobs.claim({
          owner: "w",
          now: new Date(t0 + 1_000 + i),
          leaseMs: 600_000,
          limit: 1,
        });
        if (!job) break;
        order.push(names.get(job.id)!);
        const report = fixtureReport(job.url);
        await jobs.finish(job.id, "w", { status: "done", site: job.url, report }, new Date());
      }
      expect(order).toEqual(["c1", "b1", "s1", "b2", "s2", "a1", "a2", "a3", "a4"]);
    });

    it("never claims a second check of a domain while one is fetching it", async () => {
      const t0 = Date.now() - 30_000;
      const one = await leadCheck(store, "d1", "www.one.shared.example", t0);
      const two = await leadCheck(store, "d2", "two.shared.example", t0 + 1);
      const other = await leadCheck(store, "d3", "other.example", t0 + 2);
      const jobs = auditJobStoreFor(store);
      const first = await jobs.claim({
        owner: "w",
        now: new Date(t0 + 100),
        leaseMs: 600_000,
        limit: 3,
      });
      expect(first.map((j) => j.id)).toEqual([one, other]);
      expect(first[0]?.domain).toBe("shared.example");
      await jobs.finish(
        one,
        "w",
        { status: "done", site: "x", report: fixtureReport("x") },
        new Date(),
      );
      const next = await jobs.claim({
        owner: "w",
        now: new Date(t0 + 200),
        leaseMs: 600_000,
        limit: 3,
      });
      expect(next.map((j) => j.id)).toEqual([two]);
    });
  });
});

describe.skipIf(!pg)("the fair claim with two claimers on one PostgreSQL schema", () => {
  const schema = uniqueSchema("auditqueuetwo");
  afterAll(() => dropSchema(schema));

  it("claims round-robin, each job once, and one check per domain even when they claim at once", async () => {
    const one = new PostgresLeadStore(testDatabaseUrl, { schema });
    await one.migrate();
    const two = new PostgresLeadStore(testDatabaseUrl, { schema });
    try {
      const t0 = Date.now() - 60_000;
      const names = new Map<string, string>();
      // Three clients with three checks each, queued client by client (a's first).
      for (const [c, who] of ["a", "b", "c"].entries()) {
        for (let n = 1; n <= 2; n++) {
          const id = await leadCheck(one, who, `${who}${n}.example`, t0 + c * 10 + n);
          names.set(id, `${who}${n}`);
        }
      }
      const claimers = [auditJobStoreFor(one), auditJobStoreFor(two)];
      const order: string[] = [];
      for (let i = 0; i < 6; i++) {
        const [job] = await claimers[i % 2]!.claim({
          owner: `server-${i % 2}`,
          now: new Date(t0 + 1_000 + i),
          leaseMs: 600_000,
          limit: 1,
        });
        order.push(job ? names.get(job.id)! : "none");
      }
      expect(order).toEqual(["a1", "b1", "c1", "a2", "b2", "c2"]);

      // Ten clients' checks of one domain, both servers claiming at once, many times: one runs.
      for (let i = 0; i < 10; i++)
        await leadCheck(one, `x${i}`, `p${i}.busy.example`, t0 + 100 + i);
      const rounds = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          claimers[i % 2]!.claim({
            owner: `server-${i % 2}`,
            now: new Date(),
            leaseMs: 600_000,
            limit: 3,
          }),
        ),
      );
      const claimed: AuditJob[] = rounds.flat();
      expect(claimed).toHaveLength(1);
      expect(claimed[0]?.domain).toBe("busy.example");
    } finally {
      await one.close();
      await two.close();
    }
  });
});
