/**
 * A prospect's number left after their score (issue 39 §1, src/audit/callback.ts) on the stores
 * themselves, over a SQLite file and the real PostgreSQL: in one transaction the phone goes on
 * the lead the check belongs to (found by search afterwards), a 'callback' entry on its
 * timeline with the number and the time, and one 'callback' outbox row, pending, reset by a
 * second number; a check without a lead writes nothing; past the cap nothing is written; the
 * time of day the timeline says is the prospect's choice. Migration 36 lets the outbox hold the
 * new channel on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventText } from "../../src/admin/pipeline";
import { adminStoreFor } from "../../src/admin/store/index";
import type { AdminStore } from "../../src/admin/store/types";
import { auditJobFor } from "../../src/audit/jobs";
import { auditJobStoreFor } from "../../src/audit/store";
import { saveCallback } from "../../src/audit/store/callback";
import type { LeadStore } from "../../src/leads/store/types";
import { auditLead, fixtureReport } from "./audit-support";
import { onBothStores } from "./support";

const AT = new Date(Date.UTC(2026, 10, 2, 15));

await onBothStores("audit-callback", (name, open, cleanup) => {
  describe(`a number left after the score, on ${name}`, () => {
    let leads: LeadStore;
    let admin: AdminStore;

    /** An audit lead with a finished check; its lead and job ids. */
    async function checked(website: string) {
      const lead = auditLead(website, { ipHash: `cb-${website}` });
      const job = auditJobFor(lead)!;
      await leads.insert(lead, [], { auditJob: job });
      const jobs = auditJobStoreFor(leads);
      await jobs.claim({ owner: "w", now: new Date(), leaseMs: 60_000, limit: 10 });
      await jobs.finish(
        job.id,
        "w",
        { status: "done", site: website, report: fixtureReport(website, 48) },
        new Date(),
      );
      return { leadId: lead.id, jobId: job.id };
    }

    const write = (jobId: string, n: number, phone = "+15125550142", time = "morning") => ({
      jobId,
      phone,
      time,
      eventId: `cb-event-${name}-${jobId}-${n}`,
      outboxId: `cb-outbox-${name}-${jobId}-${n}`,
      at: new Date(AT.getTime() + n * 60_000).toISOString(),
      giveUpAt: new Date(AT.getTime() + 86_400_000).toISOString(),
      cap: 3,
    });

    beforeAll(async () => {
      leads = await open();
      admin = adminStoreFor(leads);
    });
    afterAll(async () => {
      await leads?.close();
      await cleanup();
    });

    it("puts the phone on the lead, a callback entry on its timeline and one outbox row", async () => {
      const { leadId, jobId } = await checked("callback-one.test");
      expect((await leads.get(leadId))?.fields.phone).toBeUndefined();
      // Indexed for search already, as a lead is seconds after it came in.
      await (leads as LeadStore & { indexSearch(): Promise<number> }).indexSearch();
      expect(await saveCallback(leads.connection, write(jobId, 1))).toEqual({
        status: "saved",
        leadId,
      });
      const lead = await leads.get(leadId);
      expect(lead?.fields.phone).toBe("+15125550142");
      // The other fields are kept as they were.
      expect(lead?.fields.website).toBe("callback-one.test");
      const events = (await admin.leadEvents(leadId)).filter((e) => e.kind === "callback");
      expect(events).toHaveLength(1);
      expect(events[0]!.actorId).toBeNull();
      expect(eventText(events[0]!)).toBe(
        "Left their number after the website check: (512) 555-0142, best time: Morning (8–11 am)",
      );
      const rows = (await leads.listNotifications(["pending"], leadId)).filter(
        (r) => r.channel === "callback",
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]!.id).toBe(`cb-outbox-${name}-${jobId}-1`);
      // The inbox finds the lead by the number now (its search entry follows the phone).
      const found = await admin.inboxPage({ spam: false, limit: 10, search: "512 555 0142" });
      expect(found.map((r) => r.lead.id)).toContain(leadId);
    });

    it("a second number replaces the first and resets the one outbox row", async () => {
      const { leadId, jobId } = await checked("callback-two.test");
      await saveCallback(leads.connection, write(jobId, 1));
      const first = (await leads.listNotifications(["pending"], leadId)).find(
        (r) => r.channel === "callback",
      )!;
      // Delivered, then the prospect leaves another number.
      const claimed = await leads.claimNotifications({
        owner: "x",
        now: new Date(),
        leaseMs: 60_000,
        limit: 50,
        channels: ["callback"],
      });
      expect(claimed.map((c) => c.row.id)).toContain(first.id);
      await leads.finishNotification(first.id, "x", { status: "sent" }, new Date());
      await saveCallback(leads.connection, write(jobId, 2, "+442079460958", "evening"));
      expect((await leads.get(leadId))?.fields.phone).toBe("+442079460958");
      const rows = (await leads.listNotifications(["pending", "sent"], leadId)).filter(
        (r) => r.channel === "callback",
      );
      expect(rows.map((r) => [r.id, r.status])).toEqual([
        [`cb-outbox-${name}-${jobId}-2`, "pending"],
      ]);
      const texts = (await admin.leadEvents(leadId))
        .filter((e) => e.kind === "callback")
        .map((e) => eventText(e));
      expect(texts[1]).toContain("+44 20 7946 0958, best time: Early evening");
    });

    it("writes nothing past the cap, and nothing for a check without a lead", async () => {
      const { leadId, jobId } = await checked("callback-cap.test");
      for (let n = 1; n <= 3; n++) {
        expect((await saveCallback(leads.connection, write(jobId, n))).status).toBe("saved");
      }
      const capped = await saveCallback(leads.connection, write(jobId, 4, "+13125550199"));
      expect(capped).toEqual({ status: "limit" });
      expect((await leads.get(leadId))?.fields.phone).toBe("+15125550142");
      expect((await admin.leadEvents(leadId)).filter((e) => e.kind === "callback")).toHaveLength(3);

      expect(await saveCallback(leads.connection, write("no-such-job", 1))).toEqual({
        status: "missing",
      });
    });
  });
});
