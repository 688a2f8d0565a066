/**
 * Issue 27: the inbox search finds a phone number typed in any common form, whichever form it was
 * stored in (older leads kept it as typed; since issue 12 it is E.164), and the Source filter
 * finds what the Source column shows — utm source/medium ("google/cpc") or, without utm, the
 * referrer's host ("www.google.com") — and nothing else. On a temporary SQLite file and the real
 * PostgreSQL; the index's phone change (migration 22) is checked on leads indexed before it.
 */
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminStoreFor } from "../../src/admin/store/index";
import type { AdminStore } from "../../src/admin/store/types";
import { searchTerms } from "../../src/admin/search";
import { trafficSource } from "../../src/leads/source";
import {
  applySqliteMigrations,
  migrations,
  migrationsTableSql,
} from "../../src/db/migrations/index";
import { PostgresLeadStore } from "../../src/leads/store/postgres";
import { SQLITE_SEARCH_DOC } from "../../src/leads/store/searchIndex";
import { SqliteLeadStore } from "../../src/leads/store/sqlite";
import type { LeadRecord, LeadStore } from "../../src/leads/store/types";
import {
  dropSchema,
  onBothStores,
  postgresAvailable,
  removeDir,
  tempDir,
  testDatabaseUrl,
  uniqueSchema,
} from "./support";

const BASE = Date.UTC(2027, 6, 1, 12);
let n = 0;

function lead(
  id: string,
  fields: Record<string, string>,
  metadata: { utm?: Record<string, string>; referrer?: string | null } = {},
): LeadRecord {
  const createdAt = new Date(BASE + n++ * 60_000).toISOString();
  return {
    id,
    kind: "contact",
    form: "contact",
    subject: null,
    createdAt,
    spam: false,
    fields: { name: `Person ${id}`, email: `${id}@example.test`, ...fields },
    metadata: {
      source: "contact_form",
      page: "/",
      landingPage: null,
      referrer: metadata.referrer ?? null,
      timestamp: createdAt,
      userAgent: null,
      utm: metadata.utm ?? {},
      ipHash: null,
      spamReasons: [],
    },
  };
}

const TYPED = ["+1 512 555 0142", "512-555-0142", "(512) 555 0142"];
/** The same number stored in each form, and two other numbers that share some of its digits. */
const PHONES = [
  lead("phone-e164", { phone: "+15125550142" }),
  ...TYPED.map((phone, i) => lead(`phone-typed-${i}`, { phone })),
  lead("phone-dotted", { phone: "512.555.0142" }),
  lead("phone-other", { phone: "+15125550199" }),
  lead("phone-other-area", { phone: "(737) 555-0142" }),
];
const SAME_NUMBER = PHONES.filter((l) => !l.id.startsWith("phone-other")).map((l) => l.id);

const SOURCES = [
  lead("src-google-cpc", {}, { utm: { utm_source: "google", utm_medium: "cpc" } }),
  lead("src-google-cpc-caps", {}, { utm: { utm_source: "Google", utm_medium: "CPC" } }),
  lead("src-google-organic", {}, { utm: { utm_source: "google", utm_medium: "organic" } }),
  lead("src-google-only", {}, { utm: { utm_source: "google" } }),
  lead("src-cpc-only", {}, { utm: { utm_medium: "cpc" } }),
  lead(
    "src-utm-over-ref",
    {},
    { utm: { utm_source: "newsletter" }, referrer: "https://www.google.com/" },
  ),
  lead("src-ref-search", {}, { referrer: "https://www.google.com/search?q=lawn+care" }),
  lead("src-ref-bare", {}, { referrer: "https://www.google.com" }),
  lead("src-ref-caps", {}, { referrer: "HTTP://WWW.GOOGLE.COM/url?x=1" }),
  lead("src-ref-query", {}, { referrer: "https://www.google.com?q=1" }),
  lead("src-ref-apex", {}, { referrer: "https://google.com/" }),
  lead("src-ref-lookalike", {}, { referrer: "https://www.google.com.evil.test/" }),
  lead("src-ref-port", {}, { referrer: "https://www.google.com:8443/" }),
  lead("src-direct", {}),
];

