/**
 * The agency side's part of the store contract: staff accounts, one-time links, sign-in sessions
 * and the audit log. Implemented over the lead store's own connection (./sqlite.ts,
 * ./postgres.ts), so sessions live wherever the leads do and every server of a cluster on one
 * PostgreSQL accepts them. Adapters hold SQL; the rules (expiry, policy, throttling) live in
 * ../accounts.ts and ../sessions.ts. Times are ISO strings.
 */
import type * as emails from "./emails.ts";
import type * as totp from "./totp.ts";
import type { EmailEventRow, TemplateEdit } from "./emails.ts";
import type { LeadRecord } from "../../leads/store/types.ts";
import { leadStatuses, type LeadStatus } from "../../leads/status.ts";
import type { ExportExtras, NoteChange, NoteState } from "./revenue.ts";
import type { ExportDbRow } from "./exportRows.ts";
import type { InboxCursor } from "./inboxWindow.ts";

export type Role = "owner" | "staff";
export const roles: readonly Role[] = ["owner", "staff"];

export interface StaffRecord {
  id: string;
  /** Lower-cased. */
  email: string;
  role: Role;
  /** False until the invite link has been used to set a password. */
  hasPassword: boolean;
  /** When an owner deactivated the account (refused every way in); null while active. */
  deactivatedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export type TokenPurpose = "invite" | "reset";

/** A change of an account's own email waiting for its link to be opened (migration 18). */
export interface EmailChangeRecord {
  staffId: string;
  /** The new address, lower-cased. */
  newEmail: string;
  createdAt: string;
  expiresAt: string;
}

export interface SessionRecord {
  staff: StaffRecord;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  /** When the password or a passkey was last given again in this session (null: not since). */
  confirmedAt: string | null;
}

/** A passkey (WebAuthn credential) of an account. */
export interface PasskeyRecord {
  /** The credential id, base64url. */
  id: string;
  staffId: string;
  name: string;
  /** How the browser reaches the authenticator ("internal", "hybrid", "usb", …). */
  transports: string[];
  createdAt: string;
  lastUsedAt: string | null;
}

export type ChallengePurpose = "register" | "sign_in" | "confirm";

export interface AuditEntry {
  id: string;
  at: string;
  /** The staff member who acted; null for the command line or a signed-out visitor. */
  actorId: string | null;
  /** What happened: sign_in, sign_in_failed, invite, password_set, sign_out, … */
  action: string;
  /** What it happened to (an email address, a lead id), never a secret. */
  subject: string | null;
  detail: Record<string, unknown>;
  /**
   * On writing: repeats with the same bucket (action, subject, quarter hour) raise the first
   * row's count instead of adding rows (floods of refused sign-ins). Never read back.
   */
  bucket?: string;
  /** How many times it happened (a bucket's repeats); 1 for most. */
  count?: number;
}

/** One page of the audit log: filters (optional) and a keyset cursor, newest first. */
export interface AuditQuery {
  /** Exactly this action. */
  action?: string | undefined;
  /** The subject or the actor's email contains this (case-insensitive). */
  person?: string | undefined;
  /** Only entries older than this one (the last of the previous page). */
  before?: { at: string; id: string } | undefined;
  limit: number;
}

/** What a role change or deactivation found (the last-owner rule is checked in the same lock). */
export type StaffChange = "done" | "missing" | "last_owner";

/** A session's last-seen time is written at most this often (issue 23; touchSession). */
export const SESSION_TOUCH_MS = 5 * 60_000;

/** What erasing a lead removed (AdminStore.eraseLead). */
export interface Erasure {
  /** The lead and the growth partial it completed; empty when there was no such lead. */
  leads: string[];
  /** Their outbox rows (deliveries, reminders, checklist emails), whatever their status. */
  outbox: number;
  /** Their timeline entries: notes, status changes, assignments. */
  events: number;
}

/**
 * A lead merged into another lead of the same person (migration 38, src/admin/merges.ts): kept,
 * hidden from the inbox and counted in the kept lead, until the merge is undone.
 */
export interface LeadMerge {
  mergedId: string;
  keptId: string;
  mergedAt: string;
  /** Who merged (null: a deleted account or the command line). */
  mergedById: string | null;
  mergedByEmail: string | null;
  /** The fields the merge filled on the kept lead from the merged one, by name, as filled. */
  filled: Record<string, string>;
  /** The merged lead. */
  lead: LeadRecord;
}

/** What a merge may do, as the rules (src/admin/merges.ts) decide from the two leads. */
export type MergePlan =
  | { ok: true; fill: Record<string, string> }
  | { ok: false; outcome: "not_same" | "merged_already" };

/** What a merge found (AdminStore.mergeLeads). */
export type MergeOutcome =
  | { outcome: "merged"; filled: Record<string, string>; followUpMoved: boolean }
  | {
      /**
       * missing: either lead is gone; self: the same lead twice; not_same: not the same email or
       * phone; merged_already: either lead is merged (or a completed partial); has_merged: the
       * lead to merge has leads merged into it.
       */
      outcome: "missing" | "self" | "not_same" | "merged_already" | "has_merged";
    };

/** What undoing a merge found: undone (with the fields taken off the kept lead), or why not. */
export type UnmergeOutcome =
  { outcome: "undone"; restored: string[] } | { outcome: "missing" | "expired" };

/** Where a lead stands in the agency's pipeline (src/leads/status.ts). */
export { leadStatuses, type LeadStatus };

export interface LeadWork {
  status: LeadStatus;
  /** When the status last changed; null while it is the first 'new'. */
  statusAt: string | null;
  /** When it first left 'new' (speed to lead); null until then. */
  firstContactedAt: string | null;
  lostReason: string | null;
  /** The staff member it is assigned to, or null. */
  assigneeId: string | null;
}

/** A lead's open follow-up (src/admin/followUps.ts). Times are ISO 8601 in UTC. */
export interface FollowUp {
  leadId: string;
  dueAt: string;
  note: string;
  setAt: string;
  setById: string | null;
  /** Who set it (null for a deleted account). */
  setByEmail: string | null;
  /** Whom its email goes to: the lead's active assignee, else who set it when still active. */
  assigneeEmail: string | null;
  /** When its email was queued (null until it falls due, and again after a snooze). */
  queuedAt: string | null;
}

/** A row of the Due view: a lead whose follow-up is due, with its due time and note. */
export interface DueLead extends InboxLead {
  dueAt: string;
  note: string;
}

/** How a logged call went (src/admin/calls.ts). */
export type CallOutcome = "no_answer" | "voicemail" | "talked" | "wrong_number";
export const callOutcomes: readonly CallOutcome[] = [
  "no_answer",
  "voicemail",
  "talked",
  "wrong_number",
];

/** One entry of a lead's timeline. */
export interface LeadEvent {
  id: string;
  at: string;
  actorId: string | null;
  /** The actor's email, for showing who (null for the command line or a deleted account). */
  actorEmail: string | null;
  kind:
    "status" | "note" | "assign" | "call" | "follow_up" | "email" | "tag" | "booking" | "callback";
  /**
   * The note, the reason a lead was lost, a call's outcome (a CallOutcome), for a follow-up
   * JSON: { action: "set" | "done" | "snoozed", due?: ISO time, note?: string }, for an email
   * to the lead JSON (src/admin/emails/leadEmails.ts, `SentEmail`), or for a tag
   * JSON: { action: "added" | "removed", tag: string }, for a booked call JSON:
   * { action: "booked" | "canceled", startTime, event, reason? } (src/leads/scheduling/), for a number the prospect left after
   * their website check's score JSON: { phone: E.164, time: a callTime } (src/audit/callback.ts).
   */
  body: string;
  /** The status a 'status' event moved to; 'contacted' on a call that moved a new lead there. */
  status: LeadStatus | null;
}

/** One page of the inbox: filters (all optional, combined with AND) and a keyset cursor. */
export interface InboxQuery {
  status?: LeadStatus | undefined;
  kind?: string | undefined;
  /** Created at or after (ISO). */
  from?: string | undefined;
  /** Created before (ISO). */
  to?: string | undefined;
  /** As the Source column shows it (lower-case): see sourceFilter in src/admin/search.ts. */
  source?: string | undefined;
  campaign?: string | undefined;
  /** The spam folder (true) or everything else (false). */
  spam: boolean;
  /** Words found in the name, email, phone, company, message or website (case-insensitive). */
  search?: string | undefined;
  /** Only leads older than this one (the last of the previous page). */
  before?: { createdAt: string; id: string } | undefined;
  /** Only leads whose newest scored website check is in this range (src/audit/summary.ts bands). */
  score?: { min: number; max: number } | undefined;
  /** Assigned to this account (its id); null: to nobody. */
  assignee?: string | null | undefined;
  /** Carries this tag (normalised: src/admin/tags.ts). */
  tag?: string | undefined;
  limit: number;
}

export interface InboxLead {
  lead: LeadRecord;
  status: LeadStatus;
  /** The score of the lead's newest scored website check (migration 17), if any. */
  score: number | null;
  /** From inboxPage: what the CSV export shows of the lead's pipeline state (no second query). */
  details?: ExportDetails;
  /** From inboxPage: the lead's tags, sorted (migration 24). */
  tags?: string[];
}

/** What the CSV export shows of a lead's pipeline state, beside the lead (src/admin/export.ts). */
export interface ExportDetails {
  status: LeadStatus;
  /** When it first left 'new'; null until then. */
  firstContactedAt: string | null;
  lostReason: string | null;
  /** The assignee's email, or null. */
  assignee: string | null;
  /** The score of the lead's newest scored website check, if any. */
  score: number | null;
  /** The lead's tags, sorted (read with the lead by inboxPage; else by leadTags). */
  tags?: string[];
}

/** A saved view of the inbox (migration 25): a name for a set of filters, one account's own. */
export interface SavedView {
  id: string;
  name: string;
  /** The inbox URL's query string of the filters ("status=new&tag=roofing"), "" for none. */
  query: string;
  createdAt: string;
}

/** What adding a tag found (src/admin/tags.ts). */
export type TagAdded = "added" | "exists" | "full" | "missing";

/** Speed to lead over the leads that arrived in a period (not spam, not completed partials). */
export interface SpeedToLead {
  /** Median minutes from arrival to the first move out of 'new'; null when none was contacted. */
  medianMinutes: number | null;
  /** Leads of the period contacted so far. */
  contacted: number;
  /** Leads of the period still 'new'. */
  waiting: number;
}

export interface AdminStore {
  /** Creates the account, or returns the existing one with this email unchanged. */
  ensureStaff(staff: { id: string; email: string; role: Role; at: string }): Promise<StaffRecord>;
  getStaff(id: string): Promise<StaffRecord | null>;
  /** The account and its password hash (null before the invite was used). */
  findStaffByEmail(
    email: string,
  ): Promise<{ staff: StaffRecord; passwordHash: string | null } | null>;
  /** Every account, oldest first. */
  listStaff(): Promise<StaffRecord[]>;
  setPassword(staffId: string, passwordHash: string, at: string): Promise<void>;
  /**
   * Changes the role, in one serialised transaction that refuses ("last_owner") to leave no
   * active owner with a password, whatever other requests do at the same moment.
   */
  setRole(staffId: string, role: Role, at: string): Promise<StaffChange>;
  /**
   * Deactivates (`active` false: under the same last-owner rule as setRole; every session and
   * unused link of the account ends) or reactivates the account.
   */
  setActive(staffId: string, active: boolean, at: string): Promise<StaffChange>;
  /** False when another account has this email. */
  setEmail(staffId: string, email: string, at: string): Promise<boolean>;
  /** Live sessions per account id. */
  sessionCounts(now: string): Promise<Map<string, number>>;

