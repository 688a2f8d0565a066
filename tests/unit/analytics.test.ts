/**
 * The analytics rules that need no server: the beacon's size (at most 1 KB gzip, bundled on its
 * own with everything it imports, as the site's inline script bundles it), who is counted, the
 * device class, the visitor hash, what an event must look like, and the report's periods.
 */
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { readEvent } from "../../src/analytics/ingest";
import { readPeriod, series, sortRows, type ReportRow } from "../../src/analytics/report";
import type { DailyRow } from "../../src/analytics/store/types";
import type { FunnelGroup } from "../../src/analytics/store/funnel";
import { deviceClass, notCounted, visitorHash } from "../../src/analytics/visitor";

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

describe("the page-view beacon", () => {
  it("is at most 1 KB gzip with all it imports", async () => {
    const result = await build({
      entryPoints: ["src/scripts/analytics.ts"],
      bundle: true,
      minify: true,
      format: "esm",
      target: "es2022",
      write: false,
      legalComments: "none",
      logLevel: "silent",
    });
    const code = result.outputFiles[0]!.text;
    expect(code).toContain("sendBeacon");
    expect(code).toContain("globalPrivacyControl");
    expect(gzipSync(code, { level: 9 }).byteLength).toBeLessThanOrEqual(1024);
  });
});

