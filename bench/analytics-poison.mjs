#!/usr/bin/env node
/**
 * `npm run bench:poison` (issue 23): 20,000 poisoned beacons (each a new long path, source and
 * campaign) into the built server, on SQLite and on PostgreSQL, then the Performance page
 * rendered three times while a client posts leads one after another: the page's size and render
 * time, and the leads' latency before and during the renders. Prints the figures; fails nothing.
 * `BEACONS`, `RENDERS` (3), `DRIVERS` (sqlite,postgres) and `DATABASE_URL` (default the test
 * database) can be set.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { benchStore, startIntakeServer, stopIntakeServer } from "./server.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const BEACONS = Number(process.env.BEACONS ?? 20_000);
const databaseUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const PASSWORD = "mossy granite patio lantern";
const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
};

async function run(driver) {
  const store = await benchStore(driver, "poison", databaseUrl);
  if (store.skipped) return console.log(`${driver}: skipped (${store.skipped})`);
  const env = {
    ...store.env,
    LOG_LEVEL: "error",
    LEADS_RATE_LIMIT: "off",
    ANALYTICS_RATE_LIMIT: "off",
    // A render that computes for longer than the idle timeout (30 s) would be cut off before
    // its first byte: lifted here, so a slow render is measured rather than lost.
    SERVER_IDLE_TIMEOUT_MS: "600000",
    SERVER_REQUEST_TIMEOUT_MS: "600000",
  };
  const child = await startIntakeServer(env);
  const url = `http://127.0.0.1:${child.port}`;
  try {
    const invite = spawnSync(
      process.execPath,
      [join(root, "cli/admin.ts"), "invite", "owner@example.test", "--role", "owner"],
      { cwd: root, env: { PATH: process.env.PATH, ...env }, encoding: "utf8" },
    );
    // The CLI prints its link on npm start's default address; the bench's server has its own.
    const set = await fetch(`${url}${new URL(invite.stdout.trim(), url).pathname}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: url },
      body: new URLSearchParams({ password: PASSWORD, confirm: PASSWORD }).toString(),
    });
    const cookie = set.headers.get("set-cookie").split(";")[0];

    const started = Date.now();
    let refused = 0;
    for (let i = 0; i < BEACONS; i += 100) {
      const answers = await Promise.all(
        Array.from({ length: Math.min(100, BEACONS - i) }, (_, j) =>
          fetch(`${url}/api/events`, {
            method: "POST",
            headers: {
              "content-type": "text/plain;charset=UTF-8",
              origin: url,
              "user-agent": CHROME,
              "accept-language": "en-US",
            },
            body: JSON.stringify({
              k: "view",
              _page: `/p${i + j}-${"x".repeat(400)}`,
              f: "",
              w: 1280,
              utm_source: `s${i + j}${"y".repeat(180)}`,
              utm_medium: "m",
              utm_campaign: `c${i + j}${"z".repeat(180)}`,
            }),
          }).then(
            (r) => r.status,
            () => 0,
          ),
        ),
      );
      refused += answers.filter((s) => s !== 204).length;
    }
    const sent = Date.now() - started;
    for (
      let t = 0;
      t < 100 && (await store.count("FROM analytics_events")) < BEACONS - refused;
      t++
    )
      await new Promise((r) => setTimeout(r, 200));

    let failed = 0;
    const lead = async () => {
      const t = performance.now();
      const res = await fetch(`${url}/api/leads`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: url },
        body: JSON.stringify({
          _form: "quick",
          name: "Bench Lead",
          email: "bench.lead@example.test",
          phone: "+15125550199",
          _t: "9000",
        }),
      }).catch(() => null);
      if (!res || res.status !== 201) failed++;
      await res?.arrayBuffer();
      return performance.now() - t;
    };
    const baseline = [];
    for (let i = 0; i < 30; i++) baseline.push(await lead());

    let rendering = true;
    const during = [];
    const leads = (async () => {
      while (rendering) during.push(await lead());
    })();
    const renders = [];
    let bytes = 0;
    for (let i = 0; i < Number(process.env.RENDERS ?? 3); i++) {
      const t = performance.now();
      const res = await fetch(`${url}/admin/performance?period=7d`, { headers: { cookie } });
      bytes = (await res.arrayBuffer()).byteLength;
      renders.push(performance.now() - t);
    }
    rendering = false;
    await leads;
    const ms = (x) => `${x.toFixed(0)} ms`;
    console.log(
      [
        `${driver}: ${BEACONS} poisoned beacons in ${(sent / 1000).toFixed(1)} s (${refused} refused), ` +
          `${await store.count("FROM analytics_events")} events stored, ` +
          `${await store.count("FROM analytics_daily")} roll-up rows after the report`,
        `  /admin/performance: ${(bytes / 1024).toFixed(0)} KiB, render ${renders.map(ms).join(", ")}`,
        `  lead latency before: p50 ${ms(percentile(baseline, 50))}, max ${ms(Math.max(...baseline))}`,
        `  lead latency during the renders (${during.length} leads): p50 ${ms(percentile(during, 50))}, ` +
          `max ${ms(Math.max(...during))}; ${failed} lead posts failed (reset or not 201)`,
      ].join("\n"),
    );
  } finally {
    await stopIntakeServer(child);
    await store.close();
  }
}

for (const driver of (process.env.DRIVERS ?? "sqlite,postgres").split(",")) {
  await run(driver).catch((error) => console.log(`${driver}: failed: ${error.cause ?? error}`));
}
