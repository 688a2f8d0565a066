/**
 * The inbox search on its indexes (migration 8: FTS5 trigram on SQLite, pg_trgm on PostgreSQL),
 * on a temporary SQLite file and the real PostgreSQL. Every answer is checked against the same
 * search done by hand over the leads inserted: case-insensitive words in the name, email,
 * company or message, phone digits, every word required, words under three characters filtering
 * the rest, newest first with keyset pages — for a rare word and for a word thousands of leads
 * share (SQLite walks those newest first instead of sorting every match). Erased leads are gone
 * from it; leads stored before the index existed are found after it is built. Since migration 11
 * a new lead is indexed in a batch once intake is quiet: it is found while still pending, the
 * store indexes it within a couple of seconds, and erasing it before or after leaves nothing.
 */
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORT_BATCH, exportCsv } from "../../src/admin/export";
import { adminStoreFor } from "../../src/admin/store/index";
import type { AdminStore, InboxQuery } from "../../src/admin/store/types";
import { migrations, migrationsTableSql } from "../../src/db/migrations/index";
import { POSTGRES_FOLD_LOCK } from "../../src/leads/store/funnelSql";
import { PostgresLeadStore } from "../../src/leads/store/postgres";
import { PG_INDEX_BATCH } from "../../src/leads/store/searchIndex";
import { SqliteLeadStore } from "../../src/leads/store/sqlite";
import type { LeadRecord, LeadStore } from "../../src/leads/store/types";
import {
  contactLead,
  dropSchema,
  onBothStores,
  postgresAvailable,
  removeDir,
  tempDir,
  testDatabaseUrl,
  uniqueSchema,
} from "./support";

const BASE = Date.UTC(2027, 5, 1, 12);
const COUNT = 2_300;

function lead(i: number): LeadRecord {
  const createdAt = new Date(BASE + i * 60_000).toISOString();
  const fields: Record<string, string> = {
    // Rarefind: two of the newest 500 leads and eight older ones; Earlybird: only older leads.
    name:
      (i % 10 === 0 ? `Jo Ñandú ${i}` : `Person ${i}`) +
      (i % 241 === 0 ? " Rarefind" : "") +
      (i < 1_200 && i % 5 === 0 ? " Earlybird" : ""),
    email: `p${i}@${i % 3 ? "gmail" : "outlook"}.test`,
    phone: `+1512555${String(1000 + (i % 9000)).padStart(4, "0")}`,
  };
  if (i % 4 === 0) fields.companyName = `Meadow Crew ${i % 7}`;
  if (i % 50 === 0) fields.message = `Need 100% more patio_leads, job ${i}`;
  return contactLead(createdAt, {
    id: `${String(i).padStart(8, "0")}-search-test`,
    fields,
    metadata: { page: "/" },
  });
}

/** The search by hand: every term in the text (or, for digits, in the phone). */
function matches(l: LeadRecord, search: string): boolean {
  const f = l.fields;
  const text = [f.name, f.email, f.companyName, f.message].filter(Boolean).join(" ").toLowerCase();
  return search
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((w) =>
      /^[\d()+.-]+$/.test(w) && w.replace(/\D/g, "").length >= 3
        ? (f.phone ?? "").replace("+", "").includes(w.replace(/\D/g, ""))
        : text.includes(w),
    );
}

