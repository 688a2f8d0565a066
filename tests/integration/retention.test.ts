/**
 * Retention (src/admin/retention.ts) on a temporary SQLite file and the real PostgreSQL, with the
 * clock passed in: sent outbox rows go after LEADS_OUTBOX_RETENTION_DAYS, pending and failed ones
 * stay; leads past LEAD_RETENTION_DAYS are erased with what hangs off them (audited by id), and
 * none while it is unset; the daily run is claimed once per day however many servers ask; and
 * the built server runs the sweep by itself (on SQLite: the sweep is the same code on both).
 */
import { afterEach, describe, expect, it } from "vitest";
import { join } from "node:path";
import { adminStoreFor } from "../../src/admin/store/index";
import { newLeadId } from "../../src/server/id";
import { pruneExpired, sweepRetention } from "../../src/admin/retention";
import { PostgresLeadStore } from "../../src/leads/store/postgres";
import { SqliteLeadStore } from "../../src/leads/store/sqlite";
import type { Channel, LeadRecord, LeadStore } from "../../src/leads/store/types";
import {
  dropSchema,
  postgresAvailable,
  removeDir,
  serverStore,
  startServer,
  tempDir,
  testDatabaseUrl,
  uniqueSchema,
} from "./support";

const DAY = 24 * 3_600_000;
const NOW = Date.UTC(2026, 10, 20, 12);
const rules = { outboxDays: 30, leadDays: 365 };

function lead(at: number, fields: Record<string, string> = {}): LeadRecord {
  const createdAt = new Date(at).toISOString();
  return {
    id: newLeadId(at),
    kind: "quick",
    form: "quick",
    subject: null,
    createdAt,
    spam: false,
    fields: {
      name: "Rita Retention",
      email: "rita@example.test",
      phone: "+15125550100",
      ...fields,
    },
    metadata: {
      source: "quick_lead_form",
      page: "/",
      landingPage: null,
      referrer: null,
      timestamp: createdAt,
      userAgent: "test",
      utm: {},
      ipHash: null,
      spamReasons: [],
    },
  };
}

/** Stores `l` with one notification per channel, delivered (or not) `outcome` a minute later. */
async function withOutbox(
  store: LeadStore,
  l: LeadRecord,
  outcome: "sent" | "failed" | "pending",
  channels: Channel[] = ["email"],
): Promise<string[]> {
  const at = Date.parse(l.createdAt);
  const notes = channels.map((channel) => ({
    id: newLeadId(at),
    channel,
    giveUpAt: new Date(at + DAY).toISOString(),
  }));
  await store.insert(l, notes);
  if (outcome === "pending") return notes.map((n) => n.id);
  const owner = `test-${l.id}`;
  const claimed = await store.claimNotifications({
    owner,
    now: new Date(at + 60_000),
    leaseMs: 60_000,
    limit: 10,
    channels,
  });
  for (const c of claimed.filter((c) => c.lead.id === l.id)) {
    const result =
      outcome === "sent"
        ? ({ status: "sent" } as const)
        : ({ status: "failed", error: "webhook: HTTP 500" } as const);
    expect(await store.finishNotification(c.row.id, owner, result, new Date(at + 90_000))).toBe(
      true,
    );
  }
  return notes.map((n) => n.id);
}

const allRows = (store: LeadStore) => store.listNotifications(["pending", "sent", "failed"]);

