/**
 * Calls booked with Calendly, stored (issue 39 §2), on SQLite and the real PostgreSQL: a new
 * person's booking is a 'booked call' lead with its meeting time on the agency's clock and its
 * outbox rows; the same event twice (one after the other, or at the same moment) stores once; a
 * booking by someone who already has a lead is attached to it (timeline, the agency's 'booking'
 * email row) instead of a second lead; a cancellation is on the timeline once; the inbox's
 * upcoming calls are the active ones still ahead, soonest first; erasing the lead erases its
 * bookings.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminStoreFor } from "../../src/admin/store/index";
import { parseCalendlyEvent, type CalendlyEvent } from "../../src/leads/scheduling/calendly";
import {
  receiveBooking,
  upcomingCalls,
  type BookingDeps,
} from "../../src/leads/scheduling/bookings";
import type { LeadStore } from "../../src/leads/store/types";
import { calendlyBody, type InviteeOptions } from "../support/calendly";
import { contactLead, onBothStores } from "./support";

const NOW = new Date("2026-11-28T14:00:00.000Z");

function event(kind: "invitee.created" | "invitee.canceled", o: InviteeOptions): CalendlyEvent {
  const parsed = parseCalendlyEvent(calendlyBody(kind, o));
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.event;
}

const silent = { info() {}, warn() {}, error() {} };

await onBothStores("scheduling-store", (name, open, cleanup) => {
  describe(`bookings (${name})`, () => {
    let store: LeadStore;
    let deps: BookingDeps;
    let queued = 0;

    beforeAll(async () => {
      store = await open();
      deps = {
        store: async () => store,
        channels: ["email", "webhook"],
        announceAttached: true,
        notifyMaxAgeMs: 24 * 3600_000,
        timeZone: "America/Chicago",
        log: silent,
        onQueued: () => queued++,
        now: () => NOW,
      };
    });
    afterAll(async () => {
      await store.close();
      await cleanup();
    });

    const rows = <T>(sql: string, params: (string | number)[] = []) =>
      store.connection.db.all<T>(sql, params);

    it("stores a new person's booking as a 'booked call' lead with its time on the agency's clock", async () => {
      const before = queued;
      const outcome = await receiveBooking(
        event("invitee.created", {
          inviteeUuid: "new-1",
          email: "Pat.Booker@Example.com",
          start: "2026-12-01T15:00:00.000000Z",
          utm: { utm_source: "google", utm_medium: "cpc", utm_campaign: "spring" },
        }),
        deps,
      );
      expect(outcome.status).toBe("stored");
      const lead = await store.get((outcome as { leadId: string }).leadId);
      expect(lead).toMatchObject({ kind: "booking", form: "booking", spam: false });
      // 15:00 UTC on 1 December is 9:00 AM in Chicago (CST).
      expect(lead!.fields.callAt).toBe("Tue, Dec 1, 2026, 9:00 AM CST");
      expect(lead!.fields.name).toBe("Pat Booker");
      expect(lead!.fields.phone).toBe("+15125550187");
      expect(lead!.fields.event).toBe("Free strategy call");
      expect(lead!.fields.message).toBe(
        "What does your business do?: Lawn care, about 40 jobs a month",
      );
      expect(lead!.metadata.utm).toEqual({
        utm_source: "google",
        utm_medium: "cpc",
        utm_campaign: "spring",
      });
      const outbox = await store.listNotifications(["pending"], lead!.id);
      expect(outbox.map((r) => r.channel).sort()).toEqual(["email", "webhook"]);
      expect(queued).toBe(before + 1);
    });

    it("stores the same event once, whether it comes again later or twice at once", async () => {
      const first = await receiveBooking(
        event("invitee.created", { inviteeUuid: "dup-1", email: "dup@example.com" }),
        deps,
      );
      const again = await receiveBooking(
        event("invitee.created", { inviteeUuid: "dup-1", email: "dup@example.com" }),
        deps,
      );
      expect(first.status).toBe("stored");
      expect(again).toEqual({ status: "duplicate", leadId: (first as { leadId: string }).leadId });
      const both = await Promise.all([
        receiveBooking(
          event("invitee.created", { inviteeUuid: "dup-2", email: "twice@example.com" }),
          deps,
        ),
        receiveBooking(
          event("invitee.created", { inviteeUuid: "dup-2", email: "twice@example.com" }),
          deps,
        ),
      ]);
      expect(both.map((o) => o.status).sort()).toEqual(["duplicate", "stored"]);
      const leads = await rows<{ n: number }>(
        "SELECT CAST(count(*) AS INTEGER) AS n FROM leads WHERE kind = 'booking' AND id IN (SELECT lead_id FROM scheduled_calls WHERE invitee_uri LIKE '%dup-2')",
      );
      expect(Number(leads[0]!.n)).toBe(1);
      const calls = await rows<{ n: number }>(
        "SELECT CAST(count(*) AS INTEGER) AS n FROM scheduled_calls WHERE invitee_uri LIKE '%dup-2'",
      );
      expect(Number(calls[0]!.n)).toBe(1);
    });

    it("attaches a booking to the same person's lead (any case of the email) instead of a new lead", async () => {
      const existing = contactLead("2026-11-20T10:00:00.000Z", {
        fields: { "full-name": "Rosa Waiting", email: "rosa@waiting.test", message: "Call me" },
      });
      await store.insert(existing);
      const leadsBefore = await store.countLeads();
      const outcome = await receiveBooking(
        event("invitee.created", {
          inviteeUuid: "attach-1",
          email: "ROSA@waiting.test",
          name: "Rosa W",
        }),
        deps,
      );
      expect(outcome).toEqual({ status: "attached", leadId: existing.id });
      expect(await store.countLeads()).toBe(leadsBefore);
      const events = await adminStoreFor(store).leadEvents(existing.id);
      const booking = events.find((e) => e.kind === "booking")!;
      expect(JSON.parse(booking.body)).toMatchObject({
        action: "booked",
        event: "Free strategy call",
      });
      const outbox = await store.listNotifications(["pending"], existing.id);
      expect(outbox.map((r) => r.channel)).toEqual(["booking"]);
    });

    it("marks a cancellation on the timeline once, and leaves the cancelled call out of the upcoming ones", async () => {
      const created = await receiveBooking(
        event("invitee.created", {
          inviteeUuid: "cancel-1",
          email: "cancel@example.com",
          start: "2026-12-02T16:00:00Z",
        }),
        deps,
      );
      const leadId = (created as { leadId: string }).leadId;
      expect(
        (await upcomingCalls(store.connection.db, NOW, 50)).some((c) => c.leadId === leadId),
      ).toBe(true);
      const canceled = await receiveBooking(
        event("invitee.canceled", {
          inviteeUuid: "cancel-1",
          email: "cancel@example.com",
          reason: "Found another agency",
        }),
        deps,
      );
      const twice = await receiveBooking(
        event("invitee.canceled", { inviteeUuid: "cancel-1", email: "cancel@example.com" }),
        deps,
      );
      expect(canceled).toEqual({ status: "canceled", leadId });
      expect(twice).toEqual({ status: "duplicate", leadId });
      const events = (await adminStoreFor(store).leadEvents(leadId)).filter(
        (e) => e.kind === "booking",
      );
      expect(events.map((e) => JSON.parse(e.body) as { action: string; reason?: string })).toEqual([
        expect.objectContaining({ action: "canceled", reason: "Found another agency" }),
      ]);
      expect(
        (await upcomingCalls(store.connection.db, NOW, 50)).some((c) => c.leadId === leadId),
      ).toBe(false);
      // A cancellation of a booking never stored changes nothing.
      expect(
        await receiveBooking(event("invitee.canceled", { inviteeUuid: "never-seen" }), deps),
      ).toEqual({ status: "ignored", reason: "unknown booking" });
    });

    it("lists upcoming calls soonest first, past ones left out", async () => {
      await receiveBooking(
        event("invitee.created", {
          inviteeUuid: "past-1",
          email: "past@example.com",
          start: "2026-11-27T15:00:00Z",
        }),
        deps,
      );
      await receiveBooking(
        event("invitee.created", {
          inviteeUuid: "late-1",
          email: "late@example.com",
          name: "Late Larry",
          start: "2026-12-20T15:00:00Z",
        }),
        deps,
      );
      await receiveBooking(
        event("invitee.created", {
          inviteeUuid: "soon-1",
          email: "soon@example.com",
          name: "Soon Sue",
          start: "2026-11-28T18:00:00Z",
        }),
        deps,
      );
      const calls = await upcomingCalls(store.connection.db, NOW, 50);
      const starts = calls.map((c) => c.startTime);
      expect(starts).toEqual([...starts].sort());
      expect(calls[0]).toMatchObject({ name: "Soon Sue", startTime: "2026-11-28T18:00:00.000Z" });
      expect(calls.at(-1)).toMatchObject({ name: "Late Larry" });
      expect(calls.some((c) => c.startTime === "2026-11-27T15:00:00.000Z")).toBe(false);
    });

    it("erasing the lead erases its bookings", async () => {
      const created = await receiveBooking(
        event("invitee.created", { inviteeUuid: "erase-1", email: "erase@example.com" }),
        deps,
      );
      const leadId = (created as { leadId: string }).leadId;
      await adminStoreFor(store).eraseLead(leadId);
      expect(await rows("SELECT id FROM scheduled_calls WHERE lead_id = $1", [leadId])).toEqual([]);
      expect(await store.get(leadId)).toBeNull();
    });
  });
});
