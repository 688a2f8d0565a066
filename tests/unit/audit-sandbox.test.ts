/**
 * The website check's sandbox (src/audit/sandbox.ts, issue 36): a check stuck in synchronous
 * code, one that fills its memory and one that never ends are each stopped by their deadline
 * and recorded as `too-slow`, while this thread's event loop keeps answering; the pool then
 * runs the next check in a fresh worker. The stuck checks come from a stand-in worker module
 * (tests/fixtures/sandbox/stuck-worker.ts); the real engine runs in tests/integration.
 */
import { afterAll, describe, expect, it } from "vitest";
import { fileURLToPath } from "node:url";
import { AuditSandbox } from "../../src/audit/sandbox";

const sandbox = new AuditSandbox({
  threads: 2,
  workerFile: fileURLToPath(new URL("../fixtures/sandbox/stuck-worker.ts", import.meta.url)),
  cpuStallMs: 1_000,
  graceMs: 500,
  memoryMb: 128,
  limits: { checkTimeoutMs: 3_000 },
});
afterAll(() => sandbox.close());

/** The longest this thread's event loop waited for a 20 ms timer while `work` ran. */
async function loopLag<T>(work: Promise<T>): Promise<{ result: T; lagMs: number }> {
  let lagMs = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    lagMs = Math.max(lagMs, now - last - 20);
    last = now;
  }, 20);
  try {
    return { result: await work, lagMs };
  } finally {
    clearInterval(timer);
  }
}

describe("the website check's sandbox", () => {
  it("stops a check that keeps the processor busy, and this thread never waits for it", async () => {
    const started = performance.now();
    const { result, lagMs } = await loopLag(sandbox.run("spin.test"));
    expect(result).toMatchObject({ outcome: "unreachable", reason: "too-slow" });
    expect(result.detail).toMatch(/processor busy/);
    expect(result.message).toMatch(/took too long to read/);
    // Stopped by the processor deadline (1 s), before the wall clock's (3.5 s).
    expect(performance.now() - started).toBeLessThan(3_300);
    expect(lagMs).toBeLessThan(250);
  });

  it("stops a check that fills its memory", async () => {
    // A sandbox whose processor deadline cannot come first, even on a busy machine.
    const roomy = new AuditSandbox({
      ...sandbox.settings,
      threads: 1,
      cpuStallMs: 60_000,
      limits: { checkTimeoutMs: 60_000 },
    });
    const result = await roomy.run("hog.test").finally(() => roomy.close());
    expect(result).toMatchObject({ outcome: "unreachable", reason: "too-slow" });
    expect(result.detail).toMatch(/memory/);
  });

  it("stops a check that never ends at the wall clock's deadline", async () => {
    const started = performance.now();
    const result = await sandbox.run("nap.test");
    expect(result).toMatchObject({ outcome: "unreachable", reason: "too-slow" });
    expect(result.detail).toMatch(/did not finish within 4 s/);
    expect(performance.now() - started).toBeGreaterThanOrEqual(3_400);
  });

  it("runs the next checks in fresh workers, two at once beside a stuck one", async () => {
    const [stuck, a, b] = await Promise.all([
      sandbox.run("spin.test"),
      sandbox.run("a.test"),
      sandbox.run("b.test"),
    ]);
    expect(stuck.reason).toBe("too-slow");
    expect(a).toMatchObject({ url: "a.test", reason: "dns" });
    expect(b).toMatchObject({ url: "b.test", reason: "dns" });
  });

  it("gives the check back when the server stops (the caller's signal aborts)", async () => {
    const stop = new AbortController();
    const run = sandbox.run("nap.test", { signal: stop.signal });
    setTimeout(() => stop.abort(new Error("server stopping")), 100);
    await expect(run).rejects.toThrow("server stopping");
  });
});
