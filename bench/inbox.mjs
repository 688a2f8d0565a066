#!/usr/bin/env node
/**
 * `npm run bench:inbox`: the staff inbox's queries at a realistic size. Seeds INBOX_LEADS leads
 * (default 1,000,000: six forms, five statuses, two years of dates, UTM sources and campaigns,
 * names, emails, phones, a few messages) into a temporary SQLite file and into a schema of its own
 * on PostgreSQL, then times, on each store, the calls a page makes (src/admin/store, the same code
 * the server runs): the first page, a filtered page (status + form + date range), a search, a
 * lead's page (lead, pipeline state, timeline, same-person leads), a status change and the Due
 * view (one lead in 100 has a follow-up due within 30 days either side of now), each
 * INBOX_ROUNDS times (default 40), printing p50 and p95 in ms; then the CSV export of every lead
 * (rows/s and the growth of the process's resident memory).
 *
 * Targets (issue 14): p95 at most 50 ms for each; export 50,000 rows/s with RSS growth under
 * 100 MB. Settings: INBOX_LEADS, INBOX_ROUNDS, BENCH_DRIVERS ("sqlite,postgres"),
 * INBOX_DATA_DIR and INBOX_SCHEMA (keep the SQLite file and the PostgreSQL schema, seeded once),
 * BENCH_DATABASE_URL (else TEST_DATABASE_URL, else the local test database).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { PG_SEARCH_PHONE, PG_SEARCH_TEXT } from "../src/leads/store/searchIndex.ts";
import { exportCsv } from "../src/admin/export.ts";
import { adminStoreFor } from "../src/admin/store/index.ts";
import { DUE_CAP, DUE_PAGE, endOfAgencyDay } from "../src/admin/followUps.ts";
import { PostgresLeadStore } from "../src/leads/store/postgres.ts";
import { SqliteLeadStore } from "../src/leads/store/sqlite.ts";

const total = Number(process.env.INBOX_LEADS ?? 1_000_000);
const rounds = Number(process.env.INBOX_ROUNDS ?? 40);
const drivers = (process.env.BENCH_DRIVERS ?? "sqlite,postgres").split(",").map((d) => d.trim());
const databaseUrl =
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  "postgres://postgres@127.0.0.1:5432/test";

/** Keep the seeded stores between runs (for trying a change at full size): a folder, a schema. */
const keepDir = process.env.INBOX_DATA_DIR || "";
const keepSchema = process.env.INBOX_SCHEMA || "";

const forms = [
  ["audit", "audit"],
  ["contact", "contact"],
  ["testimonial", "testimonial"],
  ["quick", "quick"],
  ["growth", "growth"],
  ["growth_partial", "growthPartial"],
];
const statuses = ["new", "contacted", "qualified", "won", "lost"];
const sources = ["google", "facebook", "newsletter", "bing", null];
const first = [
  "Dana",
  "Lee",
  "Sam",
  "Avery",
  "Jordan",
  "Casey",
  "Riley",
  "Morgan",
  "Quinn",
  "Drew",
];
const last = ["Green", "Stone", "Fields", "Rivers", "Woods", "Brooks", "Hill", "Meadows"];
const START = Date.UTC(2024, 10, 1);
const SPAN = 2 * 365 * 86_400_000;

/** Lead i, deterministic: spread over two years, ids ordered by time. */
function lead(i) {
  const at = START + Math.floor((i / total) * SPAN);
  const [kind, form] = forms[i % forms.length];
  const source = sources[i % sources.length];
  const createdAt = new Date(at).toISOString();
  const id = `${at.toString(16).padStart(12, "0").slice(0, 8)}-${at.toString(16).padStart(12, "0").slice(8, 12)}-7000-8000-${i.toString(16).padStart(12, "0")}`;
  const name = `${first[i % first.length]} ${last[(i >> 3) % last.length]} ${i}`;
  return {
    id,
    kind,
    form,
    createdAt,
    status: statuses[(i >> 1) % statuses.length],
    // Worked leads were first contacted between a minute and four hours after they arrived.
    firstContactedAt:
      (i >> 1) % statuses.length ? new Date(at + (1 + (i % 240)) * 60_000).toISOString() : null,
    spam: i % 97 === 0,
    fields: {
      name,
      email: `lead${i}@example${i % 50}.test`,
      phone: `+1512${String(1_000_000 + (i % 8_999_999)).padStart(7, "0")}`,
      ...(i % 4 === 0 ? { message: `Looking for help with patios and lawn care, job ${i}` } : {}),
      ...(i % 3 === 0 ? { companyName: `${last[i % last.length]} Landscaping ${i % 1000}` } : {}),
    },
    metadata: {
      source: `${form}_form`,
      page: "/",
      landingPage: "/",
      referrer: null,
      timestamp: createdAt,
      userAgent: "bench",
      utm: source ? { utm_source: source, utm_campaign: `spring-${i % 7}` } : {},
      ipHash: null,
      spamReasons: i % 97 === 0 ? ["honeypot"] : [],
    },
  };
}

