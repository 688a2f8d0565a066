/**
 * Every check, run over one Site: each category's pure functions, with the title and fix of
 * ../copy.ts and the points of ../score.ts attached. The order is the report's order.
 */
import { checkCopy } from "../copy.ts";
import type { AuditCategory, CheckResult } from "../report.ts";
import { checkWeights, type CheckId } from "../score.ts";
import type { Site } from "../site.ts";
import { plain } from "../text.ts";
import { contentChecks } from "./content.ts";
import { conversionChecks } from "./conversion.ts";
import { localChecks } from "./local.ts";
import type { Check } from "./outcome.ts";
import { technicalChecks } from "./technical.ts";

export const checksByCategory = {
  local: localChecks,
  conversion: conversionChecks,
  technical: technicalChecks,
  content: contentChecks,
} satisfies { [C in AuditCategory]: Record<keyof (typeof checkWeights)[C], Check> };

/** The longest evidence kept (characters). */
export const EVIDENCE_MAX = 400;

export function runChecks(site: Site): CheckResult[] {
  const results: CheckResult[] = [];
  for (const [category, checks] of Object.entries(checksByCategory) as [
    AuditCategory,
    Record<string, Check>,
  ][]) {
    for (const [id, check] of Object.entries(checks)) {
      const outcome = check(site);
      const copy = checkCopy[id as CheckId];
      results.push({
        id,
        category,
        status: outcome.status,
        title: copy.title,
        evidence: plain(outcome.evidence, EVIDENCE_MAX),
        fix: outcome.status === "fail" ? copy.fix : copy.why,
        ...(outcome.page ? { page: plain(outcome.page, EVIDENCE_MAX) } : {}),
        weight: (checkWeights[category] as Record<string, number>)[id]!,
      });
    }
  }
  return results;
}
