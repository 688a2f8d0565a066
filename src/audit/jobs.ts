/**
 * The website check's jobs: durable, in the lead store (table audit_jobs, migration 17), run by
 * every server beside the outbox worker (src/leads/server.ts starts it; scripts/start.mjs hands
 * it the engine, src/audit/run.ts); `AuditWorker` is the lease worker (src/server/leaseWorker.ts)
 * configured with the jobs' claim, release, check and record.
 *
 * - An audit lead with a website queues its check in the lead's own transaction (`auditJobFor`,
 *   called by intake); staff queue one for any URL (`queueStaffCheck`).
 * - The queue is fair (issue 36): each server claims one job at a time under a lease (SKIP
 *   LOCKED and an advisory lock on PostgreSQL), AUDIT_CONCURRENCY at a time, round-robin between
 *   clients (a lead's client, each staff member): first the client with the fewest checks
 *   running, then the one that asked for the fewest checks this hour, then the one whose last
 *   check started longest ago, then the oldest job; never a second check of a registrable
 *   domain (and port) while one is fetching it. A lead's check is deferred, not queued, when
 *   AUDIT_QUEUE_MAX checks are queued or its client has AUDIT_CLIENT_MAX queued, running or
 *   deferred; a deferred check waits outside the queue and is claimed, fairly, once there is
 *   room again. Staff have AUDIT_STAFF_RATE checks an hour and AUDIT_STAFF_QUEUE waiting at once
 *   (past either, nothing is queued). The owner can cancel a waiting check (cancelled); a
 *   running one finishes. Each check runs in the sandbox (./sandbox.ts). A check is cut short
 *   before its lease ends. A server killed mid-check leaves the job claimed until the lease ends; then another server (or the restarted one) claims it again and
 *   finishes it. A job claimed AUDIT_MAX_ATTEMPTS times without an outcome is given up (failed).
 * - The outcome is recorded once, only by the claim's holder: a report (done), a refusal of the
 *   hourly limit (limited) or failed. Rules, in this order: a site checked in the last 24 h is
 *   not fetched again (its report is reused; staff's checks always fetch); a client that has had
 *   AUDIT_RATE_LIMIT checks in the last hour gets none (its lead is stored all the same).
 * - A done check of a lead queues the prospect's email (outbox channel 'audit', one per lead) and
 *   the agency's follow-up with the score (channel 'audit-agency', one per lead) in the same
 *   transaction, when the lead email (SMTP) is configured.
 */
import { getDomain } from "tldts";
import { newLeadId } from "../server/id.ts";
import { errorText, LeaseWorker } from "../server/leaseWorker.ts";
import type { IntakeLogger } from "../leads/intake.ts";
import type { LeadRecord, LeadStore, NewAuditJob } from "../leads/store/types.ts";
import { auditMessages } from "./messages.ts";
import type { AuditReport } from "./report.ts";
import {
  auditJobStoreFor,
  type AuditEmail,
  type AuditJob,
  type AuditJobOutcome,
  type CompetitorEnqueueResult,
  type StaffEnqueueResult,
} from "./store/index.ts";
import { defaultAuditJobSettings, HOUR_MS, type AuditJobSettings } from "./config.ts";

/** The settings live with the website check's configuration (./config.ts). */
export { defaultAuditJobSettings, HOUR_MS, type AuditJobSettings } from "./config.ts";

/** The engine (src/audit/run.ts's runAudit): never throws for a site it cannot reach. */
export type AuditRunner = (input: string, opts: { signal: AbortSignal }) => Promise<AuditReport>;

/**
 * The registrable domain a check fetches, for the one-check-per-domain rule: the host's domain
 * by the public suffix list (tldts, private suffixes included: two people's sites on github.io
 * are two domains; decision D218), the host itself for an IP address or a name the list cannot
 * place, with the port when the address names one; null when the input is not a web address.
 */
export function registrableDomain(input: string): string | null {
  const site = siteKey(input);
  if (!site) return null;
  const port = /:(\d+)$/.exec(site)?.[1];
  const host = port ? site.slice(0, -port.length - 1) : site;
  const domain = getDomain(host, { allowPrivateDomains: true }) ?? host;
  return port ? `${domain}:${port}` : domain;
}