  /**
   * Records the account's pending email change (the hash of its link's token), replacing any
   * earlier one of the account: only the newest link works.
   */
  setEmailChange(change: EmailChangeRecord & { tokenHash: string }): Promise<void>;
  /** The account's pending email change, expired or not; null when there is none. */
  emailChangeOf(staffId: string): Promise<EmailChangeRecord | null>;
  /** The pending change of this token hash and its account (expired or not); null if unknown. */
  findEmailChange(tokenHash: string): Promise<(EmailChangeRecord & { staff: StaffRecord }) | null>;
  /** Drops the account's pending email change; false when there was none. */
  cancelEmailChange(staffId: string): Promise<boolean>;
  /**
   * Applies the pending change of this token hash, in one transaction: the account's email becomes
   * the new address and the change is deleted (its link works once; of concurrent requests exactly
   * one wins). "gone": unknown, already used or replaced, or the account is deactivated;
   * "expired": kept, nothing changed; "taken": another account has the address now, nothing
   * changed (the link keeps working until it expires).
   */
  applyEmailChange(
    tokenHash: string,
    now: string,
  ): Promise<
    | { outcome: "done"; staff: StaffRecord; from: string }
    | { outcome: "gone" | "expired" | "taken" }
  >;

  /** Stores a one-time link (its hash); earlier unused links of the same purpose stop working. */
  addToken(token: {
    tokenHash: string;
    staffId: string;
    purpose: TokenPurpose;
    createdAt: string;
    expiresAt: string;
  }): Promise<void>;
  /** The account of an unused, unexpired link, without using it up. */
  peekToken(
    tokenHash: string,
    now: string,
  ): Promise<{ staff: StaffRecord; purpose: TokenPurpose } | null>;
  /**
   * Marks an unused, unexpired link used and returns its account; null when it was used already
   * (also by a concurrent request: exactly one caller wins), expired or unknown.
   */
  useToken(
    tokenHash: string,
    now: string,
  ): Promise<{ staff: StaffRecord; purpose: TokenPurpose } | null>;

