/**
 * The inbox's CSV export (one query a batch, src/admin/store/exportRows.ts; D209) against the
 * exports that read the lead store and the pipeline apart ('Export selected', the command line's
 * plain export), on both stores, over awkward leads: quotes, commas and line breaks in cells,
 * formula starts (= + - @, a tab, a carriage return) to neutralise, unicode, missing fields,
 * the fallbacks between forms' names for a person and a company, US phones (national format),
 * a +1 number of no US exchange, a foreign one and an extension, traffic sources from UTM tags
 * and from a referrer (parseable or not), spam with and without reasons, tags to sort, won
 * values, follow-ups, and times either side of New York's clock changes. The files must be
 * the same bytes: every line a spreadsheet opens is the one it opened before.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  EXPORT_BATCH,
  exportCsv,
  exportHead,
  exportLeadsCsv,
  exportSelectedCsv,
} from "../../src/admin/export";
import { adminStoreFor } from "../../src/admin/store/index";
import type { AdminStore, InboxQuery } from "../../src/admin/store/types";
import type { LeadRecord, LeadStore } from "../../src/leads/store/types";
import { newLeadId } from "../../src/server/id";
import { contactLead, onBothStores } from "./support";

type Meta = Partial<LeadRecord["metadata"]>;

const lead = (createdAt: string, fields: Record<string, string>, metadata: Meta = {}) =>
  contactLead(createdAt, { fields, metadata: { landingPage: "/", ...metadata } });

/** Leads whose cells test every rule of a line (each a minute apart, newest last). */
function awkwardLeads(): LeadRecord[] {
  const at = (minute: number) => new Date(Date.UTC(2026, 2, 8, 6, minute)).toISOString();
  return [
    lead(at(0), {
      name: 'Dana "the Dig" O\'Hare, Jr.',
      email: "dana@example.test",
      phone: "+15125550142",
      message: 'Line one\r\nLine two, with "quotes"\nand a bare LF',
    }),
    lead(at(1), {
      "full-name": '=HYPERLINK("http://evil.test")',
      companyName: "+Plus Co",
      company: "ignored when companyName is set",
      email: "@at.test",
      phone: "+12025550123;ext=42",
      message: "-2+3",
      website: "https://example.test/?a=1,b=2",
    }),
    lead(at(2), {
      ownerName: "\tTabbed",
      company: "\rCarriage",
      email: "josé@ñandú.test",
      phone: "+442079460958",
      message: "Émoji 🌿 and 漢字 and עברית",
    }),
    lead(
      at(3),
      { name: "", "full-name": "Fallback Name", phone: "+15555550100", email: "" },
      { utm: { utm_medium: "email" }, landingPage: null, page: '/p?q="x"' },
    ),
    lead(
      at(4),
      { name: "Ref Host", phone: "not a number" },
      { referrer: "https://www.Example.COM:443/path?x=1" },
    ),
    lead(at(5), { name: "Bad Ref", phone: "" }, { referrer: "not a url" }),
    lead(
      at(6),
      { name: "Utm Both", phone: "+1 512 555 0199" },
      { utm: { utm_source: "google", utm_medium: "cpc", utm_campaign: '=spring,"sale"' } },
    ),
    // Fields of other forms (the form-specific columns), one with a formula start.
    lead(at(7), {
      name: "Growth Lead",
      businessType: "@landscaping",
      currentRevenue: "$1,000,000+",
      jobTypes: "patios; lawns\nand more",
      consent: "yes",
    }),
    // Times: New York's spring-forward (07:00 UTC on 2026-03-08) and fall-back (2026-11-01).
    lead("2026-03-08T06:59:59.999Z", { name: "Before Spring" }),
    lead("2026-03-08T07:00:00.000Z", { name: "After Spring" }),
    lead("2026-11-01T05:30:00.000Z", { name: "First 1:30" }),
    lead("2026-11-01T06:30:00.000Z", { name: "Second 1:30" }),
    lead("2025-12-31T23:59:00.000Z", { name: "New Year UTC" }),
  ];
}

