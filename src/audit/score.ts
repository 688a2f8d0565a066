/**
 * How the website check scores (docs/website-check.md, "How we score"; the report page shows the
 * same figures from these exports). Pure and deterministic: the check results in, the score out.
 *
 * Each check carries points within its category; a category's score is the share of its
 * applicable points that passed (checks that do not apply are left out, never counted as a
 * pass). The overall score weighs the categories: local and conversion, what wins a landscaper
 * jobs, count 30 each; technical and content 20 each. Then the lead losses come off the total
 * (`leadLosses`) and the grade caps apply (`gradeCaps`).
 */
import type { AuditCategory, CheckResult } from "./report.ts";

/** Points per check within its category. */
export const checkWeights = {
  technical: {
    https: 3,
    "http-redirect": 1,
    "search-engines-allowed": 4,
    indexable: 3,
    canonical: 1,
    viewport: 3,
    title: 2,
    "meta-description": 1,
    h1: 1,
    "robots-txt": 1,
    sitemap: 1,
    "page-weight": 2,
    "response-time": 2,
    "image-size": 2,
    "render-blocking": 1,
    "mixed-content": 2,
    "redirect-chain": 1,
    "image-alt": 1,
    "broken-links": 2,
    "broken-images": 1,
    "soft-404": 1,
    "duplicate-titles": 1,
    "duplicate-descriptions": 1,
    "javascript-content": 3,
  },
  local: {
    "local-business-schema": 3,
    "structured-data-errors": 2,
    "tel-link": 3,
    "nap-visible": 3,
    "nap-consistent": 2,
    "service-area": 3,
    "local-keywords": 2,
    "map-link": 1,
    "opening-hours": 1,
  },
  conversion: {
    "phone-first-screen": 3,
    cta: 3,
    "contact-form": 3,
    reviews: 3,
    "trust-signals": 2,
  },
  content: {
    "service-pages": 3,
    "fresh-content": 1,
    "word-count": 2,
    "og-tags": 1,
    "social-links": 1,
    "copyright-year": 1,
  },
} as const satisfies Record<AuditCategory, Record<string, number>>;

export type CheckId = {
  [C in AuditCategory]: keyof (typeof checkWeights)[C];
}[AuditCategory];

/** Weight of each category in the overall score (they sum to 100). */
export const categoryWeights: Record<AuditCategory, number> = {
  local: 30,
  conversion: 30,
  technical: 20,
  content: 20,
};

/** The lowest score of each grade; below the last, F. */
export const gradeThresholds = [
  { grade: "A", min: 90 },
  { grade: "B", min: 80 },
  { grade: "C", min: 70 },
  { grade: "D", min: 60 },
] as const;

export type Grade = "A" | "B" | "C" | "D" | "F";

export const gradeFor = (score: number): Grade =>
  gradeThresholds.find((t) => score >= t.min)?.grade ?? "F";

export interface Score {
  score: number;
  grade: Grade;
  categories: { id: AuditCategory; score: number; weight: number }[];
}

/**
 * Grade caps: whatever else a site scores, a failure that keeps it out of Google (robots.txt
 * blocks Google, noindex on the home page, a canonical to another site) leaves it at most D,
 * and one that keeps it off a phone (no viewport, a home page over 5 MB) at most C. The score
 * is capped to the top of that grade's range. The checks mark such failures (`cap`).
 */
export const gradeCaps = { D: 69, C: 79 } as const;

/**
 * Lead losses: failures that lose the leads a site already gets, whatever it does well
 * elsewhere. A visitor on a phone who sees a zoomed-out page, finds no number to tap, no number
 * near the top, no form and no button asking for the job, or a 'Not secure' warning beside the
 * form, leaves. Each such failure takes these points off the total as well as its own points in
 * its category (the category points alone spread one failure over 40-odd checks: a site with
 * every one of these failures still scored 69), but never more than half of the points. A site
 * that fails most of them scores 50 or less.
 */
export const leadLosses = {
  viewport: 10,
  "contact-form": 8,
  "tel-link": 6,
  "phone-first-screen": 6,
  cta: 5,
  https: 4,
} as const satisfies Partial<Record<CheckId, number>>;

/** The score of a set of check results. A category with no applicable check is left out. */
export function scoreChecks(checks: readonly CheckResult[]): Score {
  const categories: Score["categories"] = [];
  let weighted = 0;
  let weightSum = 0;
  for (const id of Object.keys(categoryWeights) as AuditCategory[]) {
    const applicable = checks.filter((c) => c.category === id && c.status !== "na");
    const possible = applicable.reduce((sum, c) => sum + c.weight, 0);
    const earned = applicable
      .filter((c) => c.status === "pass")
      .reduce((sum, c) => sum + c.weight, 0);
    const score = possible > 0 ? Math.round((100 * earned) / possible) : 100;
    categories.push({ id, score, weight: categoryWeights[id] });
    if (possible > 0) {
      weighted += (categoryWeights[id] * earned) / possible;
      weightSum += categoryWeights[id];
    }
  }
  const points = weightSum > 0 ? Math.round((100 * weighted) / weightSum) : 0;
  let losses = 0;
  for (const check of checks)
    if (check.status === "fail" && check.id in leadLosses)
      losses += leadLosses[check.id as keyof typeof leadLosses];
  // At most half the points: a site that answers and is read is not worth nothing (a 0 reads as
  // 'could not be checked').
  let score = points - Math.min(losses, Math.floor(points / 2));
  for (const check of checks)
    if (check.status === "fail" && check.cap) score = Math.min(score, gradeCaps[check.cap]);
  return { score, grade: gradeFor(score), categories };
}
