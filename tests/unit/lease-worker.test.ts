/**
 * The lease worker (src/server/leaseWorker.ts) over a small in-memory claim source: the lease cut
 * before the claim ends, claims given back on stop, the concurrency cap, a nudge waking an idle
 * loop, attempts counted at claim, a lost claim logged, a store that is down logged once. The
 * stores' own claims (SQL) are tested with the outbox and the website check.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  LeaseWorker,
  type LeaseClaim,
  type LeaseSettings,
  type LeaseQueue,
} from "../../src/server/leaseWorker";

interface Job {
  id: string;
  attempts: number;
  owner: string | null;
  until: number;
  result: string | null;
}

/** Jobs in memory, claimed like the stores claim them: free or lease over, counted at claim. */
function memorySource() {
  const jobs = new Map<string, Job>();
  const released: string[] = [];
  let down = false;
  return {
    jobs,
    released,
    setDown(value: boolean) {
      down = value;
    },
    add(id: string, attempts = 0) {
      jobs.set(id, { id, attempts, owner: null, until: 0, result: null });
    },
    async claim(request: LeaseClaim): Promise<Job[]> {
      if (down) throw new Error("connect ECONNREFUSED");
      const now = request.now.getTime();
      const free = [...jobs.values()].filter((j) => !j.result && (!j.owner || j.until <= now));
      return free.slice(0, request.limit).map((j) => {
        Object.assign(j, { owner: request.owner, until: now + request.leaseMs });
        j.attempts += 1;
        return { ...j };
      });
    },
    async release(ids: string[], owner: string) {
      for (const id of ids) {
        const j = jobs.get(id)!;
        if (j.owner === owner) Object.assign(j, { owner: null, until: 0 });
        released.push(id);
      }
    },
    async record(id: string, owner: string, result: string): Promise<boolean> {
      const j = jobs.get(id)!;
      if (j.owner !== owner || j.until <= Date.now()) return false;
      Object.assign(j, { result, owner: null });
      return true;
    },
  };
}

type Work = (job: Job, signal: AbortSignal) => Promise<string>;

function logLines() {
  const lines: { level: string; event: string; err?: string }[] = [];
  const at = (level: string) => (obj: object) =>
    lines.push({ level, ...(obj as { event: string; err?: string }) });
  return { lines, log: { info: at("info"), warn: at("warn"), error: at("error") } };
}

const workers: LeaseWorker<unknown, Job, string>[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});

function leaseWorker(
  source: ReturnType<typeof memorySource>,
  work: Work,
  settings: Partial<LeaseSettings> = {},
  queue: Partial<LeaseQueue<unknown, Job, string>> = {},
) {
  const { lines, log } = logLines();
  const worker = new LeaseWorker<unknown, Job, string>({
    settings: { concurrency: 2, leaseMs: 10_000, pollMs: 10, stopGraceMs: 50, ...settings },
    log,
    queue: {
      open: async () => null,
      claim: (_s, request) => source.claim(request),
      release: (_s, ids, owner) => source.release(ids, owner),
      id: (job) => job.id,
      context: (job) => ({ job: job.id }),
      work: (_s, job, signal) => work(job, signal),
      failed: (_job, error) => `failed: ${(error as Error).message}`,
      record: (_s, job, result, owner) => source.record(job.id, owner, result),
      ...queue,
    },
    lines: {
      crashed: ["crashed", "worker stopped"],
      storeDown: ["store_down", "store unavailable"],
      storeBack: ["store_back", "store back"],
      released: ["released", "given back"],
      retry: ["retry", "failed; tried again"],
      claimLost: ["claim_lost", "claim lost"],
      unrecorded: ["unrecorded", "not recorded"],
      cut: "took too long (lease ending)",
    },
  });
  workers.push(worker);
  return { worker, lines };
}

/** Work that ends only when its signal aborts (then throws the reason). */
const hang: Work = (_job, signal) =>
  new Promise((_resolve, reject) => {
    signal.addEventListener("abort", () => reject(signal.reason as Error));
  });