  createSession(session: {
    idHash: string;
    staffId: string;
    createdAt: string;
    expiresAt: string;
    userAgent: string | null;
  }): Promise<boolean>;
  /**
   * The live session with this id hash, its last-seen time moved to `now` when it was last
   * written SESSION_TOUCH_MS or more ago (so a page view rarely writes, and a store that refuses
   * writes, a full disk, still lets staff read: a failed touch is ignored); null (and the row
   * removed, if the store allows) when it has passed `expiresAt` or was idle since `idleSince`.
   */
  touchSession(idHash: string, now: string, idleSince: string): Promise<SessionRecord | null>;
  deleteSession(idHash: string): Promise<void>;
  /** Ends every session of the account but `keepIdHash`; returns how many ended. */
  deleteSessionsOf(staffId: string, keepIdHash?: string): Promise<number>;

  /** Records that the session's owner gave the password or a passkey again, now. */
  confirmSession(idHash: string, at: string): Promise<void>;

  /** False (nothing stored) when a passkey with this id exists, on any account. */
  addPasskey(passkey: PasskeyRecord & { publicKey: Uint8Array; counter: number }): Promise<boolean>;
  /** The account's passkeys, oldest first. */
  passkeysOf(staffId: string): Promise<PasskeyRecord[]>;
  /** A passkey with what verifying a signature needs, and its account. */
  findPasskey(
    id: string,
  ): Promise<
    (PasskeyRecord & { publicKey: Uint8Array; counter: number; staff: StaffRecord }) | null
  >;
  /** After a verified use: the authenticator's new counter and the time. */
  usePasskey(id: string, counter: number, at: string): Promise<void>;
  /** False when the account has no passkey with this id. */
  deletePasskey(staffId: string, id: string): Promise<boolean>;
  /**
   * Stores a ceremony's challenge (the hash of its id); expired ones are cleared meanwhile. False
   * (nothing stored) when `cap` unexpired challenges of this purpose are already under way.
   */
  addChallenge(challenge: {
    idHash: string;
    challenge: string;
    purpose: ChallengePurpose;
    staffId: string | null;
    expiresAt: string;
    now: string;
    cap?: number | null;
  }): Promise<boolean>;
  /** Removes and returns an unexpired challenge of this purpose: each one works once. */
  takeChallenge(
    idHash: string,
    purpose: ChallengePurpose,
    now: string,
  ): Promise<{ challenge: string; staffId: string | null } | null>;