function suite(name: string, open: () => Promise<LeadStore>, cleanup: () => Promise<void>) {
  describe(`inbox phone and source: ${name}`, () => {
    let leads: LeadStore;
    let store: AdminStore;
    beforeAll(async () => {
      leads = await open();
      store = adminStoreFor(leads);
      for (const l of [...PHONES, ...SOURCES]) await leads.insert(l);
    });
    afterAll(async () => {
      await leads?.close();
      await cleanup();
    });
    const found = async (q: { search?: string; source?: string }) =>
      (await store.inboxPage({ spam: false, limit: 100, ...q })).map((p) => p.lead.id).sort();
    /** Every page of a query, a lead at a time (the cursor at every lead), newest first. */
    async function paged(q: { search?: string; source?: string }): Promise<string[]> {
      const ids: string[] = [];
      let before: { createdAt: string; id: string } | undefined;
      for (;;) {
        const page = await store.inboxPage({ spam: false, limit: 1, before, ...q });
        ids.push(...page.slice(0, 1).map((p) => p.lead.id));
        if (page.length <= 1) return ids;
        before = { createdAt: page[0]!.lead.createdAt, id: page[0]!.lead.id };
      }
    }

    it("a number typed in any common form finds it stored in any other", async () => {
      for (const search of [...TYPED, "+15125550142", "512.555.0142", "5125550142"]) {
        expect(await found({ search }), search).toEqual([...SAME_NUMBER].sort());
      }
      // Part of a number still finds every lead holding those digits.
      expect(await found({ search: "555-0142" })).toEqual(
        [...SAME_NUMBER, "phone-other-area"].sort(),
      );
      expect(await found({ search: "(737) 555 0142" })).toEqual(["phone-other-area"]);
    });

    it("the Source filter finds what the Source column shows, and nothing else", async () => {
      const showing = (shown: string) =>
        [...PHONES, ...SOURCES]
          .filter((l) => trafficSource(l).toLowerCase() === shown)
          .map((l) => l.id)
          .sort();
      for (const shown of ["google/cpc", "www.google.com", "google.com", "direct", "cpc"]) {
        expect(showing(shown).length, shown).toBeGreaterThan(0);
        expect(await found({ source: shown }), shown).toEqual(showing(shown));
      }
      expect(await found({ source: "google/cpc" })).toEqual([
        "src-google-cpc",
        "src-google-cpc-caps",
      ]);
      expect(await found({ source: "www.google.com" })).toEqual([
        "src-ref-bare",
        "src-ref-caps",
        "src-ref-query",
        "src-ref-search",
      ]);
      expect(await found({ source: "www.google.com:8443" })).toEqual(["src-ref-port"]);
      // A source name alone also finds it with any medium (the column begins with it).
      expect(await found({ source: "google" })).toEqual([
        "src-google-cpc",
        "src-google-cpc-caps",
        "src-google-only",
        "src-google-organic",
      ]);
      expect(await found({ source: "bing/cpc" })).toEqual([]);
    });

    it("search and the Source filter together, paged a lead at a time, newest first", async () => {
      const all = [...PHONES, ...SOURCES];
      const newestFirst = (keep: (l: LeadRecord) => boolean) =>
        all
          .filter(keep)
          .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))
          .map((l) => l.id);
      const shows = (shown: string) => (l: LeadRecord) => trafficSource(l).toLowerCase() === shown;
      const named = (word: string) => (l: LeadRecord) =>
        l.fields.name!.toLowerCase().includes(word);
      // A word every lead has, with each source; a word only some have; a phone with a source.
      for (const shown of ["google/cpc", "www.google.com", "direct"]) {
        const want = newestFirst((l) => shows(shown)(l) && named("person")(l));
        expect(want.length, shown).toBeGreaterThan(0);
        expect(await paged({ search: "person", source: shown }), shown).toEqual(want);
      }
      expect(await paged({ search: "src-ref", source: "www.google.com" })).toEqual(
        newestFirst((l) => shows("www.google.com")(l) && named("src-ref")(l)),
      );
      expect(await paged({ search: "(512) 555-0142", source: "direct" })).toEqual(
        newestFirst((l) => SAME_NUMBER.includes(l.id)),
      );
      expect(await paged({ search: "512 555 0142", source: "google/cpc" })).toEqual([]);
      expect(await paged({ search: "person 555-0142" })).toEqual(
        newestFirst((l) => SAME_NUMBER.includes(l.id) || l.id === "phone-other-area"),
      );
    });
  });
}

await onBothStores("inbox-phone-source", suite);