await onBothStores("export-rows", (name, open, cleanup) => {
  describe(`the inbox's export, line for line the reference's: ${name}`, () => {
    let leads: LeadStore;
    let store: AdminStore;
    let shown: LeadRecord[];
    let spam: LeadRecord[];
    beforeAll(async () => {
      leads = await open();
      store = adminStoreFor(leads);
      const now = new Date().toISOString();
      const staff = await store.ensureStaff({
        id: newLeadId(),
        email: "=ann+csv@agency.test",
        role: "owner",
        at: now,
      });
      shown = awkwardLeads();
      spam = [
        {
          ...lead(
            "2026-05-01T12:00:00.000Z",
            { name: "Spammy" },
            { spamReasons: ["honeypot", "too_fast"] },
          ),
          spam: true,
        },
        { ...lead("2026-05-01T12:01:00.000Z", { name: "Flagged" }), spam: true },
      ];
      for (const l of [...shown, ...spam]) await leads.insert(l);
      const event = () => ({ eventId: newLeadId(), actorId: staff.id });
      // Worked leads: first contacted either side of a clock change, won, lost with a reason.
      await store.setStatus(shown[0]!.id, {
        status: "won",
        lostReason: null,
        wonValueCents: 123_456,
        ...event(),
        at: "2026-11-01T05:59:00.000Z",
      });
      await store.setStatus(shown[1]!.id, {
        status: "won",
        lostReason: null,
        wonValueCents: 5,
        ...event(),
        at: "2026-11-01T06:01:00.000Z",
      });
      await store.setStatus(shown[2]!.id, {
        status: "lost",
        lostReason: '=price, "too high"',
        ...event(),
        at: "2026-03-08T07:30:00.000Z",
      });
      await store.setStatus(shown[3]!.id, {
        status: "contacted",
        lostReason: null,
        ...event(),
        at: "2026-03-08T06:30:00.000Z",
      });
      await store.assign(shown[0]!.id, { assigneeId: staff.id, ...event(), at: now, body: "{}" });
      for (const tag of ["zeta", "éclair", "alpha", "ω", "b2b", "alpha-2"]) {
        await store.addTag(shown[0]!.id, { tag, cap: 20, ...event(), at: now });
      }
      await store.addTag(shown[4]!.id, { tag: "solo", cap: 20, ...event(), at: now });
      await store.setFollowUp(shown[1]!.id, {
        dueAt: "2026-11-01T06:15:00.000Z",
        note: '+call back, "early"\r\nbefore noon',
        ...event(),
        at: now,
        body: "{}",
      });
      await store.setFollowUp(shown[5]!.id, {
        dueAt: "2026-03-08T07:00:00.000Z",
        note: "",
        ...event(),
        at: now,
        body: "{}",
      });
    });
    afterAll(cleanup);

    const inbox = async (query: Partial<InboxQuery>) => {
      let file = "";
      for await (const chunk of exportCsv(store, { spam: false, limit: 50, ...query })) {
        file += chunk;
      }
      return file;
    };
    const newestFirst = (list: LeadRecord[]) =>
      [...list].sort((a, b) =>
        a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1,
      );

    it("writes the same bytes as 'Export selected' for the same leads", async () => {
      const file = await inbox({});
      const { csv, count } = await exportSelectedCsv(
        store,
        leads,
        shown.map((l) => l.id),
      );
      expect(count).toBe(shown.length);
      expect(file).toBe(csv);
      // Sanity: the lines a spreadsheet would choke on are there, neutralised and quoted.
      expect(file.startsWith(exportHead())).toBe(true);
      expect(file).toContain('"\'=HYPERLINK(""http://evil.test"")"');
      expect(file).toContain('"(512) 555-0142"');
      expect(file).toContain('"\'+44 20 7946 0958"');
      expect(file).toContain('"alpha, alpha-2, b2b, zeta, éclair, ω"');
      expect(file).toContain('"2026-11-01 01:30"');
      expect(file).toContain('"1234.56"');
      expect(file).toContain('"\'=price, ""too high"""');
    });

    it("writes each lead's line as the command line's plain export does", async () => {
      const file = await inbox({});
      let plain = "";
      for await (const chunk of exportLeadsCsv(store, leads, {})) plain += chunk;
      const lines = (text: string) => new Set(text.split("\r\n"));
      const all = lines(plain);
      for (const line of lines(file)) expect(all.has(line)).toBe(true);
    });

    it("writes the spam view (the marks, with and without reasons) as 'Export selected'", async () => {
      const file = await inbox({ spam: true });
      const { csv } = await exportSelectedCsv(
        store,
        leads,
        newestFirst(spam).map((l) => l.id),
      );
      expect(file).toBe(csv);
      expect(file).toContain('"honeypot too_fast"');
      expect(file).toContain('"flagged"');
    });

    it("keeps to the inbox's filters: a tag, a status, a search", async () => {
      // Each line ends with the lead's id (a cell may hold a line break of its own).
      const ids = (file: string) => [...file.matchAll(/"([0-9a-f-]{36})"\r\n/g)].map((m) => m[1]);
      expect(ids(await inbox({ tag: "solo" }))).toEqual([shown[4]!.id]);
      expect(ids(await inbox({ status: "won" }))).toEqual([shown[1]!.id, shown[0]!.id]);
      expect(ids(await inbox({ search: "fallback" }))).toEqual([shown[3]!.id]);
    });

    it(`reads past a batch (${EXPORT_BATCH} leads) without losing or repeating a lead`, async () => {
      // Leads sharing one time, so the cursor's tie-break on id carries the walk.
      const at = "2026-07-04T16:00:00.000Z";
      const many = Array.from({ length: EXPORT_BATCH + 3 }, (_, i) =>
        lead(at, { name: `Batch ${i}`, email: `batch${i}@example.test` }),
      );
      for (const l of many) await leads.insert(l);
      const file = await inbox({ search: "batch" });
      const { csv } = await exportSelectedCsv(
        store,
        leads,
        many.map((l) => l.id),
      );
      expect(file).toBe(csv);
      expect(file.trimEnd().split("\r\n")).toHaveLength(many.length + 1);
    });
  });
});
