/**
 * Reading a report for people: which failed checks cost the most points (the prospect's three
 * fixes, the caller's talking points, first), and the weights as 'how we score' shows them. Pure
 * functions over the report alone: the weights travel in it (each category's and each check's),
 * so every reader agrees with the engine that scored it. Also the site's name and the one-line
 * text every reader (page, PDF, email, panel) takes from a fetched site.
 */
import { agencyTime } from "../lib/formatAgencyTime.ts";
import type { AuditCategory, AuditReport, CheckResult } from "./report.ts";
import type { Grade } from "./score.ts";
import { agencyZone } from "../lib/agencyZone.ts";

/** One line of text taken from a report: no control characters, bounded. */
export function plainLine(value: string, max = 300): string {
  // eslint-disable-next-line no-control-regex
  const line = value.replace(/[\u0000-\u001F\u007F\u2028\u2029]+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** The site's name as the report shows it: the final URL's host, else the address typed. */
export function siteName(report: Pick<AuditReport, "url" | "finalUrl">): string {
  try {
    return new URL(report.finalUrl ?? report.url).host;
  } catch {
    return plainLine(report.url, 120);
  }
}

/** A check with the points of the total score it is worth (and loses when it fails). */
export interface RankedCheck extends CheckResult {
  points: number;
}

/** Each scored check's share of the 100 points: its weight within its category, times the category's share. */
export function rankedChecks(report: AuditReport): RankedCheck[] {
  const categoryTotal = report.categories.reduce((sum, c) => sum + c.weight, 0);
  const inCategory = new Map<AuditCategory, number>();
  for (const check of report.checks) {
    if (check.status === "na") continue;
    inCategory.set(check.category, (inCategory.get(check.category) ?? 0) + check.weight);
  }
  return report.checks.map((check) => {
    const category = report.categories.find((c) => c.id === check.category);
    const total = inCategory.get(check.category) ?? 0;
    const points =
      check.status === "na" || !category || !total || !categoryTotal
        ? 0
        : (100 * (check.weight / total) * category.weight) / categoryTotal;
    return { ...check, points: Math.round(points * 10) / 10 };
  });
}

/** How far a failure caps the grade: D caps (kept out of Google) first, then C (not fit for a phone). */
const capRank = (check: CheckResult): number => (check.cap === "D" ? 2 : check.cap === "C" ? 1 : 0);

/**
 * Failed checks, most valuable first: those that cap the grade lead (search engines told not
 * to read the site, then not fit for a phone), then by points (ties: the report's order).
 */
export function failedByValue(report: AuditReport): RankedCheck[] {
  return rankedChecks(report)
    .map((check, index) => ({ check, index }))
    .filter(({ check }) => check.status === "fail")
    .sort(
      (a, b) =>
        capRank(b.check) - capRank(a.check) || b.check.points - a.check.points || a.index - b.index,
    )
    .map(({ check }) => check);
}

/** The `n` fixes worth the most points. */
export function topFixes(report: AuditReport, n = 3): RankedCheck[] {
  return failedByValue(report).slice(0, n);
}

/** The `n` fixes worth the most as the emails list them: "Title: fix", one line each. */
export const fixLines = (report: AuditReport, n = 3): string[] =>
  topFixes(report, n).map((c) => `${plainLine(c.title)}: ${plainLine(c.fix)}`);

/** Every check, failed ones first (by value), then passes, then not applicable. */
export function checksFailedFirst(report: AuditReport): RankedCheck[] {
  const ranked = rankedChecks(report);
  const order = { fail: 0, pass: 1, na: 2 } as const;
  const failed = failedByValue(report);
  return [
    ...failed,
    ...ranked.filter((c) => c.status !== "fail").sort((a, b) => order[a.status] - order[b.status]),
  ];
}

/** The categories' shares of the score, in percent (rounded), for 'how we score'. */
export function categoryShares(report: AuditReport): { id: AuditCategory; percent: number }[] {
  const total = report.categories.reduce((sum, c) => sum + c.weight, 0);
  return report.categories.map((c) => ({
    id: c.id,
    percent: total ? Math.round((100 * c.weight) / total) : 0,
  }));
}

/** Score bands the inbox filters by (and the page colours): from 0 up to each upper bound. */
export const scoreBands = [
  { id: "poor", min: 0, max: 49 },
  { id: "fair", min: 50, max: 69 },
  { id: "good", min: 70, max: 84 },
  { id: "great", min: 85, max: 100 },
] as const;
export type ScoreBand = (typeof scoreBands)[number]["id"];

export function bandOf(score: number): ScoreBand {
  return scoreBands.find((b) => score >= b.min && score <= b.max)?.id ?? "poor";
}

export const isScoreBand = (value: unknown): value is ScoreBand =>
  scoreBands.some((b) => b.id === value);

/**
 * When a check ran, on the agency's clock with the zone's label: "Nov 28, 2026, 1:03 PM CST"
 * (src/lib/formatAgencyTime.ts). The zone is the agency's now (src/lib/agencyZone.ts: the
 * owner's setting, else AGENCY_TIME_ZONE) unless the caller names one, so every reader (page,
 * PDF, email, panel) writes the same time.
 */
export function formatCheckedAt(iso: string, timeZone: string = agencyZone()): string {
  if (Number.isNaN(Date.parse(iso))) return iso;
  return agencyTime(iso, timeZone);
}

/** A day on the agency's clock, for people: "December 28, 2026" (when a report link expires). */
export const agencyDate = (at: Date, timeZone: string): string =>
  at.toLocaleDateString("en-US", { timeZone, year: "numeric", month: "long", day: "numeric" });

/**
 * The score badge's colour for each grade (page and PDF): green to red, each dark enough for white
 * text on it (contrast at least 4.5:1).
 */
export const gradeColors: Record<Grade, string> = {
  A: "#166534",
  B: "#3f6212",
  C: "#a16207",
  D: "#c2410c",
  F: "#b91c1c",
};

/**
 * The same colours as classes, for pages whose Content-Security-Policy refuses style attributes
 * (the staff pages: `style-src 'self'`); written out whole so Tailwind generates them.
 */
export const gradeBackgrounds: Record<Grade, string> = {
  A: "bg-[#166534]",
  B: "bg-[#3f6212]",
  C: "bg-[#a16207]",
  D: "bg-[#c2410c]",
  F: "bg-[#b91c1c]",
};
