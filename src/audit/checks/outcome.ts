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
