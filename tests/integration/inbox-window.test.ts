/**
 * Issue 27 §2: the inbox's count of what its filters match and its way back to the page before
 * (src/admin/store/inboxWindow.ts), on a temporary SQLite file and the real PostgreSQL. The count
 * is checked against the leads the inbox's own pages list for the same filters (every filter, a
 * search of long and short words and digits, the spam folder), also for leads still waiting to be
 * indexed; it stops at its cap. Walking Older and then Newer from every page comes back to the
 * same pages, lead for lead, with leads that share a creation time.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminStoreFor } from "../../src/admin/store/index";
import type { AdminStore, InboxQuery } from "../../src/admin/store/types";
import type { LeadRecord, LeadStore } from "../../src/leads/store/types";
import { onBothStores } from "./support";

const BASE = Date.UTC(2027, 8, 1, 12);
const COUNT = 240;
const PAGE = 20;

function lead(i: number): LeadRecord {
  // Pairs of leads share a creation time: the cursor's id breaks the tie.
  const createdAt = new Date(BASE + Math.floor(i / 2) * 60_000).toISOString();
  const utm: Record<string, string> =
    i % 3 === 0
      ? { utm_source: "google", utm_medium: "cpc", utm_campaign: i % 6 ? "Spring" : "fall" }
      : {};
  return {
    id: `${String(i).padStart(6, "0")}-window-test`,
    kind: i % 4 === 0 ? "audit" : "contact",
    form: i % 4 === 0 ? "audit" : "contact",
    subject: null,
    createdAt,
    spam: i % 11 === 0,
    fields: {
      name: i % 5 === 0 ? `Meadow Jo ${i}` : `Person ${i}`,
      email: `p${i}@${i % 2 ? "gmail" : "outlook"}.test`,
      phone: `+1512555${String(1000 + (i % 7)).padStart(4, "0")}`,
    },
    metadata: {
      source: "contact_form",
      page: "/",
      landingPage: null,
      referrer: i % 7 === 0 ? "https://www.bing.com/search" : null,
      timestamp: createdAt,
      userAgent: null,
      utm,
      ipHash: null,
      spamReasons: [],
    },
  };
}

const QUERIES: Omit<InboxQuery, "limit">[] = [
  { spam: false },
  { spam: true },
  { spam: false, status: "contacted" },
  { spam: false, kind: "audit" },
  { spam: false, from: new Date(BASE + 30 * 60_000).toISOString() },
  {
    spam: false,
    from: new Date(BASE + 10 * 60_000).toISOString(),
    to: new Date(BASE + 50 * 60_000).toISOString(),
  },
  { spam: false, source: "google/cpc" },
  { spam: false, source: "www.bing.com" },
  { spam: false, source: "direct" },
  { spam: false, campaign: "spring" },
  { spam: false, search: "meadow" },
  { spam: false, search: "gmail jo" },
  { spam: false, search: "512-555-1003" },
  { spam: false, search: "jo" },
  { spam: false, search: "nobody-at-all" },
  { spam: false, kind: "contact", search: "gmail", campaign: "spring" },
];

function suite(name: string, open: () => Promise<LeadStore>, cleanup: () => Promise<void>) {
  describe(`inbox count and pages: ${name}`, () => {
    let leads: LeadStore;
    let store: AdminStore;
    beforeAll(async () => {
      leads = await open();
      store = adminStoreFor(leads);
      for (let i = 0; i < COUNT; i++) await leads.insert(lead(i));
      for (let i = 0; i < COUNT; i += 3) {
        await store.setStatus(lead(i).id, {
          status: "contacted",
          lostReason: null,
          eventId: `ev-${i}`,
          actorId: null,
          at: new Date().toISOString(),
        });
      }
    });
    afterAll(async () => {
      await leads?.close();
      await cleanup();
    });

    /** Every page of the query, newest first, as the inbox walks them (Older). */
    async function pages(q: Omit<InboxQuery, "limit">): Promise<string[][]> {
      const all: string[][] = [];
      let before: InboxQuery["before"];
      for (;;) {
        const found = await store.inboxPage({ ...q, before, limit: PAGE });
        const page = found.slice(0, PAGE);
        if (page.length) all.push(page.map((p) => p.lead.id));
        if (found.length <= PAGE) return all;
        const last = page.at(-1)!.lead;
        before = { createdAt: last.createdAt, id: last.id };
      }
    }

    it("counts what the inbox's pages list, for every filter", async () => {
      for (const q of QUERIES) {
        const listed = (await pages(q)).flat().length;
        expect(await store.inboxTotal({ ...q, limit: PAGE }, 10_000), JSON.stringify(q)).toBe(
          listed,
        );
      }
      // The queries are not all trivially the whole list.
      const totals = await Promise.all(
        QUERIES.map((q) => store.inboxTotal({ ...q, limit: 1 }, 1e4)),
      );
      expect(new Set(totals).size).toBeGreaterThan(8);
      expect(totals).toContain(0);
    });

    it("counts the assignee filter the work queue's 'My leads' adds, when a query has it", async () => {
      const staff = await store.ensureStaff({
        id: "staff-window",
        email: "window@example.test",
        role: "staff",
        at: new Date().toISOString(),
      });
      const mine = [1, 2, 4, 5, 22].map((i) => lead(i).id); // lead 22 is spam
      for (const id of mine) {
        await store.assign(id, {
          assigneeId: staff.id,
          eventId: `as-${id}`,
          actorId: staff.id,
          at: new Date().toISOString(),
          body: staff.email,
        });
      }
      const q = { spam: false, limit: PAGE, assignee: staff.id } as InboxQuery;
      expect(await store.inboxTotal(q, 1_000)).toBe(4);
      const none = { spam: false, limit: PAGE, assignee: null } as unknown as InboxQuery;
      const all = await store.inboxTotal({ spam: false, limit: PAGE }, 1_000);
      expect(await store.inboxTotal(none, 1_000)).toBe(all - 4);
    });

    it("stops counting at its cap", async () => {
      expect(await store.inboxTotal({ spam: false, limit: PAGE }, 50)).toBe(50);
      expect(await store.inboxTotal({ spam: false, search: "meadow", limit: PAGE }, 5)).toBe(5);
    });

    it("Newer from any page returns to the page before it, lead for lead", async () => {
      for (const q of [QUERIES[0]!, QUERIES[6]!, QUERIES[11]!]) {
        const walked = await pages(q);
        expect(walked.length, JSON.stringify(q)).toBeGreaterThan(1);
        for (let i = 1; i < walked.length; i++) {
          const first = walked[i]![0]!;
          const firstLead = lead(Number(first.slice(0, 6)));
          const newer = await store.inboxNewer(
            { ...q, limit: PAGE },
            { createdAt: firstLead.createdAt, id: firstLead.id },
            PAGE + 1,
          );
          // Oldest first: the page before, then (when it is not the first page) its cursor.
          const edge = newer.length > PAGE ? newer[PAGE] : undefined;
          const back = await store.inboxPage({ ...q, before: edge, limit: PAGE });
          expect(back.slice(0, PAGE).map((p) => p.lead.id)).toEqual(walked[i - 1]);
          expect(edge === undefined).toBe(i === 1);
        }
        // The first page has nothing newer.
        const top = lead(Number(walked[0]![0]!.slice(0, 6)));
        expect(await store.inboxNewer({ ...q, limit: PAGE }, top, PAGE + 1)).toEqual([]);
      }
    });

    it("counts a lead still waiting to be indexed for search", async () => {
      const fresh = { ...lead(COUNT + 1), id: "zzzzzz-window-fresh" };
      fresh.fields = { ...fresh.fields, name: "Quillfeather Unique" };
      fresh.createdAt = new Date(BASE + 10 * 86_400_000).toISOString();
      await leads.insert(fresh);
      const q = { spam: false, search: "quillfeather", limit: PAGE };
      expect(await store.inboxTotal(q, 100)).toBe(1);
      expect((await store.inboxPage(q)).map((p) => p.lead.id)).toEqual([fresh.id]);
      expect(await store.inboxTotal(q, 100)).toBe(1);
    });
  });
}

