/**
 * What a report link shows, read once for the report page, its PDF, the live status and the
 * audit thank-you page: the check its signed token names (src/audit/token.ts) and its state.
 * The competitors staff chose to show come with it. A token that does not check out (changed,
 * expired, naming no check) is 'forbidden': 403. A store that does not answer is 'unavailable':
 * 503 with our words, never a 500.
 */
import { StoreUnavailableError, type LeadStore } from "../leads/store/types.ts";
import type { AuditReport } from "./report.ts";
import { auditJobStoreFor, type AuditJob } from "./store/index.ts";
import { siteName, topFixes } from "./summary.ts";
import { openAuditToken } from "./token.ts";

/** running: queued (waiting its turn or being checked); waiting: deferred (the queue was full). */
export type AuditState =
  "running" | "waiting" | "ready" | "unreachable" | "limited" | "failed" | "cancelled";

export type AuditView =
  | { ok: false; reason: "invalid" | "expired" | "unavailable" }
  | {
      ok: true;
      token: string;
      job: AuditJob;
      state: AuditState;
      site: string;
      expiresAt: number;
      /** The competitors staff chose to show on this report (none unless they did). */
      competitors: AuditJob[];
    };

export function auditState(job: Pick<AuditJob, "status" | "report">): AuditState {
  if (job.status === "queued") return "running";
  if (job.status === "deferred") return "waiting";
  if (job.status === "limited") return "limited";
  if (job.status === "cancelled") return "cancelled";
  if (job.status === "failed" || !job.report) return "failed";
  return job.report.outcome === "ok" ? "ready" : "unreachable";
}

export async function loadAuditView(
  token: string,
  secret: string,
  leads: () => Promise<LeadStore>,
  now = Date.now(),
): Promise<AuditView> {
  const opened = openAuditToken(token, secret, now);
  if (!opened.ok) return opened;
  let job: AuditJob | null;
  let competitors: AuditJob[] = [];
  try {
    const store = auditJobStoreFor(await leads());
    job = await store.get(opened.jobId);
    // Named on the prospect's report only when staff chose to show them (D259).
    if (job?.showCompetitors && job.competitorOf === null) {
      competitors = await store.competitors(job.id);
    }
  } catch (error) {
    if (error instanceof StoreUnavailableError) return { ok: false, reason: "unavailable" };
    throw error;
  }
  if (!job) return { ok: false, reason: "invalid" };
  const site = job.report ? siteName(job.report) : siteName({ url: job.url });
  return {
    ok: true,
    token,
    job,
    state: auditState(job),
    site,
    expiresAt: opened.expiresAt,
    competitors,
  };
}

/** The live status's JSON (GET /api/audit/<token>): small, and only our words and the fixes. */
export function auditStatusJson(view: Extract<AuditView, { ok: true }>) {
  const report: AuditReport | null = view.job.report;
  return {
    state: view.state,
    score: view.state === "ready" ? (report?.score ?? null) : null,
    grade: view.state === "ready" ? (report?.grade ?? null) : null,
    fixes:
      view.state === "ready" && report
        ? topFixes(report).map((c) => ({ title: c.title, fix: c.fix }))
        : [],
    report: `/audit/${view.token}`,
  };
}
export type AuditStatusJson = ReturnType<typeof auditStatusJson>;
