#!/usr/bin/env node
/**
 * `npm run bench:leads`: leads per second and latency of POST /api/leads on the production server,
 * for SQLite and for PostgreSQL. Builds first when there is no build (BUILD_DIR, default dist/).
 *
 * Each run starts `scripts/start.mjs` on a free port with a fresh store (a temporary DATA_DIR; a
 * schema of its own on PostgreSQL, dropped afterwards), warms up, then drives concurrent JSON
 * submissions with autocannon as fast as the server answers them, and prints leads/s (2xx
 * answers per second) with p50 and p99 latency. It then counts the stored leads, which must
 * match the acknowledged ones, and prints the CPU each lead cost the server and, on a local
 * PostgreSQL, the server's database sessions (from /proc, on Linux; not autovacuum, the WAL
 * writer or checkpoints), during the load and once the search indexer has caught up. Both vary
 * with whatever else the machine is running: compare two builds interleaved, with BENCH_APP.
 *
 * Rate limiting is switched off for the run (LEADS_RATE_LIMIT=off): every request comes from one
 * address and would otherwise be answered 429 after ten. Logging stays on, as in production.
 *
 * Settings (env): BENCH_DURATION seconds (10), BENCH_CONNECTIONS (32), BENCH_DRIVERS
 * ("sqlite,postgres"), BENCH_SQLITE_SYNC (the server's LEADS_SQLITE_SYNC: "full", the default,
 * or "normal"; "full,normal" runs SQLite once with each, one after the other),
 * BENCH_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test),
 * BENCH_APP (another built checkout to start instead of this one, e.g. a git worktree of an older
 * commit, to compare two builds with one harness), BENCH_NODE_OPTIONS (NODE_OPTIONS for the
 * server alone, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it). Targets on a 2-core
 * machine, load generator included: 2,000 leads/s on SQLite, 1,000 on PostgreSQL, p99 under 50 ms.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import {
  benchLeadBody,
  benchStore,
  cpuSeconds,
  cpuSpent,
  startIntakeServer,
  stopIntakeServer,
} from "./server.mjs";

const root = process.env.BENCH_APP
  ? resolve(process.env.BENCH_APP)
  : fileURLToPath(new URL("..", import.meta.url));
const buildDir = process.env.BUILD_DIR || "dist";
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const drivers = (process.env.BENCH_DRIVERS ?? "sqlite,postgres").split(",").map((d) => d.trim());
const syncs = (process.env.BENCH_SQLITE_SYNC ?? "full").split(",").map((s) => s.trim());
for (const sync of syncs) {
  if (sync !== "full" && sync !== "normal") {
    console.error(`BENCH_SQLITE_SYNC: "${sync}" is neither full nor normal`);
    process.exit(2);
  }
}
const databaseUrl =
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  "postgres://postgres@127.0.0.1:5432/test";
const targets = { sqlite: 2000, postgres: 1000 };

if (!existsSync(join(root, buildDir, "server/entry.mjs"))) {
  const r = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function load(url, seconds) {
  return autocannon({
    url: `${url}/api/leads`,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: benchLeadBody,
    connections,
    duration: seconds,
  });
}

async function bench(driver, sync) {
  const store = await benchStore(driver, "leads", databaseUrl);
  if (store.skipped) return { driver, label: driver, skipped: store.skipped };
  const env = { ...store.env, LEADS_RATE_LIMIT: "off", LOG_LEVEL: "info" };
  if (sync) env.LEADS_SQLITE_SYNC = sync;
  const server = await startIntakeServer(env, buildDir, root);
  const url = `http://127.0.0.1:${server.port}`;
  try {
    await load(url, 2); // warm-up: JIT, connection pool, first migrations
    const count = () => store.count("FROM leads");
    // The search indexer (and on PostgreSQL the roll-ups' fold) runs off the request path, once
    // intake is quiet or its backlog is long: the warm-up's leads are indexed before the CPU
    // readings start, the load's before the last one.
    const indexed = async () => {
      for (const until = Date.now() + 20_000; Date.now() < until;) {
        if ((await store.count("FROM lead_search_pending")) === 0) return true;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      return false;
    };
    await indexed();
    const before = await count();
    const cpu = async () => ({
      server: cpuSeconds([server.pid]),
      db: cpuSeconds(await store.backendPids()),
    });
    const cpuBefore = await cpu();
    const result = await load(url, duration);
    const cpuLoaded = await cpu();
    const stored = (await count()) - before;
    const ok = result["2xx"];
    const caughtUp = await indexed();
    const cpuIndexed = await cpu();
    const perLead = (from, to, part) =>
      Math.round((cpuSpent(from[part], to[part]) / Math.max(ok, 1)) * 1e6);
    return {
      driver,
      label: sync ? `${driver} (${sync})` : driver,
      leadsPerSecond: Math.round(result["2xx"] / (result.duration || duration)),
      p50: result.latency.p50,
      p99: result.latency.p99,
      ok,
      errors: result.errors + result.timeouts + result.non2xx,
      stored,
      cpu: {
        caughtUp,
        server: perLead(cpuBefore, cpuLoaded, "server"),
        db: perLead(cpuBefore, cpuLoaded, "db"),
        serverIndexed: perLead(cpuBefore, cpuIndexed, "server"),
        dbIndexed: perLead(cpuBefore, cpuIndexed, "db"),
      },
    };
  } finally {
    // The store goes only once the server has exited (it writes until then).
    await stopIntakeServer(server);
    await store.close();
  }
}

console.log(
  `POST /api/leads, ${connections} connections, ${duration} s per store, build ${buildDir}/`,
);
const rows = [];
for (const driver of drivers) {
  if (driver === "sqlite") for (const sync of syncs) rows.push(await bench(driver, sync));
  else rows.push(await bench(driver));
}
let failed = false;
for (const r of rows) {
  if (r.skipped) {
    console.log(`${r.label.padEnd(16)} skipped: ${r.skipped}`);
    continue;
  }
  const meets = r.leadsPerSecond >= targets[r.driver] && r.p99 < 50;
  console.log(
    `${r.label.padEnd(16)} ${String(r.leadsPerSecond).padStart(5)} leads/s  p50 ${r.p50} ms  p99 ${r.p99} ms` +
      ` | ${r.ok} acknowledged, ${r.errors} errors, ${r.stored} stored` +
      ` | target (${targets[r.driver]}/s, p99 < 50 ms) ${meets ? "met" : "NOT met"}`,
  );
  // CPU per acknowledged lead, read from /proc (Linux; the server's and, on a local PostgreSQL,
  // its sessions'): where a difference between two builds lies, the server or the database.
  if (r.cpu.server > 0) {
    const db = r.driver === "postgres" && r.cpu.db > 0;
    console.log(
      `  CPU per lead: server ${r.cpu.server} µs${db ? `, PostgreSQL ${r.cpu.db} µs` : ""}` +
        `; with the search index ${r.cpu.caughtUp ? "caught up" : "still behind after 20 s"}:` +
        ` server ${r.cpu.serverIndexed} µs` +
        (db ? `, PostgreSQL ${r.cpu.dbIndexed} µs` : ""),
    );
  }
  // autocannon stops counting at the deadline: requests still in flight then are stored but not
  // counted, so the store may hold up to one extra lead per connection and run, never fewer.
  if (r.stored < r.ok || r.stored > r.ok + 2 * connections) {
    console.log(`  ! ${r.ok} leads acknowledged but ${r.stored} stored`);
    failed = true;
  }
}
process.exitCode = failed ? 1 : 0;
