/**
 * /admin/checks: staff check any website (src/pages/admin/checks.astro). What a typed address
 * must look like before a check is queued, the recent staff checks and (for the owner) the
 * queue read into table rows. Pure: the page hands in the form's value and the jobs.
 */
import { siteKey } from "./jobs.ts";
import { auditMessages } from "./messages.ts";
import type { AuditJob, QueuedCheck } from "./store/types.ts";
import { siteName } from "./summary.ts";
import { auditLinks } from "./token.ts";
import { auditState, type AuditState } from "./view.ts";

/** Staff checks the page lists. */
export const STAFF_CHECKS_SHOWN = 25;
/** Longer than any real home page address; the engine reads URLs, not essays. */
export const MAX_CHECK_URL = 2048;

export type CheckUrl = { ok: true; url: string; site: string } | { ok: false; message: string };

/**
 * A website address as staff typed it (`lawnpros.com`, `www.lawnpros.com/`, `https://…`): one
 * line, no spaces, http or https, with a host. Whether the host is public is the engine's
 * address guard's question (src/audit/fetch.ts): a blocked address is a report, not a form error.
 */
export function readCheckUrl(input: unknown): CheckUrl {
  const url = typeof input === "string" ? input.trim() : "";
  const bad = { ok: false as const, message: auditMessages.staffChecks.badUrl };
  // eslint-disable-next-line no-control-regex
  if (!url || url.length > MAX_CHECK_URL || /[\s\u0000-\u001F\u007F]/.test(url)) return bad;
  const site = siteKey(url);
  return site ? { ok: true, url, site } : bad;
}

export interface StaffCheckRow {
  id: string;
  site: string;
  state: AuditState;
  stateLabel: string;
  score: string;
  createdAt: string;
  reportHref: string;
  leadHref: string | null;
  /** This check's competitors on /admin/checks. */
  compareHref: string;
}

/** The table's rows: each check's site, state, score, its signed report and its lead, if any. */
export function staffCheckRows(jobs: readonly AuditJob[], secret: string): StaffCheckRow[] {
  const copy = auditMessages.staffChecks;
  return jobs.map((job) => {
    const state = auditState(job);
    const report = job.report;
    return {
      id: job.id,
      site: siteName(report ?? { url: job.url }),
      state,
      stateLabel: copy.states[state],
      score:
        state === "ready" && report?.score !== undefined
          ? `${report.score}/100${report.grade ? ` (${report.grade})` : ""}`
          : "",
      createdAt: job.createdAt,
      reportHref: auditLinks(job.id, secret).report,
      leadHref: job.leadId ? `/admin/leads/${job.leadId}` : null,
      compareHref: `/admin/checks?compare=${job.id}#competitors`,
    };
  });
}

/** Checks of the queue the owner's page lists. */
export const QUEUE_SHOWN = 50;

export interface QueueRow {
  id: string;
  site: string;
  state: "running" | "waiting" | "deferred";
  stateLabel: string;
  /** The staff member's email, or the visitor's short hash (`visitor 3fa9c2d1`). */
  by: string;
  /** Since when it runs (running) or waits (otherwise). */
  since: string;
  /** Only a waiting check can be cancelled; a running one finishes. */
  cancellable: boolean;
}

/** The owner's view of the queue: each check's site, state, who asked and since when. */
export function queueRows(
  checks: readonly QueuedCheck[],
  staffEmails: ReadonlyMap<string, string>,
): QueueRow[] {
  const copy = auditMessages.staffChecks;
  return checks.map((c) => {
    const state = c.running ? "running" : c.status === "deferred" ? "deferred" : "waiting";
    return {
      id: c.id,
      site: siteName({ url: c.url }),
      state,
      stateLabel: copy.queueStates[state],
      by: c.requestedBy
        ? (staffEmails.get(c.requestedBy) ?? c.requestedBy)
        : copy.client((c.client ?? "").slice(0, 8) || "?"),
      since: c.running ? (c.startedAt ?? c.createdAt) : c.createdAt,
      cancellable: !c.running,
    };
  });
}
