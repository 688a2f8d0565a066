/**
 * The outbox half of the LeadStore contract, run on a temporary SQLite file and on the real
 * PostgreSQL (a schema of its own per test): notifications commit with their lead or not at all,
 * claims are leases that two workers never share, outcomes are recorded only by the claim's
 * owner, and failed rows can be retried.
 */
import { afterEach, describe, expect, it } from "vitest";
import { join } from "node:path";
import { newLeadId } from "../../src/server/id";
import { PostgresLeadStore } from "../../src/leads/store/postgres";
import { SqliteLeadStore } from "../../src/leads/store/sqlite";
import { leadChannels } from "../../src/leads/store/types";
import type { Channel, LeadRecord, LeadStore, NewNotification } from "../../src/leads/store/types";
import {
  dropSchema,
  postgresAvailable,
  removeDir,
  tempDir,
  testDatabaseUrl,
  uniqueSchema,
} from "./support";

const T0 = Date.UTC(2026, 4, 1, 9);
const HOUR = 3_600_000;

function lead(at: number, spam = false): LeadRecord {
  const createdAt = new Date(at).toISOString();
  return {
    id: newLeadId(at),
    kind: "quick",
    form: "quick",
    subject: null,
    createdAt,
    spam,
    fields: { name: "Ana", email: "ana@example.test", phone: "555" },
    metadata: {
      source: "quick_lead_form",
      page: "/industries/lawn-care",
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

function notes(l: LeadRecord, channels: Channel[] = ["email", "webhook"]): NewNotification[] {
  const giveUpAt = new Date(Date.parse(l.createdAt) + 24 * HOUR).toISOString();
  return channels.map((channel) => ({ id: newLeadId(Date.parse(l.createdAt)), channel, giveUpAt }));
}

const both: Channel[] = ["email", "webhook"];
const claim = (store: LeadStore, owner: string, now: number, limit = 100, channels = both) =>
  store.claimNotifications({ owner, now: new Date(now), leaseMs: 60_000, limit, channels });

function contract(
  name: string,
  open: () => Promise<{ store: LeadStore; done: () => Promise<void> }>,
) {
  describe(`LeadStore outbox contract: ${name}`, () => {
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

    it("commits a lead's notifications with it: pending, due at once, nothing attempted", async () => {
      const store = await fresh();
      const l = lead(T0);
      const n = notes(l);
      await store.insert(l, n);
      await store.insert(lead(T0 + 1)); // no notifications: no rows
      const rows = await store.listNotifications(["pending", "failed", "sent"]);
      expect(rows.map((r) => [r.id, r.leadId, r.channel, r.status, r.attempts])).toEqual(
        n
          .map((x) => [x.id, l.id, x.channel, "pending", 0])
          .sort((a, b) => (a[0]! < b[0]! ? -1 : 1)),
      );
      for (const r of rows) {
        expect(r.nextAttemptAt).toBe(l.createdAt);
        expect(r.giveUpAt).toBe(new Date(T0 + 24 * HOUR).toISOString());
        expect(r.lastError).toBeNull();
        expect(r.claimedBy).toBeNull();
      }
      expect(await store.countNotifications()).toEqual({ pending: 2, failed: 0 });
    });

    it("stores neither the lead nor its notifications when the notifications cannot be stored", async () => {
      const store = await fresh();
      const first = lead(T0);
      const n = notes(first);
      await store.insert(first, n);
      const second = lead(T0 + 1000);
      // Reusing an outbox id violates its primary key: the whole insert must roll back.
      await expect(store.insert(second, [{ ...n[0]!, channel: "email" }])).rejects.toThrow();
      expect(await store.get(second.id)).toBeNull();
      expect(await store.listNotifications(["pending"])).toHaveLength(2);
    });

    it("claims due rows with their leads; a claim is a lease no other worker shares", async () => {
      const store = await fresh();
      const l = lead(T0);
      await store.insert(l, notes(l));
      const a = await claim(store, "worker-a", T0 + 1);
      expect(a.map((c) => c.row.channel).sort()).toEqual(["email", "webhook"]);
      expect(a[0]!.lead).toEqual(l);
      expect(a[0]!.row.claimedBy).toBe("worker-a");
      expect(await claim(store, "worker-b", T0 + 2)).toEqual([]);
      // Before its lease ends nobody else gets it; after, the row is free again.
      expect(await claim(store, "worker-b", T0 + 59_000)).toEqual([]);
      const b = await claim(store, "worker-b", T0 + 61_001);
      expect(b).toHaveLength(2);
      // The first owner's claim is gone: it can no longer record an outcome.
      expect(
        await store.finishNotification(a[0]!.row.id, "worker-a", { status: "sent" }, new Date()),
      ).toBe(false);
    });

    it("claims only the channels asked for, only when due, oldest first, up to the limit", async () => {
      const store = await fresh();
      const leads = [lead(T0), lead(T0 + 1000), lead(T0 + 2000)];
      for (const l of leads) await store.insert(l, notes(l));
      expect(await claim(store, "w", T0 - 1)).toEqual([]);
      const first = await claim(store, "w", T0 + 1500, 100, ["webhook"]);
      expect(first.map((c) => [c.lead.id, c.row.channel]).sort()).toEqual([
        [leads[0]!.id, "webhook"],
        [leads[1]!.id, "webhook"],
      ]);
      const limited = await claim(store, "w2", T0 + 5000, 1, ["email"]);
      expect(limited.map((c) => c.lead.id)).toEqual([leads[0]!.id]);
      expect(await claim(store, "w3", T0 + 5000, 10, [])).toEqual([]);
    });

    it("records sent, retry and failed only for the owner, counting attempts", async () => {
      const store = await fresh();
      const l = lead(T0);
      await store.insert(l, notes(l));
      const [email, webhook] = (await claim(store, "w", T0)).sort((x, y) =>
        x.row.channel < y.row.channel ? -1 : 1,
      );
      const at = new Date(T0 + 10);
      expect(await store.finishNotification(email!.row.id, "other", { status: "sent" }, at)).toBe(
        false,
      );
      expect(await store.finishNotification(email!.row.id, "w", { status: "sent" }, at)).toBe(true);
      const retryAt = new Date(T0 + 30_000);
      expect(
        await store.finishNotification(
          webhook!.row.id,
          "w",
          { status: "retry", nextAttemptAt: retryAt, error: "webhook: HTTP 503" },
          at,
        ),
      ).toBe(true);
      // A sent row is never claimed again; the retried one only once it is due.
      expect(await claim(store, "w", T0 + 29_999)).toEqual([]);
      const again = await claim(store, "w", T0 + 30_000);
      expect(again.map((c) => [c.row.id, c.row.attempts, c.row.lastError])).toEqual([
        [webhook!.row.id, 1, "webhook: HTTP 503"],
      ]);
      expect(
        await store.finishNotification(
          webhook!.row.id,
          "w",
          { status: "failed", error: "webhook: HTTP 500" },
          new Date(T0 + 31_000),
        ),
      ).toBe(true);
      expect(await store.countNotifications()).toEqual({ pending: 0, failed: 1 });
      // Per channel (the outbox gauges of /api/metrics): every channel, zeros included.
      // The channels the root composes (src/app/root.ts): the lead store's own with zeros.
      const byChannel = await store.countNotificationsByChannel(leadChannels);
      expect(byChannel.webhook).toEqual({ pending: 0, failed: 1 });
      expect(byChannel.email).toEqual({ pending: 0, failed: 0 });
      expect(Object.values(byChannel).every((c) => c.pending === 0)).toBe(true);
      const later = lead(T0 + 40_000);
      await store.insert(later, notes(later, ["email"]));
      expect((await store.countNotificationsByChannel(leadChannels)).email).toEqual({
        pending: 1,
        failed: 0,
      });
      const [failed] = await store.listNotifications(["failed"]);
      expect(failed).toMatchObject({
        status: "failed",
        attempts: 2,
        lastError: "webhook: HTTP 500",
      });
      const [sent] = await store.listNotifications(["sent"]);
      expect(sent).toMatchObject({ status: "sent", attempts: 1, sentAt: at.toISOString() });
    });

    it("gives claims back without counting an attempt", async () => {
      const store = await fresh();
      const l = lead(T0);
      await store.insert(l, notes(l, ["webhook"]));
      const [c] = await claim(store, "w", T0);
      await store.releaseNotifications([c!.row.id], "someone-else");
      expect(await claim(store, "x", T0 + 1)).toEqual([]);
      await store.releaseNotifications([c!.row.id], "w");
      const again = await claim(store, "x", T0 + 2);
      expect(again.map((x) => [x.row.id, x.row.attempts])).toEqual([[c!.row.id, 0]]);
    });

    it("retries failed rows by id or all of them: pending, due now, with a new give-up time", async () => {
      const store = await fresh();
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const l = lead(T0 + i);
        const n = notes(l, ["email"]);
        await store.insert(l, n);
        ids.push(n[0]!.id);
      }
      for (const c of await claim(store, "w", T0 + 10)) {
        await store.finishNotification(
          c.row.id,
          "w",
          { status: "failed", error: "x" },
          new Date(T0 + 20),
        );
      }
      const now = new Date(T0 + 48 * HOUR);
      const giveUp = new Date(now.getTime() + 24 * HOUR);
      expect(await store.retryNotifications([ids[1]!, "no-such-id"], now, giveUp)).toEqual([
        ids[1],
      ]);
      expect(await store.retryNotifications([ids[1]!], now, giveUp)).toEqual([]); // not failed now
      expect((await store.listNotifications(["pending"]))[0]).toMatchObject({
        id: ids[1],
        nextAttemptAt: now.toISOString(),
        giveUpAt: giveUp.toISOString(),
      });
      expect(await store.retryNotifications("all-failed", now, giveUp)).toEqual(
        [ids[0], ids[2]].sort(),
      );
      expect(await store.countNotifications()).toEqual({ pending: 3, failed: 0 });
      expect(await claim(store, "w", now.getTime())).toHaveLength(3);
    });

    it("never hands one row to two concurrent claimers", async () => {
      const store = await fresh();
      const all: string[] = [];
      for (let i = 0; i < 60; i++) {
        const l = lead(T0 + i);
        const n = notes(l);
        await store.insert(l, n);
        all.push(...n.map((x) => x.id));
      }
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, w) => claim(store, `w${w}`, T0 + HOUR, 20)),
      );
      const claimed = results.flat().map((c) => c.row.id);
      expect(new Set(claimed).size).toBe(claimed.length);
      expect(claimed.sort()).toEqual(all.sort());
    });
  });
}

