/**
 * SQLite's new leads count in the Performance report through their search-index marks
 * (migration 39, decision D286), as PostgreSQL's have since migration 32: the insert writes no
 * roll-up row; the report still counts the lead at once; a change of a marked lead's fields, its
 * erasure, or its fields changing after the indexer folded it, never count it twice or take away
 * what was never added; a status change after the fold is logged as before. And a file whose
 * leads were logged by migration 29's insert trigger before migration 39 counts each once.
 */
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeStatus } from "../../src/admin/pipeline";
import type { AdminStore, StaffRecord } from "../../src/admin/store/types";
import { funnelTotals } from "../../src/analytics/store/funnel";
import { analyticsStoreFor } from "../../src/analytics/store/index";
import type { Db } from "../../src/db/driver";
import {
  applySqliteMigrations,
  migrations,
  migrationsTableSql,
} from "../../src/db/migrations/index";
import { foldLeadFunnel } from "../../src/leads/store/funnelFold";
import { SQLITE_INDEX_MARKED } from "../../src/leads/store/searchIndex";
import { SqliteLeadStore } from "../../src/leads/store/sqlite";
import { newLeadId } from "../../src/server/id";
import { contactLead, removeDir, rollupFixture, tempDir } from "./support";

/** 15:00 UTC: the same date on the agency's clock (New York) and on UTC. */
const DAY = "2026-05-02";
const at = (s: number) => `${DAY}T15:00:${String(s).padStart(2, "0")}.000Z`;
const fields = (i: number) => ({ name: "Sam Mark", email: `sam${i}@mark.test` });
const metadata = { page: "/pricing", landingPage: "/" };

