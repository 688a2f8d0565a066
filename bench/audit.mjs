#!/usr/bin/env node
/**
 * `npm run bench:audit`: how many website checks one process runs a minute, and what one costs.
 *
 * A farm of generated landscaper sites on loopback (tests/support/auditSites.ts: the strong
 * home page, a sitemap, BENCH_AUDIT_PAGES service pages each, so every check reads robots.txt,
 * the home page, the sitemap and 20 more pages), checked by runAudit (src/audit/run.ts) with
 * BENCH_AUDIT_CONCURRENCY checks at once (the server's AUDIT_CONCURRENCY default is 2):
 *   1. at the production spacing (2 requests a second per site): what a prospect waits for;
 *   2. without spacing: what the parsing and checking cost the machine (CPU-bound).
 * Prints checks per minute, p50 and p95 seconds per check, CPU seconds per check, and memory
 * (RSS and heap after a GC) before and after; a heap that keeps growing would be a leak.
 *
 * `auditLoad()` is exported for benchmarks that measure something else while checks run
 * (lead intake beside the checks): it runs checks until `checks` are done or `signal` aborts.
 * Settings (env): BENCH_AUDIT_SITES (8), BENCH_AUDIT_CHECKS (16), BENCH_AUDIT_CONCURRENCY (2),
 * BENCH_AUDIT_PAGES (20), BENCH_AUDIT_PHASES ("paced,unpaced").
 */
import { realpathSync } from "node:fs";
import { runAudit } from "../src/audit/run.ts";
import { farmSite, serveSite } from "../tests/support/auditSites.ts";

/** Starts `count` farm sites of `pages` pages on 127.0.0.1. */
export async function startFarm(count, pages = 20) {
  const sites = [];
  for (let i = 0; i < count; i++) sites.push(await serveSite((origin) => farmSite(origin, pages)));
  return {
    sites,
    allowHosts: sites.map((s) => s.hostPort),
    close: () => Promise.all(sites.map((s) => s.close())),
  };
}

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0;

/**
 * Runs checks of the farm's sites, `concurrency` at a time, round robin, until `checks` have run
 * or `signal` aborts. Returns each check's seconds and the figures.
 */
export async function auditLoad({
  farm,
  checks = Infinity,
  concurrency = 2,
  intervalMs = 500,
  signal,
}) {
  const seconds = [];
  const outcomes = { ok: 0, unreachable: 0 };
  let next = 0;
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  const worker = async () => {
    while (next < checks && !signal?.aborted) {
      const site = farm.sites[next++ % farm.sites.length];
      const t = performance.now();
      const report = await runAudit(site.origin, {
        allowHosts: farm.allowHosts,
        limits: { minIntervalMs: intervalMs },
        signal,
      }).catch((error) => {
        if (signal?.aborted) return null;
        throw error;
      });
      if (!report) break;
      outcomes[report.outcome]++;
      seconds.push((performance.now() - t) / 1000);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const sorted = [...seconds].sort((a, b) => a - b);
  return {
    checks: seconds.length,
    outcomes,
    checksPerMinute: (60 * seconds.length) / elapsed,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    cpuSecondsPerCheck: seconds.length ? (cpu.user + cpu.system) / 1e6 / seconds.length : 0,
    elapsed,
  };
}

function memory() {
  globalThis.gc?.();
  const m = process.memoryUsage();
  return { rssMb: m.rss / 1048576, heapMb: m.heapUsed / 1048576 };
}

async function main() {
  const sites = Number(process.env.BENCH_AUDIT_SITES ?? 8);
  const checks = Number(process.env.BENCH_AUDIT_CHECKS ?? 16);
  const concurrency = Number(process.env.BENCH_AUDIT_CONCURRENCY ?? 2);
  const pages = Number(process.env.BENCH_AUDIT_PAGES ?? 20);
  const phases = (process.env.BENCH_AUDIT_PHASES ?? "paced,unpaced")
    .split(",")
    .map((p) => p.trim());
  const farm = await startFarm(sites, pages);
  console.log(
    `Website check: ${sites} loopback sites of ${pages} pages, ${checks} checks per phase, ${concurrency} at once` +
      (globalThis.gc ? "" : " (run with --expose-gc for exact heap figures)"),
  );
  // A warm-up check: module loading and JIT are not what is measured.
  await auditLoad({ farm, checks: 1, concurrency: 1, intervalMs: 0 });
  const before = memory();
  for (const phase of phases) {
    const intervalMs = phase === "paced" ? 500 : 0;
    const r = await auditLoad({ farm, checks, concurrency, intervalMs });
    console.log(
      `${phase === "paced" ? "paced (2 requests/s per site)" : "unpaced (CPU-bound)          "}: ` +
        `${r.checksPerMinute.toFixed(1)} checks/min, p50 ${r.p50.toFixed(2)} s, p95 ${r.p95.toFixed(2)} s, ` +
        `${(r.cpuSecondsPerCheck * 1000).toFixed(0)} ms CPU per check, ${r.outcomes.ok} ok / ${r.outcomes.unreachable} unreachable`,
    );
    if (r.outcomes.unreachable) process.exitCode = 1;
  }
  const after = memory();
  console.log(
    `memory: RSS ${before.rssMb.toFixed(0)} → ${after.rssMb.toFixed(0)} MB, heap ${before.heapMb.toFixed(1)} → ${after.heapMb.toFixed(1)} MB`,
  );
  await farm.close();
}

if (process.argv[1] && realpathSync(process.argv[1]) === import.meta.filename) await main();
