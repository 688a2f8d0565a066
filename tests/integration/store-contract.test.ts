/**
 * One LeadStore contract, run against a temporary SQLite file and the real PostgreSQL (its own
 * schema per run). Adapters hold SQL, never rules: both must behave the same.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { SqliteLeadStore } from "../../src/leads/store/sqlite";
import { PostgresLeadStore } from "../../src/leads/store/postgres";
import type { LeadRecord, LeadStore } from "../../src/leads/store/types";
import { newLeadId } from "../../src/leads/id";
import {
  dropSchema,
  postgresAvailable,
  removeDir,
  tempDir,
  testDatabaseUrl,
  uniqueSchema,
} from "./support";

function lead({ at, ...overrides }: Partial<LeadRecord> & { at: number }): LeadRecord {
  const createdAt = new Date(at).toISOString();
  return {
    id: newLeadId(at),
    kind: "testimonial",
    form: "testimonial",
    subject: null,
    createdAt,
    spam: false,
    fields: { name: "Ana", email: "ana@example.test", phone: "555" },
    metadata: {
      source: "testimonial_landing_page",
      page: "/testimonial",
      landingPage: "/testimonial",
      referrer: null,
      timestamp: createdAt,
      userAgent: "test",
      utm: { utm_source: "news" },
      ipHash: "ab".repeat(32),
      spamReasons: [],
    },
    ...overrides,
  };
}

function contract(name: string, open: () => Promise<LeadStore>, cleanup: () => Promise<void>) {
  describe(`LeadStore contract: ${name}`, () => {
    let store: LeadStore;
    beforeAll(async () => {
      store = await open();
    });
    afterAll(async () => {
      await store?.close();
      await cleanup();
    });

    it("applied every migration on open, and migrating again is a no-op", async () => {
      expect(store.appliedOnOpen).toEqual([1, 2]);
      expect(await store.migrate()).toEqual([]);
      expect(await store.migrate()).toEqual([]);
      await store.ping();
    });

    it("stores a lead and reads it back unchanged, unicode included", async () => {
      const l = lead({
        at: Date.UTC(2026, 0, 1, 12),
        fields: { name: "José 🌿 محمد", email: "jose@example.test", phone: "+1 (555) 010" },
      });
      await store.insert(l);
      expect(await store.get(l.id)).toEqual(l);
      expect(await store.get("00000000-0000-7000-8000-000000000000")).toBeNull();
    });

    it("lists oldest first, filtered by since, kind and spam", async () => {
      const base = Date.UTC(2026, 1, 1);
      const a = lead({ at: base, kind: "audit", form: "audit" });
      const b = lead({ at: base + 1000, spam: true });
      const c = lead({ at: base + 2000, kind: "contact", form: "contactPage" });
      for (const l of [c, a, b]) await store.insert(l);
      const since = new Date(base).toISOString();
      expect((await store.list({ since })).map((l) => l.id)).toEqual([a.id, c.id]);
      expect((await store.list({ since, includeSpam: true })).map((l) => l.id)).toEqual([
        a.id,
        b.id,
        c.id,
      ]);
      expect((await store.list({ since, kind: "contact" })).map((l) => l.form)).toEqual([
        "contactPage",
      ]);
      expect(await store.list({ since: new Date(base + 1500).toISOString() })).toHaveLength(1);
      expect(await store.list({ since, includeSpam: true, limit: 2 })).toHaveLength(2);
      expect((await store.get(b.id))?.spam).toBe(true);
    });

    it("refuses a second lead with the same id", async () => {
      const l = lead({ at: Date.UTC(2026, 2, 1) });
      await store.insert(l);
      await expect(store.insert(l)).rejects.toThrow();
      expect(await store.list({ since: l.createdAt })).toHaveLength(1);
    });

    it("keeps many concurrent inserts", async () => {
      const base = Date.UTC(2026, 3, 1);
      const many = Array.from({ length: 200 }, (_, i) => lead({ at: base + i }));
      await Promise.all(many.map((l) => store.insert(l)));
      const listed = await store.list({ since: new Date(base).toISOString() });
      expect(listed.map((l) => l.id)).toEqual(many.map((l) => l.id));
    });
  });
}

const dir = tempDir();
contract(
  "SQLite",
  async () => new SqliteLeadStore(join(dir, "leads.db")),
  async () => removeDir(dir),
);

const pg = await postgresAvailable();
const schema = uniqueSchema("contract");
describe.skipIf(!pg)("PostgreSQL", () => {
  contract(
    "PostgreSQL",
    async () => {
      const store = new PostgresLeadStore(testDatabaseUrl, { schema });
      store.appliedOnOpen = await store.migrate();
      return store;
    },
    async () => dropSchema(schema),
  );

  it("two servers migrating the same schema at once do not collide", async () => {
    const s2 = uniqueSchema("race");
    const stores = [1, 2, 3].map(() => new PostgresLeadStore(testDatabaseUrl, { schema: s2 }));
    try {
      const applied = await Promise.all(stores.map((s) => s.migrate()));
      expect(applied.flat()).toEqual([1, 2]);
    } finally {
      await Promise.all(stores.map((s) => s.close()));
      await dropSchema(s2);
    }
  });
});
