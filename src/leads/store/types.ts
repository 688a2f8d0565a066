import type { Connection } from "../../db/connection.ts";
import type {
  Channel,
  ClaimRequest,
  NewNotification,
  NotificationStatus,
  OutboxCounts,
  OutboxOutcome,
  OutboxRow,
} from "../../db/outbox.ts";
import type { LeadKind, StoredFormId } from "../fields.ts";
import type { LeadMetadata } from "../attribution.ts";

/** A stored lead, as every adapter returns it and the CLI exports it. */
export interface LeadRecord {
  id: string;
  kind: LeadKind;
  /**
   * The form it was sent with (two forms can share a kind: contact and contactPage), or
   * 'booking' for a call booked with the scheduling provider.
   */
  form: StoredFormId;
  subject: string | null;
  /** Server time of submission, ISO 8601 in UTC. */
  createdAt: string;
  spam: boolean;
  /** Values keyed by the spec's field names. */
  fields: Record<string, string>;
  metadata: LeadMetadata;
  /**
   * Only on a growth_partial (step 1 of the growth form) whose visitor went on to send the whole
   * growth lead: that lead's id. Absent otherwise (and on every lead the webhook sends).
   */
  completedBy?: string;
}

export interface LeadQuery {
  /** Only leads created at or after this ISO time. */
  since?: string | undefined;
  kind?: LeadKind | undefined;
  /** Spam is left out unless asked for. */
  includeSpam?: boolean | undefined;
  /**
   * Partials completed by a later growth lead are left out unless asked for: the growth lead
   * holds everything they hold. Partials nobody completed are always listed.
   */
  includeCompletedPartials?: boolean | undefined;
  /** Oldest first (default) or newest first; `limit` keeps the first N in this order. */
  order?: "oldest-first" | "newest-first" | undefined;
  limit?: number | undefined;
  /**
   * Only leads that come after this one in `order` (the last of the previous page): a keyset
   * cursor, so a caller can walk every lead a page at a time (the CLI's streamed export).
   */
  after?: { createdAt: string; id: string } | undefined;
}

/** Options of `LeadStore.insert`. */
export interface InsertOptions {
  /**
   * What the post said this lead completes (its `_partial` value, unchecked): the id of the
   * growth_partial lead the same visitor sent from step 1. See ./partials.ts for when it counts.
   */
  completes?: unknown;
  /**
   * A website check to queue with this lead, in the same transaction (an audit lead with a
   * website; src/audit/jobs.ts claims and runs it).
   */
  auditJob?: NewAuditJob | undefined;
  /**
   * A call booked with the scheduling provider that created this lead (src/leads/scheduling/),
   * stored in the same transaction; its invitee URI is unique, so the same booking delivered
   * twice fails the second insert as a whole.
   */
  booking?: NewBooking | undefined;
}

/** A booked call (table scheduled_calls, migration 33). Times are ISO 8601. */
export interface NewBooking {
  id: string;
  inviteeUri: string;
  eventUri: string;
  /** The meeting's name ("30 minute call"). */
  name: string;
  startTime: string;
  endTime: string | null;
  cancelUrl: string | null;
  rescheduleUrl: string | null;
  bookedAt: string;
}

/** A website check queued with its lead (table audit_jobs, migration 17). */
export interface NewAuditJob {
  id: string;
  /** The website as the prospect typed it. */
  url: string;
  /** Whose hourly allowance it spends: the sender's IP hash (null: unknown sender). */
  client: string | null;
  /** The registrable domain (and port) no two checks fetch at once (src/audit/jobs.ts). */
  domain: string | null;
  /** Deferred, not queued, when this many checks are queued (AUDIT_QUEUE_MAX)… */
  queueMax: number;
  /** …or its client has this many queued or running (AUDIT_CLIENT_MAX). */
  clientMax: number;
}

/**
 * The lead service's own outbox channels: the agency's inbox (SMTP), its CRM (signed webhook),
 * and the visitor's own checklist link after a guide's form (SMTP; ./notify/checklist.ts); a
 * booked call attached to a lead the agency already had (SMTP; ../scheduling/notice.ts); a
 * webhook's test delivery, sent from the owner's Webhooks page (../notify/webhook.ts). Other
 * features register theirs beside these (src/app/root.ts): staff reminders and follow-ups and
 * the emails staff write (src/admin/), the website check's emails (src/audit/).
 */