contract("SQLite", async () => {
  const dir = tempDir();
  return {
    store: new SqliteLeadStore(join(dir, "leads.db")),
    done: async () => removeDir(dir),
  };
});

const pg = await postgresAvailable();
describe.skipIf(!pg)("PostgreSQL", () => {
  contract("PostgreSQL", async () => {
    const schema = uniqueSchema("outbox");
    const store = new PostgresLeadStore(testDatabaseUrl, { schema });
    store.appliedOnOpen = await store.migrate();
    return { store, done: () => dropSchema(schema) };
  });

  it("two stores (two servers) claiming at once never share a row (SKIP LOCKED)", async () => {
    const schema = uniqueSchema("skiplocked");
    const stores = [1, 2, 3].map(() => new PostgresLeadStore(testDatabaseUrl, { schema, max: 4 }));
    try {
      await stores[0]!.migrate();
      const all: string[] = [];
      for (let i = 0; i < 100; i++) {
        const l = lead(T0 + i);
        const n = notes(l);
        await stores[0]!.insert(l, n);
        all.push(...n.map((x) => x.id));
      }
      const claimed: string[] = [];
      // Rounds of simultaneous claims from three pools until everything is taken.
      for (let round = 0; round < 20 && claimed.length < all.length; round++) {
        const got = await Promise.all(
          stores.flatMap((s, i) => [
            claim(s, `s${i}a`, T0 + HOUR, 7),
            claim(s, `s${i}b`, T0 + HOUR, 7),
          ]),
        );
        claimed.push(...got.flat().map((c) => c.row.id));
      }
      expect(new Set(claimed).size).toBe(claimed.length);
      expect(claimed.sort()).toEqual(all.sort());
    } finally {
      await Promise.all(stores.map((s) => s.close()));
      await dropSchema(schema);
    }
  });
});
