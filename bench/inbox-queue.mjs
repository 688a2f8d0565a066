#!/usr/bin/env node
/**
 * `npm run bench:inbox-queue`: the inbox's assignee and tag filters (issue 27, migration 24) at a
 * realistic size, on both stores. Seeds QUEUE_LEADS leads (default 100,000; 1,000,000 is the
 * issue's size) into a temporary SQLite file and a PostgreSQL schema of its own: a third of them
 * assigned (to one of seven accounts), tags 'common' (a third of the leads), 'some' (one in 50)
 * and 'rare' (one in 2,000); then ANALYZE, as autovacuum would. Times each filter's first page and
 * a page deep in it (the keyset cursor at the middle of the range), QUEUE_ROUNDS times (default
 * 20), printing p50 and p95 in ms, and on PostgreSQL the plan of the slowest. Target: p95 at most
 * 50 ms. Settings: QUEUE_LEADS, QUEUE_ROUNDS, BENCH_DRIVERS ("sqlite,postgres"),
 * BENCH_DATABASE_URL (else TEST_DATABASE_URL, else the local test database).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { adminStoreFor } from "../src/admin/store/index.ts";
import { PostgresLeadStore } from "../src/leads/store/postgres.ts";
import { SqliteLeadStore } from "../src/leads/store/sqlite.ts";

const total = Number(process.env.QUEUE_LEADS ?? 100_000);
const rounds = Number(process.env.QUEUE_ROUNDS ?? 20);
const drivers = (process.env.BENCH_DRIVERS ?? "sqlite,postgres").split(",").map((d) => d.trim());
const databaseUrl =
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  "postgres://postgres@127.0.0.1:5432/test";

const START = Date.UTC(2024, 10, 1);
const SPAN = 2 * 365 * 86_400_000;
const STAFF = Array.from({ length: 7 }, (_, i) => `bench-staff-${i}`);

function lead(i) {
  const at = START + Math.floor((i / total) * SPAN);
  const createdAt = new Date(at).toISOString();
  const hex = at.toString(16).padStart(12, "0");
  return {
    id: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7000-8000-${i.toString(16).padStart(12, "0")}`,
    createdAt,
    spam: i % 97 === 0,
    assignee: i % 3 === 0 ? STAFF[i % STAFF.length] : null,
    tags: [
      ...(i % 3 === 1 ? ["common"] : []),
      ...(i % 50 === 7 ? ["some"] : []),
      ...(i % 2000 === 11 ? ["rare"] : []),
    ],
    fields: JSON.stringify({ name: `Bench Lead ${i}`, email: `lead${i}@example.test` }),
    metadata: JSON.stringify({ source: "contact_form", page: "/", timestamp: createdAt, utm: {} }),
  };
}

function seedSqlite(store) {
  const db = store.database;
  const at = new Date(START).toISOString();
  for (const id of STAFF) {
    db.prepare(
      `INSERT INTO staff (id, email, role, password_hash, created_at, updated_at)
       VALUES (?, ?, 'staff', NULL, ?, ?)`,
    ).run(id, `${id}@bench.test`, at, at);
  }
  const insert = db.prepare(
    `INSERT INTO leads (id, kind, form, subject, created_at, spam, fields, metadata, assignee_id)
     VALUES (?, 'contact', 'contact', NULL, ?, ?, ?, ?, ?)`,
  );
  const tag = db.prepare("INSERT INTO lead_tags (lead_id, tag, added_at) VALUES (?, ?, ?)");
  for (let i = 0; i < total; i += 20_000) {
    db.exec("BEGIN");
    for (let j = i; j < Math.min(total, i + 20_000); j++) {
      const l = lead(j);
      insert.run(l.id, l.createdAt, l.spam ? 1 : 0, l.fields, l.metadata, l.assignee);
      for (const t of l.tags) tag.run(l.id, t, l.createdAt);
    }
    db.exec("COMMIT");
  }
  db.exec("DELETE FROM lead_search_pending");
  db.exec("ANALYZE");
}

async function seedPostgres(store) {
  const sql = store.sql;
  const at = new Date(START).toISOString();
  for (const id of STAFF) {
    await sql`INSERT INTO staff (id, email, role, password_hash, created_at, updated_at)
              VALUES (${id}, ${`${id}@bench.test`}, 'staff', NULL, ${at}, ${at})`;
  }
  for (let i = 0; i < total; i += 5_000) {
    const rows = [];
    const tags = [];
    for (let j = i; j < Math.min(total, i + 5_000); j++) {
      const l = lead(j);
      rows.push({
        id: l.id,
        kind: "contact",
        form: "contact",
        created_at: l.createdAt,
        spam: l.spam,
        fields: sql.json(JSON.parse(l.fields)),
        metadata: sql.json(JSON.parse(l.metadata)),
        assignee_id: l.assignee,
      });
      for (const t of l.tags) tags.push({ lead_id: l.id, tag: t, added_at: l.createdAt });
    }
    await sql`INSERT INTO leads ${sql(rows, "id", "kind", "form", "created_at", "spam", "fields", "metadata", "assignee_id")}`;
    if (tags.length) await sql`INSERT INTO lead_tags ${sql(tags, "lead_id", "tag", "added_at")}`;
  }
  await sql`DELETE FROM lead_search_pending`;
  await sql`ANALYZE leads`;
  await sql`ANALYZE lead_tags`;
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

async function run(driver) {
  let store;
  let cleanup;
  if (driver === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "bench-queue-"));
    store = new SqliteLeadStore(join(dir, "leads.db"));
    seedSqlite(store);
    cleanup = async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    };
  } else {
    const schema = `bench_queue_${process.pid}`;
    store = new PostgresLeadStore(databaseUrl, { schema });
    await store.migrate();
    await seedPostgres(store);
    cleanup = async () => {
      await store.sql.unsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await store.close();
    };
  }
  const admin = adminStoreFor(store);
  const middle = lead(Math.floor(total / 2));
  const cases = [
    ["assignee", { assignee: STAFF[3] }],
    ["unassigned", { assignee: null }],
    ["tag common (1/3)", { tag: "common" }],
    ["tag some (1/50)", { tag: "some" }],
    ["tag rare (1/2000)", { tag: "rare" }],
    ["assignee + tag some", { assignee: STAFF[0], tag: "some" }],
  ];
  const results = [];
  for (const [label, filter] of cases) {
    for (const deep of [false, true]) {
      const query = {
        spam: false,
        limit: 50,
        ...filter,
        ...(deep ? { before: { createdAt: middle.createdAt, id: middle.id } } : {}),
      };
      const times = [];
      await admin.inboxPage(query);
      for (let r = 0; r < rounds; r++) {
        const t = performance.now();
        await admin.inboxPage(query);
        times.push(performance.now() - t);
      }
      results.push({
        label: `${label}${deep ? ", from the middle" : ""}`,
        query,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
      });
    }
  }
  console.log(`\n${driver}, ${total.toLocaleString("en-US")} leads`);
  for (const r of results) {
    console.log(
      `  ${r.label.padEnd(40)} p50 ${r.p50.toFixed(1).padStart(7)} ms   p95 ${r.p95.toFixed(1).padStart(7)} ms${r.p95 <= 50 ? "" : "  (over 50 ms)"}`,
    );
  }
  if (driver === "postgres") {
    const slowest = results.reduce((a, b) => (b.p95 > a.p95 ? b : a));
    const q = slowest.query;
    const where = [
      "spam = false",
      "completed_by IS NULL",
      ...(q.assignee === null ? ["assignee_id IS NULL"] : q.assignee ? ["assignee_id = $1"] : []),
      ...(q.tag
        ? [`EXISTS (SELECT 1 FROM lead_tags t WHERE t.lead_id = leads.id AND t.tag = '${q.tag}')`]
        : []),
      ...(q.before
        ? [`(created_at, id) < ('${q.before.createdAt}'::timestamptz, '${q.before.id}')`]
        : []),
    ].join(" AND ");
    const plan = await store.sql.unsafe(
      `EXPLAIN (ANALYZE, BUFFERS) SELECT id FROM leads WHERE ${where}
       ORDER BY created_at DESC, id DESC LIMIT 51`,
      q.assignee ? [q.assignee] : [],
    );
    console.log(`  plan of the slowest (${slowest.label}):`);
    for (const row of plan) console.log(`    ${row["QUERY PLAN"]}`);
  }
  await cleanup();
}

for (const driver of drivers) await run(driver);