function contract(
  name: string,
  open: () => Promise<{ store: LeadStore; done: () => Promise<void> }>,
) {
  describe(`retention: ${name}`, () => {
    let cleanup: (() => Promise<void>) | null = null;
    async function fresh(): Promise<LeadStore> {
      const { store, done } = await open();
      cleanup = async () => {
        await store.close();
        await done();
      };
      return store;
    }
    afterEach(async () => {
      await cleanup?.();
      cleanup = null;
    });

    it("deletes sent outbox rows older than the retention, keeps recent, pending and failed ones", async () => {
      const store = await fresh();
      const oldSent = await withOutbox(store, lead(NOW - 40 * DAY), "sent", ["email", "webhook"]);
      const recentSent = await withOutbox(store, lead(NOW - 10 * DAY), "sent");
      const oldFailed = await withOutbox(store, lead(NOW - 50 * DAY), "failed");
      const oldPending = await withOutbox(store, lead(NOW - 45 * DAY), "pending");
      expect((await allRows(store)).length).toBe(5);

      const result = await pruneExpired(store, { outboxDays: 30, leadDays: null }, new Date(NOW));
      expect(result.outbox).toBe(2);
      expect(result.erased.leads).toEqual([]);
      expect((await allRows(store)).map((r) => r.id).sort()).toEqual(
        [...recentSent, ...oldFailed, ...oldPending].sort(),
      );
      // Leads are kept forever without LEAD_RETENTION_DAYS.
      expect(await store.countLeads()).toBe(4);
      expect(oldSent).toHaveLength(2);
    });

    it("deletes many sent rows in batches", async () => {
      const store = await fresh();
      for (let i = 0; i < 1_201; i++) await withOutbox(store, lead(NOW - 60 * DAY + i), "sent");
      const result = await pruneExpired(store, { outboxDays: 30, leadDays: null }, new Date(NOW));
      expect(result.outbox).toBe(1_201);
      expect(await allRows(store)).toEqual([]);
    });

    it("erases leads past LEAD_RETENTION_DAYS with their outbox, timeline, search entry and partial", async () => {
      const store = await fresh();
      const admin = adminStoreFor(store);
      const old = lead(NOW - 400 * DAY, { name: "Olga Oldlead" });
      await withOutbox(store, old, "failed");
      await admin.addNote(old.id, {
        eventId: newLeadId(NOW - 399 * DAY),
        actorId: null,
        at: new Date(NOW - 399 * DAY).toISOString(),
        body: "Lost to a competitor",
      });
      // A growth partial and the growth lead that completed it, both expired.
      const partial = {
        ...lead(NOW - 380 * DAY),
        kind: "growth_partial" as const,
        form: "growthPartial" as const,
      };
      await store.insert(partial);
      const growth = {
        ...lead(NOW - 380 * DAY + 60_000),
        kind: "growth" as const,
        form: "growth" as const,
      };
      await store.insert(growth, [], { completes: partial.id });
      expect((await store.get(partial.id))?.completedBy).toBe(growth.id);
      // A partial that expired but was completed by a lead that has not: kept with its lead.
      const keptPartial = {
        ...lead(NOW - 366 * DAY, { email: "late@example.test" }),
        kind: "growth_partial" as const,
        form: "growthPartial" as const,
      };
      await store.insert(keptPartial);
      const keptGrowth = {
        ...lead(NOW - 364 * DAY, { email: "late@example.test" }),
        kind: "growth" as const,
        form: "growth" as const,
      };
      await store.insert(keptGrowth, [], { completes: keptPartial.id });
      const recent = lead(NOW - 30 * DAY, { name: "Rhea Recent" });
      await withOutbox(store, recent, "pending");
      await (store as SqliteLeadStore | PostgresLeadStore).indexSearch();
      const found = async (word: string) =>
        (await admin.inboxPage({ spam: false, limit: 10, search: word })).map((p) => p.lead.id);
      expect(await found("oldlead")).toEqual([old.id]);

      const result = await pruneExpired(store, rules, new Date(NOW));
      expect(result.erased.leads.sort()).toEqual([old.id, partial.id, growth.id].sort());
      expect(result.erased.outbox).toBe(1);
      expect(result.erased.events).toBe(1);
      for (const id of [old.id, partial.id, growth.id]) expect(await store.get(id)).toBeNull();
      for (const id of [keptPartial.id, keptGrowth.id, recent.id]) {
        expect((await store.get(id))?.id).toBe(id);
      }
      expect((await allRows(store)).map((r) => r.leadId)).toEqual([recent.id]);
      expect(await admin.leadEvents(old.id)).toEqual([]);
      expect(await found("oldlead")).toEqual([]);
      expect(await found("recent")).toEqual([recent.id]);
      const audit = (await admin.listAudit(10)).filter((e) => e.action === "leads_expired");
      expect(audit).toHaveLength(1);
      expect((audit[0]!.detail.leads as string[]).sort()).toEqual(result.erased.leads.sort());
      expect(audit[0]!.detail.retentionDays).toBe(365);

      // Nothing more has expired a minute later.
      const again = await pruneExpired(store, rules, new Date(NOW + 60_000));
      expect(again.erased.leads).toEqual([]);
    });

    it("runs the daily sweep once a day, whoever asks", async () => {
      const store = await fresh();
      await store.insert(lead(NOW - 400 * DAY));
      const first = await sweepRetention(store, rules, "server-a", new Date(NOW));
      expect(first?.erased.leads).toHaveLength(1);
      await store.insert(lead(NOW - 400 * DAY + 1));
      // Another server (or a restart) an hour later: already done today.
      expect(await sweepRetention(store, rules, "server-b", new Date(NOW + 3_600_000))).toBeNull();
      expect(await store.countLeads()).toBe(1);
      // A day later it is due again, and only one of several asking at once gets it.
      const later = new Date(NOW + DAY);
      const claims = await Promise.all(
        ["a", "b", "c", "d"].map((o) => store.claimMaintenance("retention", o, later, DAY)),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await store.claimMaintenance("other-task", "a", later, DAY)).toBe(true);
    });
  });
}

