/**
 * Won jobs and what brought them (issue 27 §4) on both stores: a won lead's value round trip
 * (and the 422s for garbage), notes edited and deleted by their author only (others 403, audited,
 * 'edited'/'Note deleted' on the timeline), spam moves on the timeline, and the Performance
 * report's funnel from seeded leads and analytics events: exact leads, contacted, won, won value,
 * value per visitor, the pipeline and devices, with a lead that came without a counted visit
 * shown apart and left out of the rate. The CSV export carries the won value and the follow-up.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { performanceReport, readPeriod } from "../../src/analytics/report";
import { analyticsStoreFor } from "../../src/analytics/store/index";
import type { AnalyticsEvent, Device } from "../../src/analytics/store/types";
import { exportCsv, exportHeader, exportLeadsCsv, exportSelectedCsv } from "../../src/admin/export";
import { inboxQuery, readFilters } from "../../src/admin/inbox";
import { pipelineView, rateNotes, tableCsv, totalCards } from "../../src/admin/performance";
import {
  addNote,
  changeStatus,
  deleteNote,
  editNote,
  eventNote,
  eventText,
  markSpam,
} from "../../src/admin/pipeline";
import { adminStoreFor } from "../../src/admin/store/index";
import type { AdminStore, StaffRecord } from "../../src/admin/store/types";
import { newLeadId } from "../../src/server/id";
import type { LeadRecord, LeadStore } from "../../src/leads/store/types";
import { contactLead, onBothStores } from "./support";

type Attribution = {
  page?: string | null;
  landingPage?: string | null;
  utm?: Record<string, string>;
  referrer?: string | null;
};

function lead(createdAt: string, a: Attribution = {}, spam = false): LeadRecord {
  return contactLead(createdAt, {
    spam,
    fields: { name: "Rhea Revenue", email: "rhea@revenue.test", message: "Quote please" },
    metadata: {
      page: a.page ?? "/",
      landingPage: a.landingPage === undefined ? "/" : a.landingPage,
      referrer: a.referrer ?? null,
      utm: a.utm ?? {},
      spamReasons: spam ? ["honeypot"] : [],
    },
  });
}

await onBothStores("revenue", (name, open, cleanup) => {
  describe(`won jobs, notes and spam moves: ${name}`, () => {
    let leads: LeadStore;
    let store: AdminStore;
    let ann: StaffRecord;
    let bob: StaffRecord;
    beforeAll(async () => {
      leads = await open();
      store = adminStoreFor(leads);
      const at = new Date().toISOString();
      ann = await store.ensureStaff({
        id: newLeadId(),
        email: "ann@agency.test",
        role: "staff",
        at,
      });
      bob = await store.ensureStaff({
        id: newLeadId(),
        email: "bob@agency.test",
        role: "owner",
        at,
      });
    });
    afterAll(async () => {
      await leads?.close();
      await cleanup();
    });

    it("won keeps the job's value in cents; garbage is a 422 with a message; other statuses clear it", async () => {
      const l = lead("2026-04-02T10:00:00.000Z");
      await leads.insert(l);
      for (const [value, message] of [
        ["twelve hundred", /like 1250 or 1,250\.50/],
        ["-50", /cannot be negative/],
        ["12.345", /at most two decimals/],
        ["1e6", /like 1250/],
        ["100000001", /at most \$100,000,000\.00/],
        ["<script>alert(1)</script>", /like 1250/],
      ] as const) {
        const r = await changeStatus(store, l.id, { status: "won", value }, ann);
        expect(r, value).toMatchObject({
          ok: false,
          status: 422,
          message: expect.stringMatching(message),
        });
      }
      expect(await store.wonValue(l.id)).toBeNull();
      expect((await store.leadWork(l.id))?.status).toBe("new");

      expect(await changeStatus(store, l.id, { status: "won", value: "$1,250.50" }, ann)).toEqual({
        ok: true,
      });
      expect(await store.wonValue(l.id)).toBe(125_050);
      const events = await store.leadEvents(l.id);
      expect(eventText(events.at(-1)!)).toBe("Status: Won · $1,250.50");
      expect(events.at(-1)!.actorEmail).toBe("ann@agency.test");

      // Won without a value is fine (optional): no value kept.
      expect(await changeStatus(store, l.id, { status: "won", value: "" }, ann)).toEqual({
        ok: true,
      });
      expect(await store.wonValue(l.id)).toBeNull();
      expect(eventText((await store.leadEvents(l.id)).at(-1)!)).toBe("Status: Won");

      await changeStatus(store, l.id, { status: "won", value: "99.9" }, ann);
      expect(await store.wonValue(l.id)).toBe(9_990);
      // Lost keeps its reason and clears the value.
      await changeStatus(store, l.id, { status: "lost", reason: "Went elsewhere" }, ann);
      expect(await store.wonValue(l.id)).toBeNull();
      expect((await store.leadWork(l.id))?.lostReason).toBe("Went elsewhere");
      expect(eventText((await store.leadEvents(l.id)).at(-1)!)).toBe("Lost: Went elsewhere");
    });

    it("a note is edited and deleted by its author only (others 403), audited, and the timeline says so", async () => {
      const l = lead("2026-04-03T10:00:00.000Z");
      await leads.insert(l);
      await addNote(store, l.id, { note: "Wants a quote by Friday" }, ann);
      const note = (await store.leadEvents(l.id)).find((e) => e.kind === "note")!;

      // Someone else, an owner too, may neither edit nor delete it.
      expect(await editNote(store, l.id, { eventId: note.id, note: "Changed" }, bob)).toMatchObject(
        {
          ok: false,
          status: 403,
        },
      );
      expect(await deleteNote(store, l.id, { eventId: note.id }, bob)).toMatchObject({
        ok: false,
        status: 403,
      });
      // A note of another lead, or no note, is a 404; an empty edit a 422.
      expect(await editNote(store, "nope", { eventId: note.id, note: "x" }, ann)).toMatchObject({
        status: 404,
      });
      expect(await editNote(store, l.id, { eventId: note.id, note: "  " }, ann)).toMatchObject({
        status: 422,
      });

      const edited = new Date("2026-04-03T11:00:00.000Z");
      expect(
        await editNote(
          store,
          l.id,
          { eventId: note.id, note: "Wants a quote by Monday" },
          ann,
          edited,
        ),
      ).toEqual({ ok: true });
      let after = (await store.leadEvents(l.id)).find((e) => e.id === note.id)!;
      expect(eventNote(after)).toBe("Wants a quote by Monday");
      expect((await store.noteStates(l.id)).get(note.id)).toEqual({
        editedAt: edited.toISOString(),
        deletedAt: null,
      });

      const deleted = new Date("2026-04-03T12:00:00.000Z");
      expect(await deleteNote(store, l.id, { eventId: note.id }, ann, deleted)).toEqual({
        ok: true,
      });
      after = (await store.leadEvents(l.id)).find((e) => e.id === note.id)!;
      expect(eventText(after)).toBe("Note deleted");
      expect(eventNote(after)).toBeUndefined();
      expect(after.body).toBe("");
      expect((await store.noteStates(l.id)).get(note.id)?.deletedAt).toBe(deleted.toISOString());
      // Deleted is gone: neither edited nor deleted again.
      expect(await editNote(store, l.id, { eventId: note.id, note: "Back" }, ann)).toMatchObject({
        status: 404,
      });

      const log = await store.listAudit({ person: l.id, limit: 20 });
      const actions = log.filter((e) => e.subject === l.id).map((e) => [e.action, e.actorId]);
      expect(actions).toEqual(
        expect.arrayContaining([
          ["note_edited", ann.id],
          ["note_deleted", ann.id],
        ]),
      );
      // The audit log names the note, never its words.
      expect(JSON.stringify(log)).not.toContain("Monday");
    });

    it("marking and unmarking spam is on the timeline with who and when", async () => {
      const l = lead("2026-04-04T10:00:00.000Z");
      await leads.insert(l);
      const t1 = new Date("2026-04-04T11:00:00.000Z");
      const t2 = new Date("2026-04-04T12:00:00.000Z");
      expect(await markSpam(store, l.id, true, ann, t1)).toEqual({ ok: true });
      expect(await markSpam(store, l.id, true, ann, t1)).toEqual({ ok: true }); // no move, no entry
      expect(await markSpam(store, l.id, false, bob, t2)).toEqual({ ok: true });
      expect(await markSpam(store, "nope", true, ann)).toMatchObject({ status: 404 });
      const moves = (await store.leadEvents(l.id)).map((e) => [eventText(e), e.actorEmail, e.at]);
      expect(moves).toEqual([
        ["Marked as spam", "ann@agency.test", t1.toISOString()],
        ["Moved out of spam", "bob@agency.test", t2.toISOString()],
      ]);
      expect((await leads.get(l.id))?.spam).toBe(false);
    });

    it("the performance report's funnel: exact figures from seeded leads and visits", async () => {
      // A store of its own day: 2026-05-10 (the period), 2026-05-09 (the previous one).
      const day = "2026-05-10";
      const analytics = analyticsStoreFor(leads);
      const event = (
        visitor: string,
        path: string,
        source: string,
        campaign: string,
        device: Device,
      ): AnalyticsEvent => ({
        at: `${day}T09:00:00.000Z`,
        day,
        kind: "view",
        path,
        source,
        campaign,
        device,
        form: "",
        visitor,
      });
      await analytics.insertEvents([
        event("v1", "/lawn-care", "google/cpc", "spring", "phone"),
        event("v2", "/lawn-care", "google/cpc", "spring", "desktop"),
        event("v3", "/lawn-care", "google/cpc", "spring", "desktop"),
        event("v3", "/lawn-care", "google/cpc", "spring", "desktop"), // a second view, same visitor
        event("v4", "/", "direct", "", "tablet"),
        event("v5", "/", "direct", "", "phone"),
      ]);
      const ads = {
        page: "/lawn-care",
        landingPage: "/lawn-care",
        utm: { utm_source: "google", utm_medium: "cpc", utm_campaign: "spring" },
      };
      const at = (h: number) => `${day}T${String(h).padStart(2, "0")}:00:00.000Z`;
      const won1 = lead(at(10), ads);
      const won2 = lead(at(11), ads);
      const contacted = lead(at(12), ads);
      // Sent without JavaScript (no landing page): no counted visit.
      const noVisit = lead(at(13), { ...ads, landingPage: null });
      const direct = lead(at(14), { page: "/", landingPage: "/" });
      const spam = lead(at(15), ads, true);
      const before = lead("2026-05-09T10:00:00.000Z", ads);
      for (const l of [won1, won2, contacted, noVisit, direct, spam, before]) await leads.insert(l);
      const worked = new Date(at(16));
      await changeStatus(store, won1.id, { status: "won", value: "1,250.50" }, ann, worked);
      await changeStatus(store, won2.id, { status: "won", value: "800" }, ann, worked);
      await changeStatus(store, contacted.id, { status: "contacted" }, ann, worked);
      await changeStatus(store, direct.id, { status: "lost", reason: "Too far" }, ann, worked);

      const now = new Date("2026-05-12T12:00:00.000Z");
      const params = new URLSearchParams({ period: "custom", from: day, to: day });
      const { period, previous } = readPeriod(params, now);
      const report = await performanceReport(analytics, period, previous, now);

      expect(report.totals.current).toEqual({
        views: 6,
        visitors: 5,
        starts: 0,
        leads: 5,
        counted: 4,
        uncounted: 1,
        contacted: 4,
        won: 2,
        wonCents: 205_050,
        rate: 4 / 5,
        valuePerVisitor: 205_050 / 5,
      });
      expect(report.totals.previous).toMatchObject({ leads: 1, counted: 1, won: 0 });
      const google = report.sources.find((r) => r.key === "google/cpc")!;
      expect(google).toEqual({
        key: "google/cpc",
        views: 4,
        visitors: 3,
        starts: 0,
        leads: 4,
        counted: 3,
        uncounted: 1,
        contacted: 3,
        won: 2,
        wonCents: 205_050,
        rate: 1,
        valuePerVisitor: 205_050 / 3,
      });
      expect(report.sources.find((r) => r.key === "direct")).toMatchObject({
        visitors: 2,
        leads: 1,
        counted: 1,
        rate: 0.5,
        won: 0,
        wonCents: 0,
      });
      expect(report.campaigns.find((r) => r.key === "spring")).toMatchObject({
        visitors: 3,
        leads: 4,
        uncounted: 1,
        won: 2,
        wonCents: 205_050,
      });
      expect(report.pages.find((r) => r.key === "/lawn-care")).toMatchObject({
        views: 4,
        leads: 4,
        won: 2,
      });
      expect(report.forms.find((r) => r.key === "contact")).toMatchObject({ leads: 5, won: 2 });
      // The CSV: dollars, and value per visitor to the cent ($2,050.50 ÷ 3 visitors).
      const csv = tableCsv(report, "sources", params).split("\r\n");
      expect(csv[0]).toBe(
        '"Source","Visits","Unique visitors","Form starts","Leads","Leads without a counted visit","Conversion rate","Contacted","Won","Won value","Value per visitor"',
      );
      expect(csv).toContain('"google/cpc","4","3","0","4","1","1.0000","3","2","2050.50","683.50"');
      const cards = Object.fromEntries(totalCards(report).map((c) => [c.id, c.value]));
      expect(cards).toMatchObject({
        leads: "5",
        uncounted: "1",
        rate: "80.0%",
        won: "2",
        wonCents: "$2,050.50",
        valuePerVisitor: "$410.10",
      });
      expect(rateNotes(report)).toHaveLength(1);
      expect(rateNotes(report)[0]).toMatch(/counted visit ÷ unique visitors/);

      // Pipeline: where the period's leads are now, by how long ago they arrived (two days).
      expect(report.pipeline.map((s) => [s.status, s.leads, s.buckets])).toEqual([
        ["new", 1, [0, 1, 0, 0]],
        ["contacted", 1, [0, 1, 0, 0]],
        ["qualified", 0, [0, 0, 0, 0]],
        ["won", 2, [0, 2, 0, 0]],
        ["lost", 1, [0, 1, 0, 0]],
      ]);
      expect(report.pipeline[0]!.oldestDay).toBe(day);
      expect(pipelineView(report).rows[0]!.cells.at(-1)).toBe("2 days ago");
      // The roll-up follows every change: erasing a won lead takes it and its value out.
      await store.eraseLead(won2.id);
      const after = await performanceReport(analytics, period, previous, now);
      expect(after.totals.current).toMatchObject({ leads: 4, won: 1, wonCents: 125_050 });
      // Marked spam, a lead leaves the funnel; back out of spam, it returns.
      await markSpam(store, contacted.id, true, ann);
      expect((await performanceReport(analytics, period, previous, now)).totals.current.leads).toBe(
        3,
      );
      await markSpam(store, contacted.id, false, ann);
      expect((await performanceReport(analytics, period, previous, now)).totals.current.leads).toBe(
        4,
      );
      expect(report.devices).toEqual([
        { device: "phone", views: 2, starts: 0 },
        { device: "tablet", views: 1, starts: 0 },
        { device: "desktop", views: 3, starts: 0 },
      ]);
    });

    it("the CSV export carries the won value and the open follow-up (agency time)", async () => {
      const l = lead("2026-06-01T10:00:00.000Z");
      await leads.insert(l);
      await changeStatus(store, l.id, { status: "won", value: "4200" }, ann);
      await store.setFollowUp(l.id, {
        dueAt: "2026-06-03T13:30:00.000Z",
        note: "Ask for a review",
        eventId: newLeadId(),
        actorId: ann.id,
        at: new Date().toISOString(),
        body: "{}",
      });
      let file = "";
      for await (const chunk of exportCsv(
        store,
        inboxQuery(readFilters(new URLSearchParams()), null),
      ))
        file += chunk;
      const line = file.split("\r\n").find((row) => row.endsWith(`"${l.id}"`))!;
      const cells = line.slice(1, -1).split('","');
      const col = (name: string) => cells[exportHeader().indexOf(name)];
      expect(col("Won value (USD)")).toBe("4200.00");
      expect(col("Follow-up (America/New_York)")).toBe("2026-06-03 09:30");
      expect(col("Follow-up note")).toBe("Ask for a review");
      // The inbox's export reads them with its page (inboxPage), the plain export in a query of
      // its own (exportExtras): the lead's line is the same in both files.
      let plain = "";
      for await (const chunk of exportLeadsCsv(store, leads, { includeSpam: true })) plain += chunk;
      expect(plain.split("\r\n").find((row) => row.endsWith(`"${l.id}"`))).toBe(line);
      // So is the export of ticked rows (the inbox's bulk action).
      const { csv } = await exportSelectedCsv(store, leads, [l.id]);
      expect(csv.split("\r\n").find((row) => row.endsWith(`"${l.id}"`))).toBe(line);
    });
  });
});