  // The TOTP second factor and its recovery codes (./totp.ts, migration 37; rules: ../totp.ts).
  totpOf(staffId: string): Promise<totp.TotpRecord | null>;
  /** A new setup waiting for its first code; false when the account's factor is already on. */
  startTotp(setup: { staffId: string; secret: string; at: string }): Promise<boolean>;
  /** The setup on, with its first code's step and new recovery codes; false if refused. */
  enableTotp(enable: {
    staffId: string;
    step: number;
    at: string;
    codes: readonly totp.RecoveryCodeRow[];
  }): Promise<boolean>;
  /** A code of this time step accepted: false when it (or a later one) was used already. */
  useTotpStep(staffId: string, step: number): Promise<boolean>;
  replaceRecoveryCodes(codes: {
    staffId: string;
    at: string;
    codes: readonly totp.RecoveryCodeRow[];
  }): Promise<boolean>;
  recoveryCodesOf(staffId: string): Promise<totp.RecoveryCodeRow[]>;
  useRecoveryCode(staffId: string, id: string, at: string): Promise<boolean>;
  /** True when a factor that was on was removed (`pendingOnly`: a setup under way only). */
  deleteTotp(staffId: string, pendingOnly?: boolean): Promise<boolean>;
  totpAccounts(): Promise<Set<string>>;
  /** A passkey, or TOTP that is on. */
  hasSecondFactor(staffId: string): Promise<boolean>;

