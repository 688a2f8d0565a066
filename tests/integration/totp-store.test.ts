/**
 * The authenticator app's rows (migration 37, src/admin/store/totp.ts) on a real SQLite file and
 * the real PostgreSQL, through two stores over the same database (two servers): a setup is
 * replaced until it is on, never after; a code's step is taken once (two servers taking the same
 * step at once: one wins, and an older step never after a newer); a recovery code is spent once
 * (likewise); new codes replace the old; a passkey or the app counts as a second factor; turning
 * it off removes the codes with it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminStoreFor } from "../../src/admin/store/index";
import type { AdminStore } from "../../src/admin/store/types";
import type { LeadStore } from "../../src/leads/store/types";
import { onBothStores } from "./support";

const AT = "2026-11-28T12:00:00.000Z";

await onBothStores("totpstore", (name, open, cleanup) => {
  describe(name, () => {
    let leadsA: LeadStore;
    let leadsB: LeadStore;
    let a: AdminStore;
    let b: AdminStore;
    let id = "";

    beforeAll(async () => {
      leadsA = await open();
      leadsB = await open();
      a = adminStoreFor(leadsA);
      b = adminStoreFor(leadsB);
      id = (
        await a.ensureStaff({
          id: "staff-totp-1",
          email: "sam@example.test",
          role: "staff",
          at: AT,
        })
      ).id;
    });
    afterAll(async () => {
      await leadsA?.close();
      await leadsB?.close();
      await cleanup();
    });

    it("keeps a setup until it is on, then takes each step once across servers", async () => {
      expect(await a.startTotp({ staffId: id, secret: "v1.first", at: AT })).toBe(true);
      expect(await a.startTotp({ staffId: id, secret: "v1.second", at: AT })).toBe(true);
      expect(await b.totpOf(id)).toMatchObject({
        secret: "v1.second",
        enabledAt: null,
        lastStep: 0,
      });
      expect(await b.hasSecondFactor(id)).toBe(false);
      // A step cannot be taken while the app is not on.
      expect(await a.useTotpStep(id, 100)).toBe(false);

      const codes = Array.from({ length: 10 }, (_, i) => ({ id: `0${i}`, hash: `hash-${i}` }));
      expect(await a.enableTotp({ staffId: id, step: 100, at: AT, codes })).toBe(true);
      expect(await b.enableTotp({ staffId: id, step: 101, at: AT, codes })).toBe(false);
      expect(await a.startTotp({ staffId: id, secret: "v1.third", at: AT })).toBe(false);
      expect(await b.totpOf(id)).toMatchObject({
        secret: "v1.second",
        enabledAt: AT,
        lastStep: 100,
      });
      expect(await b.hasSecondFactor(id)).toBe(true);
      expect(await a.totpAccounts()).toEqual(new Set([id]));

      // The step that turned it on, and older ones, are used; two servers at once on the next:
      // one wins.
      expect(await a.useTotpStep(id, 100)).toBe(false);
      expect(await a.useTotpStep(id, 99)).toBe(false);
      const raced = await Promise.all([a.useTotpStep(id, 101), b.useTotpStep(id, 101)]);
      expect(raced.filter(Boolean)).toHaveLength(1);
      expect(await b.useTotpStep(id, 102)).toBe(true);
      expect(await a.useTotpStep(id, 101)).toBe(false);
    });

    it("spends a recovery code once across servers; new codes replace the old", async () => {
      expect((await a.recoveryCodesOf(id)).map((c) => c.id)).toHaveLength(10);
      const raced = await Promise.all([
        a.useRecoveryCode(id, "03", AT),
        b.useRecoveryCode(id, "03", AT),
      ]);
      expect(raced.filter(Boolean)).toHaveLength(1);
      expect(await b.useRecoveryCode(id, "03", AT)).toBe(false);
      const left = await b.recoveryCodesOf(id);
      expect(left).toHaveLength(9);
      expect(left.find((c) => c.id === "03")).toBeUndefined();

      expect(
        await a.replaceRecoveryCodes({ staffId: id, at: AT, codes: [{ id: "01", hash: "new" }] }),
      ).toBe(true);
      expect(await b.recoveryCodesOf(id)).toEqual([{ id: "01", hash: "new" }]);
    });

    it("turning it off removes the codes; a setup under way is cancelled alone", async () => {
      expect(await a.deleteTotp(id, true)).toBe(false);
      expect(await b.totpOf(id)).not.toBeNull();
      expect(await a.deleteTotp(id)).toBe(true);
      expect(await b.totpOf(id)).toBeNull();
      expect(await b.recoveryCodesOf(id)).toEqual([]);
      expect(await b.hasSecondFactor(id)).toBe(false);
      expect(
        await a.replaceRecoveryCodes({ staffId: id, at: AT, codes: [{ id: "01", hash: "x" }] }),
      ).toBe(false);
      expect(await a.deleteTotp(id)).toBe(false);

      expect(await a.startTotp({ staffId: id, secret: "v1.again", at: AT })).toBe(true);
      expect(await a.deleteTotp(id, true)).toBe(false);
      expect(await b.totpOf(id)).toBeNull();

      // A passkey alone counts as a second factor too.
      await a.addPasskey({
        id: "cGFzc2tleS1vZi1zYW0",
        staffId: id,
        name: "Laptop",
        transports: ["internal"],
        createdAt: AT,
        lastUsedAt: null,
        publicKey: new Uint8Array([1, 2, 3]),
        counter: 0,
      });
      expect(await b.hasSecondFactor(id)).toBe(true);
    });
  });
});