describe("inbox phone search: a SQLite file indexed before migration 22", () => {
  const dir = tempDir("inbox-phone-old-");
  afterAll(() => removeDir(dir));

  it("re-indexes the phones kept as typed; erasing afterwards keeps the index whole", async () => {
    const file = join(dir, "leads.db");
    // The file as release 21 left it: migrations 1 to 21, the leads indexed with only the +
    // removed from their phone.
    const db = new DatabaseSync(file);
    db.exec(migrationsTableSql);
    applySqliteMigrations(
      db,
      migrations.filter((m) => m.version < 22),
      (m) =>
        db
          .prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)")
          .run(m.version, m.name, new Date().toISOString()),
    );
    const insert = db.prepare(
      `INSERT INTO leads (id, kind, form, subject, created_at, spam, fields, metadata)
       VALUES (?, 'contact', 'contact', NULL, ?, 0, ?, '{}')`,
    );
    for (const l of PHONES) insert.run(l.id, l.createdAt, JSON.stringify(l.fields));
    db.exec(`INSERT INTO lead_search (rowid, lead_id, doc, phone)
               SELECT l.rowid, l.id, ${SQLITE_SEARCH_DOC},
                      replace(coalesce(json_extract(l.fields, '$.phone'), ''), '+', '')
               FROM lead_search_pending p JOIN leads l ON l.rowid = p.lead_rowid;
             DELETE FROM lead_search_pending;`);
    db.close();

    const reopened = new SqliteLeadStore(file);
    try {
      expect(reopened.appliedOnOpen).toEqual(
        migrations.filter((m) => m.version >= 22).map((m) => m.version),
      );
      const store = adminStoreFor(reopened);
      const search = async (q: string) =>
        (await store.inboxPage({ spam: false, limit: 50, search: q })).map((p) => p.lead.id).sort();
      for (const typed of TYPED)
        expect(await search(typed), typed).toEqual([...SAME_NUMBER].sort());
      // The triggers now remove an entry with the digits it was indexed with.
      expect((await store.eraseLead("phone-typed-2")).leads).toEqual(["phone-typed-2"]);
      await reopened.indexSearch();
      expect(await search("512-555-0142")).toEqual(
        SAME_NUMBER.filter((id) => id !== "phone-typed-2").sort(),
      );
      reopened.database.exec(
        "INSERT INTO lead_search (lead_search, rank) VALUES ('integrity-check', 0)",
      );
    } finally {
      await reopened.close();
    }
  });

  it("the Source filter adds no scan: the inbox query's plan is the same with it", async () => {
    const file = join(dir, "plan.db");
    const leads = new SqliteLeadStore(file);
    try {
      for (const l of SOURCES) await leads.insert(l);
      const db = leads.database;
      // The SQL the store runs, caught as it is prepared, then explained.
      const seen: string[] = [];
      const prepare = db.prepare.bind(db);
      db.prepare = ((sql: string) => {
        seen.push(sql);
        return prepare(sql);
      }) as typeof db.prepare;
      const plan = async (source?: string) => {
        seen.length = 0;
        await adminStoreFor(leads).inboxPage({ spam: false, limit: 50, source });
        const sql = seen.find((s) => s.includes("FROM leads") && s.includes("ORDER BY"))!;
        // Numbered placeholders (?1, ?2, …: the driver's, src/db/driver.ts), one may be used twice.
        const marks = Math.max(0, ...(sql.match(/\?\d+/g) ?? []).map((m) => Number(m.slice(1))));
        return (
          prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...Array.from({ length: marks }, () => "x")) as {
            detail: string;
          }[]
        ).map((r) => r.detail);
      };
      const none = await plan();
      expect(none.join("\n")).toContain("leads_created_at");
      for (const source of ["google/cpc", "www.google.com", "direct"]) {
        expect(await plan(source), source).toEqual(none);
      }
    } finally {
      await leads.close();
    }
  });
});

const pg = await postgresAvailable();
const schema = uniqueSchema("phonedigits");
describe.skipIf(!pg)("inbox phone search: PostgreSQL leads indexed before migration 22", () => {
  it("migration 22 rewrites the indexed phones, which the trigram index then finds", async () => {
    const leads = new PostgresLeadStore(testDatabaseUrl, { schema });
    try {
      await leads.migrate();
      for (const l of PHONES) await leads.insert(l);
      const store = adminStoreFor(leads);
      // Indexed (searching reads pending leads beside the index; wait for the batch to move).
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        const [row] = await leads.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM lead_search`;
        if (row!.n === PHONES.length) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      // As release 21 indexed them: only the + removed.
      await leads.sql`UPDATE lead_search s SET phone = replace(l.fields->>'phone', '+', '')
                      FROM leads l WHERE l.id = s.lead_id`;
      // What the trigram index finds for a typed number (a rare number's page comes from it;
      // the newest-first walk reads the lead's own phone, src/admin/search.ts nextWalk).
      const indexFinds = async (typed: string) =>
        (
          await leads.sql<{ id: string }[]>`
            SELECT lead_id AS id FROM lead_search
            WHERE phone LIKE ${`%${searchTerms(typed).digits[0]}%`}`
        )
          .map((r) => r.id)
          .sort();
      const search = async (q: string) =>
        (await store.inboxPage({ spam: false, limit: 50, search: q })).map((p) => p.lead.id).sort();
      expect(await indexFinds("512-555-0142")).not.toEqual([...SAME_NUMBER].sort());
      await leads.sql.unsafe(migrations.find((m) => m.version === 22)!.postgres);
      for (const typed of TYPED) {
        expect(await indexFinds(typed), typed).toEqual([...SAME_NUMBER].sort());
        expect(await search(typed), typed).toEqual([...SAME_NUMBER].sort());
      }
    } finally {
      await leads.close();
      await dropSchema(schema);
    }
  });
});
