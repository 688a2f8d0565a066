/**
 * The inbox as a work queue (src/admin/inbox.ts): its date filters are days on the agency's
 * clock (summer and winter, any zone), its count reads "1,000+" past the cap, the Filters button
 * counts what is set, and Newer links to the first page or to the page just before.
 */
import { describe, expect, it } from "vitest";
import {
  activeFilters,
  agencyDayStart,
  ageAndTime,
  inboxQuery,
  newerHref,
  readFilters,
  totalLabel,
} from "../../src/admin/inbox";

describe("the inbox's work-queue helpers", () => {
  it("reads From and To as whole days on the agency's clock", () => {
    const winter = inboxQuery(
      readFilters(new URLSearchParams("from=2026-01-15&to=2026-01-15")),
      null,
    );
    expect(winter.from).toBe("2026-01-15T05:00:00.000Z");
    expect(winter.to).toBe("2026-01-16T05:00:00.000Z");
    const summer = inboxQuery(readFilters(new URLSearchParams("from=2026-07-04")), null);
    expect(summer.from).toBe("2026-07-04T04:00:00.000Z");
    // The day the clocks go forward is 23 hours long.
    const spring = inboxQuery(
      readFilters(new URLSearchParams("from=2026-03-08&to=2026-03-08")),
      null,
    );
    expect(Date.parse(spring.to!) - Date.parse(spring.from!)).toBe(23 * 3_600_000);
    expect(agencyDayStart("2026-01-15", "Asia/Tokyo")).toBe("2026-01-14T15:00:00.000Z");
    expect(agencyDayStart("2026-01-15", "UTC")).toBe("2026-01-15T00:00:00.000Z");
  });

  it("says the count in full, and 1,000+ past the cap", () => {
    expect(totalLabel(0)).toBe("0");
    expect(totalLabel(999)).toBe("999");
    expect(totalLabel(1000)).toBe("1,000");
    expect(totalLabel(1001)).toBe("1,000+");
    expect(totalLabel(12_345, 10_000)).toBe("10,000+");
  });

  it("counts the filters set, the spam folder included", () => {
    expect(activeFilters(readFilters(new URLSearchParams("")))).toBe(0);
    expect(activeFilters(readFilters(new URLSearchParams("q=ann&status=new&spam=1")))).toBe(3);
    // A value it ignores is not a filter set.
    expect(activeFilters(readFilters(new URLSearchParams("status=bogus&from=2026-99-99")))).toBe(0);
  });

  it("links Newer to the first page, or to the page that ends just before", () => {
    const filters = readFilters(new URLSearchParams("kind=quick"));
    const lead = (n: number) => ({
      createdAt: `2026-01-01T00:00:${String(n).padStart(2, "0")}.000Z`,
      id: `l${n}`,
    });
    expect(newerHref(filters, [])).toBeUndefined();
    expect(newerHref(filters, [lead(1), lead(2)])).toBe("/admin?kind=quick");
    const full = Array.from({ length: 51 }, (_, i) => lead(i));
    expect(newerHref(filters, full)).toBe(
      `/admin?${new URLSearchParams({ kind: "quick", before: "2026-01-01T00:00:50.000Z~l50" })}`,
    );
  });

  it("shows a time as how long ago and when on the agency's clock", () => {
    const now = new Date("2026-11-25T17:04:00Z");
    expect(ageAndTime("2026-11-25T16:59:00Z", now)).toBe("5 min ago · Nov 25, 2026, 11:59 AM EST");
  });
});
