/**
 * The store's part of issue 23, on a real SQLite file and the real PostgreSQL:
 * - a deactivated account starts no session, whatever the way in (password, passkey, link: they
 *   all go through startSession), and its links stop working; reactivated, it signs in again;
 * - the last active owner is neither demoted nor deactivated;
 * - refused attempts with one bucket share one audit row, counted; the log filters by action and
 *   person, pages with a cursor, and is pruned by age (AUDIT_RETENTION_DAYS); refused sign-ins
 *   for addresses of no account share one row per client and quarter hour (issue 36);
 * - a passkey id already stored is not stored again (false, not an error);
 * - anonymous challenges stop at their cap, and expired ones make room;
 * - a pending email change applies once however many confirm together, two accounts racing for
 *   one address leave it to one, an expired one changes nothing, deactivation drops it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditRepeated,
  issueLink,
  linkAccount,
  redeemLink,
  signIn,
  startSession,
} from "../../src/admin/accounts";
import { adminStoreFor } from "../../src/admin/store/index";
import type { AdminStore } from "../../src/admin/store/types";
import { throttleSettings } from "../../src/admin/config";
import { createSignInThrottle } from "../../src/admin/throttle";
import { pruneExpired } from "../../src/admin/retention";
import type { LeadStore } from "../../src/leads/store/types";
import { newLeadId } from "../../src/server/id";
import { contactLead, onBothStores } from "./support";

const PASSWORD = "mossy granite patio lantern";
const T0 = new Date(Date.UTC(2026, 10, 1, 9));
const DAY = 24 * 60 * 60_000;
const throttle = () =>
  createSignInThrottle({ ...throttleSettings({}), accountFailures: 100 }, null);

await onBothStores("hardeningstore", (name, open, cleanup) => {
  describe(`issue 23 store rules: ${name}`, () => {
    let leads: LeadStore;
    let store: AdminStore;
    beforeAll(async () => {
      leads = await open();
      store = adminStoreFor(leads);
    });
    afterAll(async () => {
      await leads.close();
      await cleanup();
    });

    const person = async (email: string, role: "owner" | "staff" = "staff") => {
      const link = await issueLink(store, { email, role }, T0);
      const done = await redeemLink(
        store,
        { token: link.token, password: PASSWORD, userAgent: null },
        T0,
      );
      if (!done.ok) throw new Error("no account");
      return done.staff;
    };

    it("a pending email change applies once, races for one address leave it to one, deactivation drops it", async () => {
      const at = (ms: number) => new Date(T0.getTime() + ms).toISOString();
      const pend = (staffId: string, tokenHash: string, newEmail: string, expiresAt = at(DAY)) =>
        store.setEmailChange({ staffId, tokenHash, newEmail, createdAt: at(0), expiresAt });
      const mover = await person("mover@example.test");
      await pend(mover.id, "h-old", "older@example.test");
      await pend(mover.id, "h-one", "moved@example.test");
      // The emailed link finds its change and its account (the link's page, before its button).
      expect(await store.findEmailChange("h-one")).toMatchObject({
        staffId: mover.id,
        newEmail: "moved@example.test",
        expiresAt: at(DAY),
        staff: { id: mover.id, email: "mover@example.test" },
      });
      expect(await store.findEmailChange("h-old")).toBeNull();
      // A newer request replaced the older one.
      expect((await store.applyEmailChange("h-old", at(1000))).outcome).toBe("gone");
      const outcomes = await Promise.all(
        Array.from({ length: 8 }, () => store.applyEmailChange("h-one", at(1000))),
      );
      expect(outcomes.filter((o) => o.outcome === "done")).toHaveLength(1);
      expect(outcomes.filter((o) => o.outcome === "gone")).toHaveLength(7);
      expect(outcomes.find((o) => o.outcome === "done")).toMatchObject({
        from: "mover@example.test",
        staff: { id: mover.id, email: "moved@example.test" },
      });
      expect((await store.getStaff(mover.id))?.email).toBe("moved@example.test");
      expect(await store.emailChangeOf(mover.id)).toBeNull();

      // Two accounts confirming the same new address at the same moment: one gets it.
      const a = await person("racer.a@example.test");
      const b = await person("racer.b@example.test");
      await pend(a.id, "h-a", "prize@example.test");
      await pend(b.id, "h-b", "prize@example.test");
      const race = await Promise.all([
        store.applyEmailChange("h-a", at(1000)),
        store.applyEmailChange("h-b", at(1000)),
      ]);
      expect(race.map((o) => o.outcome).sort()).toEqual(["done", "taken"]);
      const emails = [(await store.getStaff(a.id))!.email, (await store.getStaff(b.id))!.email];
      expect(emails.filter((e) => e === "prize@example.test")).toHaveLength(1);

      // Expired: nothing changes, the row stays until replaced or cancelled.
      await pend(a.id, "h-late", "late@example.test", at(0));
      expect((await store.applyEmailChange("h-late", at(1))).outcome).toBe("expired");
      expect(await store.cancelEmailChange(a.id)).toBe(true);
      expect(await store.cancelEmailChange(a.id)).toBe(false);

      // Deactivating the account drops its pending change.
      await pend(b.id, "h-gone", "away@example.test");
      expect(await store.setActive(b.id, false, at(2))).toBe("done");
      expect(await store.emailChangeOf(b.id)).toBeNull();
      expect((await store.applyEmailChange("h-gone", at(3))).outcome).toBe("gone");
    });

    it("a deactivated account starts no session and its links stop; reactivated, it signs in", async () => {
      await person("chief@example.test", "owner");
      const gone = await person("gone@example.test");
      const link = await issueLink(store, { email: "gone@example.test", reset: true }, T0);
      // Its open leads are counted for reassigning (won and lost ones are not).
      const open = contactLead(T0);
      const closed = contactLead(T0);
      for (const l of [open, closed]) {
        await leads.insert(l);
        await store.assign(l.id, {
          assigneeId: gone.id,
          eventId: newLeadId(),
          actorId: gone.id,
          at: T0.toISOString(),
          body: "{}",
        });
      }
      await store.setStatus(closed.id, {
        status: "lost",
        lostReason: "Went elsewhere",
        eventId: newLeadId(),
        actorId: null,
        at: T0.toISOString(),
      });
      expect(await store.assignedCount(gone.id)).toBe(1);
      expect(await store.setActive(gone.id, false, T0.toISOString())).toBe("done");
      expect((await store.getStaff(gone.id))?.deactivatedAt).toBe(T0.toISOString());
      expect(await startSession(store, gone.id, null, T0)).toBeNull();
      const creds = {
        email: "gone@example.test",
        password: PASSWORD,
        client: "c",
        userAgent: null,
      };
      expect(await signIn(store, await throttle(), creds, T0)).toEqual({
        ok: false,
        problem: "wrong",
      });
      expect(await linkAccount(store, link.token, T0)).toBeNull();
      await expect(
        issueLink(store, { email: "gone@example.test", reset: true }, T0),
      ).rejects.toThrow(/deactivated/);
      expect(await store.setActive(gone.id, true, T0.toISOString())).toBe("done");
      expect((await signIn(store, await throttle(), creds, T0)).ok).toBe(true);
    });

    it("keeps the last active owner: not demoted, not deactivated", async () => {
      const { staff: chief } = (await store.findStaffByEmail("chief@example.test"))!;
      expect(await store.setRole(chief.id, "staff", T0.toISOString())).toBe("last_owner");
      expect(await store.setActive(chief.id, false, T0.toISOString())).toBe("last_owner");
      const deputy = await person("deputy@example.test", "owner");
      expect(await store.setActive(chief.id, false, T0.toISOString())).toBe("done");
      // The deputy is now the only active owner.
      expect(await store.setRole(deputy.id, "staff", T0.toISOString())).toBe("last_owner");
      expect(await store.setActive(chief.id, true, T0.toISOString())).toBe("done");
      expect(await store.setRole(deputy.id, "staff", T0.toISOString())).toBe("done");
      expect(await store.setRole("no-such-id", "owner", T0.toISOString())).toBe("missing");
    });

    it("counts repeats on one audit row, filters, pages and prunes the log", async () => {
      for (let i = 0; i < 7; i++) {
        await auditRepeated(store, "sign_in_failed", { subject: "target@example.test" }, T0);
      }
      await auditRepeated(
        store,
        "sign_in_failed",
        { subject: "target@example.test" },
        new Date(T0.getTime() + 20 * 60_000),
      );
      const failed = await store.listAudit({
        action: "sign_in_failed",
        person: "TARGET@",
        limit: 10,
      });
      expect(failed.map((e) => e.count)).toEqual([1, 7]);
      expect(await store.listAudit({ person: "100%_", limit: 10 })).toEqual([]);
      const page = await store.listAudit({ limit: 2 });
      expect(page).toHaveLength(3);
      const next = await store.listAudit({
        limit: 2,
        before: { at: page[1]!.at, id: page[1]!.id },
      });
      expect(next[0]!.id).toBe(page[2]!.id);
      // By action alone, a page at a time (the log's action filter and its next page).
      for (const minutes of [0, 20, 40])
        await auditRepeated(store, "paged_action", {}, new Date(T0.getTime() + minutes * 60_000));
      const byAction = await store.listAudit({ action: "paged_action", limit: 1 });
      expect(byAction).toHaveLength(2);
      const rest = await store.listAudit({
        action: "paged_action",
        limit: 1,
        before: { at: byAction[0]!.at, id: byAction[0]!.id },
      });
      expect(rest.map((e) => e.id)).toEqual([byAction[1]!.id, expect.any(String)]);
      expect(rest[1]!.at < rest[0]!.at).toBe(true);
      expect(await store.auditActions()).toContain("sign_in_failed");

      const old = new Date(T0.getTime() - 500 * DAY);
      await auditRepeated(store, "sign_in_failed", { subject: "ancient@example.test" }, old);
      const pruned = await pruneExpired(
        leads,
        { outboxDays: 30, leadDays: null, auditDays: 400 },
        T0,
      );
      expect(pruned.audit).toBe(1);
      expect(await store.listAudit({ person: "ancient", limit: 10 })).toEqual([]);
      expect(await store.listAudit({ person: "target", limit: 10 })).toHaveLength(2);
    });

    it("a flood of refused sign-ins with new junk emails fills one row per client and window", async () => {
      const flood = await throttle();
      const [one, two] = ["a1".repeat(32), "b2".repeat(32)];
      const refusals: string[] = [];
      // 150 posts from one client, each with a new address; another client tries three.
      for (let i = 0; i < 150; i++) {
        const input = {
          email: `junk-${i}@flood.test`,
          password: "x",
          client: one,
          userAgent: null,
        };
        const r = await signIn(store, flood, input, T0);
        refusals.push(r.ok ? "signed in" : r.problem);
      }
      for (const email of ["a@other.test", "b@other.test", "not an email"]) {
        await signIn(store, flood, { email, password: "x", client: two, userAgent: null }, T0);
      }
      expect(refusals.filter((r) => r === "wrong")).toHaveLength(20);
      expect(refusals.filter((r) => r === "throttled")).toHaveLength(130);
      const rows = await store.listAudit({ person: "unknown account", limit: 100 });
      expect(rows.map((e) => [e.action, e.subject, e.count]).sort()).toEqual([
        ["sign_in_failed", `unknown account, client ${one.slice(0, 12)}`, 20],
        ["sign_in_failed", `unknown account, client ${two.slice(0, 12)}`, 3],
        ["sign_in_throttled", `unknown account, client ${one.slice(0, 12)}`, 130],
      ]);
      expect(await store.listAudit({ person: "flood.test", limit: 10 })).toEqual([]);
    });

    it("stores a passkey id once; a second account's copy is refused, not an error", async () => {
      const a = await person("keys.a@example.test");
      const b = await person("keys.b@example.test");
      const key = {
        id: "c2FtZS1jcmVkZW50aWFsLWlk",
        publicKey: new Uint8Array([1, 2, 3]),
        counter: 0,
        transports: ["internal"],
        name: "Laptop",
        createdAt: T0.toISOString(),
        lastUsedAt: null,
      };
      expect(await store.addPasskey({ ...key, staffId: a.id })).toBe(true);
      expect(await store.addPasskey({ ...key, staffId: b.id })).toBe(false);
      expect((await store.findPasskey(key.id))?.staff.id).toBe(a.id);
    });

    it("caps anonymous challenges under way; expired ones make room", async () => {
      const add = (i: number, at: Date) =>
        store.addChallenge({
          idHash: `cap-${i}-${at.getTime()}`,
          challenge: "x",
          purpose: "sign_in",
          staffId: null,
          expiresAt: new Date(at.getTime() + 5 * 60_000).toISOString(),
          now: at.toISOString(),
          cap: 3,
        });
      const results = [];
      for (let i = 0; i < 5; i++) results.push(await add(i, T0));
      expect(results).toEqual([true, true, true, false, false]);
      expect(await add(9, new Date(T0.getTime() + 6 * 60_000))).toBe(true);
    });
  });
});