  /** Newest first, `limit` + 1 rows at most (one more tells there is a next page). */
  inboxPage(query: InboxQuery): Promise<InboxLead[]>;
  /**
   * For the live inbox: leads (not spam, not completed partials) created after `since`, and such
   * leads still 'new' (not yet worked), counted up to UNWORKED_CAP (../count.ts).
   */
  inboxCounts(since: string): Promise<{ arrived: number; unworked: number }>;
  /** The leads the inbox's filters match (its cursor ignored), counted up to `cap` (./inboxWindow.ts). */
  inboxTotal(query: InboxQuery, cap: number): Promise<number>;
  /** The filters' leads just newer than `first`, oldest first, `limit` at most (the page before). */
  inboxNewer(
    query: InboxQuery,
    first: { createdAt: string; id: string },
    limit: number,
  ): Promise<{ createdAt: string; id: string }[]>;
  /** Median time to first contact of the leads created in [from, to). */
  speedToLead(period: { from: string; to: string }): Promise<SpeedToLead>;
  /**
   * Leads created in [from, to) still 'new' and never called (not spam, not completed partials)
   * that have no reminder yet, oldest first, at most `limit`: the reminder sweep's candidates.
   */
  awaitingReminder(period: { from: string; to: string; limit: number }): Promise<LeadRecord[]>;
  /**
   * Queues the lead's one reminder in the outbox, due now; false when it already has one (another
   * server's sweep was first) or the lead is gone.
   */
  queueReminder(reminder: {
    id: string;
    leadId: string;
    at: string;
    giveUpAt: string;
  }): Promise<boolean>;
  /** Whom a lead's reminder goes to: its active assignee, else every active owner (emails). */
  reminderRecipients(leadId: string): Promise<string[]>;
  /** Open leads (not won or lost) assigned to this account. */
  assignedCount(staffId: string): Promise<number>;
  /** The status of each of these leads (those that exist). */
  statusesOf(leadIds: readonly string[]): Promise<Map<string, LeadStatus>>;
  /** What the CSV export shows of each of these leads (those that exist), in one query. */
  exportDetails(leadIds: readonly string[]): Promise<Map<string, ExportDetails>>;
  /** The pipeline state of a lead; null when there is no such lead. */
  leadWork(leadId: string): Promise<LeadWork | null>;
  /**
   * Moves a lead to `status` and records the event, in one transaction; the first move out of
   * 'new' sets `firstContactedAt`. False when there is no such lead.
   */
  setStatus(
    leadId: string,
    change: {
      status: LeadStatus;
      lostReason: string | null;
      /** A won job's value in cents (migration 26); cleared by any status but won. */
      wonValueCents?: number | null;
      eventId: string;
      actorId: string | null;
      at: string;
    },
  ): Promise<boolean>;
  /**
   * Assigns the lead (null: to nobody) and records it on the timeline (the assignee's email in
   * the event's body). False when there is no such lead.
   */
  assign(
    leadId: string,
    change: {
      assigneeId: string | null;
      eventId: string;
      actorId: string;
      at: string;
      body: string;
    },
  ): Promise<boolean>;
  /**
   * Records a call on the lead's timeline, in one transaction: the first contact for speed to
   * lead (`firstContactedAt`, when not set yet), whatever the outcome; and 'talked' moves a lead
   * that is still 'new' to 'contacted' (the event's status says so). Null when there is no such
   * lead; else whether the status moved.
   */
  logCall(
    leadId: string,
    call: { outcome: CallOutcome; eventId: string; actorId: string | null; at: string },
  ): Promise<{ moved: boolean } | null>;
  /**
   * Sets the lead's follow-up (replacing an open one: one per lead), with a 'follow_up' event
   * (`body` JSON), in one transaction. False when there is no such lead.
   */
  setFollowUp(
    leadId: string,
    followUp: {
      dueAt: string;
      note: string;
      eventId: string;
      actorId: string;
      at: string;
      body: string;
    },
  ): Promise<boolean>;
  /**
   * Closes (done) or moves (snoozed: `dueAt`, its email armed again) the lead's open follow-up,
   * with a 'follow_up' event, in one transaction. False when it has none.
   */
  updateFollowUp(
    leadId: string,
    change: { dueAt: string | null; eventId: string; actorId: string; at: string; body: string },
  ): Promise<boolean>;
  /** The lead's open follow-up, or null. */
  followUp(leadId: string): Promise<FollowUp | null>;
  /**
   * Not-spam leads not won whose follow-up is due before `before` (a won job needs no chasing;
   * its follow-up comes back if it is moved out of won), most overdue first (due time, then
   * lead id; `after` is the keyset cursor), at most `limit`: an index range of lead_follow_ups_due.
   */
  dueFollowUps(query: {
    before: string;
    after?: { dueAt: string; leadId: string } | undefined;
    limit: number;
  }): Promise<DueLead[]>;
  /** How many not-spam, not-won leads have a follow-up due before `before`, up to `cap`. */
  countDueFollowUps(before: string, cap: number): Promise<number>;
  /**
   * Queues the email of each follow-up due at `at` and not queued yet (at most `limit`), as an
   * outbox row of the channel 'followup' (a row left from an earlier follow-up of the lead is
   * reset). A follow-up is marked queued by one conditional update, so however many servers
   * sweep, each due time is queued once. Returns how many it queued.
   */
  queueDueFollowUps(sweep: {
    at: string;
    giveUpAt: string;
    limit: number;
    newId: () => string;
  }): Promise<number>;
  /** Adds a note to the lead's timeline. False when there is no such lead. */
  addNote(
    leadId: string,
    note: { eventId: string; actorId: string | null; at: string; body: string },
  ): Promise<boolean>;
  /**
   * Other leads with the same email (case-insensitive) or phone, newest first, at most `limit`:
   * the same person coming back.
   */
  relatedLeads(
    lead: { id: string; email: string | null; phone: string | null },
    limit: number,
  ): Promise<InboxLead[]>;
  /**
   * Merges `mergedId` into `keptId` (issue 39 §3), in one transaction that locks both: `plan`
   * (the rules, src/admin/merges.ts) says whether they are the same person and which fields the
   * kept lead gets; the merged lead is hidden in the kept one (its completed_by), its open
   * follow-up moves over when the kept lead has none, and the merge is remembered for undo.
   */
  mergeLeads(merge: {
    keptId: string;
    mergedId: string;
    at: string;
    actorId: string | null;
    plan: (kept: LeadRecord, merged: LeadRecord) => MergePlan;
  }): Promise<MergeOutcome>;
  /**
   * Undoes the merge of `mergedId` into `keptId` if it was made at or after `since`, in one
   * transaction: the fields it filled (while unchanged) and the follow-up it moved go back, the
   * merged lead is shown again and counted on its own.
   */
  unmergeLead(undo: { keptId: string; mergedId: string; since: string }): Promise<UnmergeOutcome>;
  /** The leads merged into this one, newest merge first. */
  leadMerges(keptId: string): Promise<LeadMerge[]>;
  /** The merge that hid this lead in another one, or null. */
  mergedInto(mergedId: string): Promise<LeadMerge | null>;
  /** The timelines of the leads merged into this one, oldest first, each entry with its lead. */
  mergedLeadEvents(
    keptId: string,
  ): Promise<(LeadEvent & { leadId: string; editedAt: string | null; deletedAt: string | null })[]>;
  /** Moves a lead into the spam folder or out of it. False when there is no such lead. */
  setSpam(leadId: string, spam: boolean): Promise<boolean>;
  /**
   * Deletes a lead and everything derived from it, in one transaction: its outbox rows, its
   * timeline (notes included), its search entry, and the growth step-1 partial it completed (the
   * same submission's first half). Says what went: the ids of the leads deleted (empty when there
   * was no such lead) and how many outbox rows and timeline entries with them.
   */
  eraseLead(leadId: string): Promise<Erasure>;
  /**
   * After erasures: makes the erased rows' bytes leave the store's files, not only its tables.
   * SQLite (secure_delete already zeroed them in the database pages): truncates the WAL, which
   * still holds the pages as they were. PostgreSQL: VACUUM FULL of the tables an erasure
   * touches (a plain VACUUM leaves the dead tuples' bytes in the pages), which locks each table
   * for the length of its rewrite; it first waits (up to a minute) for other sessions' older
   * snapshots to end, since the rewrite keeps a row any of them could still read. Old backups
   * and PostgreSQL's own WAL keep what they had (docs/erasure.md).
   */
  forgetErased(): Promise<void>;
  /**
   * Ids of the leads whose `fields.email` is this address, compared case-insensitively (the
   * expression indexes of migration 6), oldest first: whom a privacy request names.
   */
  leadIdsByEmail(email: string): Promise<string[]>;
  /**
   * Up to `limit` ids of leads created before `before`, oldest first, leaving out growth partials
   * a lead completed (erasing that lead takes them along): what the retention sweep erases.
   */
  leadIdsCreatedBefore(before: string, limit: number): Promise<string[]>;
  /** The lead's timeline, oldest first. */
  leadEvents(leadId: string): Promise<LeadEvent[]>;

