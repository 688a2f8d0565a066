/**
 * The website check's score: 0-100 and a letter, weighted toward what wins a landscaper jobs
 * (local and conversion above meta tags), pure and deterministic (the same fetched HTML gives
 * the same score), and what does not apply is left out rather than counted as a pass.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runChecks } from "../../src/audit/checks/index";
import type { CheckResult } from "../../src/audit/report";
import {
  categoryWeights,
  checkWeights,
  gradeFor,
  gradeThresholds,
  leadLosses,
  scoreChecks,
} from "../../src/audit/score";
import { buildSite } from "../../src/audit/site";
import { fixtureHtml } from "../support/auditSites";

const NOW = new Date("2026-11-25T12:00:00Z");

/** Every check, all passing, from the weights table. */
function allPassing(): CheckResult[] {
  return Object.entries(checkWeights).flatMap(([category, checks]) =>
    Object.entries(checks).map(([id, weight]) => ({
      id,
      category: category as CheckResult["category"],
      status: "pass" as const,
      title: id,
      evidence: "",
      fix: "",
      weight,
    })),
  );
}

const failing = (ids: string[]) =>
  allPassing().map((c) => (ids.includes(c.id) ? { ...c, status: "fail" as const } : c));

describe("the score", () => {
  it("is 100 and an A when everything passes, 0 and an F when nothing does", () => {
    expect(scoreChecks(allPassing())).toMatchObject({ score: 100, grade: "A" });
    const none = allPassing().map((c) => ({ ...c, status: "fail" as const }));
    expect(scoreChecks(none)).toMatchObject({ score: 0, grade: "F" });
    expect(scoreChecks(none).categories.map((c) => c.score)).toEqual([0, 0, 0, 0]);
  });

  it("weighs local and conversion above technical and content", () => {
    expect(categoryWeights.local).toBeGreaterThan(categoryWeights.technical);
    expect(categoryWeights.conversion).toBeGreaterThan(categoryWeights.content);
    expect(Object.values(categoryWeights).reduce((a, b) => a + b, 0)).toBe(100);
    // No tap-to-call link costs more than no meta description.
    expect(scoreChecks(failing(["tel-link"])).score).toBeLessThan(
      scoreChecks(failing(["meta-description"])).score,
    );
    expect(scoreChecks(failing(["contact-form"])).score).toBeLessThan(
      scoreChecks(failing(["og-tags"])).score,
    );
  });

  it("counts a category as the share of its applicable points that passed", () => {
    // local: 20 points; failing nap-visible (3) leaves 17/20 = 85.
    const local = scoreChecks(failing(["nap-visible"])).categories.find((c) => c.id === "local")!;
    expect(local.score).toBe(85);
    // overall: 30 * 17/20 + 70 of the others = 95.5 → 96 (Math.round).
    expect(scoreChecks(failing(["nap-visible"])).score).toBe(96);
  });

  it("takes the lead losses off the total: a site that turns callers away scores 50 or less", () => {
    // tel-link is 3 of local's 20 points, like nap-visible, and loses leads besides: 96 - 6.
    expect(scoreChecks(failing(["tel-link"])).score).toBe(90);
    for (const [id, points] of Object.entries(leadLosses)) {
      const alone = scoreChecks(failing([id])).score;
      const checkOnly = scoreChecks(
        failing([id]).map((c) => (c.id === id ? { ...c, id: "not-a-lead-loss" } : c)),
      ).score;
      expect(alone, id).toBe(checkOnly - points);
    }
    // Not fit for a phone, no number to tap or near the top, no form, nothing asking for the job:
    // the rest of the site perfect, still an F at 50 or less.
    const turnedAway = failing([
      "viewport",
      "tel-link",
      "phone-first-screen",
      "contact-form",
      "cta",
    ]);
    expect(scoreChecks(turnedAway).score).toBeLessThanOrEqual(50);
    // An ordinary failure (meta tags, a sitemap) costs its points only.
    expect(scoreChecks(failing(["og-tags", "sitemap"])).grade).toBe("A");
    // Never more than half the points: a site with little else scores low, not 0.
    const poor = failing([
      ...turnedAway.filter((c) => c.status === "fail").map((c) => c.id),
      ...Object.keys(checkWeights.local),
      ...Object.keys(checkWeights.content),
    ]);
    const points = scoreChecks(
      poor.map((c) => (c.id in leadLosses ? { ...c, id: `${c.id}-points-only` } : c)),
    ).score;
    // 29 points; the five lead losses (35) would take it below 0.
    expect(points).toBe(29);
    expect(scoreChecks(poor).score).toBe(15);
  });

  it("caps the grade: D when search engines are kept out, C when a phone is, whatever else passes", () => {
    const capped = (id: string, cap: "C" | "D") =>
      allPassing().map((c) => (c.id === id ? { ...c, status: "fail" as const, cap } : c));
    // Alone, a blocked robots.txt costs 4 of technical's 38 points (98): the cap makes it a D.
    expect(scoreChecks(failing(["search-engines-allowed"])).grade).toBe("A");
    expect(scoreChecks(capped("search-engines-allowed", "D"))).toMatchObject({
      score: 69,
      grade: "D",
    });
    expect(scoreChecks(capped("indexable", "D"))).toMatchObject({ score: 69, grade: "D" });
    expect(scoreChecks(capped("viewport", "C"))).toMatchObject({ score: 79, grade: "C" });
    expect(scoreChecks(capped("page-weight", "C"))).toMatchObject({ score: 79, grade: "C" });
    // Both: the lower cap. A score already under the cap stays where it is.
    const both = capped("viewport", "C").map((c) =>
      c.id === "canonical" ? { ...c, status: "fail" as const, cap: "D" as const } : c,
    );
    expect(scoreChecks(both).grade).toBe("D");
    const poor = capped("viewport", "C").map((c) =>
      c.category === "conversion" || c.category === "local" ? { ...c, status: "fail" as const } : c,
    );
    expect(scoreChecks(poor).score).toBe(
      scoreChecks(
        failing(["viewport", ...poor.filter((c) => c.status === "fail").map((c) => c.id)]),
      ).score,
    );
    expect(scoreChecks(poor).score).toBeLessThan(50);
    // A check that passes caps nothing.
    expect(
      scoreChecks(allPassing().map((c) => (c.id === "viewport" ? { ...c, cap: "C" as const } : c)))
        .score,
    ).toBe(100);
  });

  it("leaves out what does not apply instead of counting it as a pass or a fail", () => {
    const checks = failing(["https"]).map((c) =>
      c.id === "http-redirect" ? { ...c, status: "na" as const } : c,
    );
    const technical = scoreChecks(checks).categories.find((c) => c.id === "technical")!;
    const points = Object.values(checkWeights.technical).reduce((a, b) => a + b, 0);
    expect(technical.score).toBe(Math.round((100 * (points - 1 - 3)) / (points - 1)));
  });

  it("gives each grade from its threshold", () => {
    for (const { grade, min } of gradeThresholds) {
      expect(gradeFor(min)).toBe(grade);
      expect(gradeFor(min - 1)).not.toBe(grade);
    }
    expect(gradeFor(59)).toBe("F");
  });

  it("is the same for the same fetched HTML, every time", () => {
    const input = () => ({
      input: "lawnpros.example",
      now: NOW,
      home: {
        url: "https://lawnpros.example/",
        status: 200,
        ms: 300,
        bytes: 6000,
        contentType: "text/html",
        body: fixtureHtml("strong-home.html", { origin: "https://lawnpros.example" }),
      },
      pages: [],
      robots: null,
      sitemaps: [],
      httpRedirect: null,
    });
    const first = runChecks(buildSite(input()));
    const second = runChecks(buildSite(input()));
    expect(second).toEqual(first);
    expect(scoreChecks(second)).toEqual(scoreChecks(first));
    // A weak page scores lower, and its grade says so.
    const weak = runChecks(
      buildSite({ ...input(), home: { ...input().home, body: fixtureHtml("weak-home.html") } }),
    );
    expect(scoreChecks(weak).score).toBeLessThan(scoreChecks(first).score);
    expect(scoreChecks(weak).grade).toBe("F");
  });
});

describe("docs/website-check.md, 'How we score'", () => {
  const doc = readFileSync(join(import.meta.dirname, "../../docs/website-check.md"), "utf8");

  it("states every check's points and every category's weight as the code scores them", () => {
    const documented = Object.fromEntries(
      [...doc.matchAll(/^\| `([a-z0-9-]+)` +\| (\d+) +\|/gm)].map((m) => [m[1], Number(m[2])]),
    );
    const scored = Object.fromEntries(
      Object.values(checkWeights).flatMap((c) => Object.entries(c)),
    );
    expect(documented).toEqual(scored);
    for (const [id, weight] of Object.entries(categoryWeights)) {
      expect(doc).toMatch(new RegExp(`^\\*\\*${id}\\*\\* \\(${weight} of 100\\)$`, "im"));
    }
    for (const { grade, min } of gradeThresholds) expect(doc).toContain(`**${grade}** from ${min}`);
    const losses = Object.fromEntries(
      [...doc.matchAll(/^- `([a-z0-9-]+)` [^\n]*: minus (\d+)\.$/gm)].map((m) => [
        m[1],
        Number(m[2]),
      ]),
    );
    expect(losses).toEqual(leadLosses);
  });
});
