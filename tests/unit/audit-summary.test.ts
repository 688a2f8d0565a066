/**
 * Reading a website check's report for people (src/audit/summary.ts) and its link
 * (src/audit/token.ts): the fixes worth the most points come first, checks that do not apply count
 * for nothing, the categories' shares add up, score bands cover 0-100, and a link only opens with
 * its own secret, unchanged and unexpired.
 */
import { describe, expect, it } from "vitest";
import { auditReportSchema, type AuditReport } from "../../src/audit/report";
import {
  bandOf,
  categoryShares,
  checksFailedFirst,
  formatCheckedAt,
  gradeColors,
  rankedChecks,
  scoreBands,
  topFixes,
} from "../../src/audit/summary";
import { AUDIT_LINK_TTL_MS, openAuditToken, signAuditToken } from "../../src/audit/token";

const check = (id: string, category: string, status: string, weight: number) => ({
  id,
  category,
  status,
  weight,
  title: id,
  evidence: `${id} evidence`,
  fix: `${id} fix`,
});

const report: AuditReport = auditReportSchema.parse({
  url: "lawnpros.test",
  fetchedAt: "2026-11-25T12:00:00.000Z",
  outcome: "ok",
  score: 50,
  grade: "F",
  categories: [
    { id: "local", score: 0, weight: 30 },
    { id: "conversion", score: 50, weight: 30 },
    { id: "technical", score: 50, weight: 20 },
    { id: "content", score: 100, weight: 20 },
  ],
  checks: [
    check("tel-link", "local", "fail", 1),
    check("nap-visible", "local", "fail", 3),
    check("cta", "conversion", "fail", 1),
    check("reviews", "conversion", "pass", 1),
    check("title", "technical", "fail", 1),
    check("https", "technical", "pass", 1),
    check("http-redirect", "technical", "na", 5),
    check("word-count", "content", "pass", 1),
  ],
  durationMs: 1000,
});

describe("a report read for people", () => {
  it("gives each scored check its share of the 100 points; not applicable counts nothing", () => {
    const points = Object.fromEntries(rankedChecks(report).map((c) => [c.id, c.points]));
    expect(points).toEqual({
      "tel-link": 7.5,
      "nap-visible": 22.5,
      cta: 15,
      reviews: 15,
      title: 10,
      https: 10,
      "http-redirect": 0,
      "word-count": 20,
    });
    const total = rankedChecks(report).reduce((sum, c) => sum + c.points, 0);
    expect(total).toBeCloseTo(100, 5);
  });

  it("leads with the failures that cap the grade: kept out of Google, then not fit for a phone", () => {
    const capped = auditReportSchema.parse({
      ...report,
      checks: [
        ...report.checks,
        { ...check("viewport", "technical", "fail", 1), cap: "C" },
        { ...check("search-engines-allowed", "technical", "fail", 1), cap: "D" },
      ],
    });
    // Worth 5 points each, less than nap-visible's: first all the same, D before C.
    expect(topFixes(capped).map((c) => c.id)).toEqual([
      "search-engines-allowed",
      "viewport",
      "nap-visible",
    ]);
  });

  it("puts the three fixes worth the most first, then the other failures, passes, n/a", () => {
    expect(topFixes(report).map((c) => c.id)).toEqual(["nap-visible", "cta", "title"]);
    expect(checksFailedFirst(report).map((c) => c.status)).toEqual([
      "fail",
      "fail",
      "fail",
      "fail",
      "pass",
      "pass",
      "pass",
      "na",
    ]);
  });

  it("shows the categories' shares and bands covering every score once", () => {
    expect(categoryShares(report).map((s) => s.percent)).toEqual([30, 30, 20, 20]);
    for (let score = 0; score <= 100; score++) {
      expect(scoreBands.filter((b) => score >= b.min && score <= b.max)).toHaveLength(1);
    }
    expect([0, 49, 50, 70, 85, 100].map(bandOf)).toEqual([
      "poor",
      "poor",
      "fair",
      "good",
      "great",
      "great",
    ]);
  });
});