contract("SQLite", async () => {
  const dir = tempDir("retention-");
  return {
    store: new SqliteLeadStore(join(dir, "leads.db")),
    done: async () => removeDir(dir),
  };
});

const pg = await postgresAvailable();
describe.skipIf(!pg)("PostgreSQL", () => {
  contract("PostgreSQL", async () => {
    const schema = uniqueSchema("retention");
    const store = new PostgresLeadStore(testDatabaseUrl, { schema });
    store.appliedOnOpen = await store.migrate();
    return { store, done: () => dropSchema(schema) };
  });

  it("several servers' stores claiming the day's run at once: exactly one wins", async () => {
    const schema = uniqueSchema("retentionclaim");
    const stores = [1, 2, 3].map(() => new PostgresLeadStore(testDatabaseUrl, { schema, max: 4 }));
    try {
      await stores[0]!.migrate();
      const wins = await Promise.all(
        stores.flatMap((s, i) =>
          [0, 1, 2].map((j) => s.claimMaintenance("retention", `s${i}-${j}`, new Date(NOW), DAY)),
        ),
      );
      expect(wins.filter(Boolean)).toHaveLength(1);
    } finally {
      await Promise.all(stores.map((s) => s.close()));
      await dropSchema(schema);
    }
  });
});

describe("the running server", () => {
  it("the server prunes by itself, daily, on sqlite", async () => {
    const store = serverStore("sqlite", "retentionserver");
    const seeded = new SqliteLeadStore(join(store.env.DATA_DIR!, "leads.db"));
    await seeded.migrate();
    const now = Date.now();
    const expired = lead(now - 40 * DAY);
    const kept = lead(now - 20 * DAY);
    await seeded.insert(expired);
    await seeded.insert(kept);
    const server = await startServer({
      ...store.env,
      LEAD_RETENTION_DAYS: "30",
      LEADS_RETENTION_SWEEP_MS: "200",
    });
    try {
      const deadline = Date.now() + 15_000;
      while ((await seeded.get(expired.id)) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await seeded.get(expired.id)).toBeNull();
      expect((await seeded.get(kept.id))?.id).toBe(kept.id);
      // Logged once the store's files have forgotten the erased lead too (forgetErased).
      while (!server.output().includes('"event":"retention_pruned"') && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(server.output()).toContain('"event":"retention_pruned"');
    } finally {
      await server.stop();
      await seeded.close();
      await store.cleanup();
    }
  });
});