function seedSqlite(store) {
  const db = store.database;
  const insert = db.prepare(
    `INSERT INTO leads (id, kind, form, subject, created_at, spam, fields, metadata, status,
                        first_contacted_at)
     VALUES (?, ?, ?, NULL, ?, ?, ?, ?, ?, ?)`,
  );
  for (let i = 0; i < total; i += 20_000) {
    db.exec("BEGIN");
    for (let j = i; j < Math.min(total, i + 20_000); j++) {
      const l = lead(j);
      insert.run(
        l.id,
        l.kind,
        l.form,
        l.createdAt,
        l.spam ? 1 : 0,
        JSON.stringify(l.fields),
        JSON.stringify(l.metadata),
        l.status,
        l.firstContactedAt,
      );
    }
    db.exec("COMMIT");
  }
  // The inserts noted every lead as pending for search (migration 11): index them now, as the
  // server would in its first quiet second.
  store.indexSearch();
  // One lead in 100 with a follow-up due within 30 days either side of now (the Due view).
  db.exec(`INSERT OR IGNORE INTO lead_follow_ups (lead_id, due_at, note, set_by, set_at)
           SELECT id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now',
                               ((rowid * 7919) % 5184000 - 2592000) || ' seconds'),
                  'Call back', NULL, created_at
           FROM leads WHERE rowid % 100 = 0`);
  db.exec("ANALYZE");
}