/** A word thousands of leads share: SQLite walks the leads in order instead of listing matches. */
function dense(name: string, open: () => Promise<LeadStore>, cleanup: () => Promise<void>) {
  describe(`inbox count and pages of a common word: ${name}`, () => {
    let leads: LeadStore;
    let store: AdminStore;
    const ids: string[] = [];
    beforeAll(async () => {
      leads = await open();
      store = adminStoreFor(leads);
      for (let i = 0; i < 2_300; i++) {
        const l = lead(i);
        // Most share the word; some are spam; a few lack it.
        l.fields = {
          ...l.fields,
          message: i % 13 === 0 ? "nothing here" : `Cobblestone patio ${i}`,
        };
        l.spam = i % 17 === 0;
        await leads.insert(l);
        if (!l.spam && i % 13 !== 0) ids.push(l.id);
      }
    }, 120_000);
    afterAll(async () => {
      await leads?.close();
      await cleanup();
    });

    it("counts and pages back the same leads the inbox lists", async () => {
      const q = { spam: false, search: "cobblestone", limit: 50 };
      const page = await store.inboxPage(q);
      expect(page.map((p) => p.lead.id)).toEqual(ids.slice(-51).reverse());
      expect(await store.inboxTotal(q, 1_001)).toBe(1_001);
      expect(await store.inboxTotal(q, 5_000)).toBe(ids.length);
      // With a short word as well, and a filter: still what the pages list.
      const few = { spam: false, search: "cobblestone 99", limit: 50 };
      const listed = ids.filter((id) => String(Number(id.slice(0, 6))).includes("99"));
      expect(await store.inboxTotal(few, 5_000)).toBe(listed.length);
      // Newer from deep in the list: the 51 matches just newer, oldest first.
      const at = 1_000;
      const first = lead(Number(ids[at]!.slice(0, 6)));
      const newer = await store.inboxNewer(q, first, 51);
      expect(newer.map((n) => n.id)).toEqual(ids.slice(at + 1, at + 52));
      // A lead not indexed yet is counted too.
      const fresh = { ...lead(9_999), id: "zzzzzz-dense-fresh" };
      fresh.fields = { ...fresh.fields, message: "Cobblestone fresh" };
      fresh.spam = false;
      fresh.createdAt = new Date(BASE + 100 * 86_400_000).toISOString();
      await leads.insert(fresh);
      expect(await store.inboxTotal(q, 5_000)).toBe(ids.length + 1);
    });
  });
}

await onBothStores("inbox-window", suite);
await onBothStores("inbox-window-dense", dense);
