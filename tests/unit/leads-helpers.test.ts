/** _next handling, CSV neutralisation, spam flags, attribution and ids. */
import { describe, expect, it } from "vitest";
import { safeNext, DEFAULT_NEXT } from "../../src/leads/next";
import { csvCell, toCsv } from "../../src/leads/csv";
import { spamVerdict, parseElapsed, DEFAULT_MIN_FILL_MS } from "../../src/leads/spam";
import { buildAttribution, hashIp, cleanPath, cleanText } from "../../src/leads/attribution";
import { clientIp, parseTrustProxy, rateLimitKey } from "../../src/server/clientAddress";
import { formatPhone, normalisePhone } from "../../src/leads/phone";
import { isWellFormed, toWellFormed, truncate } from "../../src/leads/text";
import { newLeadId } from "../../src/server/id";
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

  // Every mix of dot segments (plain and percent-encoded) before slashes: whatever safeNext
  // returns must resolve, as a browser resolves a Location header, to a page of this site.
  it("never yields a Location that leaves the site, whatever dot segments precede it", () => {
    const site = "https://greenline.example";
    const segments = ["", ".", "..", "%2e", "%2E", ".%2e", "%2e.", "%2e%2e", "a", "%2f", "%5c"];
    const tails = ["/evil.example", "//evil.example", "/\\evil.example", "/%2fevil.example"];
    let tried = 0;
    for (const a of segments) {
      for (const b of segments) {
        for (const tail of tails) {
          for (const raw of [`/${a}/${b}${tail}`, `/${a}${tail}`, `/${a}/${b}/${tail}`]) {
            tried += 1;
            const next = safeNext(raw);
            expect(next.startsWith("/") && !next.startsWith("//"), raw).toBe(true);
            expect(new URL(next, site).origin, raw).toBe(site);
          }
        }
      }
    }
    expect(tried).toBeGreaterThan(1000);
    // The probe's reproduction and its encoded twins fall back to the thank-you page.
    for (const raw of ["/.//evil.example", "/%2e//evil.example", "/a/..//evil.example"]) {
      expect(safeNext(raw), raw).toBe(DEFAULT_NEXT);
    }
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
  it("believes X-Forwarded-For only from the proxies TRUST_PROXY names, from the right", () => {
    const loopback = parseTrustProxy("loopback");
    const two = parseTrustProxy("127.0.0.1, 10.0.0.0/8");
    expect(clientIp("198.51.100.1", "127.0.0.1", null)).toBe("127.0.0.1");
    expect(clientIp("6.6.6.6, 198.51.100.1", "127.0.0.1", loopback)).toBe("198.51.100.1");
    expect(clientIp("6.6.6.6, 198.51.100.1, 10.0.0.2", "127.0.0.1", two)).toBe("198.51.100.1");
    expect(clientIp(null, "127.0.0.1", loopback)).toBe("127.0.0.1");
    // A client that reaches the server directly cannot choose its own address.
    expect(clientIp("203.0.113.7", "198.51.100.9", loopback)).toBe("198.51.100.9");
    // A hop that is no IP address is never used; IPv4-mapped IPv6 reads as IPv4.
    expect(clientIp("not-an-ip", "::ffff:127.0.0.1", loopback)).toBe("127.0.0.1");
    expect(clientIp("2001:db8::1", "::1", loopback)).toBe("2001:db8::1");
  });
  it("refuses a hop count or true for TRUST_PROXY, naming what to set instead", () => {
    for (const raw of ["1", "2", "true"]) {
      expect(() => parseTrustProxy(raw)).toThrow(/name the proxies' addresses/);
    }
    expect(() => parseTrustProxy("10.0.0.300")).toThrow(/TRUST_PROXY/);
    for (const raw of [undefined, "", "0", "false", "off"]) expect(parseTrustProxy(raw)).toBeNull();
  });
  it("rate-limits IPv6 clients by their /64 and IPv4 clients by their address", () => {
    expect(rateLimitKey("2001:db8:1:2:aaaa::1")).toBe(rateLimitKey("2001:db8:1:2:ffff:1:2:3"));
    expect(rateLimitKey("2001:db8:1:2::1")).not.toBe(rateLimitKey("2001:db8:1:3::1"));
    expect(rateLimitKey("::ffff:203.0.113.5")).toBe("203.0.113.5");
    expect(rateLimitKey("203.0.113.5")).not.toBe(rateLimitKey("203.0.113.6"));
  });
});

describe("text on the way in", () => {
  it("finds unpaired surrogates and replaces them", () => {
    expect(isWellFormed("plain text, émoji 🌱")).toBe(true);
    expect(isWellFormed("x\ud800y")).toBe(false);
    expect(isWellFormed("x\udc00")).toBe(false);
    expect(toWellFormed("a\ud800b\udfffc🌱")).toBe("a\ufffdb\ufffdc🌱");
  });
  it("cuts between code points, never inside a surrogate pair", () => {
    expect(truncate("ab🌱", 3)).toBe("ab");
    expect(truncate("ab🌱", 4)).toBe("ab🌱");
    expect(truncate("abc", 2)).toBe("ab");
    for (let max = 1; max < 40; max += 1)
      expect(isWellFormed(truncate("🌱".repeat(20), max))).toBe(true);
  });
  it("cleans values the browser adds: no control characters, no lone surrogates", () => {
    expect(cleanText("  /page\u0000\u009b\ud800 ", 100)).toBe("/page\ufffd");
    expect(isWellFormed(cleanText(`${"a".repeat(199)}🌱`, 200) ?? "")).toBe(true);
  });
});

describe("phone numbers", () => {
  it("accepts real numbers, US by default, and stores them in E.164", () => {
    expect(normalisePhone("(512) 555-0142")).toBe("+15125550142");
    expect(normalisePhone("1-512-555-0142")).toBe("+15125550142");
    expect(normalisePhone("+44 20 7946 0958")).toBe("+442079460958");
    expect(normalisePhone("512-555-0142 ext. 7")).toBe("+15125550142;ext=7");
  });
  it("refuses what is not a phone number", () => {
    for (const raw of ["abc", "1", "call me maybe", "555", "512 555 014", "(555) 010-4242"]) {
      expect(normalisePhone(raw), raw).toBeNull();
    }
  });
  it("shows stored numbers formatted", () => {
    expect(formatPhone("+15125550142")).toBe("(512) 555-0142");
    expect(formatPhone("+442079460958")).toBe("+44 20 7946 0958");
    expect(formatPhone("+15125550142;ext=7")).toBe("(512) 555-0142 ext. 7");
    expect(formatPhone("not stored by us")).toBe("not stored by us");
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
    expect(c.rateLimit).toEqual({ enabled: true, points: 10, attempts: 50, durationSeconds: 600 });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.trustProxy).toBeNull();
    expect(c.metricsToken).toBeUndefined();
    expect(c.sqliteSync).toBe("full");
    const d = leadConfig({
      DATABASE_URL: "postgres://u@h/db",
      TRUST_PROXY: "loopback",
      LEADS_RATE_LIMIT: "off",
      LEADS_SQLITE_SYNC: "Normal",
    });
    expect(d.databaseUrl).toBe("postgres://u@h/db");
    expect(d.trustProxy?.spec).toEqual(["loopback"]);
    expect(() => leadConfig({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
    expect(d.rateLimit.enabled).toBe(false);
    expect(d.sqliteSync).toBe("normal");
    expect(() => leadConfig({ LEADS_SQLITE_SYNC: "off" })).toThrow(/LEADS_SQLITE_SYNC/);
    expect(leadConfig({ DATABASE_URL: "mysql://x" }).databaseUrl).toBeUndefined();
    expect(() => leadConfig({ LEADS_RATE_LIMIT_POINTS: "ten" })).toThrow();
  });
});

describe("newLeadId within one millisecond", () => {
  it("counts up, so timeline entries written in turn sort in the order they were written", () => {
    const at = Date.UTC(2026, 10, 27, 6, 30);
    const ids = Array.from({ length: 500 }, () => newLeadId(at));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(
      ids.every((id) =>
        /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id),
      ),
    ).toBe(true);
  });
});