  /** The tags of each of these leads (sorted; leads without tags left out), in one query. */
  leadTags(leadIds: readonly string[]): Promise<Map<string, string[]>>;
  /**
   * Tags the lead, with a 'tag' event, in one transaction: "exists" (nothing written) when it
   * has the tag, "full" when it has `cap` tags already, "missing" when there is no such lead.
   */
  addTag(
    leadId: string,
    tag: { tag: string; cap: number; eventId: string; actorId: string | null; at: string },
  ): Promise<TagAdded>;
  /** Takes the tag off the lead, with a 'tag' event; false when it did not have it. */
  removeTag(
    leadId: string,
    tag: { tag: string; eventId: string; actorId: string | null; at: string },
  ): Promise<boolean>;

  /** The account's saved views, by name. */
  savedViews(staffId: string): Promise<SavedView[]>;
  /**
   * Saves a view of the account: "taken" when it has one of this name (`nameKey`), "full" when
   * it has `cap` views already; nothing written then.
   */
  saveView(view: {
    id: string;
    staffId: string;
    name: string;
    nameKey: string;
    query: string;
    at: string;
    cap: number;
  }): Promise<"saved" | "taken" | "full">;
  /** Deletes one of the account's views; false when it has no view of this id. */
  deleteView(staffId: string, id: string): Promise<boolean>;

