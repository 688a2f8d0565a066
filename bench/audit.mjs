#!/usr/bin/env node
/**
 * `npm run bench:audit`: how many website checks one process runs a minute, and what one costs.
 *
 * A farm of generated landscaper sites on loopback (tests/support/auditSites.ts: the strong
 * home page, a sitemap, BENCH_AUDIT_PAGES service pages each, so every check reads robots.txt,
 * the home page, the sitemap and 20 more pages), checked as the server checks them, in the
 * sandbox's worker threads (src/audit/sandbox.ts; BENCH_AUDIT_SANDBOX=0: runAudit on this
 * thread, as before issue 36), BENCH_AUDIT_CONCURRENCY checks at once (the server's
 * AUDIT_CONCURRENCY default is 2):
 *   1. at the production spacing (2 requests a second per site): what a prospect waits for;
 *   2. without spacing: what the parsing and checking cost the machine (CPU-bound).
 * Prints checks per minute, p50 and p95 seconds per check, CPU seconds per check, and memory
 * (RSS and heap after a GC) before and after; a heap that keeps growing would be a leak.
 *
 *   3. intake: lead intake (POST /api/leads on the production server, scripts/start.mjs, SQLite)
 *      while that server runs checks against the farm, against the same server without checks.
 *      Windows of BENCH_INTAKE_SECONDS alternate (without, with; then with, without; …),
 *      BENCH_INTAKE_ROUNDS times, on one server: the machine's noise falls on both sides. Checks
 *      run as in production (AUDIT_CONCURRENCY=2, 2 requests a second per site), queued as staff
 *      checks (always fetched) so that two are in flight for the whole "with" window; between
 *      windows the queue is emptied and the checks in flight finish. Prints requests/s and p95
 *      for each window and the slowdown per round (the goal: at most 5 %).
 *   4. hostile: the same windows, with the hostile pages of issue 36 (the cubic page, a 504 KB
 *      href, 2 MB of unclosed <div>s, 2 MB of tel: links) mixed into the farm the server checks.
 *      Prints lead latency p50 / p99 with and without checks in flight.
 *
 * `auditLoad()` is exported for benchmarks that measure something else while checks run: it
 * runs checks until `checks` are done or `signal` aborts.
 * Settings (env): BENCH_AUDIT_SITES (8), BENCH_AUDIT_CHECKS (16), BENCH_AUDIT_CONCURRENCY (2),
 * BENCH_AUDIT_PAGES (20), BENCH_AUDIT_PHASES ("paced,unpaced,intake,hostile"), BENCH_INTAKE_SECONDS (8),
 * BENCH_INTAKE_ROUNDS (4), BENCH_INTAKE_CONNECTIONS (8), BENCH_INTAKE_SYNC (the server's
 * LEADS_SQLITE_SYNC: full, or normal to take the disk out). Needs the build (npm run build).
 */
import { spawn } from "node:child_process";
import { readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { defaultAuditJobSettings, queueStaffCheck } from "../src/audit/jobs.ts";

/** The bench queues as many checks as it measures: no staff allowance applies. */
const benchCaps = { ...defaultAuditJobSettings, staffPerHour: 1e6, staffQueued: 1e6 };
import { runAudit } from "../src/audit/run.ts";
import { SqliteLeadStore } from "../src/leads/store/sqlite.ts";
import { farmSite, serveSite } from "../tests/support/auditSites.ts";
import { benchLeadBody, benchStore, startIntakeServer, stopIntakeServer } from "./server.mjs";

/**
 * Starts `count` farm sites of `pages` pages on 127.0.0.1, in a process of their own: a
 * prospect's site is never served by the checking process, and a farm on the checks' own event
 * loop would answer in the same wake-ups that read its answers (it flattered checks run there
 * against checks in the sandbox's threads by about 4 ms of CPU a check).
 */
export async function startFarm(count, pages = 20) {
  const child = spawn(
    process.execPath,
    [import.meta.filename, "--farm", String(count), String(pages)],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const origins = await new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`farm exited with ${code}`)));
    let text = "";
    child.stdout.on("data", (chunk) => {
      text += chunk;
      if (text.includes("\n")) resolve(JSON.parse(text));
    });
  });
  const sites = origins.map((origin) => ({ origin, hostPort: new URL(origin).host }));
  return {
    sites,
    allowHosts: sites.map((s) => s.hostPort),
    close: async () => {
      child.removeAllListeners("exit");
      child.kill();
    },
  };
}

