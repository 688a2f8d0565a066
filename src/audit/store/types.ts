/**
 * The website checks' queue and results (table audit_jobs, migration 17), over the lead store's
 * own connection. Adapters hold SQL, never rules: when a check is reused, refused by the hourly
 * limit or given up on is decided by the worker (../jobs.ts).
 */
import type { AuditReport } from "../report.ts";

/** queued (waiting or being checked: a live lease says which), done, limited (refused), failed. */
export type AuditJobStatus = "queued" | "done" | "limited" | "failed";

export interface AuditJob {
  id: string;
  /** The lead that asked for it; null for a check staff ran for any URL. */
  leadId: string | null;
  /** The website as typed. */
  url: string;
  /** The normalised site (host) the 24 h reuse looks up; set once the check starts. */
  site: string | null;
  /** Whose hourly allowance it spends (the sender's IP hash); null: not limited (staff). */
  client: string | null;
  /** The staff member who ran it ('Run again', the inbox's check). */
  requestedBy: string | null;
  /** Fetch again even if the site was checked in the last 24 h. */
  fresh: boolean;
  status: AuditJobStatus;
  /** Claims so far (a check cut short by a crash counts: a site that kills servers is given up). */
  attempts: number;
  report: AuditReport | null;
  score: number | null;
  grade: string | null;
  /** The job whose report this one reuses (same site in the last 24 h). */
  reusedFrom: string | null;
  lastError: string | null;
  claimedBy: string | null;
  claimedUntil: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

/** A check queued outside a lead's transaction (staff: 'Run again', any URL from the inbox). */
export interface NewStaffAuditJob {
  id: string;
  leadId: string | null;
  url: string;
  requestedBy: string;
  createdAt: string;
}

export interface AuditClaimRequest {
  owner: string;
  now: Date;
  leaseMs: number;
  limit: number;
}

/** How a claimed job ends. */
export type AuditJobOutcome =
  | { status: "done"; site: string | null; report: AuditReport; reusedFrom?: string | null }
  | { status: "limited"; site: string | null }
  | { status: "failed"; site: string | null; error: string };

/**
 * An email to queue with a finished check of a lead, one per lead and channel: the prospect's
 * report ('audit') and the agency's follow-up with the score ('audit-agency').
 */
export interface AuditEmail {
  channel: "audit" | "audit-agency";
  id: string;
  giveUpAt: string;
}

/** The inbox's view of a lead's latest check. */
export interface AuditSummary {
  jobId: string;
  status: AuditJobStatus;
  score: number | null;
  grade: string | null;
}

export interface AuditJobStore {
  enqueue(job: NewStaffAuditJob): Promise<void>;
  /**
   * Claims up to `limit` queued jobs not held by a live lease, oldest first, counting an attempt
   * and noting when each first started. Two workers never hold the same job at the same time.
   */
  claim(request: AuditClaimRequest): Promise<AuditJob[]>;
  /**
   * Records the outcome once, only while `owner` still holds the claim; with a done check of a
   * lead, also queues `emails` (one per lead and channel: a later check sends none). False: claim
   * lost.
   */
  finish(
    id: string,
    owner: string,
    outcome: AuditJobOutcome,
    now: Date,
    emails?: readonly AuditEmail[],
  ): Promise<boolean>;
  /** Gives claims back (a worker stopping mid-check); the attempt is not counted again. */
  release(ids: readonly string[], owner: string): Promise<void>;
  get(id: string): Promise<AuditJob | null>;
  /** The lead's checks, newest first. */
  forLead(leadId: string): Promise<AuditJob[]>;
  /** The newest done check of `site` with a score finished at or after `since`. */
  recentForSite(site: string, since: Date): Promise<AuditJob | null>;
  /**
   * Checks `client` asked for since `since` that were created before `before` (or are `before`'s
   * id order earlier), not refused and not reused: what the hourly limit counts.
   */
  countForClient(
    client: string,
    since: Date,
    before: { createdAt: string; id: string },
  ): Promise<number>;
  /** Checks staff ran ('Run again', any URL from /admin/checks), newest first. */
  recentStaffChecks(limit: number): Promise<AuditJob[]>;
  /** The newest check of each of these leads. */
  latestForLeads(leadIds: readonly string[]): Promise<Map<string, AuditSummary>>;
}
