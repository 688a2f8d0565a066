/**
 * The side-by-side with competitors (src/audit/competitors.ts): what staff may type, and what the
 * report and the caller's talking points say, check by check, in the owner's words.
 */
import { describe, expect, it } from "vitest";
import { compareSites, competitorName, readCompetitorInput } from "../../src/audit/competitors";
import { auditMessages } from "../../src/audit/messages";
import { auditReportSchema, type AuditReport, type CheckStatus } from "../../src/audit/report";
import { gradeBackgrounds, gradeColors } from "../../src/audit/summary";
import { fixtureReport } from "../integration/audit-support";

const copy = auditMessages.competitors;

function site(statuses: Record<string, CheckStatus>, score: number): AuditReport {
  const base = fixtureReport("rival.test", score);
  return auditReportSchema.parse({
    ...base,
    checks: base.checks.map((c) => (statuses[c.id] ? { ...c, status: statuses[c.id] } : c)),
  });
}

describe("readCompetitorInput", () => {
  const check = { url: "lawnpros.com", report: null };
  it("takes a website address and an optional name", () => {
    expect(
      readCompetitorInput({ url: " greenacres.com ", name: " Green Acres " }, check, []),
    ).toEqual({
      ok: true,
      url: "greenacres.com",
      site: "greenacres.com",
      label: "Green Acres",
    });
    expect(readCompetitorInput({ url: "https://summit.com/", name: "" }, check, [])).toMatchObject({
      ok: true,
      label: null,
    });
  });
  it("refuses what is not a site, the prospect's own site, a competitor twice, a fourth, a long name", () => {
    const existing = [{ url: "greenacres.com" }];
    for (const [url, message] of [
      ["lawn pros", copy.badUrl],
      ["ftp://x.com", copy.badUrl],
      ["https://www.LawnPros.com/about", copy.ownSite],
      ["www.greenacres.com", copy.duplicate],
    ] as const) {
      expect(readCompetitorInput({ url, name: null }, check, existing)).toEqual({
        ok: false,
        status: 422,
        message,
        field: "url",
      });
    }
    expect(
      readCompetitorInput({ url: "oak.com", name: "x".repeat(61) }, check, existing),
    ).toMatchObject({ ok: false, status: 422, field: "name" });
    const three = [{ url: "a.com" }, { url: "b.com" }, { url: "c.com" }];
    expect(readCompetitorInput({ url: "d.com", name: null }, check, three)).toMatchObject({
      ok: false,
      status: 409,
      message: copy.tooMany(3),
    });
  });
});

describe("compareSites", () => {
  // The prospect (fixtureReport): tel-link, cta, title, local-business-schema, og-tags fail;
  // https, nap-visible, reviews pass.
  const prospect = fixtureReport("lawnpros.test", 57);

  it("says in the owner's words who does what the other does not, most valuable first", () => {
    const compared = compareSites(prospect, [
      {
        name: "Green Acres",
        report: site({ "tel-link": "pass", cta: "pass", reviews: "fail" }, 91),
      },
      { name: "Summit Tree", report: site({ "tel-link": "pass" }, 70) },
    ]);
    expect(compared.sites.map((s) => [s.name, s.score, s.you])).toEqual([
      [copy.you, 57, true],
      ["Green Acres", 91, false],
      ["Summit Tree", 70, false],
    ]);
    // The fixture's cta is worth 17 points, tel-link 10.5: the quote button first.
    expect(compared.behind).toEqual([
      "Green Acres asks visitors for a quote or a call on its home page; you do not.",
      "Green Acres has a phone number people can tap, as does Summit Tree; you do not.",
    ]);
    expect(compared.ahead).toEqual(["You show reviews on your site; Green Acres does not."]);
    // The rows: only the checks where a site passed and another failed, the prospect's failures first.
    expect(compared.rows.map((r) => [r.id, r.statuses])).toEqual([
      ["cta", ["fail", "pass", "fail"]],
      ["tel-link", ["fail", "pass", "pass"]],
      ["reviews", ["pass", "fail", "pass"]],
    ]);
    expect(compared.same).toBe(prospect.checks.length - 3);
  });

  it("leaves out a competitor that was not scored, and names one by its site without a name", () => {
    const unreachable = auditReportSchema.parse({
      url: "down.test",
      fetchedAt: new Date().toISOString(),
      outcome: "unreachable",
      reason: "dns",
      durationMs: 5,
    });
    expect(compareSites(prospect, [{ name: "Down", report: unreachable }]).sites).toHaveLength(1);
    expect(competitorName({ label: null, url: "greenacres.test", report: null })).toBe(
      "greenacres.test",
    );
  });
});

describe("the score badges' colours on staff pages", () => {
  it("are the report's grade colours, as classes (the staff pages' CSP refuses style attributes)", () => {
    for (const [grade, hex] of Object.entries(gradeColors)) {
      expect(gradeBackgrounds[grade as keyof typeof gradeColors]).toBe(`bg-[${hex}]`);
    }
  });
});
