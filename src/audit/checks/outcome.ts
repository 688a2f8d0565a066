/**
 * What a check returns: pass, fail or not applicable, with the evidence (which page, which
 * element, the value measured, what was expected). ./index.ts adds the title, fix and points.
 */
import type { CheckStatus } from "../report.ts";
import type { Site } from "../site.ts";

export interface Outcome {
  status: CheckStatus;
  evidence: string;
  page?: string;
  /** A failure that caps the grade (../score.ts `gradeCaps`): search engines kept out, no phone fit. */
  cap?: "C" | "D";
  /** Which of the check's other fixes applies (../copy.ts `variants`), when not the usual one. */
  variant?: string;
}

export type Check = (site: Site) => Outcome;

export const pass = (evidence: string, page?: string): Outcome => ({
  status: "pass",
  evidence,
  page,
});
export const fail = (evidence: string, page?: string): Outcome => ({
  status: "fail",
  evidence,
  page,
});
export const na = (evidence: string, page?: string): Outcome => ({ status: "na", evidence, page });

/** "3 pages" / "1 page". */
export const count = (n: number, one: string, many = `${one}s`): string =>
  `${n} ${n === 1 ? one : many}`;

/** A failure that caps the grade at `cap`. */
export const capped = (outcome: Outcome, cap: "C" | "D"): Outcome => ({ ...outcome, cap });

/** The path of a page for evidence: "/services/lawn-care", or "the home page". */
export function pathOf(url: string, home?: string): string {
  if (home !== undefined && url === home) return "the home page";
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}`.slice(0, 100);
  } catch {
    return url.slice(0, 100);
  }
}

/** "/a, /b and 3 more": pages named in evidence. */
export function listOf(items: string[], max = 4): string {
  const shown = items.slice(0, max);
  const rest = items.length - shown.length;
  if (rest > 0) return `${shown.join(", ")} and ${rest} more`;
  if (shown.length <= 1) return shown.join("");
  return `${shown.slice(0, -1).join(", ")} and ${shown[shown.length - 1]}`;
}