/**
 * The site a check is about, for the 24 h reuse: the host without `www.`, lower case, with a port
 * other than the scheme's; null when the input cannot be read as a web address.
 */
export function siteKey(input: string): string | null {
  const raw = input.trim();
  if (!raw) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    const host = url.hostname
      .toLowerCase()
      .replace(/^www\./, "")
      .replace(/\.$/, "");
    if (!host) return null;
    return url.port ? `${host}:${url.port}` : host;
  } catch {
    return null;
  }
}

/**
 * The check an audit lead queues with itself: one for an audit lead with a website that was not
 * flagged as spam (a bot does not get to make the server fetch a site).
 */
export function auditJobFor(
  lead: LeadRecord,
  now: Date = new Date(),
  settings: AuditJobSettings = defaultAuditJobSettings,
): NewAuditJob | null {
  const url = lead.fields.website?.trim();
  if (lead.form !== "audit" || !url || lead.spam) return null;
  return {
    id: newLeadId(now.getTime()),
    url,
    client: lead.metadata.ipHash ?? null,
    domain: registrableDomain(url),
    queueMax: settings.queueMax,
    clientMax: settings.clientMax,
  };
}

/**
 * Staff run a check: for a lead's website ('Run again') or any URL (leadId null). Refused, with
 * nothing queued, past the staff member's AUDIT_STAFF_RATE an hour or AUDIT_STAFF_QUEUE waiting.
 */
export async function queueStaffCheck(
  leads: LeadStore,
  check: { url: string; leadId: string | null; staffId: string },
  now: Date = new Date(),
  settings: AuditJobSettings = defaultAuditJobSettings,
): Promise<{ ok: true; id: string } | Extract<StaffEnqueueResult, { ok: false }>> {
  const id = newLeadId(now.getTime());
  const url = check.url.trim();
  const result = await auditJobStoreFor(leads).enqueue(
    {
      id,
      leadId: check.leadId,
      url,
      domain: registrableDomain(url),
      requestedBy: check.staffId,
      createdAt: now.toISOString(),
    },
    {
      perHour: settings.staffPerHour,
      queued: settings.staffQueued,
      queueMax: settings.queueMax,
      now,
    },
  );
  return result.ok ? { ok: true, id } : result;
}

/**
 * Staff add a competitor's site beside a check (src/audit/competitors.ts reads the address
 * first): queued like any staff check (the same caps, queue, pacing and sandbox), linked to the
 * check, never fresh (a report of the site from the last 24 h is reused: the same few
 * competitors are added to many leads). Refused, with nothing queued, past the staff caps, when
 * the check has `max` competitors, or when there is no such check ('missing').
 */
export async function queueCompetitorCheck(
  leads: LeadStore,
  check: { checkId: string; url: string; label: string | null; staffId: string; max: number },
  now: Date = new Date(),
  settings: AuditJobSettings = defaultAuditJobSettings,
): Promise<{ ok: true; id: string } | Extract<CompetitorEnqueueResult, { ok: false }>> {
  const id = newLeadId(now.getTime());
  const url = check.url.trim();
  const result = await auditJobStoreFor(leads).addCompetitor(
    {
      id,
      leadId: null,
      url,
      domain: registrableDomain(url),
      requestedBy: check.staffId,
      createdAt: now.toISOString(),
      competitorOf: check.checkId,
      label: check.label,
    },
    {
      perHour: settings.staffPerHour,
      queued: settings.staffQueued,
      queueMax: settings.queueMax,
      competitors: check.max,
      now,
    },
  );
  return result.ok ? { ok: true, id } : result;
}

/** What staff are told when a staff cap refuses their check (a 429 with this message). */
export function staffCapMessage(reason: "rate" | "queue", settings: AuditJobSettings): string {
  const copy = auditMessages.staffChecks;
  return reason === "rate"
    ? copy.staffRate(settings.staffPerHour)
    : copy.staffQueue(settings.staffQueued);
}

export interface AuditWorkerOptions {
  store: () => Promise<LeadStore>;
  run: AuditRunner;
  settings: AuditJobSettings;
  log: IntakeLogger;
  /** Queue the prospect's email with each done check of a lead (SMTP is configured). */
  emailProspect: boolean;
  /**
   * Queue the agency's follow-up (the score, the three fixes, the lead's link) with a lead's
   * done check: the agency's lead email is configured (LEAD_EMAIL_TO and SMTP).
   */
  emailAgency?: boolean;
  /** An email was queued: wake the outbox worker. */
  emailQueued?: () => void;
  now?: () => Date;
}