function suite(name: string, open: () => Promise<LeadStore>, cleanup: () => Promise<void>) {
  describe(`inbox search: ${name}`, () => {
    let leads: LeadStore;
    let store: AdminStore;
    const all = Array.from({ length: COUNT }, (_, i) => lead(i));
    const newestFirst = [...all].reverse();
    beforeAll(async () => {
      leads = await open();
      store = adminStoreFor(leads);
      for (const l of all) await leads.insert(l);
    }, 120_000);
    afterAll(async () => {
      await leads?.close();
      await cleanup();
    });

    /** Every page of a search, following the cursor. */
    async function everyPage(search: string, extra: Partial<InboxQuery> = {}, limit = 50) {
      const found: string[] = [];
      let before: InboxQuery["before"];
      for (;;) {
        const page = await store.inboxPage({ spam: false, limit, search, before, ...extra });
        found.push(...page.slice(0, limit).map((p) => p.lead.id));
        if (page.length <= limit) return found;
        const last = page[limit - 1]!.lead;
        before = { createdAt: last.createdAt, id: last.id };
      }
    }
    const expected = (search: string, keep: (l: LeadRecord) => boolean = () => true) =>
      newestFirst.filter((l) => keep(l) && matches(l, search)).map((l) => l.id);

    it("finds a rare word, case-insensitively, in each searched field, newest first", async () => {
      for (const search of ["P1234@GMAIL", "person 2299", "patio_leads", "100%", "ÑANDÚ 2290"]) {
        const want = expected(search);
        expect(want.length, search).toBeGreaterThan(0);
        expect(await everyPage(search), search).toEqual(want);
      }
      expect(await everyPage("no-such-person-anywhere")).toEqual([]);
    });

    it("a word thousands of leads share pages the same as a rare one, with filters", async () => {
      const want = expected("gmail");
      expect(want.length).toBeGreaterThan(1_500);
      const first = await store.inboxPage({ spam: false, limit: 50, search: "gmail" });
      expect(first.map((p) => p.lead.id)).toEqual(want.slice(0, 51));
      expect(await everyPage("gmail", {}, 400)).toEqual(want);
      const window = {
        from: new Date(BASE + 100 * 60_000).toISOString(),
        to: new Date(BASE + 900 * 60_000).toISOString(),
      };
      const inWindow = (l: LeadRecord) => l.createdAt >= window.from && l.createdAt < window.to;
      expect(await everyPage("gmail crew", window, 30)).toEqual(expected("gmail crew", inWindow));
    });

    it("pages alike however the store finds the matches: newest first, the rest from the index", async () => {
      // PostgreSQL walks the newest leads first and leaves a rare word to the trigram index
      // (nextWalk in src/admin/search.ts); SQLite walks past 2,000 matches. Each word below
      // takes another mix of the two; every page size must give the same leads in the same order.
      const words = [
        "gmail", // thousands of matches: the walk fills the page
        "rarefind", // two in the newest 500, eight older: the walk, then the index
        "earlybird", // none in the newest 500: the index
        "person 22", // a word and a short one
        "512-555", // every phone: the walk
        "555-2", // a thousand phones, the newest of them first
        "555-12", // a hundred older phones: the index
        "rarefind 512", // a word and phone digits
        "p22@gmail",
      ];
      for (const search of words) {
        const want = expected(search);
        expect(want.length, search).toBeGreaterThan(0);
        for (const limit of want.length > 300 ? [50, 300] : [1, 7, 50]) {
          expect(await everyPage(search, {}, limit), `${search}, ${limit} a page`).toEqual(want);
        }
      }
      expect(expected("rarefind").length).toBe(10);
      const window = {
        from: new Date(BASE + 200 * 60_000).toISOString(),
        to: new Date(BASE + 2_000 * 60_000).toISOString(),
      };
      const inWindow = (l: LeadRecord) => l.createdAt >= window.from && l.createdAt < window.to;
      for (const search of ["rarefind", "earlybird", "gmail meadow", "555-2"]) {
        expect(await everyPage(search, window, 7), search).toEqual(expected(search, inWindow));
      }
    });

    it("the CSV export of a view reads it batch after batch, every lead once, newest first", async () => {
      const ids = async (query: InboxQuery) => {
        let file = "";
        for await (const chunk of exportCsv(store, query)) file += chunk;
        // The lead's id is the last cell of each line (after the header).
        return file
          .trimEnd()
          .split("\r\n")
          .slice(1)
          .map((line) => line.slice(line.lastIndexOf(",") + 2, -1));
      };
      expect(await ids({ spam: false, limit: 50 })).toEqual(newestFirst.map((l) => l.id));
      expect(EXPORT_BATCH).toBeLessThan(expected("gmail").length);
      expect(await ids({ spam: false, limit: 50, search: "gmail" })).toEqual(expected("gmail"));
      expect(await ids({ spam: false, limit: 50, search: "rarefind" })).toEqual(
        expected("rarefind"),
      );
    });

    it("phone digits search the phone; short words filter what the long ones found", async () => {
      expect(await everyPage("512-555-1234")).toEqual(expected("512-555-1234"));
      expect(await everyPage("jo outlook")).toEqual(expected("jo outlook"));
      // Short words alone still search (a scan).
      expect(
        (await store.inboxPage({ spam: false, limit: 5, search: "jo" })).map((p) => p.lead.id),
      ).toEqual(expected("jo").slice(0, 6));
    });

    it("an erased lead is gone from the search; a new one is found at once", async () => {
      const target = all[2_201]!;
      expect(await everyPage("p2201@gmail")).toEqual([target.id]);
      expect((await store.eraseLead(target.id)).leads).toEqual([target.id]);
      expect(await everyPage("p2201@gmail")).toEqual([]);
      const late = { ...lead(COUNT + 5), id: "late-arrival-search-test" };
      late.fields = { ...late.fields, name: "Zelda Latecomer" };
      await leads.insert(late);
      expect(await everyPage("latecomer")).toEqual([late.id]);
    });

    /** Leads noted as pending for the search index, and leads in it, by id. */
    async function indexState(ids: string[]): Promise<{ pending: string[]; indexed: string[] }> {
      if (leads instanceof SqliteLeadStore) {
        const db = leads.database;
        const rows = (sql: string) =>
          (db.prepare(sql).all(JSON.stringify(ids)) as { id: string }[]).map((r) => r.id).sort();
        return {
          pending: rows(`SELECT l.id FROM leads l JOIN lead_search_pending p
                         ON p.lead_rowid = l.rowid WHERE l.id IN (SELECT value FROM json_each(?))`),
          indexed: rows(`SELECT lead_id AS id FROM lead_search
                         WHERE lead_id IN (SELECT value FROM json_each(?))`),
        };
      }
      const sql = (leads as PostgresLeadStore).sql;
      const pending = await sql<{ id: string }[]>`
        SELECT lead_id AS id FROM lead_search_pending WHERE lead_id IN ${sql(ids)}`;
      const indexed = await sql<{ id: string }[]>`
        SELECT lead_id AS id FROM lead_search WHERE lead_id IN ${sql(ids)}`;
      return {
        pending: pending.map((r) => r.id).sort(),
        indexed: indexed.map((r) => r.id).sort(),
      };
    }

    it("a new lead is found while pending, indexed once intake is quiet, and erased from both", async () => {
      const fresh = (n: number, name: string) => ({
        ...lead(COUNT + n),
        id: `pending-${n}-search-test`,
        fields: { ...lead(COUNT + n).fields, name },
      });
      const kept = fresh(10, "Quincy Pendingsworth");
      const erased = fresh(11, "Ursula Pendingsworth");
      await leads.insert(kept);
      await leads.insert(erased);
      const ids = [kept.id, erased.id];
      // The insert did not index them (that is the point), and search finds them anyway.
      if (leads instanceof PostgresLeadStore) {
        expect(await indexState(ids)).toEqual({ pending: ids.sort(), indexed: [] });
      }
      expect(await everyPage("pendingsworth")).toEqual([erased.id, kept.id]);
      // Erased while (or just after being) pending: gone from the search, the note and the index.
      expect((await store.eraseLead(erased.id)).leads).toEqual([erased.id]);
      expect(await everyPage("pendingsworth")).toEqual([kept.id]);
      // A quiet second later the store has indexed what was pending by itself.
      await leads.insert(fresh(12, "Vera Pendingsworth"));
      const all3 = [...ids, `pending-12-search-test`];
      const deadline = Date.now() + 10_000;
      let state = await indexState(all3);
      while (state.pending.length && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        state = await indexState(all3);
      }
      expect(state).toEqual({ pending: [], indexed: [kept.id, "pending-12-search-test"].sort() });
      expect(await everyPage("pendingsworth")).toEqual(["pending-12-search-test", kept.id]);
      // Erased once indexed: gone from the index too.
      expect((await store.eraseLead(kept.id)).leads).toEqual([kept.id]);
      expect(await indexState([kept.id])).toEqual({ pending: [], indexed: [] });
      expect(await everyPage("quincy")).toEqual([]);
    });
  });
}

