/**
 * Every check, run over one Site: each category's pure functions, with the title and fix of
 * ../copy.ts and the points of ../score.ts attached. The order is the report's order.
 */
import { checkCopy, type CheckCopy } from "../copy.ts";
import type { AuditCategory, CheckResult } from "../report.ts";
import { checkWeights, type CheckId } from "../score.ts";
import type { Site } from "../site.ts";
import { plain } from "../text.ts";
import { contentChecks } from "./content.ts";
import { conversionChecks } from "./conversion.ts";
import { localChecks } from "./local.ts";
import { na, type Check } from "./outcome.ts";
import { technicalChecks } from "./technical.ts";

export const checksByCategory = {
  local: localChecks,
  conversion: conversionChecks,
  technical: technicalChecks,
  content: contentChecks,
} satisfies { [C in AuditCategory]: Record<keyof (typeof checkWeights)[C], Check> };

/** The longest evidence kept (characters). */
export const EVIDENCE_MAX = 400;

/**
 * The checks that read what the page shows: on an empty JavaScript shell (javascript-content)
 * a failure of theirs would only say that the content comes after JavaScript, so it is 'not
 * applicable' with that reason instead, never failed. A pass stands.
 */
export const NEEDS_CONTENT: ReadonlySet<CheckId> = new Set<CheckId>([
  "title",
  "meta-description",
  "h1",
  "canonical",
  "og-tags",
  "word-count",
  "image-alt",
  "broken-links",
  "broken-images",
  "local-business-schema",
  "tel-link",
  "nap-visible",
  "nap-consistent",
  "service-area",
  "local-keywords",
  "map-link",
  "opening-hours",
  "phone-first-screen",
  "cta",
  "contact-form",
  "reviews",
  "trust-signals",
  "service-pages",
  "fresh-content",
  "social-links",
  "copyright-year",
  "soft-404",
  "duplicate-titles",
  "duplicate-descriptions",
  // The scripts are the page: holding up a first paint that shows nothing changes nothing.
  "render-blocking",
]);

export const SHELL_NA =
  "The home page is built by JavaScript: this is not in the page as sent, so it could not be read without running the site's scripts (see 'Content without JavaScript').";

export function runChecks(site: Site): CheckResult[] {
  const results: CheckResult[] = [];
  for (const [category, checks] of Object.entries(checksByCategory) as [
    AuditCategory,
    Record<string, Check>,
  ][]) {
    for (const [id, check] of Object.entries(checks)) {
      let outcome = check(site);
      if (site.jsOnly && outcome.status === "fail" && NEEDS_CONTENT.has(id as CheckId))
        outcome = na(SHELL_NA, site.home.url);
      const copy: CheckCopy = checkCopy[id as CheckId];
      const fix =
        outcome.status !== "fail"
          ? copy.why
          : ((outcome.variant && copy.variants?.[outcome.variant]) ?? copy.fix);
      results.push({
        id,
        category,
        status: outcome.status,
        title: copy.title,
        evidence: plain(outcome.evidence, EVIDENCE_MAX),
        fix,
        ...(outcome.page ? { page: plain(outcome.page, EVIDENCE_MAX) } : {}),
        weight: (checkWeights[category] as Record<string, number>)[id]!,
        ...(outcome.status === "fail" && outcome.cap ? { cap: outcome.cap } : {}),
      });
    }
  }
  return results;
}
