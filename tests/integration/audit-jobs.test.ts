/**
 * The website check's jobs on a real SQLite file and the real PostgreSQL: a check is queued in
 * its audit lead's transaction (both or neither), claimed under a lease, given back when its
 * server dies and finished by another, recorded once; a site checked in the last 24 h is reused
 * and not fetched again; a client past AUDIT_RATE_LIMIT an hour gets no check but keeps its lead;
 * a done check queues the prospect's email once; two workers on one PostgreSQL schema run each
 * check once.
 */
import { afterAll, describe, expect, it } from "vitest";
import {
  AuditWorker,
  auditJobFor,
  type AuditRunner,
  defaultAuditJobSettings,
  queueStaffCheck,
  siteKey,
} from "../../src/audit/jobs";
import type { AuditReport } from "../../src/audit/report";
import { auditJobStoreFor } from "../../src/audit/store";
import type { AuditJob } from "../../src/audit/store";
import { PostgresLeadStore } from "../../src/leads/store/postgres";
import type { LeadStore } from "../../src/leads/store/types";
import { auditLead, fixtureReport, until } from "./audit-support";
import {
  onBothStores,
  postgresAvailable,
  testDatabaseUrl,
  uniqueSchema,
  dropSchema,
} from "./support";

const quiet = { info() {}, warn() {}, error() {} };

/** A runner over fixture reports that counts the fetches it was asked for, per URL. */
function countingRunner(delayMs = 0) {
  const calls: string[] = [];
  const run = async (input: string, opts: { signal: AbortSignal }): Promise<AuditReport> => {
    calls.push(input);
    if (delayMs) {
      await new Promise<void>((resolve, reject) => {
        const t = setTimeout(resolve, delayMs);
        opts.signal.addEventListener("abort", () => {
          clearTimeout(t);
          reject(opts.signal.reason as Error);
        });
      });
    }
    return fixtureReport(input, 40 + (calls.length % 50));
  };
  return { run, calls };
}

function worker(
  store: LeadStore,
  run: AuditRunner,
  overrides: Partial<typeof defaultAuditJobSettings> = {},
  emailProspect = false,
  emailAgency = false,
) {
  return new AuditWorker({
    store: async () => store,
    run,
    settings: { ...defaultAuditJobSettings, pollMs: 20, ...overrides },
    log: quiet,
    emailProspect,
    emailAgency,
  });
}

/** Stores an audit lead with its check as intake does; returns the lead and the job's id. */
async function storeAuditLead(
  store: LeadStore,
  website: string,
  opts: Parameters<typeof auditLead>[1] = {},
) {
  const lead = auditLead(website, opts);
  const job = auditJobFor(lead);
  await store.insert(lead, [], { auditJob: job ?? undefined });
  return { lead, jobId: job?.id ?? null };
}

/** The id of a staff check that must have been queued. */
async function queuedId(queued: ReturnType<typeof queueStaffCheck>): Promise<string> {
  const result = await queued;
  if (!result.ok) throw new Error(`staff check refused: ${result.reason}`);
  return result.id;
}

const finished = (store: LeadStore, id: string) => async () => {
  const job = await auditJobStoreFor(store).get(id);
  return job && job.status !== "queued" && job.status !== "deferred" ? job : null;
};

describe("siteKey", () => {
  it("reads a website as typed into one site", () => {
    for (const typed of [
      "lawnpros.com",
      "www.lawnpros.com/",
      "https://LawnPros.com/services",
      "http://www.lawnpros.com",
    ])
      expect(siteKey(typed)).toBe("lawnpros.com");
    expect(siteKey("lawnpros.com:8080")).toBe("lawnpros.com:8080");
    expect(siteKey("ftp://lawnpros.com")).toBeNull();
    expect(siteKey("   ")).toBeNull();
  });
});

