/**
 * Competitors beside a website check in the store (migration 36), on a real SQLite file and the
 * real PostgreSQL: a competitor's check is an ordinary queued check (the staff member's turn,
 * its domain, claimed like any other) linked to the prospect's, never the lead's own check;
 * at most three per check even when five posts from five staff members arrive at once; removed
 * ones are shown nowhere (a waiting one is cancelled, a running one finishes); the 'show on the
 * prospect's report' toggle; erasing the lead erases its checks' competitors too.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminStoreFor } from "../../src/admin/store";
import { COMPETITORS_MAX } from "../../src/audit/competitors";
import { auditJobFor, queueCompetitorCheck, queueStaffCheck } from "../../src/audit/jobs";
import { auditJobStoreFor } from "../../src/audit/store";
import type { LeadStore } from "../../src/leads/store/types";
import { auditLead } from "./audit-support";
import { onBothStores } from "./support";

await onBothStores("audit-competitors", (name, open, cleanup) => {
  describe(`competitors beside a check (${name})`, () => {
    let store: LeadStore;
    beforeAll(async () => {
      store = await open();
    });
    afterAll(async () => {
      await store?.close();
      await cleanup();
    });

    async function prospect(website: string) {
      const lead = auditLead(website, { ipHash: `c-${website}` });
      const job = auditJobFor(lead)!;
      await store.insert(lead, [], { auditJob: job });
      return { lead, checkId: job.id };
    }
    const competitor = (checkId: string, url: string, staffId = "staff-1") =>
      queueCompetitorCheck(store, { checkId, url, label: null, staffId, max: COMPETITORS_MAX });

    it("queues at most three per check, even when five staff members add one at once", async () => {
      const { lead, checkId } = await prospect("lawnpros.test");
      const results = await Promise.all(
        ["a", "b", "c", "d", "e"].map((x, i) =>
          competitor(checkId, `${x}-rival.test`, `staff-${i}`),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(3);
      expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.reason)).toEqual([
        "competitors",
        "competitors",
      ]);
      const jobs = auditJobStoreFor(store);
      const listed = await jobs.competitors(checkId);
      expect(listed).toHaveLength(3);
      for (const c of listed) {
        expect(c).toMatchObject({ competitorOf: checkId, leadId: null, status: "queued" });
        expect(c.queueKey).toBe(`staff:${c.requestedBy}`);
        expect(c.domain).toBe(c.url);
      }
      // The lead's own check stays its newest, and no competitor is a staff check of the list.
      expect((await jobs.forLead(lead.id)).map((j) => j.id)).toEqual([checkId]);
      expect((await jobs.latestForLeads([lead.id])).get(lead.id)?.jobId).toBe(checkId);
      const staffIds = (await jobs.recentStaffChecks(50)).map((j) => j.id);
      for (const c of listed) expect(staffIds).not.toContain(c.id);
      // A competitor's check has no competitors of its own.
      expect(await competitor(listed[0]!.id, "pine.test")).toEqual({
        ok: false,
        reason: "missing",
      });
      expect(await competitor("no-such-check", "pine.test")).toEqual({
        ok: false,
        reason: "missing",
      });
    });

    it("claims competitors' checks like any other; removed ones are shown nowhere", async () => {
      const { checkId } = await prospect("walklawn.test");
      const jobs = auditJobStoreFor(store);
      const running = await competitor(checkId, "oak.test");
      const waiting = await competitor(checkId, "elm.test");
      expect(running.ok && waiting.ok).toBe(true);
      if (!running.ok || !waiting.ok) return;
      // Claimed by the ordinary claim: take every waiting check, then give back all but one.
      const claimed = await jobs.claim({ owner: "w", now: new Date(), leaseMs: 60_000, limit: 50 });
      expect(claimed.map((j) => j.id)).toEqual(expect.arrayContaining([running.id, waiting.id]));
      await jobs.release(
        claimed.map((j) => j.id).filter((id) => id !== running.id),
        "w",
      );

      const at = new Date();
      expect(await jobs.removeCompetitor(checkId, waiting.id, "staff-1", at)).toBe(true);
      expect(await jobs.removeCompetitor(checkId, running.id, "staff-1", at)).toBe(true);
      expect(await jobs.removeCompetitor(checkId, running.id, "staff-1", at)).toBe(false);
      expect(await jobs.removeCompetitor("another-check", waiting.id, "staff-1", at)).toBe(false);
      // The waiting one never runs; the running one finishes, shown nowhere.
      expect(await jobs.get(waiting.id)).toMatchObject({
        status: "cancelled",
        lastError: "removed by staff-1",
      });
      expect((await jobs.get(running.id))?.status).toBe("queued");
      expect((await jobs.get(running.id))?.removedAt).toBeTruthy();
      expect(await jobs.competitors(checkId)).toEqual([]);
      const again = await jobs.claim({ owner: "w2", now: new Date(), leaseMs: 60_000, limit: 50 });
      expect(again.map((j) => j.id)).not.toContain(waiting.id);
      expect((await competitor(checkId, "elm.test")).ok).toBe(true);
    });

    it("keeps the 'show on the prospect's report' toggle per check, off by default", async () => {
      const { checkId } = await prospect("toggle.test");
      const jobs = auditJobStoreFor(store);
      expect((await jobs.get(checkId))?.showCompetitors).toBe(false);
      expect(await jobs.showCompetitors(checkId, true)).toBe(true);
      expect((await jobs.get(checkId))?.showCompetitors).toBe(true);
      expect(await jobs.showCompetitors(checkId, false)).toBe(true);
      expect((await jobs.get(checkId))?.showCompetitors).toBe(false);
      const added = await competitor(checkId, "maple.test");
      expect(added.ok && (await jobs.showCompetitors(added.id, true))).toBe(false);
    });

    it("'Run again' queues the kept competitors beside the new check, names and choice too", async () => {
      const { lead, checkId } = await prospect("again.test");
      const jobs = auditJobStoreFor(store);
      const named = (url: string, label: string | null) =>
        queueCompetitorCheck(store, { checkId, url, label, staffId: "staff-9", max: 3 });
      const first = await named("first-rival.test", "First Rival");
      const gone = await named("gone-rival.test", null);
      const second = await named("second-rival.test", null);
      expect(first.ok && gone.ok && second.ok).toBe(true);
      if (!gone.ok) return;
      await jobs.removeCompetitor(checkId, gone.id, "staff-9", new Date());
      await jobs.showCompetitors(checkId, true);

      const again = await queueStaffCheck(store, {
        url: "again.test",
        leadId: lead.id,
        staffId: "staff-2",
      });
      expect(again.ok).toBe(true);
      if (!again.ok) return;
      const newest = (await jobs.forLead(lead.id))[0]!;
      expect(newest.id).toBe(again.id);
      expect(newest.showCompetitors).toBe(true);
      // The removed one stays behind; the others, in their order, run as the staff member's own.
      const carried = await jobs.competitors(again.id);
      expect(carried.map((c) => [c.url, c.label])).toEqual([
        ["first-rival.test", "First Rival"],
        ["second-rival.test", null],
      ]);
      for (const c of carried) {
        expect(c).toMatchObject({ competitorOf: again.id, requestedBy: "staff-2", fresh: false });
      }
      // The previous check keeps its own, and a check of any URL (no lead) carries nothing.
      expect((await jobs.competitors(checkId)).map((c) => c.url)).toEqual([
        "first-rival.test",
        "second-rival.test",
      ]);
      const anyUrl = await queueStaffCheck(store, {
        url: "again.test",
        leadId: null,
        staffId: "staff-2",
      });
      expect(anyUrl.ok && (await jobs.competitors(anyUrl.id))).toEqual([]);
    });

    it("erasing the lead erases its checks' competitors", async () => {
      const { lead, checkId } = await prospect("erase-me.test");
      const added = await competitor(checkId, "birch.test");
      expect(added.ok).toBe(true);
      await adminStoreFor(store).eraseLead(lead.id);
      const jobs = auditJobStoreFor(store);
      expect(await jobs.get(checkId)).toBeNull();
      expect(added.ok && (await jobs.get(added.id))).toBeNull();
    });
  });
});
