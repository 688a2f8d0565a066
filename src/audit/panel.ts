/**
 * The agency's view of a lead's website check (the lead page's panel, the reminders and the lead
 * email's line): its newest check, read into plain lines. Pure: the page hands in the jobs.
 */
import { auditCategoryNames, auditMessages, unreachableNames } from "./messages.ts";
import type { AuditJob } from "./store/types.ts";
import { failedByValue, formatCheckedAt, siteName } from "./summary.ts";
import { auditLinks } from "./token.ts";
import { auditState, type AuditState } from "./view.ts";

export interface WebsiteCheckLines {
  state: "none" | AuditState;
  score?: number | undefined;
  grade?: string | undefined;
  categories: string[];
  talkingPoints: { id: string; title: string; evidence: string; fix: string; points: number }[];
  passed: string[];
  facts: string[];
  reportHref?: string | undefined;
}

/**
 * The panel of a lead's newest check (`jobs` newest first, as the store lists them); when it was
 * fetched is written on the agency's clock (`timeZone`, the site config's), labelled.
 */
export function websiteCheckLines(
  jobs: readonly AuditJob[],
  secret: string,
  timeZone: string,
): WebsiteCheckLines {
  const job = jobs[0];
  const copy = auditMessages.panel;
  if (!job) return { state: "none", categories: [], talkingPoints: [], passed: [], facts: [] };
  const state = auditState(job);
  const report = job.report;
  const facts = [siteName(report ?? { url: job.url })];
  if (job.finishedAt && report)
    facts.push(copy.fetchedAt(formatCheckedAt(report.fetchedAt, timeZone)));
  if (job.reusedFrom) facts.push(copy.reused);
  if (state === "unreachable" && report) {
    facts.push(report.message ?? unreachableNames[report.reason ?? "refused"]);
    // What exactly failed, for the agency only ('lawnpros.com points at 10.0.0.1 (private)').
    if (report.detail) facts.push(report.detail);
  }
  const ready = state === "ready" && report;
  return {
    state,
    score: ready ? report.score : undefined,
    grade: ready ? report.grade : undefined,
    categories: ready
      ? report.categories.map((c) => `${auditCategoryNames[c.id]} ${c.score}/100`)
      : [],
    talkingPoints: ready
      ? failedByValue(report).map((c) => ({
          id: c.id,
          title: c.title,
          evidence: c.evidence,
          fix: c.fix,
          points: c.points,
        }))
      : [],
    passed: ready ? report.checks.filter((c) => c.status === "pass").map((c) => c.title) : [],
    facts,
    reportHref: report ? auditLinks(job.id, secret).report : undefined,
  };
}

/** One line for emails to the agency: "Website check: 62/100 (D)", or null before it is done. */
export function scoreLine(job: Pick<AuditJob, "status" | "report"> | undefined): string | null {
  if (!job?.report || job.status !== "done") return null;
  const r = job.report;
  return r.outcome === "ok" && r.score !== undefined
    ? `Website check: ${r.score}/100${r.grade ? ` (${r.grade})` : ""}`
    : `Website check: could not check the site (${r.reason ?? "unreachable"})`;
}
