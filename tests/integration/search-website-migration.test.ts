/**
 * Migration 38 on stores that already hold indexed leads (issue 39 §5): a lead indexed before it
 * without its website is found by its website after it; a lead without a website keeps the very
 * text it was indexed with; and on SQLite, whose contentless index must be told a lead's indexed
 * text to remove it, erasing either lead afterwards leaves nothing of it in the index.
 */
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, describe, expect, it } from "vitest";
import { adminStoreFor } from "../../src/admin/store/index";
import {
  applySqliteMigrations,
  migrations,
  migrationsTableSql,
} from "../../src/db/migrations/index";
import {
  PG_SEARCH_TEXT as PG_SEARCH_TEXT_11,
  sqlitePhone22,
  sqliteSearchDoc8,
} from "../../src/db/migrations/searchSql";
import { PostgresLeadStore } from "../../src/leads/store/postgres";
import { SqliteLeadStore } from "../../src/leads/store/sqlite";
import {
  dropSchema,
  postgresAvailable,
  removeDir,
  tempDir,
  testDatabaseUrl,
  uniqueSchema,
} from "./support";

const AT = "2026-11-20T10:00:00.000Z";
const WEB = {
  "full-name": "Wes Webster",
  email: "wes@web.test",
  website: "https://wesyards.example",
};
const NONE = { "full-name": "Nora Noweb", email: "nora@noweb.test", message: "Call me" };

describe("migration 38 on a SQLite file indexed before it", () => {
  const dir = tempDir("search-website-old-");
  afterAll(() => removeDir(dir));
  it("finds the website, keeps the rest, and erasing leaves nothing in the index", async () => {
    const file = join(dir, "leads.db");
    const db = new DatabaseSync(file);
    db.exec(migrationsTableSql);
    const record = db.prepare(
      "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
    );
    db.exec("BEGIN");
    applySqliteMigrations(
      db,
      migrations.filter((m) => m.version < 38),
      (m) => record.run(m.version, m.name, AT),
    );
    db.exec("COMMIT");
    const insert = db.prepare(
      `INSERT INTO leads (id, kind, form, subject, created_at, spam, fields, metadata)
       VALUES (?, 'contact', 'contact', NULL, ?, 0, ?, '{}')`,
    );
    insert.run("lead-with-web", AT, JSON.stringify(WEB));
    insert.run("lead-without-web", AT, JSON.stringify(NONE));
    // Indexed as the release before migration 38 indexed them (without the website).
    db.exec(`INSERT INTO lead_search (rowid, lead_id, doc, phone)
      SELECT l.rowid, l.id, ${sqliteSearchDoc8("l")}, ${sqlitePhone22("l")}
      FROM lead_search_pending p JOIN leads l ON l.rowid = p.lead_rowid;
      DELETE FROM lead_search_pending;`);
    db.close();

    const reopened = new SqliteLeadStore(file);
    const admin = adminStoreFor(reopened);
    const found = async (search: string) =>
      (await admin.inboxPage({ spam: false, limit: 5, search })).map((p) => p.lead.id);
    try {
      expect(await found("wesyards")).toEqual(["lead-with-web"]);
      expect(reopened.appliedOnOpen).toContain(38);
      expect(await found("noweb")).toEqual(["lead-without-web"]);
      await admin.eraseLead("lead-with-web");
      await admin.eraseLead("lead-without-web");
    } finally {
      await reopened.close();
    }
    const after = new DatabaseSync(file);
    try {
      const hits = (word: string) =>
        (
          after
            .prepare("SELECT count(*) AS n FROM lead_search WHERE lead_search MATCH ?")
            .get(`"${word}"`) as { n: number }
        ).n;
      for (const word of ["wesyards", "webster", "noweb", "nora"]) expect(hits(word), word).toBe(0);
    } finally {
      after.close();
    }
  });
});

const pg = await postgresAvailable();
describe.skipIf(!pg)("migration 38 on PostgreSQL entries indexed before it", () => {
  const schema = uniqueSchema("searchweb");
  afterAll(() => dropSchema(schema));
  it("rewrites the text of the leads with a website, and only theirs", async () => {
    let store = new PostgresLeadStore(testDatabaseUrl, { schema });
    await store.migrate();
    const lead = (id: string, fields: Record<string, string>) => ({
      id,
      kind: "contact" as const,
      form: "contact" as const,
      subject: null,
      createdAt: AT,
      spam: false,
      fields,
      metadata: {
        source: "contact_form",
        page: "/",
        landingPage: null,
        referrer: null,
        timestamp: AT,
        userAgent: null,
        utm: {},
        ipHash: null,
        spamReasons: [],
      },
    });
    await store.insert(lead("pg-with-web", WEB));
    await store.insert(lead("pg-without-web", NONE));
    await store.indexSearch();
    // Back to the text before migration 38 (no website), and the migration not applied yet.
    await store.sql.unsafe(
      `UPDATE lead_search SET doc = ${PG_SEARCH_TEXT_11} FROM leads WHERE leads.id = lead_search.lead_id`,
    );
    const docs = async () =>
      Object.fromEntries(
        (
          await store.sql<{ lead_id: string; doc: string }[]>`
          SELECT lead_id, doc FROM lead_search ORDER BY lead_id`
        ).map((r) => [r.lead_id, r.doc]),
      );
    const before = await docs();
    await store.sql`DELETE FROM schema_migrations WHERE version = 38`;
    await store.close();
    store = new PostgresLeadStore(testDatabaseUrl, { schema });
    try {
      expect(await store.migrate()).toEqual([38]);
      const after = await docs();
      expect(after["pg-with-web"]).toBe(`${before["pg-with-web"]} https://wesyards.example`);
      expect(after["pg-without-web"]).toBe(before["pg-without-web"]);
      const page = await adminStoreFor(store).inboxPage({
        spam: false,
        limit: 5,
        search: "wesyards",
      });
      expect(page.map((p) => p.lead.id)).toEqual(["pg-with-web"]);
    } finally {
      await store.close();
    }
  });
});