async function seedPostgres(store) {
  const sql = store.sql;
  for (let i = 0; i < total; i += 5_000) {
    const rows = [];
    for (let j = i; j < Math.min(total, i + 5_000); j++) {
      const l = lead(j);
      rows.push({
        id: l.id,
        kind: l.kind,
        form: l.form,
        created_at: l.createdAt,
        spam: l.spam,
        fields: sql.json(l.fields),
        metadata: sql.json(l.metadata),
        status: l.status,
        first_contacted_at: l.firstContactedAt,
      });
    }
    await sql`INSERT INTO leads ${sql(rows, "id", "kind", "form", "created_at", "spam", "fields", "metadata", "status", "first_contacted_at")}`;
  }
  // The search index in bulk (the server's intake notes each lead as pending instead).
  await sql`INSERT INTO lead_search (lead_id, doc, phone)
            SELECT id, ${sql.unsafe(PG_SEARCH_TEXT)}, ${sql.unsafe(PG_SEARCH_PHONE)} FROM leads
            ON CONFLICT (lead_id) DO NOTHING`;
  // One lead in 100 with a follow-up due within 30 days either side of now (the Due view).
  await sql`INSERT INTO lead_follow_ups (lead_id, due_at, note, set_by, set_at)
            SELECT id, now() + ((abs(hashtext(id)) % 5184000) - 2592000) * interval '1 second',
                   'Call back', NULL, created_at
            FROM leads WHERE abs(hashtext(id)) % 100 = 0
            ON CONFLICT (lead_id) DO NOTHING`;
  await sql`ANALYZE leads`;
  await sql`ANALYZE lead_search`;
  await sql`ANALYZE lead_follow_ups`;
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

async function timed(label, fn) {
  const times = [];
  await fn(0); // warm
  for (let r = 1; r <= rounds; r++) {
    const t = performance.now();
    await fn(r);
    times.push(performance.now() - t);
  }
  const p95 = percentile(times, 95);
  return { label, p50: percentile(times, 50).toFixed(1), p95: p95.toFixed(1), ok: p95 <= 50 };
}

async function run(driver) {
  let store;
  let cleanup;
  if (driver === "sqlite") {
    const dir = keepDir || mkdtempSync(join(tmpdir(), "bench-inbox-"));
    store = new SqliteLeadStore(join(dir, "leads.db"));
    cleanup = async () => keepDir || rmSync(dir, { recursive: true, force: true });
  } else {
    const schema = keepSchema || `bench_inbox_${process.pid}`;
    store = new PostgresLeadStore(databaseUrl, { schema });
    await store.migrate();
    cleanup = async () => {
      if (!keepSchema) await store.sql.unsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    };
  }
  try {
    const t0 = performance.now();
    // A kept store (INBOX_DATA_DIR, INBOX_SCHEMA) is seeded once and measured again as it is.
    if ((await store.countLeads()) === 0) {
      if (driver === "sqlite") seedSqlite(store);
      else await seedPostgres(store);
    }
    const seeded = ((performance.now() - t0) / 1000).toFixed(0);
    const admin = adminStoreFor(store);
    const staff = await admin.ensureStaff({
      id: "bench-staff",
      email: "bench@example.test",
      role: "owner",
      at: new Date().toISOString(),
    });
    const pick = (r) => lead(Math.floor((r * 7919 * 104729) % total));
    const rows = [
      // As /admin renders it: the page, the title's count and the speed-to-lead line.
      // (The speed-to-lead period is the last 30 days of the seeded two years.)
      await timed("first page", async () => {
        await admin.inboxPage({ spam: false, limit: 50 });
        await admin.inboxCounts(new Date().toISOString());
        await admin.speedToLead({
          from: new Date(START + SPAN - 30 * 86_400_000).toISOString(),
          to: new Date(START + SPAN).toISOString(),
        });
      }),
      await timed("filtered page", (r) =>
        admin.inboxPage({
          spam: false,
          limit: 50,
          status: statuses[r % 5],
          kind: forms[r % 6][0],
          from: new Date(START + (r % 20) * 30 * 86_400_000).toISOString(),
          to: new Date(START + ((r % 20) + 3) * 30 * 86_400_000).toISOString(),
        }),
      ),
      await timed("search", (r) =>
        admin.inboxPage({
          spam: false,
          limit: 50,
          search: `lead${pick(r + 1).fields.email.slice(4, 10)}`,
        }),
      ),
      await timed("search, common word", (r) =>
        admin.inboxPage({ spam: false, limit: 50, search: last[r % last.length].toLowerCase() }),
      ),
      await timed("search, phone digits", (r) =>
        admin.inboxPage({ spam: false, limit: 50, search: pick(r + 4).fields.phone.slice(5) }),
      ),
      await timed("lead page", async (r) => {
        const l = pick(r + 2);
        await store.get(l.id);
        await admin.leadWork(l.id);
        await admin.leadEvents(l.id);
        await admin.relatedLeads({ id: l.id, email: l.fields.email, phone: l.fields.phone }, 10);
        await store.listNotifications(["pending", "failed", "sent"], l.id);
      }),
      // As /admin?view=due renders it: the badge's count and the first page of due follow-ups.
      await timed("due view", async () => {
        const before = endOfAgencyDay(new Date()).toISOString();
        await admin.countDueFollowUps(before, DUE_CAP);
        await admin.dueFollowUps({ before, limit: DUE_PAGE + 1 });
      }),
      await timed("status change", (r) =>
        admin.setStatus(pick(r + 3).id, {
          status: statuses[r % 5],
          lostReason: r % 5 === 4 ? "price" : null,
          eventId: `bench-event-${driver}-${r}-${Math.random()}`,
          actorId: staff.id,
          at: new Date().toISOString(),
        }),
      ),
    ];
    const rss0 = process.memoryUsage().rss;
    let peak = rss0;
    const t1 = performance.now();
    let exported = 0;
    for await (const chunk of exportCsv(admin, { spam: false, limit: 50 })) {
      exported += chunk.split("\r\n").length - 1;
      peak = Math.max(peak, process.memoryUsage().rss);
    }
    const seconds = (performance.now() - t1) / 1000;
    return {
      driver,
      seeded,
      rows,
      export: {
        rows: exported - 1,
        perSecond: Math.round((exported - 1) / seconds),
        rssGrowthMb: ((peak - rss0) / 1048576).toFixed(1),
      },
    };
  } finally {
    await cleanup();
    await store.close();
  }
}

console.log(
  `bench:inbox: ${total.toLocaleString("en-US")} leads per store, ${rounds} rounds per query`,
);
for (const driver of drivers) {
  const r = await run(driver);
  console.log(`\n${driver} (seeded in ${r.seeded} s)`);
  console.log("| query | p50 ms | p95 ms | p95 ≤ 50 ms |");
  console.log("| --- | --- | --- | --- |");
  for (const row of r.rows)
    console.log(`| ${row.label} | ${row.p50} | ${row.p95} | ${row.ok ? "yes" : "no"} |`);
  const e = r.export;
  console.log(
    `CSV export: ${e.rows.toLocaleString("en-US")} rows at ${e.perSecond.toLocaleString("en-US")} rows/s, RSS growth ${e.rssGrowthMb} MB (targets 50,000 rows/s, < 100 MB)`,
  );
}