export const leadChannels = ["email", "webhook", "checklist", "booking", "webhook-test"] as const;
export type LeadChannel = (typeof leadChannels)[number];

/** A claimed outbox row with its lead, ready to deliver. */
export interface ClaimedNotification {
  row: OutboxRow;
  lead: LeadRecord;
}

/**
 * Where leads live. Adapters hold SQL, never rules: validation and attribution happen before
 * `insert`, which resolves only once the lead is committed; which notifications a lead gets,
 * when to retry and when to give up are decided by the caller (intake, the outbox worker).
 */
export interface LeadStore {
  readonly driver: "sqlite" | "postgres";
  /** The connection it runs on, shared by every store of the process (src/db/connection.ts). */
  readonly connection: Connection;
  /** Migration versions applied when this store was opened (empty when it was up to date). */
  readonly appliedOnOpen: readonly number[];
  /** Applies pending migrations; returns the versions it applied (empty when up to date). */
  migrate(): Promise<number[]>;
  /**
   * Commits the lead and its notifications (pending, due at once; a growth_partial's after
   * PARTIAL_HOLD_MS) in one transaction: both or neither. When the lead completes a partial
   * (`options.completes`, see ./partials.ts), the same transaction marks the partial completed by
   * it and withdraws the partial's notifications not yet sent or being sent; a `completes` that
   * does not name an open partial of the same visitor is ignored.
   */
  insert(
    lead: LeadRecord,
    notifications?: readonly NewNotification[],
    options?: InsertOptions,
  ): Promise<void>;
  /**
   * Gives the lead to the next of `staffIds` in turn (round-robin among those still active,
   * atomic across servers: ./assignment.ts), unless someone has it already; the account's id,
   * or null when nobody was given it.
   */
  assignInTurn(leadId: string, staffIds: readonly string[], at: Date): Promise<string | null>;
  get(id: string): Promise<LeadRecord | null>;
  /** Oldest first unless `query.order` says otherwise. */
  list(query?: LeadQuery): Promise<LeadRecord[]>;
  /** How many leads the store holds, all kinds, spam and completed partials included. */
  countLeads(): Promise<number>;
  /**
   * Claims up to `limit` due rows (pending, next attempt reached, not held by a live claim),
   * oldest due first. Two workers never hold the same row at the same time.
   */
  claimNotifications(request: ClaimRequest): Promise<ClaimedNotification[]>;
  /** Records the outcome of a delivery, only while `owner` still holds the claim. */
  finishNotification(
    id: string,
    owner: string,
    outcome: OutboxOutcome,
    now: Date,
  ): Promise<boolean>;
  /** Gives claims back without counting an attempt (a worker stopping mid-delivery). */
  releaseNotifications(ids: readonly string[], owner: string): Promise<void>;
  /** Rows with these statuses, oldest first. */
  listNotifications(statuses: readonly NotificationStatus[], leadId?: string): Promise<OutboxRow[]>;
  /** Failed rows (all of them, or those ids) become pending, due at `now`, until `giveUpAt`. */
  retryNotifications(
    ids: readonly string[] | "all-failed",
    now: Date,
    giveUpAt: Date,
  ): Promise<string[]>;
  countNotifications(): Promise<OutboxCounts>;
  /** Pending and failed rows per channel (`channels` present with zeros): /api/metrics. */
  countNotificationsByChannel(
    channels?: readonly Channel[],
  ): Promise<Record<Channel, OutboxCounts>>;
  /**
   * Deletes up to `limit` sent rows created and sent before `before` (failed and pending rows are
   * kept); returns how many it deleted. Call again until it deletes fewer than `limit`.
   */
  pruneSentNotifications(before: Date, limit: number): Promise<number>;
  /**
   * Claims the housekeeping `task` for this period: true (and recorded as run at `now` by
   * `owner`) when it never ran or last ran at least `everyMs` before `now`; false when another
   * server or an earlier run of this one has it. Of concurrent claims exactly one wins.
   */
  claimMaintenance(task: string, owner: string, now: Date, everyMs: number): Promise<boolean>;
  /** Resolves when the store answers a query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type {
  Channel,
  ClaimRequest,
  NewNotification,
  NotificationStatus,
  OutboxCounts,
  OutboxOutcome,
  OutboxRow,
} from "../../db/outbox.ts";
export { StoreUnavailableError } from "../../db/errors.ts";
