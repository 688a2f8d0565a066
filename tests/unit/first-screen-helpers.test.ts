/**
 * The pure parts of issue 39 §4-§5: an inbox card's Call link (only a number the lead page would
 * call), the filters folded until one is set, the Performance report's contents list (one link
 * per section, in the page's order), and the audit thank-you page's one headline per state.
 */
import { describe, expect, it } from "vitest";
import { filtersOpen, leadRow, readFilters } from "../../src/admin/inbox";
import { contentsLinks, tableView } from "../../src/admin/performance";
import { thanksPhase } from "../../src/audit/headline";
import type { LeadRecord } from "../../src/leads/store/types";

const lead = (fields: Record<string, string>): LeadRecord => ({
  id: "l1",
  kind: "quick",
  form: "quick",
  subject: null,
  createdAt: "2026-11-28T12:00:00.000Z",
  spam: false,
  fields,
  metadata: {
    source: "quick_lead_form",
    page: null,
    landingPage: null,
    referrer: null,
    timestamp: "2026-11-28T12:00:00.000Z",
    userAgent: null,
    utm: {},
    ipHash: null,
    spamReasons: [],
  },
});

describe("a lead card's Call link", () => {
  it("calls the stored number, shown as people read it", () => {
    const row = leadRow(lead({ name: "Ann", email: "a@x.test", phone: "+15125550142" }), "new");
    expect(row.phone).toEqual({ shown: "(512) 555-0142", tel: "tel:+15125550142" });
  });

  it("keeps an extension in the link", () => {
    const row = leadRow(lead({ name: "Ann", phone: "+15125550142;ext=12" }), "new");
    expect(row.phone?.tel).toBe("tel:+15125550142;ext=12");
  });

  it("offers none without a phone, or for one that is not a number", () => {
    expect(leadRow(lead({ name: "Ann", email: "a@x.test" }), "new").phone).toBeNull();
    expect(leadRow(lead({ name: "Ann", phone: "javascript:alert(1)" }), "new").phone).toBeNull();
  });
});

describe("the inbox's filters panel", () => {
  const open = (query: string) => filtersOpen(readFilters(new URLSearchParams(query)));

  it("is folded while no filter is set", () => {
    expect(open("")).toBe(false);
    // A value it ignores is no filter, nor is a page cursor.
    expect(open("status=bogus&before=2026-01-01T00:00:00.000Z~l1")).toBe(false);
  });

  it("opens when one is set, the tag and a chosen account included", () => {
    expect(open("kind=quick")).toBe(true);
    expect(open("q=ann")).toBe(true);
    expect(open("spam=1")).toBe(true);
    expect(open("tag=roofing")).toBe(true);
    expect(open("assignee=acc-123")).toBe(true);
  });

  it("stays folded for 'My leads' and 'Unassigned', marked buttons of their own", () => {
    expect(open("assignee=me")).toBe(false);
    expect(open("assignee=none")).toBe(false);
  });
});

describe("the Performance report's contents", () => {
  it("links each section's heading, in the page's order", () => {
    expect(contentsLinks()).toEqual([
      { href: "#live-heading", label: "Right now" },
      { href: "#totals-heading", label: "Totals" },
      { href: "#pipeline-heading", label: "Pipeline" },
      { href: "#chart-heading", label: "Chart" },
      { href: "#pages-heading", label: "Pages" },
      { href: "#forms-heading", label: "Forms" },
      { href: "#sources-heading", label: "Sources" },
      { href: "#campaigns-heading", label: "Campaigns" },
      { href: "#devices-heading", label: "Devices" },
    ]);
  });
});

describe("a report table's fold", () => {
  it("says how many rows 'Show all' opens: the rows of the page shown", () => {
    const row = (key: string, visitors: number) => ({
      key,
      views: visitors,
      visitors,
      starts: 0,
      leads: 0,
      uncounted: 0,
      rate: null,
      contacted: 0,
      won: 0,
      wonCents: 0,
      valuePerVisitor: null,
    });
    const rows = Array.from({ length: 30 }, (_, i) => row(`source-${i}`, 100 - i));
    const report = { sources: rows } as unknown as Parameters<typeof tableView>[0];
    expect(tableView(report, "sources", new URLSearchParams()).allRows).toBe("Show all 25 rows");
    expect(tableView(report, "sources", new URLSearchParams("page_sources=2")).allRows).toBe(
      "Show all 5 rows",
    );
  });
});

describe("the audit thank-you page's headline", () => {
  it("follows the check: running, then ready with a score, else not checked", () => {
    expect(thanksPhase("running", null)).toBe("running");
    expect(thanksPhase("waiting", null)).toBe("running");
    expect(thanksPhase("ready", 62)).toBe("ready");
    expect(thanksPhase("ready", 0)).toBe("ready");
    for (const state of ["unreachable", "limited", "failed", "cancelled"]) {
      expect(thanksPhase(state, null), state).toBe("notChecked");
    }
    // A finished check without a score is no result to show.
    expect(thanksPhase("ready", null)).toBe("notChecked");
  });
});
