/**
 * The website checks' queue and results (table audit_jobs, migration 17), over the lead store's
 * own connection. Adapters hold SQL, never rules: when a check is reused, refused by the hourly
 * limit or given up on is decided by the worker (../jobs.ts).
 */
import type { AuditReport } from "../report.ts";

/**
 * queued (waiting or being checked: a live lease says which); deferred (waiting outside the
 * queue: the queue or its client's share was full; claimed once there is room, then queued);
 * done, limited (refused by the hourly limit), failed, cancelled (the owner took it off the queue).
 */
export type AuditJobStatus = "queued" | "deferred" | "done" | "limited" | "failed" | "cancelled";

/** Waiting or running: what the queue holds. */
export const waitingStatuses: readonly AuditJobStatus[] = ["queued", "deferred"];

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
  /** Whose turn it is in the round-robin: the client, 'staff:<id>', or 'job:<id>'. */
  queueKey: string;
  /** The registrable domain (and port) no two checks fetch at once; null: none known. */
  domain: string | null;
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
  /** A competitor's check: the prospect's check it stands beside (migration 36); else null. */
  competitorOf: string | null;
  /** The name staff gave a competitor ('Green Acres'); null: its site's name. */
  label: string | null;
  /** When staff removed this competitor (it is shown nowhere after). */
  removedAt: string | null;
  /** On a prospect's check: name its competitors on the prospect's report and PDF (default off). */
  showCompetitors: boolean;
}

/** A check queued outside a lead's transaction (staff: 'Run again', any URL from the inbox). */
export interface NewStaffAuditJob {
  id: string;
  leadId: string | null;
  url: string;
  domain: string | null;
  requestedBy: string;
  createdAt: string;
}

/** A staff member's allowance (AUDIT_STAFF_RATE an hour, AUDIT_STAFF_QUEUE waiting or running). */
export interface StaffCheckCaps {
  perHour: number;
  queued: number;
  /** Past this many checks waiting or running in all, a new one is deferred (AUDIT_QUEUE_MAX). */
  queueMax: number;
  now: Date;
}

/** Queued, or refused by the staff member's hourly allowance or queue share (nothing queued). */
export type StaffEnqueueResult = { ok: true } | { ok: false; reason: "rate" | "queue" };

/** A competitor's check, queued by staff beside the prospect's check `competitorOf`. */
export interface NewCompetitorAuditJob extends NewStaffAuditJob {
  competitorOf: string;
  label: string | null;
}

/** A staff member's allowance, and how many competitors one check may have. */
export interface CompetitorCaps extends StaffCheckCaps {
  competitors: number;
}

/** Queued; or refused (nothing queued): the staff caps, or the check has its competitors already. */
export type CompetitorEnqueueResult =
  StaffEnqueueResult | { ok: false; reason: "competitors" | "missing" };

export interface AuditClaimRequest {
  owner: string;
  now: Date;
  leaseMs: number;
  limit: number;
  /** A deferred check is claimed only while fewer than this many are queued (AUDIT_QUEUE_MAX; 200). */
  queueMax?: number;
  /** …and its client has fewer than this many queued or running (AUDIT_CLIENT_MAX; 2). */
  clientMax?: number;
}

/** The owner's view of the queue: a check waiting (deferred or not) or running. */
export interface QueuedCheck {
  id: string;
  url: string;
  status: "queued" | "deferred";
  running: boolean;
  requestedBy: string | null;
  client: string | null;
  leadId: string | null;
  createdAt: string;
  startedAt: string | null;
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
  channel: AuditChannel;
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
  /**
   * Queues a staff member's check unless they asked for `caps.perHour` in the last hour or have
   * `caps.queued` waiting or running (checked and inserted under one lock: concurrent posts
   * cannot overshoot); deferred when the queue holds `caps.queueMax`. A check of a lead
   * ('Run again') gets the competitors kept beside the lead's previous check (D284).
   */
  enqueue(job: NewStaffAuditJob, caps: StaffCheckCaps): Promise<StaffEnqueueResult>;
  /**
   * Claims up to `limit` waiting jobs not held by a live lease, one at a time, fairly: first the
   * job whose queue key has the fewest checks running, then whose key started a check longest
   * ago (never first), then the oldest; never one whose domain another check is fetching; a
   * deferred one only while there is room (`queueMax`, `clientMax`). Counts an attempt and notes
   * when each first started. Two workers never hold the same job at the same time, and on
   * PostgreSQL claims are taken one after another (an advisory lock) so the caps hold across
   * servers.
   */
  claim(request: AuditClaimRequest): Promise<AuditJob[]>;
  /**
   * Cancels a check still waiting (not running), recording who; false when it is running or
   * finished already.
   */
  cancel(id: string, by: string, now: Date): Promise<boolean>;
  /** The checks waiting or running, oldest first (at most `limit`), and how many in all. */
  queue(limit: number, now: Date): Promise<{ checks: QueuedCheck[]; total: number }>;
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
  /** Checks staff ran ('Run again', any URL from /admin/checks), newest first; no competitor's. */
  recentStaffChecks(limit: number): Promise<AuditJob[]>;
  /**
   * Queues a competitor's check beside the prospect's check `job.competitorOf`, under the staff
   * member's caps (as `enqueue`) and unless that check has `caps.competitors` competitors already
   * (the check's row locked meanwhile: concurrent posts cannot overshoot). Never fresh: a report
   * of the site from the last 24 h is reused, as for a lead's check. 'missing': no such check,
   * or it is a competitor's itself.
   */
  addCompetitor(job: NewCompetitorAuditJob, caps: CompetitorCaps): Promise<CompetitorEnqueueResult>;
  /** The competitors beside check `checkId` that staff have not removed, oldest first. */
  competitors(checkId: string): Promise<AuditJob[]>;
  /**
   * Removes competitor `id` from check `checkId` (still waiting: cancelled too; running: it
   * finishes, shown nowhere). False when it is not one of that check's competitors.
   */
  removeCompetitor(checkId: string, id: string, by: string, now: Date): Promise<boolean>;
  /** The 'show on the prospect's report' toggle of check `checkId`; false: no such check. */
  showCompetitors(checkId: string, show: boolean): Promise<boolean>;
  /** The newest check of each of these leads. */
  latestForLeads(leadIds: readonly string[]): Promise<Map<string, AuditSummary>>;
}

/**
 * The website check's outbox channels (registered by the composition root, src/app/root.ts): the
 * prospect's score and report link, and the score to the agency (../email.ts).
 */
export const auditChannels = ["audit", "audit-agency"] as const;
export type AuditChannel = (typeof auditChannels)[number];
