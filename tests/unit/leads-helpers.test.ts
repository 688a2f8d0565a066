/** _next handling, CSV neutralisation, spam flags, attribution and ids. */
import { describe, expect, it } from "vitest";
import { safeNext, DEFAULT_NEXT } from "../../src/leads/next";
import { csvCell, toCsv } from "../../src/leads/csv";
import { spamVerdict, parseElapsed, DEFAULT_MIN_FILL_MS } from "../../src/leads/spam";
import { buildAttribution, clientIp, hashIp, cleanPath } from "../../src/leads/attribution";
import { newLeadId } from "../../src/leads/id";
import { leadConfig } from "../../src/leads/config";

describe("safeNext", () => {
  const kept = ["/thank-you", "/thank-you?from=audit", "/free-audit#form", "/"];
  for (const next of kept) it(`keeps ${next}`, () => expect(safeNext(next)).toBe(next));

  const refused = [
    undefined,
    null,
    42,
    "",
    "   ",
    "thank-you",
    "https://evil.example/",
    "http://evil.example",
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "/thank-you\r\nSet-Cookie: a=b",
    "/thank you",
    "/api/leads",
    "/api",
    `/${"a".repeat(600)}`,
    "%2F%2Fevil.example",
    " //evil.example",
  ];
  for (const next of refused) {
    it(`refuses ${JSON.stringify(next)}`, () => expect(safeNext(next)).toBe(DEFAULT_NEXT));
  }
  it("normalises dot segments without leaving the site", () => {
    expect(safeNext("/a/../thank-you")).toBe("/thank-you");
    expect(safeNext("/../../evil")).toBe("/evil");
  });
});