async function until<T>(probe: () => T | null | undefined | false, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe("LeaseWorker", () => {
  it("cuts work short before its lease ends and records the failure while it still holds", async () => {
    const source = memorySource();
    source.add("a");
    const started = Date.now();
    const { worker } = leaseWorker(source, hang, { leaseMs: 1_000 });
    worker.start();
    const result = await until(() => source.jobs.get("a")!.result);
    const took = Date.now() - started;
    expect(result).toBe("failed: took too long (lease ending)");
    // Cut at 80 % of the lease (800 ms), recorded before the claim ended (1 s).
    expect(took).toBeGreaterThanOrEqual(780);
    expect(took).toBeLessThan(1_000);
  });

  it("on stop, waits stopGraceMs, then aborts what runs and gives its claims back", async () => {
    const source = memorySource();
    source.add("a");
    source.add("b");
    const { worker, lines } = leaseWorker(source, hang, { stopGraceMs: 150 });
    worker.start();
    await until(() => worker.inFlight === 2);
    const t0 = Date.now();
    await worker.stop();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
    expect(worker.inFlight).toBe(0);
    expect(source.released.sort()).toEqual(["a", "b"]);
    expect([...source.jobs.values()].map((j) => [j.owner, j.result])).toEqual([
      [null, null],
      [null, null],
    ]);
    expect(lines.filter((l) => l.event === "released")).toHaveLength(2);
  });

  it("lets work in flight finish within the grace and claims nothing after stop", async () => {
    const source = memorySource();
    source.add("a");
    const { worker } = leaseWorker(
      source,
      (job) => new Promise((resolve) => setTimeout(() => resolve(`done ${job.id}`), 40)),
      { stopGraceMs: 2_000 },
    );
    worker.start();
    await until(() => worker.inFlight === 1);
    source.add("b");
    await worker.stop();
    expect(source.jobs.get("a")!.result).toBe("done a");
    expect(source.jobs.get("b")!.attempts).toBe(0);
  });

  it("runs at most `concurrency` jobs at once and claims more as slots free", async () => {
    const source = memorySource();
    for (const id of ["a", "b", "c", "d", "e"]) source.add(id);
    let running = 0;
    let most = 0;
    const { worker } = leaseWorker(
      source,
      async (job) => {
        most = Math.max(most, ++running);
        await new Promise((r) => setTimeout(r, 30));
        running -= 1;
        return `done ${job.id}`;
      },
      { concurrency: 2, pollMs: 60_000 },
    );
    worker.start();
    await until(() => [...source.jobs.values()].every((j) => j.result));
    expect(most).toBe(2);
  });

  it("sleeps pollMs while idle, and a nudge wakes it at once", async () => {
    const source = memorySource();
    const { worker } = leaseWorker(source, async (job) => `done ${job.id}`, { pollMs: 60_000 });
    worker.start();
    await new Promise((r) => setTimeout(r, 30)); // idle now, for a minute
    source.add("a");
    await new Promise((r) => setTimeout(r, 50));
    expect(source.jobs.get("a")!.result).toBeNull();
    worker.nudge();
    await until(() => source.jobs.get("a")!.result, 1_000);
  });

  it("gives a failed job back until its claims reach maxAttempts, then records the failure", async () => {
    const source = memorySource();
    source.add("a");
    let runs = 0;
    const { worker, lines } = leaseWorker(
      source,
      async () => {
        runs += 1;
        throw new Error("site down");
      },
      { maxAttempts: 3 },
      { attempts: (job) => job.attempts },
    );
    worker.start();
    await until(() => source.jobs.get("a")!.result);
    expect(source.jobs.get("a")).toMatchObject({ attempts: 3, result: "failed: site down" });
    expect(runs).toBe(3);
    expect(lines.filter((l) => l.event === "retry").map((l) => l.err)).toEqual([
      "site down",
      "site down",
    ]);
  });

  it("gives up a job claimed past maxAttempts (its servers died) without running it", async () => {
    const source = memorySource();
    source.add("a", 3); // three claims that ended without an outcome
    let runs = 0;
    const { worker } = leaseWorker(
      source,
      async () => `ran ${++runs}`,
      { maxAttempts: 3 },
      { attempts: (job) => job.attempts },
    );
    worker.start();
    await until(() => source.jobs.get("a")!.result);
    expect(source.jobs.get("a")!.result).toBe("failed: given up after 3 attempts");
    expect(runs).toBe(0);
  });

  it("logs a claim lost before recording, and records nothing", async () => {
    const source = memorySource();
    source.add("a");
    const { worker, lines } = leaseWorker(source, async (job) => {
      // Another server took the job over meanwhile.
      source.jobs.get(job.id)!.owner = "someone-else";
      return "done";
    });
    worker.start();
    await until(() => lines.some((l) => l.event === "claim_lost"));
    expect(source.jobs.get("a")!.result).toBeNull();
  });

  it("logs a store that does not answer once, and again when it is back", async () => {
    const source = memorySource();
    source.setDown(true);
    const { worker, lines } = leaseWorker(source, async () => "done");
    worker.start();
    await new Promise((r) => setTimeout(r, 60)); // several polls
    source.add("a");
    source.setDown(false);
    await until(() => source.jobs.get("a")!.result);
    expect(lines.map((l) => l.event)).toEqual(["store_down", "store_back"]);
    expect(lines[0]!.err).toBe("connect ECONNREFUSED");
  });
});