await onBothStores("inbox-search", suite);

describe("inbox search: a SQLite file from before the index", () => {
  const old = tempDir("inbox-search-old-");
  afterAll(() => removeDir(old));
  it("indexes the leads it already holds when the migration runs", async () => {
    const file = join(old, "leads.db");
    // The file as the release before the index left it: migrations 1 to 7, and a lead.
    const db = new DatabaseSync(file);
    db.exec(migrationsTableSql);
    for (const m of migrations.filter((m) => m.version < 8)) {
      db.exec(m.sqlite);
      db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)").run(
        m.version,
        m.name,
        new Date().toISOString(),
      );
    }
    db.prepare(
      `INSERT INTO leads (id, kind, form, subject, created_at, spam, fields, metadata)
       VALUES ('stored-before-index', 'contact', 'contact', NULL, ?, 0, ?, '{}')`,
    ).run(new Date(BASE).toISOString(), JSON.stringify({ name: "Olive Oldtimer" }));
    db.close();
    const reopened = new SqliteLeadStore(file);
    try {
      const page = await adminStoreFor(reopened).inboxPage({
        spam: false,
        limit: 5,
        search: "oldtimer",
      });
      expect(page.map((p) => p.lead.id)).toEqual(["stored-before-index"]);
      expect(reopened.appliedOnOpen).toContain(8);
    } finally {
      await reopened.close();
    }
  });
});

