/**
 * One LeadStore contract, run against a temporary SQLite file and the real PostgreSQL (its own
 * schema per run). Adapters hold SQL, never rules: both must behave the same.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { SqliteLeadStore } from "../../src/leads/store/sqlite";
import { PostgresLeadStore } from "../../src/leads/store/postgres";
import type { LeadRecord, LeadStore, NewNotification } from "../../src/leads/store/types";
import { PARTIAL_HOLD_MS } from "../../src/leads/store/partials";
import { newLeadId } from "../../src/server/id";
import { migrations } from "../../src/db/migrations/index";
import {
  dropSchema,
  postgresAvailable,
  removeDir,
  tempDir,
  testDatabaseUrl,
  uniqueSchema,
} from "./support";

/** Every migration, in order: a new store applies them all on open. */
const allVersions = migrations.map((m) => m.version).sort((a, b) => a - b);

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
      expect(store.appliedOnOpen).toEqual(allVersions);
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

    it("lists newest first when asked, the limit keeping the newest", async () => {
      const base = Date.UTC(2026, 1, 10);
      const [a, b, c] = [0, 1000, 2000].map((d) => lead({ at: base + d }));
      for (const l of [b, c, a]) await store.insert(l!);
      const since = new Date(base).toISOString();
      const until = (ls: LeadRecord[]) => ls.filter((l) => l.createdAt <= c!.createdAt);
      const newest = until(await store.list({ since, order: "newest-first" }));
      expect(newest.map((l) => l.id)).toEqual([c!.id, b!.id, a!.id]);
      const oldest = until(await store.list({ since, order: "oldest-first" }));
      expect(oldest.map((l) => l.id)).toEqual([a!.id, b!.id, c!.id]);
      const newestTwo = await store.list({
        since,
        kind: "testimonial",
        order: "newest-first",
        limit: 2,
      });
      // Leads inserted by later tests are newer still; none of this test's are older than `a`.
      expect(newestTwo.map((l) => l.id)).not.toContain(a!.id);
      expect(newestTwo[0]!.createdAt >= newestTwo[1]!.createdAt).toBe(true);
    });

    it("walks every lead once a page at a time, both ways, ties in time included", async () => {
      // Twelve leads in four instants (three to an instant), pages of five: the page boundaries
      // fall inside a group of leads created at the same moment.
      const base = Date.UTC(2026, 1, 15);
      const group = Array.from({ length: 12 }, (_, i) =>
        lead({ at: base + Math.floor(i / 3) * 1000, id: newLeadId(base + 5000 + i) }),
      );
      for (const l of [...group].reverse()) await store.insert(l);
      const since = new Date(base).toISOString();
      const mine = (ls: LeadRecord[]) => ls.filter((l) => group.some((g) => g.id === l.id));
      for (const order of ["oldest-first", "newest-first"] as const) {
        const whole = mine(await store.list({ since, order }));
        expect(whole).toHaveLength(12);
        const walked: LeadRecord[] = [];
        let after: { createdAt: string; id: string } | undefined;
        for (;;) {
          const page = await store.list({ since, order, limit: 5, after });
          walked.push(...page);
          if (page.length < 5) break;
          after = { createdAt: page.at(-1)!.createdAt, id: page.at(-1)!.id };
        }
        expect(mine(walked).map((l) => l.id)).toEqual(whole.map((l) => l.id));
        expect(new Set(walked.map((l) => l.id)).size).toBe(walked.length);
      }
    });

    it("counts every lead, spam included", async () => {
      const before = await store.countLeads();
      await store.insert(lead({ at: Date.UTC(2026, 1, 20), spam: true }));
      await store.insert(lead({ at: Date.UTC(2026, 1, 20, 1) }));
      expect(await store.countLeads()).toBe(before + 2);
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

    describe("a growth lead completing its step-1 partial", () => {
      const day = Date.UTC(2026, 5, 1);
      const step1 = { name: "Gale", email: "gale@example.test", phone: "+15125554000" };
      const partial = (at: number, fields: Record<string, string> = step1) =>
        lead({ at, kind: "growth_partial", form: "growthPartial", fields });
      const growth = (at: number, fields: Record<string, string> = step1) =>
        lead({
          at,
          kind: "growth",
          form: "growth",
          fields: { ...fields, company: "Gale Gardens" },
        });
      const notes = (l: LeadRecord): NewNotification[] => [
        {
          id: newLeadId(Date.parse(l.createdAt)),
          channel: "webhook",
          giveUpAt: new Date(Date.parse(l.createdAt) + 86_400_000).toISOString(),
        },
      ];
      const outboxOf = async (leadId: string) =>
        (await store.listNotifications(["pending", "sent", "failed"])).filter(
          (r) => r.leadId === leadId,
        );
      const listed = async (query: Parameters<LeadStore["list"]>[0] = {}) =>
        (await store.list({ since: new Date(day).toISOString(), ...query })).map((l) => l.id);

      it("holds a partial's notifications, then marks it completed and withdraws them", async () => {
        const p = partial(day);
        await store.insert(p, notes(p));
        const [held] = await outboxOf(p.id);
        expect(held!.nextAttemptAt).toBe(new Date(day + PARTIAL_HOLD_MS).toISOString());
        // Not due before the hold ends.
        const early = await store.claimNotifications({
          owner: "contract",
          now: new Date(day + PARTIAL_HOLD_MS - 1),
          leaseMs: 1000,
          limit: 100,
          channels: ["webhook"],
        });
        expect(early.map((c) => c.row.leadId)).not.toContain(p.id);

        const g = growth(day + 60_000);
        await store.insert(g, notes(g), { completes: p.id });
        expect((await store.get(p.id))!.completedBy).toBe(g.id);
        expect((await store.get(g.id))!.completedBy).toBeUndefined();
        expect(await outboxOf(p.id)).toEqual([]);
        const [growthRow] = await outboxOf(g.id);
        expect(growthRow!.nextAttemptAt).toBe(g.createdAt);
        expect(await listed()).toEqual([g.id]);
        expect(await listed({ includeCompletedPartials: true })).toEqual([p.id, g.id]);
        expect(await listed({ kind: "growth_partial" })).toEqual([]);
      });

      it("keeps a partial nobody completed, and ignores what names no open partial", async () => {
        const base = day + 3_600_000;
        const open = partial(base);
        await store.insert(open, notes(open));
        const other = partial(base + 1, { ...step1, email: "someone.else@example.test" });
        await store.insert(other);
        const notPartial = lead({ at: base + 2 });
        await store.insert(notPartial);
        const done = partial(base + 3);
        await store.insert(done);
        const first = growth(base + 4);
        await store.insert(first, [], { completes: done.id });

        const attempts: unknown[] = [
          "00000000-0000-7000-8000-000000000000", // no such lead
          notPartial.id, // not a partial
          done.id, // already completed
          other.id, // another visitor's (another email)
          "'; DROP TABLE leads; --",
          42,
          null,
          { id: open.id },
        ];
        const growths: LeadRecord[] = [];
        for (const [i, completes] of attempts.entries()) {
          const g = growth(base + 10 + i);
          await store.insert(g, notes(g), { completes });
          growths.push(g);
        }
        // Only a growth lead completes a partial.
        const quick = lead({ at: base + 100, kind: "quick", form: "quick", fields: step1 });
        await store.insert(quick, [], { completes: open.id });

        expect((await store.get(done.id))!.completedBy).toBe(first.id);
        for (const l of [open, other, notPartial]) {
          expect((await store.get(l.id))!.completedBy, l.kind).toBeUndefined();
        }
        expect(await outboxOf(open.id)).toHaveLength(1);
        for (const g of growths) expect(await outboxOf(g.id)).toHaveLength(1);
        const shown = await listed({ since: new Date(base).toISOString() });
        expect(shown).toEqual([open, other, notPartial, first, ...growths, quick].map((l) => l.id));
      });

      it("leaves a notification being delivered (a live claim) to finish", async () => {
        const base = day + 7_200_000;
        const p = partial(base);
        await store.insert(p, notes(p));
        const due = new Date(base + PARTIAL_HOLD_MS);
        const claimed = await store.claimNotifications({
          owner: "contract-claim",
          now: due,
          // A lease that lasts until an hour from now (the store compares it with the clock).
          leaseMs: Date.now() - due.getTime() + 3_600_000,
          limit: 100,
          channels: ["webhook"],
        });
        expect(claimed.map((c) => c.row.leadId)).toContain(p.id);
        const g = growth(base + PARTIAL_HOLD_MS + 1);
        await store.insert(g, [], { completes: p.id });
        expect((await store.get(p.id))!.completedBy).toBe(g.id);
        expect((await outboxOf(p.id)).map((r) => r.claimedBy)).toEqual(["contract-claim"]);
        await store.releaseNotifications(
          claimed.map((c) => c.row.id),
          "contract-claim",
        );
      });

      it("links a partial to one of two concurrent completions only", async () => {
        const base = day + 10_800_000;
        const p = partial(base);
        await store.insert(p);
        const [g1, g2] = [growth(base + 1), growth(base + 2)];
        await Promise.all([g1, g2].map((g) => store.insert(g!, [], { completes: p.id })));
        expect([g1!.id, g2!.id]).toContain((await store.get(p.id))!.completedBy);
      });
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
      expect(applied.flat()).toEqual(allVersions);
    } finally {
      await Promise.all(stores.map((s) => s.close()));
      await dropSchema(s2);
    }
  });
});
