#!/usr/bin/env node
/**
 * `npm run bench:inbox`: the staff inbox's queries at a realistic size, on a store as a new
 * deployment has it. Seeds INBOX_LEADS leads (default 1,000,000: six forms, five statuses, two
 * years of dates, UTM sources and campaigns, names, emails, phones, a few messages) into a
 * temporary SQLite file and into a schema of its own on PostgreSQL, through the stores' own
 * search indexing (each insert noted as pending, indexed in the stores' batches), then ANALYZEs
 * as autovacuum would, and times on each store the calls a page makes (src/admin/store, the same
 * code the server runs; nothing rebuilt or tuned by hand): the named queries in `queries` below,
 * each INBOX_ROUNDS times (default 40), printing p50 and p95 in ms; then the CSV export of every
 * lead (rows/s and the growth of the process's resident memory). Last, the slowest query runs
 * once more with its SQL caught, and the plan of its slowest statement is printed (EXPLAIN
 * ANALYZE on PostgreSQL, EXPLAIN QUERY PLAN with the statement's time on SQLite). The load
 * average is printed beside the figures: the machine may be shared.
 *
 * Targets (issues 14 and 27): p95 at most 50 ms for each; export 50,000 rows/s with RSS growth
 * under 100 MB. Settings: INBOX_LEADS, INBOX_ROUNDS, BENCH_DRIVERS ("sqlite,postgres"),
 * INBOX_QUERIES (names to time, separated by ";"; default all), INBOX_EXPORT=0 (no export),
 * INBOX_DATA_DIR and INBOX_SCHEMA
 * (keep the SQLite file and the PostgreSQL schema, seeded once), BENCH_DATABASE_URL (else
 * TEST_DATABASE_URL, else the local test database).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { StatementSync } from "node:sqlite";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { exportCsv } from "../src/admin/export.ts";
import { adminStoreFor } from "../src/admin/store/index.ts";
import { INBOX_COUNT_CAP } from "../src/admin/inbox.ts";
import { performanceReport, readPeriod } from "../src/analytics/report.ts";
import { analyticsStoreFor } from "../src/analytics/store/index.ts";
import { DUE_CAP, DUE_PAGE, endOfAgencyDay } from "../src/admin/followUps.ts";
import { PostgresLeadStore } from "../src/leads/store/postgres.ts";
import { SqliteLeadStore } from "../src/leads/store/sqlite.ts";

const total = Number(process.env.INBOX_LEADS ?? 1_000_000);
const rounds = Number(process.env.INBOX_ROUNDS ?? 40);
const drivers = (process.env.BENCH_DRIVERS ?? "sqlite,postgres").split(",").map((d) => d.trim());
const only = process.env.INBOX_QUERIES?.split(";").map((q) => q.trim());
const exporting = process.env.INBOX_EXPORT !== "0";
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

async function seedSqlite(store) {
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
  await store.indexSearch();
  // One lead in 100 with a follow-up due within 30 days either side of now (the Due view).
  db.exec(`INSERT OR IGNORE INTO lead_follow_ups (lead_id, due_at, note, set_by, set_at)
           SELECT id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now',
                               ((rowid * 7919) % 5184000 - 2592000) || ' seconds'),
                  'Call back', NULL, created_at
           FROM leads WHERE rowid % 100 = 0`);
  // Tags (migration 24): 'mowing' on one lead in 3, 'spring' on one in 50, 'hoa' on one in 2,000.
  db.exec(`INSERT INTO lead_tags (lead_id, tag, added_by, added_at)
           SELECT id, 'mowing', NULL, created_at FROM leads WHERE rowid % 3 = 0
           UNION ALL SELECT id, 'spring', NULL, created_at FROM leads WHERE rowid % 50 = 0
           UNION ALL SELECT id, 'hoa', NULL, created_at FROM leads WHERE rowid % 2000 = 0`);
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
    // As the server's insert does: each lead noted as pending for the search index…
    await sql`
      WITH lead AS (
        INSERT INTO leads ${sql(rows, "id", "kind", "form", "created_at", "spam", "fields", "metadata", "status", "first_contacted_at")}
        RETURNING id)
      INSERT INTO lead_search_pending (lead_id) SELECT id FROM lead`;
    // …and indexed in the store's own batches once the backlog is SEARCH_BACKLOG (20,000).
    if ((i / 5_000) % 4 === 3) await store.indexSearch();
  }
  await store.indexSearch();
  // One lead in 100 with a follow-up due within 30 days either side of now (the Due view).
  await sql`INSERT INTO lead_follow_ups (lead_id, due_at, note, set_by, set_at)
            SELECT id, now() + ((abs(hashtext(id)) % 5184000) - 2592000) * interval '1 second',
                   'Call back', NULL, created_at
            FROM leads WHERE abs(hashtext(id)) % 100 = 0
            ON CONFLICT (lead_id) DO NOTHING`;
  // Tags (migration 24): 'mowing' on one lead in 3, 'spring' on one in 50, 'hoa' on one in 2,000.
  await sql`INSERT INTO lead_tags (lead_id, tag, added_by, added_at)
            SELECT id, t.tag, NULL, created_at FROM leads
            JOIN (VALUES ('mowing', 3), ('spring', 50), ('hoa', 2000)) AS t (tag, every)
              ON abs(hashtext(id || t.tag)) % t.every = 0`;
  // What autovacuum's analyze would have done by now, table by table in the bench's schema (no
  // VACUUM, no REINDEX: a new deployment has had neither).
  const tables = await sql`SELECT tablename FROM pg_tables WHERE schemaname = current_schema()`;
  for (const { tablename } of tables) await sql.unsafe(`ANALYZE "${tablename}"`);
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
  return { label, p50: percentile(times, 50), p95, ok: p95 <= 50 };
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");

/**
 * The SQL statements `fn` runs, each with its parameters (and, on SQLite, its time): caught as
 * the driver sends them, to explain the slowest query's plan.
 */
