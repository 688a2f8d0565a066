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
    // local: 14 points; failing tel-link (3) leaves 11/14 = 79.
    const local = scoreChecks(failing(["tel-link"])).categories.find((c) => c.id === "local")!;
    expect(local.score).toBe(Math.round((100 * 11) / 14));
    // overall: 30 * 11/14 + 70 of the others = 93.6 → 94.
    expect(scoreChecks(failing(["tel-link"])).score).toBe(94);
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
  });
});