const pg = await postgresAvailable();
const schema = uniqueSchema("searchplan");
describe.skipIf(!pg)("inbox search: PostgreSQL's plan", () => {
  /** `work` on a store migrated into the describe's schema, closed and dropped afterwards. */
  const onFreshSchema = async (work: (store: PostgresLeadStore) => Promise<void>) => {
    const store = new PostgresLeadStore(testDatabaseUrl, { schema });
    try {
      await store.migrate();
      await work(store);
    } finally {
      await store.close();
      await dropSchema(schema);
    }
  };

  it("the search uses the trigram indexes of lead_search (migration 11)", async () => {
    await onFreshSchema(async (store) => {
      const plan = await store.sql.begin(async (tx) => {
        await tx`SET LOCAL enable_seqscan = off`;
        const text = await tx`EXPLAIN SELECT lead_id FROM lead_search WHERE doc LIKE '%meadow%'`;
        const phone = await tx`EXPLAIN SELECT lead_id FROM lead_search WHERE phone LIKE '%5551%'`;
        return [...text, ...phone].map((r) => Object.values(r)[0]).join("\n");
      });
      expect(plan).toContain("lead_search_doc");
      expect(plan).toContain("lead_search_phone");
      // Intake no longer maintains trigram indexes on leads.
      const onLeads = await store.sql`
        SELECT indexname FROM pg_indexes WHERE schemaname = ${schema} AND tablename = 'leads'
          AND indexdef LIKE '%gin%'`;
      expect(onLeads).toEqual([]);
    });
  });

  it("the indexer finds its batch's leads by key, not by reading every lead (D289)", async () => {
    await onFreshSchema(async (store) => {
      // Leads stored before (as a seed would: unmarked), then new leads, marked by intake.
      await store.sql`
        INSERT INTO leads (id, kind, form, subject, created_at, spam, fields, metadata)
        SELECT 'older-' || g, 'contact', 'contact', 'Contact', now(), false,
               jsonb_build_object('name', 'Older ' || g), '{}'::jsonb
        FROM generate_series(1, 5000) g`;
      await store.sql`ANALYZE leads`;
      for (let i = 0; i < 20; i++) await store.insert({ ...lead(i), id: `newer-${i}` });
      const rows = await store.sql.begin(async (tx) => {
        await tx.unsafe(POSTGRES_FOLD_LOCK);
        return tx.unsafe(`EXPLAIN (FORMAT JSON) ${PG_INDEX_BATCH.replace("$1", "2000")}`);
      });
      const plan = (rows as unknown as Record<string, unknown>[])[0]!["QUERY PLAN"];
      const scans: string[] = [];
      const walk = (node: Record<string, unknown>) => {
        if (node["Relation Name"] === "leads") scans.push(String(node["Node Type"]));
        for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? [])
          walk(child);
      };
      walk((plan as [{ Plan: Record<string, unknown> }])[0].Plan);
      expect(scans.length).toBeGreaterThan(0);
      expect(scans.filter((type) => type.includes("Seq Scan"))).toEqual([]);
      expect(await store.indexSearch()).toBe(20);
    });
  });

  it("a lead deleted outside the app takes its search entry and mark with it (migration 41)", async () => {
    // The entries have no foreign key to the leads since migration 41 (D289): a trigger on
    // `leads` removes a deleted lead's entry, as the key's ON DELETE CASCADE did, and its mark,
    // which would otherwise hold a place in every batch of the indexer (it takes marks first).
    await onFreshSchema(async (store) => {
      const gone = { ...lead(1), id: "deleted-by-hand" };
      const kept = { ...lead(2), id: "kept-by-hand" };
      await store.insert(gone);
      await store.insert(kept);
      expect(await store.indexSearch()).toBe(2);
      await store.sql`DELETE FROM leads WHERE id = ${gone.id}`;
      const ids = async (table: string) =>
        (await store.sql.unsafe(`SELECT lead_id FROM ${table} ORDER BY lead_id`)).map(
          (r) => r.lead_id as string,
        );
      expect(await ids("lead_search")).toEqual([kept.id]);
      // Pending leads deleted by hand leave no mark, and the indexer goes on with the rest.
      for (let i = 3; i < 6; i++) await store.insert({ ...lead(i), id: `pending-by-hand-${i}` });
      await store.sql`DELETE FROM leads WHERE id IN ('pending-by-hand-3', 'pending-by-hand-4')`;
      expect(await ids("lead_search_pending")).toEqual(["pending-by-hand-5"]);
      expect(await store.indexSearch()).toBe(1);
      expect(await ids("lead_search")).toEqual([kept.id, "pending-by-hand-5"]);
      // TRUNCATE … CASCADE, which the key reached too, empties the index and the marks.
      await store.insert({ ...lead(6), id: "pending-at-truncate" });
      await store.sql`TRUNCATE leads CASCADE`;
      expect(await ids("lead_search")).toEqual([]);
      expect(await ids("lead_search_pending")).toEqual([]);
    });
  });
});