/** What a check leads to: its outcome, and the emails a done check of a lead queues with it. */
interface CheckResult {
  outcome: AuditJobOutcome;
  emails: AuditEmail[];
}

/** The website check's jobs on the lease worker (src/server/leaseWorker.ts). */
export class AuditWorker extends LeaseWorker<LeadStore, AuditJob, CheckResult> {
  constructor(options: AuditWorkerOptions) {
    const { settings, log } = options;
    const now = options.now ?? (() => new Date());
    /** The emails queued with a done check of a lead (the ids fixed before recording). */
    const emailsFor = (job: AuditJob, outcome: AuditJobOutcome): AuditEmail[] => {
      if (!job.leadId || outcome.status !== "done") return [];
      const at = now();
      const giveUpAt = new Date(at.getTime() + settings.emailMaxAgeMs).toISOString();
      return [
        ...(options.emailProspect ? (["audit"] as const) : []),
        ...(options.emailAgency ? (["audit-agency"] as const) : []),
      ].map((channel) => ({ channel, id: newLeadId(at.getTime()), giveUpAt }));
    };
    /** The rules, in order: reuse a site's report of the last 24 h, the client's hourly limit. */
    const decide = async (job: AuditJob, signal: AbortSignal): Promise<AuditJobOutcome> => {
      const site = siteKey(job.url);
      const store = auditJobStoreFor(await options.store());
      const at = now();
      if (site && !job.fresh) {
        const recent = await store.recentForSite(site, new Date(at.getTime() - settings.reuseMs));
        if (recent?.report && recent.id !== job.id) {
          return { status: "done", site, report: recent.report, reusedFrom: recent.id };
        }
      }
      if (job.client) {
        const n = await store.countForClient(job.client, new Date(at.getTime() - HOUR_MS), job);
        if (n >= settings.ratePerHour) return { status: "limited", site };
      }
      const report = await options.run(job.url, { signal });
      if (signal.aborted) throw signal.reason;
      return { status: "done", site, report };
    };
    super({
      settings,
      log,
      now,
      queue: {
        open: options.store,
        claim: (leads, request) =>
          auditJobStoreFor(leads).claim({
            ...request,
            queueMax: settings.queueMax,
            clientMax: settings.clientMax,
          }),
        release: (leads, ids, owner) => auditJobStoreFor(leads).release(ids, owner),
        id: (job) => job.id,
        context: (job) => ({ auditJobId: job.id, leadId: job.leadId, attempt: job.attempts }),
        // Counted at claim: a server killed mid-check leaves a counted attempt.
        attempts: (job) => job.attempts,
        async work(_leads, job, signal) {
          const outcome = await decide(job, signal);
          return { outcome, emails: emailsFor(job, outcome) };
        },
        failed: (job, error) => ({
          outcome: { status: "failed", site: siteKey(job.url), error: errorText(error) },
          emails: [],
        }),
        async record(leads, job, { outcome, emails }, owner, context) {
          const store = auditJobStoreFor(leads);
          if (!(await store.finish(job.id, owner, outcome, now(), emails))) return false;
          const details =
            outcome.status === "done"
              ? {
                  outcome: outcome.report.outcome,
                  score: outcome.report.score,
                  reused: !!outcome.reusedFrom,
                }
              : outcome.status === "failed"
                ? { err: outcome.error }
                : {};
          log.info(
            { event: `audit_${outcome.status}`, ...context, ...details },
            "website check recorded",
          );
          if (emails.length) options.emailQueued?.();
          return true;
        },
      },
      lines: {
        crashed: ["audit_worker_crashed", "website check worker stopped"],
        storeDown: ["audit_store_unavailable", "website checks: store unavailable; trying again"],
        storeBack: ["audit_store_back", "website checks: store answers again"],
        released: ["audit_released", "website check given back"],
        retry: ["audit_retry", "check failed"],
        claimLost: ["audit_claim_lost", "claim lost before recording"],
        unrecorded: ["audit_unrecorded", "website check outcome could not be recorded"],
        cut: "check took too long (lease ending)",
      },
    });
  }
}