async function caught(driver, store, fn) {
  const seen = [];
  if (driver === "postgres") {
    store.sql.options.debug = (_connection, query, parameters) =>
      seen.push({ query, parameters: [...parameters] });
    try {
      await fn();
    } finally {
      store.sql.options.debug = undefined;
    }
    return seen;
  }
  const methods = ["all", "get", "run", "iterate"];
  const originals = methods.map((m) => StatementSync.prototype[m]);
  methods.forEach((m, i) => {
    StatementSync.prototype[m] = function (...parameters) {
      const t = performance.now();
      try {
        return originals[i].apply(this, parameters);
      } finally {
        seen.push({ query: this.sourceSQL, parameters, ms: performance.now() - t });
      }
    };
  });
  try {
    await fn();
  } finally {
    methods.forEach((m, i) => (StatementSync.prototype[m] = originals[i]));
  }
  return seen;
}

/** The plan of the slowest statement `fn` runs (writes explained inside a rolled-back transaction). */
async function slowestPlan(driver, store, fn) {
  const statements = (await caught(driver, store, fn)).filter((s) =>
    /^\s*(WITH|SELECT|INSERT|UPDATE|DELETE)/i.test(s.query),
  );
  if (driver === "sqlite") {
    const slowest = statements.sort((a, b) => b.ms - a.ms)[0];
    if (!slowest) return "(no statement)";
    const plan = store.database
      .prepare(`EXPLAIN QUERY PLAN ${slowest.query}`)
      .all(...slowest.parameters)
      .map((r) => r.detail)
      .join("\n");
    return `${slowest.query.trim()}\n-- ${slowest.ms.toFixed(1)} ms (SQLite has no EXPLAIN ANALYZE)\n${plan}`;
  }
  let worst = { ms: -1, text: "(no statement)" };
  for (const s of statements) {
    const text = await store.sql
      .begin(async (tx) => {
        const rows = await tx.unsafe(`EXPLAIN (ANALYZE, BUFFERS) ${s.query}`, s.parameters);
        throw { plan: rows.map((r) => r["QUERY PLAN"]).join("\n") }; // roll back
      })
      .catch((e) => (e && typeof e.plan === "string" ? e.plan : `(not explained: ${e})`));
    const ms = Number(/Execution Time: ([\d.]+)/.exec(text)?.[1] ?? 0);
    if (ms > worst.ms) worst = { ms, text: `${s.query.trim()}\n${text}` };
  }
  return worst.text;
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
      if (driver === "sqlite") await seedSqlite(store);
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
    /**
     * What the inbox's pages ask, by name: a query is one entry here (the views that come with
     * tags, saved views or the revenue report are each one more entry, timed and explained the
     * same way).
     */
    const queries = [
      // As /admin renders it: the page, the title's count and the speed-to-lead line.
      // (The speed-to-lead period is the last 30 days of the seeded two years.)
      {
        name: "first page",
        run: async () => {
          await admin.inboxPage({ spam: false, limit: 50 });
          await admin.inboxTotal({ spam: false, limit: 50 }, INBOX_COUNT_CAP + 1);
          await admin.inboxCounts(new Date().toISOString());
          await admin.speedToLead({
            from: new Date(START + SPAN - 30 * 86_400_000).toISOString(),
            to: new Date(START + SPAN).toISOString(),
          });
        },
      },
      {
        name: "filtered page",
        run: (r) =>
          admin.inboxPage({
            spam: false,
            limit: 50,
            status: statuses[r % 5],
            kind: forms[r % 6][0],
            from: new Date(START + (r % 20) * 30 * 86_400_000).toISOString(),
            to: new Date(START + ((r % 20) + 3) * 30 * 86_400_000).toISOString(),
          }),
      },
      {
        name: "search",
        run: (r) =>
          admin.inboxPage({
            spam: false,
            limit: 50,
            search: `lead${pick(r + 1).fields.email.slice(4, 10)}`,
          }),
      },
      {
        // 'meadows' is one lead in eight (~161,000 at a million).
        name: "search, common word",
        run: (r) =>
          admin.inboxPage({ spam: false, limit: 50, search: last[r % last.length].toLowerCase() }),
      },
      {
        name: "search, common word, page 2",
        run: async (r) => {
          const search = last[r % last.length].toLowerCase();
          const first = await admin.inboxPage({ spam: false, limit: 50, search });
          const end = first[49].lead;
          await admin.inboxPage({
            spam: false,
            limit: 50,
            search,
            before: { createdAt: end.createdAt, id: end.id },
          });
        },
      },
      {
        name: "search, phone digits",
        run: (r) =>
          admin.inboxPage({ spam: false, limit: 50, search: pick(r + 4).fields.phone.slice(5) }),
      },
      {
        name: "lead page",
        run: async (r) => {
          const l = pick(r + 2);
          await store.get(l.id);
          await admin.leadWork(l.id);
          await admin.leadEvents(l.id);
          await admin.relatedLeads({ id: l.id, email: l.fields.email, phone: l.fields.phone }, 10);
          await store.listNotifications(["pending", "failed", "sent"], l.id);
        },
      },
      // As /admin?view=due renders it: the badge's count and the first page of due follow-ups.
      {
        name: "due view",
        run: async () => {
          const before = endOfAgencyDay(new Date()).toISOString();
          await admin.countDueFollowUps(before, DUE_CAP);
          await admin.dueFollowUps({ before, limit: DUE_PAGE + 1 });
        },
      },
      // A tag one lead in 50 carries, with the page's count (the list's Tags column comes with
      // every page).
      {
        name: "tag filter",
        run: async () => {
          const q = { spam: false, limit: 50, tag: "spring" };
          await admin.inboxPage(q);
          await admin.inboxTotal(q, INBOX_COUNT_CAP + 1);
        },
      },
      // /admin/performance for the last 30 days: visits, the funnel to won value, the pipeline.
      {
        name: "performance report",
        run: () => {
          const now = new Date(START + SPAN);
          const { period, previous } = readPeriod(new URLSearchParams("period=30d"), now);
          return performanceReport(analyticsStoreFor(store), period, previous, now);
        },
      },
      {
        name: "status change",
        run: (r) =>
          admin.setStatus(pick(r + 3).id, {
            status: statuses[r % 5],
            lostReason: r % 5 === 4 ? "price" : null,
            eventId: `bench-event-${driver}-${r}-${Math.random()}`,
            actorId: staff.id,
            at: new Date().toISOString(),
          }),
      },
    ];
    const rows = [];
    for (const q of queries) {
      if (only && !only.includes(q.name)) continue;
      rows.push({ ...(await timed(q.name, q.run)), run: q.run });
    }
    const rss0 = process.memoryUsage().rss;
    let peak = rss0;
    const t1 = performance.now();
    let exported = 0;
    for await (const chunk of exporting ? exportCsv(admin, { spam: false, limit: 50 }) : []) {
      exported += chunk.split("\r\n").length - 1;
      peak = Math.max(peak, process.memoryUsage.rss());
    }
    const seconds = (performance.now() - t1) / 1000;
    const slowest = [...rows].sort((a, b) => b.p95 - a.p95)[0];
    const plan = slowest && (await slowestPlan(driver, store, () => slowest.run(rounds + 1)));
    return {
      driver,
      seeded,
      rows,
      load: load(),
      slowest: slowest && { label: slowest.label, plan },
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
  `bench:inbox: ${total.toLocaleString("en-US")} leads per store, ${rounds} rounds per query; load average ${load()}`,
);
for (const driver of drivers) {
  const r = await run(driver);
  console.log(`\n${driver} (seeded in ${r.seeded} s; load average after ${r.load})`);
  console.log("| query | p50 ms | p95 ms | p95 ≤ 50 ms |");
  console.log("| --- | --- | --- | --- |");
  for (const row of r.rows) {
    const cells = [row.label, row.p50.toFixed(1), row.p95.toFixed(1), row.ok ? "yes" : "no"];
    console.log(`| ${cells.join(" | ")} |`);
  }
  const e = r.export;
  if (exporting)
    console.log(
      `CSV export: ${e.rows.toLocaleString("en-US")} rows at ${e.perSecond.toLocaleString("en-US")} rows/s, RSS growth ${e.rssGrowthMb} MB (targets 50,000 rows/s, < 100 MB)`,
    );
  if (r.slowest)
    console.log(
      `\nThe slowest query, ${r.slowest.label}: its slowest statement\n${r.slowest.plan}`,
    );
}