  audit(entry: AuditEntry): Promise<void>;
  /**
   * Newest first: a page, `limit` + 1 rows at most (one more tells there is a next page); or,
   * given a number, the latest that many.
   */
  listAudit(query: AuditQuery | number): Promise<(AuditEntry & { actorEmail: string | null })[]>;
  /** The actions the log holds, for its filter. */
  auditActions(): Promise<string[]>;
  /** Deletes entries older than `before`; how many went. */
  pruneAudit(before: string): Promise<number>;

  // Emails to a lead and their templates (src/admin/emails/), written once in ./emails.ts.
  /** Every template staff have edited (the others read as their defaults). */
  emailTemplateEdits(): Promise<TemplateEdit[]>;
  saveEmailTemplate(edit: Parameters<typeof emails.saveTemplate>[1]): Promise<void>;
  /** Forgets a template's edit; whether there was one. */
  resetEmailTemplate(id: string): Promise<boolean>;
  /** See emails.queueLeadEmail: the event, the first contact, the outbox row; false: no lead. */
  queueLeadEmail(email: Parameters<typeof emails.queueLeadEmail>[1]): Promise<boolean>;
  /** The lead's email events (id and JSON body), oldest first. */
  leadEmailEvents(leadId: string): Promise<EmailEventRow[]>;
  setLeadEmailBody(eventId: string, body: string): Promise<void>;
  // Won jobs, spam moves and note edits (issue 27 §4): ./revenue.ts, written once.
  /** A won lead's job value in cents; null when none was given. */
  wonValue(leadId: string): Promise<number | null>;
  /** Spam or not, with a timeline entry when it moved. False when there is no such lead. */
  moveSpam(
    leadId: string,
    move: { spam: boolean; eventId: string; actorId: string | null; at: string },
  ): Promise<boolean>;
  /** Rewrites a note, its author only. */
  editNote(
    leadId: string,
    edit: { eventId: string; actorId: string; at: string; body: string },
  ): Promise<NoteChange>;
  /** Deletes a note (its words blanked, its place kept), its author only. */
  deleteNote(
    leadId: string,
    del: { eventId: string; actorId: string; at: string },
  ): Promise<NoteChange>;
  /** The lead's edited or deleted notes, by event id. */
  noteStates(leadId: string): Promise<Map<string, NoteState>>;
  /** Won value and open follow-up of these leads, for the CSV export. */
  exportExtras(leadIds: readonly string[]): Promise<Map<string, ExportExtras>>;
  /**
   * Up to `limit` of the inbox's filtered leads after `after`, newest first, with what the CSV
   * export shows of each, in one query (./exportRows.ts).
   */
  exportRows(
    query: InboxQuery,
    after: InboxCursor | undefined,
    limit: number,
  ): Promise<ExportDbRow[]>;
}
