// Timing of the report's funnel queries on a seeded store (not committed).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { performanceReport, readPeriod } from "./src/analytics/report.ts";
import { analyticsStoreFor } from "./src/analytics/store/index.ts";
import { funnelGroups, funnelTotals, stageAges } from "./src/analytics/store/funnel.ts";
import { SqliteLeadStore } from "./src/leads/store/sqlite.ts";
import { PostgresLeadStore } from "./src/leads/store/postgres.ts";

const N = Number(process.env.N ?? 100_000);
const PER_DAY = 1370; // bench:inbox's density at 1,000,000 leads over two years
const now = new Date();
const statuses = ["new", "contacted", "qualified", "won", "lost"];
const sources = ["google", "facebook", "newsletter", "bing", null];
function row(i: number) {
  const at = new Date(now.getTime() - (i / PER_DAY) * 86_400_000).toISOString();
  const s = sources[i % 5];
  const status = statuses[(i >> 1) % 5]!;
  return {
    id: `${String(1e9 - i).padStart(10, "0")}-lead-${i}`,
    at,
    status,
    won: status === "won" ? (i % 7) * 10_000 : null,
    fc: status === "new" ? null : at,
    metadata: JSON.stringify({
      source: "contact_form",
      page: `/p${i % 12}`,
      landingPage: i % 10 ? `/p${i % 12}` : null,
      referrer: s ? null : "https://www.google.com/",
      timestamp: at,
      userAgent: "x",
      utm: s ? { utm_source: s, utm_medium: "cpc", utm_campaign: `c${i % 20}` } : {},
      ipHash: null,
      spamReasons: [],
    }),
  };
}
async function time(label: string, f: () => Promise<unknown>) {
  const t: number[] = [];
  for (let k = 0; k < 15; k++) {
    const t0 = performance.now();
    await f();
    t.push(performance.now() - t0);
  }
  t.sort((a, b) => a - b);
  console.log(`${label}: p50 ${t[7]!.toFixed(1)} ms, p95 ${t[14]!.toFixed(1)} ms`);
}
for (const driver of (process.env.DRIVERS ?? "sqlite,postgres").split(",")) {
  const store =
    driver === "sqlite"
      ? new SqliteLeadStore(join(mkdtempSync(join(tmpdir(), "funnel-")), "leads.db"))
      : new PostgresLeadStore("postgres://postgres@127.0.0.1:5432/test", { schema: `funnel_${Date.now()}` });
  if (store instanceof PostgresLeadStore) await store.migrate();
  else await store.count?.({} as never).catch(() => 0);
  const a = analyticsStoreFor(store);
  const db = a.db;
  const t0 = performance.now();
  for (let start = 0; start < N; start += 2000) {
    const rows = Array.from({ length: Math.min(2000, N - start) }, (_, k) => row(start + k));
    await db.transaction(async (tx) => {
      for (const r of rows)
        await tx.run(
          `INSERT INTO leads (id, kind, form, subject, created_at, spam, fields, metadata, status, status_at, first_contacted_at, won_value_cents)
           VALUES ($1, 'contact', 'contact', NULL, $2, false, '{}', $3, $4, $5, $6, $7)`,
          [r.id, r.at, r.metadata, r.status, r.fc, r.fc, r.won],
        );
    });
  }
  await db.run("ANALYZE");
  console.log(`${driver}: seeded ${N} leads in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  const { period, previous } = readPeriod(new URLSearchParams("period=30d"), now);
  const from = `${period.from}T00:00:00.000Z`;
  const to = new Date(now.getTime() + 86_400_000).toISOString();
  await time(`${driver} funnelGroups 30d`, () => funnelGroups(db, from, to));
  await time(`${driver} funnelTotals 30d`, () => funnelTotals(db, from, to));
  await time(`${driver} stageAges 30d`, () => stageAges(db, from, to, now));
  await time(`${driver} whole report 30d`, () => performanceReport(a, period, previous, now));
  const groups = await funnelGroups(db, from, to);
  console.log(`${driver}: ${groups.length} groups`);
  await store.close();
}