await onBothStores("audit-jobs", (name, open, cleanup) => {
  describe(name, () => {
    let store: LeadStore;
    afterAll(async () => {
      await store?.close();
      await cleanup();
    });

    it("queues the check with its audit lead, in the same transaction", async () => {
      store = await open();
      const { lead, jobId } = await storeAuditLead(store, "lawnpros.test");
      const job = await auditJobStoreFor(store).get(jobId!);
      expect(job).toMatchObject({
        leadId: lead.id,
        url: "lawnpros.test",
        status: "queued",
        client: "client-a",
      });
      // A second insert of the same lead fails: its check is not queued either.
      const again = auditJobFor(lead)!;
      await expect(store.insert(lead, [], { auditJob: again })).rejects.toThrow();
      expect(await auditJobStoreFor(store).get(again.id)).toBeNull();
      // Spam-flagged and other forms queue none.
      expect(auditJobFor(auditLead("x.test", { spam: true }))).toBeNull();
      expect(auditJobFor({ ...auditLead("x.test"), form: "contact", kind: "contact" })).toBeNull();
    });

    it("runs a queued check once and stores its report; a second worker finds nothing to claim", async () => {
      const { jobId } = await storeAuditLead(store, "https://greenacres.test/", {
        ipHash: "client-run",
      });
      const runner = countingRunner();
      const a = worker(store, runner.run);
      a.start();
      const job = await until(finished(store, jobId!));
      await a.stop();
      expect(job.status).toBe("done");
      expect(job.report?.url).toBe("https://greenacres.test/");
      expect(job.score).toBe(job.report?.score);
      expect(job.site).toBe("greenacres.test");
      expect(runner.calls.filter((u) => u.includes("greenacres"))).toHaveLength(1);
      const claimed = await auditJobStoreFor(store).claim({
        owner: "b",
        now: new Date(),
        leaseMs: 60_000,
        limit: 10,
      });
      expect(claimed.map((j) => j.id)).not.toContain(jobId);
    });

    it("a check whose server died is given back after its lease and finished by another; the late one records nothing", async () => {
      const { jobId } = await storeAuditLead(store, "hedges.test", { ipHash: "client-lease" });
      const jobs = auditJobStoreFor(store);
      // The first server claims it and dies (it never records an outcome).
      const t0 = new Date();
      const first = await jobs.claim({ owner: "dead-server", now: t0, leaseMs: 400, limit: 10 });
      expect(first.map((j) => j.id)).toContain(jobId);
      // While the lease holds, nobody else gets it.
      const during = await jobs.claim({
        owner: "other",
        now: new Date(t0.getTime() + 100),
        leaseMs: 400,
        limit: 10,
      });
      expect(during.map((j) => j.id)).not.toContain(jobId);
      await new Promise((r) => setTimeout(r, 450));
      const runner = countingRunner();
      const b = worker(store, runner.run);
      b.start();
      const job = await until(finished(store, jobId!));
      await b.stop();
      expect(job).toMatchObject({ status: "done", attempts: 2 });
      // The dead server's late outcome is refused: the report is stored once.
      const late = await jobs.finish(
        jobId!,
        "dead-server",
        { status: "done", site: "hedges.test", report: fixtureReport("hedges.test", 1) },
        new Date(),
      );
      expect(late).toBe(false);
      expect((await jobs.get(jobId!))?.score).toBe(job.score);
    });

    it("gives a check up after it was claimed too many times without an outcome", async () => {
      const { jobId } = await storeAuditLead(store, "crashy.test", { ipHash: "client-crash" });
      const jobs = auditJobStoreFor(store);
      // Each claim's server died; each lease has run out.
      const max = defaultAuditJobSettings.maxAttempts;
      for (let i = 0; i < max; i++) {
        const now = new Date(Date.now() - (max - i) * 10_000);
        await jobs.claim({ owner: `dead-${i}`, now, leaseMs: 1, limit: 100 });
      }
      const runner = countingRunner();
      const w = worker(store, runner.run);
      w.start();
      const job = await until(finished(store, jobId!));
      await w.stop();
      expect(job.status).toBe("failed");
      expect(job.lastError).toMatch(/given up/);
      expect(runner.calls).not.toContain("crashy.test");
    });

    it("reuses a site's report from the last 24 hours instead of fetching it again; staff's check fetches", async () => {
      const { jobId: firstId } = await storeAuditLead(store, "mulch.test", { ipHash: "client-r1" });
      const runner = countingRunner();
      const w = worker(store, runner.run);
      w.start();
      const first = await until(finished(store, firstId!));
      const { jobId: secondId } = await storeAuditLead(store, "https://www.Mulch.test/", {
        ipHash: "client-r2",
      });
      w.nudge();
      const second = await until(finished(store, secondId!));
      expect(second).toMatchObject({ status: "done", reusedFrom: firstId, score: first.score });
      expect(runner.calls.filter((u) => /mulch/i.test(u))).toHaveLength(1);
      // 'Run again' by staff fetches anew.
      const staffId = await queuedId(
        queueStaffCheck(store, { url: "mulch.test", leadId: first.leadId, staffId: "staff-1" }),
      );
      w.nudge();
      const fresh = await until(finished(store, staffId));
      await w.stop();
      expect(fresh.reusedFrom).toBeNull();
      expect(runner.calls.filter((u) => /mulch/i.test(u))).toHaveLength(2);
      // The lead's checks, newest first.
      expect((await auditJobStoreFor(store).forLead(first.leadId!)).map((j) => j.id)).toEqual([
        staffId,
        firstId,
      ]);
    });

    it("a client past the hourly limit gets no check, and its leads are all stored", async () => {
      const limit = 3;
      const ids: string[] = [];
      const leads: string[] = [];
      for (let i = 0; i < limit + 2; i++) {
        const { lead, jobId } = await storeAuditLead(store, `site${i}.rate.test`, {
          ipHash: "client-busy",
          at: Date.now() + i,
        });
        ids.push(jobId!);
        leads.push(lead.id);
      }
      const { jobId: otherId } = await storeAuditLead(store, "other.rate.test", {
        ipHash: "client-calm",
      });
      const runner = countingRunner();
      const w = worker(store, runner.run, { ratePerHour: limit, concurrency: 3 });
      w.start();
      const jobs = await Promise.all([...ids, otherId!].map((id) => until(finished(store, id))));
      await w.stop();
      const statuses = jobs.map((j) => j.status);
      expect(statuses.slice(0, limit)).toEqual(Array(limit).fill("done"));
      expect(statuses.slice(limit, limit + 2)).toEqual(["limited", "limited"]);
      expect(statuses.at(-1)).toBe("done");
      expect(runner.calls.filter((u) => u.endsWith(".rate.test"))).toHaveLength(limit + 1);
      for (const id of leads) expect(await store.get(id)).not.toBeNull();
    });

    /** A lead's check done, then 'Run again' done: the channels its lead has waiting. */
    async function channelsAfterRunAgain(website: string, emailAgency: boolean) {
      const { lead, jobId } = await storeAuditLead(store, website, { ipHash: `c-${website}` });
      const w = worker(store, countingRunner().run, {}, true, emailAgency);
      w.start();
      await until(finished(store, jobId!));
      const again = await queuedId(
        queueStaffCheck(store, { url: website, leadId: lead.id, staffId: `s-${website}` }),
      );
      w.nudge();
      await until(finished(store, again));
      await w.stop();
      const rows = await store.listNotifications(["pending"], lead.id);
      return rows.map((r) => r.channel).sort();
    }

    it("a done check of a lead queues the prospect's email once (outbox channel 'audit')", async () => {
      expect(await channelsAfterRunAgain("email.test", false)).toEqual(["audit"]);
    });

    it("with the agency's email configured, a done check of a lead also queues its follow-up once", async () => {
      // 'Run again' sends neither email a second time.
      expect(await channelsAfterRunAgain("agency.test", true)).toEqual(["audit", "audit-agency"]);
      // A check refused by the hourly limit says nothing to anyone.
      const limited = await storeAuditLead(store, "limited.agency.test", { ipHash: "client-lim" });
      const l = worker(store, countingRunner().run, { ratePerHour: 0 }, true, true);
      l.start();
      expect((await until(finished(store, limited.jobId!))).status).toBe("limited");
      await l.stop();
      expect(await store.listNotifications(["pending"], limited.lead.id)).toEqual([]);
    });

    it("staff's checks of any URL: listed newest first, not held to the hourly limit", async () => {
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) {
        ids.push(
          await queuedId(
            queueStaffCheck(
              store,
              { url: `any${i}.staff.test`, leadId: null, staffId: "s" },
              new Date(Date.now() + i),
            ),
          ),
        );
      }
      const runner = countingRunner();
      const w = worker(store, runner.run, { ratePerHour: 1 });
      w.start();
      for (const id of ids) expect((await until(finished(store, id))).status).toBe("done");
      await w.stop();
      expect(runner.calls.filter((u) => u.endsWith(".staff.test"))).toHaveLength(4);
      const listed = await auditJobStoreFor(store).recentStaffChecks(4);
      expect(listed.map((j) => j.id)).toEqual([...ids].reverse());
      expect(listed.every((j) => j.leadId === null && j.requestedBy === "s")).toBe(true);
      // A lead's own check (no staff member asked) is not listed.
      const own = await storeAuditLead(store, "own.staff.test", { ipHash: "client-own" });
      const all = await auditJobStoreFor(store).recentStaffChecks(100);
      expect(all.map((j) => j.id)).not.toContain(own.jobId);
    });

    // What the owner's queue on /admin/checks reads and does (audit-queue.test.ts over HTTP).
    it("the queue lists waiting checks oldest first; a cancel takes a waiting one, not a running one; a released claim is free", async () => {
      const jobs = auditJobStoreFor(store);
      // Whatever earlier tests left waiting is cancelled first: this test reads the whole queue.
      for (const c of (await jobs.queue(1000, new Date())).checks)
        await jobs.cancel(c.id, "test", new Date());
      // Three domains: the claim runs one check of a domain at a time.
      const sites = ["first-queue.test", "second-queue.test", "third-queue.test"];
      const ids: string[] = [];
      for (const [i, site] of sites.entries())
        ids.push((await storeAuditLead(store, site, { ipHash: `client-queue-${i}` })).jobId!);
      const now = new Date();
      const [running] = await jobs.claim({ owner: "w", now, leaseMs: 60_000, limit: 1 });
      expect(running?.id).toBe(ids[0]);

      const { checks, total } = await jobs.queue(2, now);
      expect(total).toBe(3);
      expect(checks.map((c) => [c.id, c.url, c.status, c.running])).toEqual([
        [ids[0], sites[0], "queued", true],
        [ids[1], sites[1], "queued", false],
      ]);
      // A running check is left to finish; a waiting one is cancelled, once.
      expect(await jobs.cancel(ids[0]!, "owner@example.test", now)).toBe(false);
      expect(await jobs.cancel(ids[1]!, "owner@example.test", now)).toBe(true);
      expect(await jobs.cancel(ids[1]!, "owner@example.test", now)).toBe(false);
      expect(await jobs.get(ids[1]!)).toMatchObject({
        status: "cancelled",
        lastError: "cancelled by owner@example.test",
      });
      expect((await jobs.queue(10, now)).checks.map((c) => c.id)).toEqual([ids[0], ids[2]]);

      // A stopping server gives its claims back: another worker claims the check at once.
      await jobs.release([ids[0]!], "someone else");
      expect((await jobs.get(ids[0]!))?.claimedBy).toBe("w");
      await jobs.release([ids[0]!], "w");
      expect(await jobs.get(ids[0]!)).toMatchObject({ claimedBy: null, status: "queued" });
      // Claimed again (one at a time, as the fair claim hands them out), it is claimed once.
      const again: string[] = [];
      for (let n = 0; n < 3; n++)
        again.push(
          ...(await jobs.claim({ owner: "v", now, leaseMs: 60_000, limit: 1 })).map((j) => j.id),
        );
      expect(again.sort()).toEqual([ids[0], ids[2]].sort());
    });
  });
});