describe("CSV neutralisation (OWASP)", () => {
  for (const start of ["=", "+", "-", "@", "\t", "\r"]) {
    it(`prefixes a cell starting with ${JSON.stringify(start)}`, () => {
      expect(csvCell(`${start}SUM(A1)`)).toBe(`"'${start}SUM(A1)"`);
    });
  }
  it("quotes every cell and doubles inner quotes", () => {
    expect(csvCell('say "hi", then, bye')).toBe('"say ""hi"", then, bye"');
    expect(csvCell("line1\nline2")).toBe('"line1\nline2"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(false)).toBe('"false"');
  });
  it("leaves ordinary text alone and neutralises the classic payloads", () => {
    expect(csvCell("Dana Green")).toBe('"Dana Green"');
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
    expect(csvCell("@SUM(1+1)*cmd|' /C calc'!A0")).toBe(`"'@SUM(1+1)*cmd|' /C calc'!A0"`);
  });
  it("builds CRLF rows with a header", () => {
    expect(toCsv(["a", "b"], [["1", "=2"]])).toBe('"a","b"\r\n"1","\'=2"\r\n');
  });
});

describe("spam flags", () => {
  it("flags a filled honeypot", () => {
    expect(spamVerdict({ honeypot: "555-1234", elapsed: undefined })).toEqual({
      spam: true,
      reasons: ["honeypot"],
    });
    expect(spamVerdict({ honeypot: "   ", elapsed: undefined }).spam).toBe(false);
    expect(spamVerdict({ honeypot: "", elapsed: undefined }).spam).toBe(false);
  });
  it("flags a form sent faster than the minimum fill time", () => {
    expect(spamVerdict({ honeypot: "", elapsed: "300" })).toEqual({
      spam: true,
      reasons: ["too_fast"],
    });
    expect(spamVerdict({ honeypot: "", elapsed: String(DEFAULT_MIN_FILL_MS) }).spam).toBe(false);
    expect(spamVerdict({ honeypot: "x", elapsed: 10 }, 1000).reasons).toEqual([
      "honeypot",
      "too_fast",
    ]);
  });
  it("skips the timing check when there is no usable _t (no JavaScript)", () => {
    for (const t of [undefined, "", "abc", "-5", "1e3", {}, Number.NaN]) {
      expect(parseElapsed(t)).toBeUndefined();
      expect(spamVerdict({ honeypot: "", elapsed: t }).spam).toBe(false);
    }
  });
});

describe("attribution", () => {
  const base = {
    form: "audit" as const,
    origin: "https://site.example",
    userAgent: "Mozilla/5.0",
    ipHash: "abc",
    timestamp: "2026-01-01T00:00:00.000Z",
  };
  it("uses the browser's hidden values first", () => {
    const meta = buildAttribution({
      ...base,
      body: {
        _page: "/free-audit",
        _landing: "/?utm_source=x",
        _ref: "https://search.example/?q=lawn",
        utm_source: "news",
        utm_medium: "email",
        utm_campaign: "spring",
        utm_term: "lawn",
        utm_content: "cta",
      },
      referer: "https://site.example/free-audit",
    });
    expect(meta).toMatchObject({
      source: "audit_form",
      page: "/free-audit",
      landingPage: "/",
      referrer: "https://search.example/?q=lawn",
      userAgent: "Mozilla/5.0",
      timestamp: base.timestamp,
      utm: {
        utm_source: "news",
        utm_medium: "email",
        utm_campaign: "spring",
        utm_term: "lawn",
        utm_content: "cta",
      },
      ipHash: "abc",
    });
  });
  it("falls back to a same-site Referer for the page and utm_* (no JavaScript)", () => {
    const meta = buildAttribution({
      ...base,
      body: {},
      referer: "https://site.example/?utm_source=ads&utm_campaign=fall",
    });
    expect(meta.page).toBe("/");
    expect(meta.utm).toEqual({ utm_source: "ads", utm_campaign: "fall" });
    const other = buildAttribution({
      ...base,
      body: {},
      referer: "https://evil.example/x?utm_source=fake",
    });
    expect(other.page).toBeNull();
    expect(other.utm).toEqual({});
  });
  it("testimonial leads carry the spec's fixed source", () => {
    expect(buildAttribution({ ...base, form: "testimonial", body: {}, referer: null }).source).toBe(
      "testimonial_landing_page",
    );
  });
  it("cleans hostile hidden values", () => {
    const meta = buildAttribution({
      ...base,
      body: { _page: "https://evil.example/", utm_source: "a\u0000b".repeat(200), _landing: 5 },
      referer: null,
    });
    expect(meta.page).toBeNull();
    expect(meta.landingPage).toBeNull();
    expect(meta.utm.utm_source).toHaveLength(200);
    expect(meta.utm.utm_source).not.toContain("\u0000");
    expect(cleanPath("//evil.example")).toBeNull();
  });
  it("hashes IPs with a salt and never returns the address", () => {
    const h = hashIp("203.0.113.9", "salt-one-0123456789");
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(h).not.toContain("203.0.113.9");
    expect(hashIp("203.0.113.9", "salt-two-0123456789")).not.toBe(h);
    expect(hashIp("203.0.113.9", "salt-one-0123456789")).toBe(h);
  });
  it("trusts X-Forwarded-For only behind TRUST_PROXY, from the right", () => {
    expect(clientIp("198.51.100.1", "127.0.0.1", 0)).toBe("127.0.0.1");
    expect(clientIp("6.6.6.6, 198.51.100.1", "127.0.0.1", 1)).toBe("198.51.100.1");
    expect(clientIp("6.6.6.6, 198.51.100.1, 10.0.0.2", "127.0.0.1", 2)).toBe("198.51.100.1");
    expect(clientIp(null, "127.0.0.1", 1)).toBe("127.0.0.1");
  });
});

describe("ids and config", () => {
  it("makes sortable UUIDv7 ids", () => {
    const a = newLeadId(1_700_000_000_000);
    const b = newLeadId(1_700_000_000_001);
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a < b).toBe(true);
  });
  it("reads the environment with defaults", () => {
    const c = leadConfig({});
    expect(c.rateLimit).toEqual({ enabled: true, points: 10, durationSeconds: 600 });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.trustProxy).toBe(0);
    expect(c.sqliteSync).toBe("normal");
    const d = leadConfig({
      DATABASE_URL: "postgres://u@h/db",
      TRUST_PROXY: "1",
      LEADS_RATE_LIMIT: "off",
      LEADS_SQLITE_SYNC: "FULL",
    });
    expect(d.databaseUrl).toBe("postgres://u@h/db");
    expect(d.trustProxy).toBe(1);
    expect(d.rateLimit.enabled).toBe(false);
    expect(d.sqliteSync).toBe("full");
    expect(leadConfig({ DATABASE_URL: "mysql://x" }).databaseUrl).toBeUndefined();
    expect(() => leadConfig({ LEADS_RATE_LIMIT_POINTS: "ten" })).toThrow();
  });
});