describe("when a check ran, for people", () => {
  it("is written on the agency's clock with the zone's label, summer time kept", () => {
    // 19:03 UTC is 1:03 PM in Texas in November: a prospect there never reads 'UTC'.
    expect(formatCheckedAt("2026-11-28T19:03:00.000Z", "America/Chicago")).toBe(
      "Nov 28, 2026, 1:03 PM CST",
    );
    expect(formatCheckedAt("2026-11-28T19:03:00.000Z", "America/New_York")).toBe(
      "Nov 28, 2026, 2:03 PM EST",
    );
    expect(formatCheckedAt("2026-07-04T16:05:00.000Z", "America/New_York")).toBe(
      "Jul 4, 2026, 12:05 PM EDT",
    );
    // Past midnight in UTC, still the day before on the agency's clock.
    expect(formatCheckedAt("2026-11-29T02:30:00.000Z", "America/Los_Angeles")).toBe(
      "Nov 28, 2026, 6:30 PM PST",
    );
    expect(formatCheckedAt("not a date", "America/Chicago")).toBe("not a date");
  });

  it("colours each grade's badge dark enough for its white text (WCAG 4.5:1)", () => {
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => {
        const c = parseInt(hex.slice(i, i + 2), 16) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const colours = Object.values(gradeColors);
    expect(new Set(colours).size).toBe(5);
    for (const c of colours) expect(1.05 / (luminance(c) + 0.05)).toBeGreaterThanOrEqual(4.5);
  });
});

describe("the report's link", () => {
  const secret = "a-secret-of-the-servers-0123456789";
  it("opens with its own secret for 30 days, and not when changed, foreign or expired", () => {
    const now = Date.UTC(2026, 10, 25);
    const token = signAuditToken("job-1", secret, now);
    expect(openAuditToken(token, secret, now + 1000)).toMatchObject({ ok: true, jobId: "job-1" });
    expect(openAuditToken(token, secret, now + AUDIT_LINK_TTL_MS)).toEqual({
      ok: false,
      reason: "expired",
    });
    expect(openAuditToken(token, "another-secret-0123456789", now).ok).toBe(false);
    const [body, sig] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ j: "job-2", e: now + 1e9 })).toString("base64url");
    expect(openAuditToken(`${forged}.${sig}`, secret, now).ok).toBe(false);
    expect(openAuditToken(`${body}.${sig}x`, secret, now).ok).toBe(false);
    expect(openAuditToken("x".repeat(400), secret, now).ok).toBe(false);
  });

  it("opens only as signed: another spelling of the same signature is refused as tampered", () => {
    const now = Date.UTC(2026, 10, 25);
    const token = signAuditToken("job-1", secret, now);
    const [body, sig] = token.split(".") as [string, string];
    const b64url = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const spellings = [
      `${token}=`,
      `${token}==`,
      `${token} `,
      `${token}!`,
      `${body}.${sig.slice(0, 10)}*${sig.slice(10)}`,
      // The last character's two unused bits set otherwise: the same 32 bytes.
      `${body}.${sig.slice(0, -1)}${b64url[b64url.indexOf(sig.at(-1)!) ^ 1]}`,
      // The standard alphabet: the same bytes to a lenient decoder.
      `${body}.${sig.replace(/-/g, "+").replace(/_/g, "/")}`,
    ].filter((t) => t !== token);
    expect(spellings.length).toBeGreaterThanOrEqual(6);
    for (const spelling of spellings) {
      expect(openAuditToken(spelling, secret, now), spelling).toEqual({
        ok: false,
        reason: "invalid",
      });
    }
    expect(openAuditToken(token, secret, now)).toMatchObject({ ok: true, jobId: "job-1" });
  });
});