describe("who is counted", () => {
  const browser = {
    userAgent: CHROME,
    acceptLanguage: "en-US",
    secGpc: null,
    origin: "https://site.test",
  };
  it("a browser counts; a crawler, a client without a browser's headers and GPC do not", () => {
    expect(notCounted(browser)).toBeNull();
    expect(
      notCounted({ ...browser, userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)" }),
    ).toBe("bot");
    expect(notCounted({ ...browser, userAgent: "curl/8.5.0" })).toBe("bot");
    expect(notCounted({ ...browser, userAgent: `${CHROME} HeadlessChrome` })).toBe("bot");
    expect(notCounted({ ...browser, acceptLanguage: null })).toBe("bot");
    expect(notCounted({ ...browser, origin: null })).toBe("bot");
    expect(notCounted({ ...browser, userAgent: null })).toBe("bot");
    expect(notCounted({ ...browser, secGpc: "1" })).toBe("gpc");
  });

  it("device class by screen width, else by user agent", () => {
    expect(deviceClass(390, CHROME)).toBe("phone");
    expect(deviceClass(820, CHROME)).toBe("tablet");
    expect(deviceClass(1440, CHROME)).toBe("desktop");
    expect(deviceClass(undefined, "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0) Mobile/15E148")).toBe(
      "phone",
    );
    expect(deviceClass(undefined, "Mozilla/5.0 (iPad; CPU OS 18_0)")).toBe("tablet");
  });

  it("the visitor hash changes with the salt, the address, the user agent and the site", () => {
    const h = visitorHash("salt-a", "203.0.113.7", CHROME, "site.test");
    expect(h).toMatch(/^[\w-]{22}$/);
    expect(visitorHash("salt-a", "203.0.113.7", CHROME, "site.test")).toBe(h);
    expect(visitorHash("salt-b", "203.0.113.7", CHROME, "site.test")).not.toBe(h);
    expect(visitorHash("salt-a", "203.0.113.8", CHROME, "site.test")).not.toBe(h);
    expect(visitorHash("salt-a", "203.0.113.7", `${CHROME}x`, "site.test")).not.toBe(h);
    expect(visitorHash("salt-a", "203.0.113.7", CHROME, "other.test")).not.toBe(h);
    expect(h).not.toContain("203");
  });
});

describe("an event", () => {
  const request = (body: unknown, over: { now?: Date; timeZone?: string } = {}) =>
    readEvent({
      body,
      ip: "203.0.113.7",
      userAgent: CHROME,
      acceptLanguage: "en",
      origin: "https://site.test",
      secGpc: null,
      site: "site.test",
      now: new Date("2026-04-02T10:00:00Z"),
      salt: async () => "salt",
      ...over,
    });

  it("is counted on the agency's day, which turns at its midnight to the millisecond", async () => {
    // Beacons of one second share one reading of the zone (src/lib/agencyClock.ts agencyDay):
    // the last millisecond before New York's midnight, its first, and the same second elsewhere.
    const dayAt = async (at: string, timeZone = "America/New_York") => {
      const out = await request({ k: "view", _page: "/" }, { now: new Date(at), timeZone });
      return out.kind === "count" ? out.events[0]!.day : out.kind;
    };
    expect(await dayAt("2026-11-27T04:59:59.000Z")).toBe("2026-11-26");
    expect(await dayAt("2026-11-27T04:59:59.999Z")).toBe("2026-11-26");
    expect(await dayAt("2026-11-27T05:00:00.000Z")).toBe("2026-11-27");
    expect(await dayAt("2026-11-27T04:59:59.999Z", "Asia/Tokyo")).toBe("2026-11-27");
    expect(await dayAt("2026-11-27T04:59:59.500Z")).toBe("2026-11-26");
    // A zone whose midnight is on the half hour (India, UTC+05:30).
    expect(await dayAt("2026-11-26T18:29:59.999Z", "Asia/Kolkata")).toBe("2026-11-26");
    expect(await dayAt("2026-11-26T18:30:00.000Z", "Asia/Kolkata")).toBe("2026-11-27");
    // Summer time: midnight in New York is 04:00 UTC.
    expect(await dayAt("2027-07-02T03:59:59.999Z")).toBe("2027-07-01");
    expect(await dayAt("2027-07-02T04:00:00.000Z")).toBe("2027-07-02");
  });

  it("a view with its forms, its source and campaign as a lead's would be", async () => {
    const out = await request({
      k: "view",
      _page: "/free-audit/",
      f: "audit,contact",
      w: 390,
      _ref: "https://www.google.com/search?q=lawn",
    });
    expect(out.kind).toBe("count");
    if (out.kind !== "count") return;
    expect(out.events.map((e) => [e.kind, e.form])).toEqual([
      ["view", ""],
      ["form_view", "audit"],
      ["form_view", "contact"],
    ]);
    expect(out.events[0]).toMatchObject({
      day: "2026-04-02",
      path: "/free-audit",
      source: "www.google.com",
      campaign: "",
      device: "phone",
    });
    const tagged = await request({
      k: "start",
      _page: "/",
      f: "audit",
      utm_source: "facebook",
      utm_medium: "paid",
      utm_campaign: "spring",
    });
    expect(tagged.kind === "count" && tagged.events[0]).toMatchObject({
      kind: "start",
      form: "audit",
      source: "facebook/paid",
      campaign: "spring",
      device: "desktop",
    });
  });

  it("refuses what no page of the site sends", async () => {
    for (const body of [
      null,
      "view",
      { k: "click", _page: "/" },
      { k: "view" },
      { k: "view", _page: "https://elsewhere.example/" },
      { k: "view", _page: "/admin/leads" },
      { k: "view", _page: "/api/leads" },
      { k: "view", _page: "/", f: "nosuchform" },
      { k: "view", _page: "/", f: "audit,audit" },
      { k: "start", _page: "/", f: "" },
      { k: "start", _page: "/", f: "audit,contact" },
      { k: "view", _page: "/", w: "wide" },
    ])
      expect((await request(body)).kind, JSON.stringify(body)).toBe("invalid");
  });
});

describe("the report's period", () => {
  const now = new Date("2026-04-30T15:00:00Z");
  it("last 7 days against the 7 before; custom dates; mistakes fall back to 30 days", () => {
    const seven = readPeriod(new URLSearchParams("period=7d"), now);
    expect(seven.period).toMatchObject({ from: "2026-04-24", to: "2026-04-30", days: 7 });
    expect(seven.previous).toMatchObject({ from: "2026-04-17", to: "2026-04-23" });
    const custom = readPeriod(
      new URLSearchParams("period=custom&from=2026-03-01&to=2026-03-31"),
      now,
    );
    expect(custom.period).toMatchObject({ from: "2026-03-01", to: "2026-03-31", days: 31 });
    expect(custom.previous).toMatchObject({ from: "2026-01-29", to: "2026-02-28" });
    const backwards = readPeriod(
      new URLSearchParams("period=custom&from=2026-03-31&to=2026-03-01"),
      now,
    );
    expect(backwards.error).toMatch(/first day comes after/);
    expect(backwards.period).toMatchObject({ key: "30d", from: "2026-04-01", to: "2026-04-30" });
    expect(
      readPeriod(new URLSearchParams("period=custom&from=2026-02-30&to=2026-03-01"), now).error,
    ).toBeTruthy();
    expect(readPeriod(new URLSearchParams("period=forever"), now).period.key).toBe("30d");
  });

  it("sorts rows by any column, rate last when unknown", () => {
    const row = (key: string, visitors: number, leads: number): ReportRow => ({
      key,
      views: visitors,
      visitors,
      starts: 0,
      leads,
      counted: leads,
      uncounted: 0,
      contacted: 0,
      won: 0,
      wonCents: 0,
      rate: visitors ? leads / visitors : null,
      valuePerVisitor: null,
    });
    const rows = [row("/a", 10, 1), row("/b", 0, 2), row("/c", 4, 2)];
    expect(sortRows(rows).map((r) => r.key)).toEqual(["/a", "/c", "/b"]);
    expect(sortRows(rows, "rate").map((r) => r.key)).toEqual(["/c", "/a", "/b"]);
    expect(sortRows(rows, "key", "asc").map((r) => r.key)).toEqual(["/a", "/b", "/c"]);
  });
});

describe("ANALYTICS_RATE_LIMIT", () => {
  it("is 120 a minute unless set; off turns it off; nonsense stops the start", async () => {
    const { analyticsRateLimit } = await import("../../src/analytics/config");
    expect(analyticsRateLimit(undefined)).toBe(120);
    expect(analyticsRateLimit("300")).toBe(300);
    expect(analyticsRateLimit("off")).toBeNull();
    for (const bad of ["0", "-5", "1.5", "lots"])
      expect(() => analyticsRateLimit(bad)).toThrow(/ANALYTICS_RATE_LIMIT/);
  });
});

describe("the chart's series", () => {
  const day = (d: string, source: string, views: number): DailyRow => ({
    day: d,
    path: "/",
    source,
    campaign: "",
    device: "phone",
    form: "",
    views,
    visitors: views,
    starts: 0,
  });
  /** One lead as the store's funnel groups it (src/analytics/store/funnel.ts). */
  const lead = (at: string, utmSource: string | null): FunnelGroup => ({
    day: at.slice(0, 10),
    form: "audit",
    page: "/",
    campaign: null,
    utmSource,
    utmMedium: null,
    referrer: null,
    counted: true,
    leads: 1,
    contacted: 0,
    won: 0,
    wonCents: 0,
  });

  it("visits and leads per day by source; the five busiest drawn, the rest as other", () => {
    const { period } = readPeriod(
      new URLSearchParams("period=custom&from=2026-04-01&to=2026-04-03"),
      new Date("2026-04-30T00:00:00Z"),
    );
    const s = series(
      period,
      [
        day("2026-04-01", "google", 10),
        day("2026-04-01", "facebook", 4),
        day("2026-04-02", "google", 6),
        ...["a", "b", "c", "d"].map((x) => day("2026-04-03", x, 1)),
      ],
      [lead("2026-04-01T10:00:00Z", "google"), lead("2026-04-03T23:59:00Z", null)],
    );
    expect(s.bucket).toBe("day");
    expect(s.sources).toEqual(["google", "facebook", "a", "b", "other"]);
    expect(s.points.map((p) => p.start)).toEqual(["2026-04-01", "2026-04-02", "2026-04-03"]);
    expect(s.points[0]!.visits).toMatchObject({ google: 10, facebook: 4 });
    expect(s.points[0]!.leads).toMatchObject({ google: 1 });
    // "direct" (the second lead) and c, d fall into other.
    expect(s.points[2]!.visits.other).toBe(2);
    expect(s.points[2]!.leads.other).toBe(1);
  });

  it("weeks beyond 31 days", () => {
    const { period } = readPeriod(
      new URLSearchParams("period=90d"),
      new Date("2026-04-30T12:00:00Z"),
    );
    const s = series(period, [day("2026-04-30", "google", 3)], []);
    expect(s.bucket).toBe("week");
    expect(s.points).toHaveLength(13);
    expect(s.points.at(-1)!.visits.google).toBe(3);
  });
});