/** The farm's own process: serves the sites and prints their origins. */
async function serveFarm(count, pages) {
  const sites = [];
  for (let i = 0; i < count; i++) sites.push(await serveSite((origin) => farmSite(origin, pages)));
  process.stdout.write(`${JSON.stringify(sites.map((s) => s.origin))}\n`);
}

/** The hostile home pages of issue 36 (tests/integration/audit-sandbox.timed.ts). */
const hostilePages = {
  cubic: () =>
    `<!doctype html><html><head><title>Lawn care</title></head><body>${"<header></header>".repeat(8_000)}${"<div>".repeat(800)}${"<a href=#>x</a>".repeat(8_000)}</body></html>`,
  longHref: () =>
    `<!doctype html><html><head><title>Lawn care</title></head><body><a href="https://a.test/${"google.com/maps/".repeat(31_500)}">Reviews</a></body></html>`,
  deepDivs: () =>
    `<!doctype html><html><head><title>Lawn care</title></head><body>${"<div>".repeat(400_000)}`,
  telLinks: () =>
    `<!doctype html><html><head><title>Lawn care</title></head><body>${"<a href='tel:5551234567'>(555) 123-4567</a>".repeat(48_000)}</body></html>`,
};

/** The farm with a hostile site after each farm site (as many as there are hostile pages). */
export async function hostileFarm(farm) {
  const hostile = [];
  for (const page of Object.values(hostilePages))
    hostile.push(await serveSite(() => ({ "/": { body: page() } })));
  const sites = farm.sites.flatMap((s, i) => (hostile[i] ? [s, hostile[i]] : [s]));
  return {
    sites,
    allowHosts: sites.map((s) => s.hostPort),
    close: () => Promise.all(hostile.map((s) => s.close())),
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
  sandbox = false,
}) {
  const seconds = [];
  const outcomes = { ok: 0, unreachable: 0 };
  let next = 0;
  // The sandbox's threads start (and load the engine) before the clock does.
  const pool = sandbox
    ? new (await import("../src/audit/sandbox.ts")).AuditSandbox({
        threads: concurrency,
        allowHosts: farm.allowHosts,
        limits: { minIntervalMs: intervalMs },
      })
    : null;
  // Every worker warmed up as a long-running server's are (each thread compiles the engine).
  if (pool)
    for (let round = 0; round < (intervalMs > 0 ? 2 : 10); round++)
      await Promise.all(
        Array.from({ length: concurrency }, (_, i) =>
          pool.run(farm.sites[i % farm.sites.length].origin),
        ),
      );
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  const check = (origin) =>
    pool
      ? pool.run(origin, { signal })
      : runAudit(origin, {
          allowHosts: farm.allowHosts,
          limits: { minIntervalMs: intervalMs },
          signal,
        });
  const worker = async () => {
    while (next < checks && !signal?.aborted) {
      const site = farm.sites[next++ % farm.sites.length];
      const t = performance.now();
      const report = await check(site.origin).catch((error) => {
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
  // Resident memory with the checks' threads still alive, as in a server.
  const resident = memory();
  await pool?.close();
  const sorted = [...seconds].sort((a, b) => a - b);
  return {
    checks: seconds.length,
    outcomes,
    checksPerMinute: (60 * seconds.length) / elapsed,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    cpuSecondsPerCheck: seconds.length ? (cpu.user + cpu.system) / 1e6 / seconds.length : 0,
    rssMb: resident.rssMb,
    elapsed,
  };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** CPU seconds a process has used so far (Linux /proc; NaN elsewhere). */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, USER_HZ ticks
  } catch {
    return NaN;
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** `connections` loops posting leads for `seconds`: requests/s (2xx) and latency percentiles. */
async function intake(url, seconds, connections) {
  const latencies = [];
  let ok = 0;
  let failed = 0;
  const end = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < end) {
      const t = performance.now();
      const res = await fetch(`${url}/api/leads`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: benchLeadBody,
      }).catch(() => null);
      await res?.arrayBuffer();
      latencies.push(performance.now() - t);
      if (res && res.status < 300) ok++;
      else failed++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, loop));
  const elapsed = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  return {
    rps: ok / elapsed,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
    failed,
  };
}

/**
 * Lead intake beside running checks, on one production server: alternating windows with and
 * without checks in flight.
 */
async function intakeBesideChecks(farm, label = "checks") {
  const seconds = Number(process.env.BENCH_INTAKE_SECONDS ?? 8);
  const rounds = Number(process.env.BENCH_INTAKE_ROUNDS ?? 4);
  const connections = Number(process.env.BENCH_INTAKE_CONNECTIONS ?? 8);
  // "full" (the default) waits for the disk on every lead; "normal" leaves the CPU as the limit,
  // where a check's own CPU would show.
  const sync = process.env.BENCH_INTAKE_SYNC ?? "full";
  const store = await benchStore("sqlite", "audit-intake");
  const server = await startIntakeServer({
    ...store.env,
    LEADS_RATE_LIMIT: "off",
    LOG_LEVEL: "info",
    AUDIT_CONCURRENCY: "2",
    AUDIT_POLL_MS: "100",
    AUDIT_ALLOW_HOSTS: farm.allowHosts.join(","),
    LEADS_SQLITE_SYNC: sync,
  });
  const url = `http://127.0.0.1:${server.port}`;
  const leads = new SqliteLeadStore(join(store.env.DATA_DIR, "leads.db"));
  const db = leads.database;
  const count = (where) =>
    Number(db.prepare(`SELECT count(*) AS n FROM audit_jobs WHERE ${where}`).get().n);
  let site = 0;
  /** Queues checks until two are in flight in the server. */
  const startChecks = async () => {
    for (let i = 0; i < 4; i++) {
      const target = farm.sites[site++ % farm.sites.length];
      await queueStaffCheck(
        leads,
        { url: target.origin, leadId: null, staffId: "bench" },
        new Date(),
        benchCaps,
      );
    }
    while (count("status = 'queued' AND claimed_by IS NOT NULL") < 2) await sleep(20);
  };
  /** Empties the queue and waits for the checks in flight to end. */
  const drain = async () => {
    db.prepare(
      `UPDATE audit_jobs SET status = 'failed', last_error = 'bench window over'
       WHERE status = 'queued' AND claimed_by IS NULL`,
    ).run();
    while (count("status = 'queued'") > 0) await sleep(100);
  };
  const rows = [];
  try {
    await intake(url, 2, connections); // warm-up
    await startChecks(); // and one check, so the engine's modules are loaded
    await drain();
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? ["without", "with"] : ["with", "without"];
      const row = {};
      for (const phase of order) {
        if (phase === "with") await startChecks();
        const inFlight = count("status = 'queued' AND claimed_by IS NOT NULL");
        const cpu = cpuSeconds(server.pid);
        row[phase] = { ...(await intake(url, seconds, connections)), inFlight };
        // The server's CPU over the window, in cores (1 = one core busy all the time).
        const used = cpuSeconds(server.pid) - cpu;
        row[phase].cores = used / seconds;
        // What each lead cost the server, checks included: robust to how much of the CPU the
        // machine's scheduler happened to give the server in that window.
        row[phase].cpuMsPerLead = (1000 * used) / (row[phase].rps * seconds);
        if (phase === "with") {
          row[phase].stillRunning = count("status = 'queued' AND claimed_by IS NOT NULL");
          await drain();
        }
      }
      row.slowdown = 1 - row.with.rps / row.without.rps;
      row.p95Change = row.with.p95 / row.without.p95 - 1;
      rows.push(row);
      console.log(
        `intake round ${round + 1}: without checks ${row.without.rps.toFixed(0)} req/s p95 ${row.without.p95.toFixed(1)} ms | ` +
          `with ${row.with.inFlight} ${label} in flight ${row.with.rps.toFixed(0)} req/s p95 ${row.with.p95.toFixed(1)} ms | ` +
          `p50/p99 ${row.without.p50.toFixed(1)}/${row.without.p99.toFixed(1)} → ${row.with.p50.toFixed(1)}/${row.with.p99.toFixed(1)} ms | ` +
          `throughput ${(-row.slowdown * 100).toFixed(1)} %, p95 ${(row.p95Change * 100).toFixed(1)} % | ` +
          `server CPU ${row.without.cores.toFixed(2)} → ${row.with.cores.toFixed(2)} cores, ` +
          `${row.without.cpuMsPerLead.toFixed(2)} → ${row.with.cpuMsPerLead.toFixed(2)} ms per lead` +
          (row.with.stillRunning < 2 ? " (a check ended inside the window)" : "") +
          (row.with.failed + row.without.failed
            ? ` (${row.with.failed + row.without.failed} failed)`
            : ""),
      );
    }
    const checks = count("status = 'done'");
    const pct = (x) => `${x >= 0 ? "+" : ""}${(x * 100).toFixed(1)} %`;
    const change = rows.map((r) => -r.slowdown);
    const p95 = rows.map((r) => r.p95Change);
    const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const pooled = mean(rows.map((r) => r.with.rps)) / mean(rows.map((r) => r.without.rps)) - 1;
    const cores = (phase) => mean(rows.map((r) => r[phase].cores)).toFixed(2);
    console.log(
      `intake beside ${label} (SQLite ${sync} sync, ${connections} connections, ${seconds} s windows, ${rounds} rounds, ${checks} checks done):\n` +
        `  throughput with checks: ${pct(Math.min(...change))} … ${pct(Math.max(...change))} per round, median ${pct(median(change))}, pooled ${pct(pooled)}\n` +
        `  p95 with checks: ${pct(Math.min(...p95))} … ${pct(Math.max(...p95))} per round, median ${pct(median(p95))}\n` +
        `  latency p50 / p99 / max (medians of rounds): without ${median(rows.map((r) => r.without.p50)).toFixed(1)} / ${median(rows.map((r) => r.without.p99)).toFixed(1)} / ${median(rows.map((r) => r.without.max)).toFixed(0)} ms, ` +
        `with ${median(rows.map((r) => r.with.p50)).toFixed(1)} / ${median(rows.map((r) => r.with.p99)).toFixed(1)} / ${median(rows.map((r) => r.with.max)).toFixed(0)} ms\n` +
        `  server CPU: ${cores("without")} cores without checks, ${cores("with")} with; per lead ` +
        `${median(rows.map((r) => r.without.cpuMsPerLead)).toFixed(2)} ms without, ${median(rows.map((r) => r.with.cpuMsPerLead)).toFixed(2)} ms with (medians), ` +
        `change ${pct(median(rows.map((r) => r.with.cpuMsPerLead / r.without.cpuMsPerLead - 1)))} (median of rounds)\n` +
        `  goal, at most 5 % slower (median of rounds): ${-median(change) <= 0.05 ? "met" : "NOT met"}`,
    );
  } finally {
    await leads.close();
    await stopIntakeServer(server);
    await store.close();
  }
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
  const sandbox = process.env.BENCH_AUDIT_SANDBOX !== "0";
  const phases = (process.env.BENCH_AUDIT_PHASES ?? "paced,unpaced,intake,hostile")
    .split(",")
    .map((p) => p.trim());
  const farm = await startFarm(sites, pages);
  console.log(
    `Website check: ${sites} loopback sites of ${pages} pages, ${checks} checks per phase, ${concurrency} at once, ` +
      `${sandbox ? "in the sandbox's worker threads" : "on this thread (no sandbox)"}` +
      (globalThis.gc ? "" : " (run with --expose-gc for exact heap figures)"),
  );
  // A warm-up check: module loading and JIT are not what is measured.
  await auditLoad({ farm, checks: 1, concurrency: 1, intervalMs: 0 });
  const before = memory();
  for (const phase of phases.filter((p) => p === "paced" || p === "unpaced")) {
    const intervalMs = phase === "paced" ? 500 : 0;
    const r = await auditLoad({ farm, checks, concurrency, intervalMs, sandbox });
    console.log(
      `${phase === "paced" ? "paced (2 requests/s per site)" : "unpaced (CPU-bound)          "}: ` +
        `${r.checksPerMinute.toFixed(1)} checks/min, p50 ${r.p50.toFixed(2)} s, p95 ${r.p95.toFixed(2)} s, ` +
        `${(r.cpuSecondsPerCheck * 1000).toFixed(0)} ms CPU per check, RSS ${r.rssMb.toFixed(0)} MB, ${r.outcomes.ok} ok / ${r.outcomes.unreachable} unreachable`,
    );
    if (r.outcomes.unreachable) process.exitCode = 1;
  }
  const after = memory();
  console.log(
    `memory: RSS ${before.rssMb.toFixed(0)} → ${after.rssMb.toFixed(0)} MB, heap ${before.heapMb.toFixed(1)} → ${after.heapMb.toFixed(1)} MB`,
  );
  if (phases.includes("intake")) await intakeBesideChecks(farm);
  if (phases.includes("hostile")) {
    const mixed = await hostileFarm(farm);
    await intakeBesideChecks(mixed, "checks (hostile pages mixed in)");
    await mixed.close();
  }
  await farm.close();
}

if (process.argv[1] && realpathSync(process.argv[1]) === import.meta.filename) {
  if (process.argv[2] === "--farm")
    await serveFarm(Number(process.argv[3]), Number(process.argv[4]));
  else await main();
}