const pg = await postgresAvailable();
describe.skipIf(!pg)("two servers on one PostgreSQL schema", () => {
  const schema = uniqueSchema("auditjobstwo");
  afterAll(() => dropSchema(schema));

  it("claim each check once", async () => {
    const one = new PostgresLeadStore(testDatabaseUrl, { schema });
    await one.migrate();
    const two = new PostgresLeadStore(testDatabaseUrl, { schema });
    const ids: string[] = [];
    for (let i = 0; i < 24; i++) {
      const { jobId } = await storeAuditLead(one, `shop${i}-two.test`, { ipHash: `client-${i}` });
      ids.push(jobId!);
    }
    const a = countingRunner(15);
    const b = countingRunner(15);
    const wa = worker(one, a.run, { concurrency: 3 });
    const wb = worker(two, b.run, { concurrency: 3 });
    wa.start();
    wb.start();
    const done: AuditJob[] = await Promise.all(ids.map((id) => until(finished(one, id), 30_000)));
    await Promise.all([wa.stop(), wb.stop()]);
    const all = [...a.calls, ...b.calls];
    expect(all).toHaveLength(24);
    expect(new Set(all).size).toBe(24);
    expect(a.calls.length).toBeGreaterThan(0);
    expect(b.calls.length).toBeGreaterThan(0);
    expect(done.every((j) => j.status === "done" && j.attempts === 1)).toBe(true);
    await one.close();
    await two.close();
  });
});