describe("SQLite: a new lead counted through its mark (migration 39)", () => {
  const dir = tempDir("funnel-marks-");
  let leads: SqliteLeadStore;
  let store: AdminStore;
  let db: Db;
  let ann: StaffRecord;
  beforeAll(async () => {
    leads = new SqliteLeadStore(join(dir, "leads.db"));
    ({ store, db, ann } = await rollupFixture(leads));
  });
  afterAll(async () => {
    await leads?.close();
    removeDir(dir);
  });

  const logRows = async () =>
    Number((await db.one<{ n: unknown }>("SELECT count(*) AS n FROM lead_funnel_delta_log"))?.n);
  const totals = () => funnelTotals(db, DAY, DAY);
  const marks = async () =>
    Number((await db.one<{ n: unknown }>("SELECT count(*) AS n FROM lead_search_pending"))?.n);
  // The indexer moves every mark (here, or the store's own once intake was quiet for a second).
  const index = async () => {
    await leads.indexSearch();
    expect(await marks()).toBe(0);
  };
  const setCompany = (id: string, company: string) =>
    db.run("UPDATE leads SET fields = json_set(fields, '$.company', $1) WHERE id = $2", [
      company,
      id,
    ]);

  it("logs no row for an insert, and counts each lead once through changes and erasures", async () => {
    const kept = contactLead(at(1), { fields: fields(1), metadata });
    const erased = contactLead(at(2), { fields: fields(2), metadata });
    await leads.insert(kept);
    await leads.insert(erased);
    expect(await logRows()).toBe(0);
    expect((await totals()).leads).toBe(2);

    // A marked lead's fields change (an edit, a merge filling them): still once.
    await setCompany(kept.id, "Mark Yards");
    expect((await totals()).leads).toBe(2);
    // A marked lead erased: nothing logged, it leaves the count.
    await store.eraseLead(erased.id);
    expect(await logRows()).toBe(0);
    expect((await totals()).leads).toBe(1);

    // The indexer folds the one left into the roll-ups as its mark goes.
    await index();
    expect(await foldLeadFunnel(db)).toBe(0);
    expect((await totals()).leads).toBe(1);
    // Its fields change once folded: marked again for the index, not counted again.
    await setCompany(kept.id, "Mark Gardens");
    expect(await marks()).toBe(1);
    expect((await totals()).leads).toBe(1);
    await index();
    expect((await totals()).leads).toBe(1);

    // A status change once folded is logged (its old status out, its new one in).
    expect((await changeStatus(store, kept.id, { status: "won", value: "300" }, ann)).ok).toBe(
      true,
    );
    expect(await logRows()).toBe(2);
    expect(await totals()).toMatchObject({ leads: 1, won: 1, wonCents: 30_000, contacted: 1 });
    await foldLeadFunnel(db);
    expect(await logRows()).toBe(0);
    expect(await totals()).toMatchObject({ leads: 1, won: 1, wonCents: 30_000, contacted: 1 });
  });

  it("reads the marks first, even with statistics taken while no lead was pending", async () => {
    // bench:inbox at a million leads: statistics taken with no mark made SQLite scan every lead
    // for the few marked ones, in the report's view (7.5 s) and in the indexer's batch.
    for (let i = 10; i < 310; i++)
      await leads.insert(contactLead(at(i % 60), { fields: fields(i) }));
    await leads.indexSearch();
    await db.run("ANALYZE");
    await leads.insert(contactLead(at(59), { fields: fields(999), metadata }));
    const plan = async (sql: string) =>
      (await db.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`)).map((r) => r.detail);
    for (const steps of [
      await plan("SELECT * FROM lead_funnel_deltas WHERE day >= '2026-05-01'"),
      await plan(SQLITE_INDEX_MARKED.replace("?", "1")),
    ]) {
      // The marks read first (all, or a range of them), each lead then found by its rowid.
      const marks = steps.findIndex((s) => /^(SCAN|SEARCH) p\b/.test(s));
      const lead = steps.indexOf("SEARCH l USING INTEGER PRIMARY KEY (rowid=?)");
      expect(marks).toBeGreaterThanOrEqual(0);
      expect(lead).toBeGreaterThan(marks);
      expect(steps.filter((s) => / l\b/.test(s))).toEqual([steps[lead]]);
    }
    expect((await totals()).leads).toBe(302);
  });
});

describe("migration 39 on a SQLite file whose leads migration 29's trigger logged", () => {
  const dir = tempDir("funnel-marks-old-");
  afterAll(() => removeDir(dir));
  it("counts each of them once, folded or not, and the next lead through its mark", async () => {
    const file = join(dir, "leads.db");
    const old = new DatabaseSync(file);
    old.exec(migrationsTableSql);
    const record = old.prepare(
      "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
    );
    old.exec("BEGIN");
    applySqliteMigrations(
      old,
      migrations.filter((m) => m.version < 39),
      (m) => record.run(m.version, m.name, at(0)),
    );
    old.exec("COMMIT");
    const insert = old.prepare(
      `INSERT INTO leads (id, kind, form, subject, created_at, spam, fields, metadata)
       VALUES (?, 'contact', 'contact', NULL, ?, 0, ?, ?)`,
    );
    for (const i of [1, 2]) {
      insert.run(newLeadId(), at(i), JSON.stringify(fields(i)), JSON.stringify(metadata));
    }
    // Each left a logged row and a mark (not indexed yet, not folded yet).
    expect(old.prepare("SELECT count(*) AS n FROM lead_funnel_deltas").get()).toEqual({ n: 2 });
    expect(old.prepare("SELECT count(*) AS n FROM lead_search_pending").get()).toEqual({ n: 2 });
    old.close();

    const reopened = new SqliteLeadStore(file);
    try {
      const db = analyticsStoreFor(reopened).db;
      expect((await funnelTotals(db, DAY, DAY)).leads).toBe(2);
      await reopened.insert(contactLead(at(3), { fields: fields(3), metadata }));
      expect((await funnelTotals(db, DAY, DAY)).leads).toBe(3);
      expect(reopened.appliedOnOpen).toContain(39);
      await reopened.indexSearch();
      await foldLeadFunnel(db);
      expect((await funnelTotals(db, DAY, DAY)).leads).toBe(3);
    } finally {
      await reopened.close();
    }
  });
});
