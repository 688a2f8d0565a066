/**
 * The admin store over the shared SQL driver (decision D198): every AdminStore method is a
 * one-line delegation to its concern's module, whose queries are written once for SQLite and
 * PostgreSQL (accounts.ts, sessions.ts, totp.ts, pipeline.ts, followUps.ts, reminders.ts,
 * erasure.ts, audit.ts, merges.ts), run through `#run`, which maps any failure to StoreUnavailableError (a 503). Only
 * the inbox's page stays written per dialect (./sqlite.ts, ./postgres.ts), a hand-tuned hot
 * path. A new method: a function `(db: Db, …)` in its
 * concern's module and one line here.
 */
import { dialectSql, type Db } from "../../db/driver.ts";
import * as accounts from "./accounts.ts";
import * as audit from "./audit.ts";
import * as emails from "./emails.ts";
import * as erasure from "./erasure.ts";
import * as followUps from "./followUps.ts";
import * as merges from "./merges.ts";
import * as pipeline from "./pipeline.ts";
import * as reminders from "./reminders.ts";
import * as revenue from "./revenue.ts";
import * as sessions from "./sessions.ts";
import * as tags from "./tags.ts";
import * as totp from "./totp.ts";
import * as views from "./views.ts";
import { onStore } from "../../db/errors.ts";
import { AUDIT_SCORE } from "./auditScore.ts";
import { countInbox, newerThan } from "./inboxWindow.ts";
import { exportRows } from "./exportRows.ts";
import type { AdminStore, ExportDetails, InboxLead, InboxQuery, LeadStatus } from "./types.ts";

type Method<K extends keyof AdminStore> = AdminStore[K];

export abstract class SqlAdminStore implements AdminStore {
  /** The driver the queries written once for both stores run on (src/db/driver.ts). */
  readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  #run<T>(work: (db: Db) => Promise<T>): Promise<T> {
    return onStore(this.db, work);
  }

  abstract inboxPage(query: InboxQuery): Promise<InboxLead[]>;

  /** The pipeline details of these leads, for the export (./exportRows.ts). */
  exportDetails(leadIds: readonly string[]): Promise<Map<string, ExportDetails>> {
    return this.#run(async (db) => {
      const rows = await db.all<{
        id: string;
        status: string;
        first_contacted_at: string | null;
        lost_reason: string | null;
        assignee: string | null;
        audit_score: number | null;
      }>(
        `SELECT leads.id, status, first_contacted_at, lost_reason, s.email AS assignee,
                ${AUDIT_SCORE} AS audit_score
         FROM leads LEFT JOIN staff s ON s.id = leads.assignee_id
         WHERE ${dialectSql(db).inList("leads.id", 1)}`,
        [leadIds],
      );
      return new Map<string, ExportDetails>(
        rows.map((r) => [
          r.id,
          {
            status: r.status as LeadStatus,
            firstContactedAt: r.first_contacted_at,
            lostReason: r.lost_reason,
            assignee: r.assignee,
            score: r.audit_score ?? null,
          },
        ]),
      );
    });
  }

  // Accounts, one-time links and email changes (./accounts.ts).
  ensureStaff: Method<"ensureStaff"> = (s) => this.#run((db) => accounts.ensureStaff(db, s));
  getStaff: Method<"getStaff"> = (id) => this.#run((db) => accounts.getStaff(db, id));
  findStaffByEmail: Method<"findStaffByEmail"> = (email) =>
    this.#run((db) => accounts.findStaffByEmail(db, email));
  listStaff: Method<"listStaff"> = () => this.#run((db) => accounts.listStaff(db));
  setPassword: Method<"setPassword"> = (id, hash, at) =>
    this.#run((db) => accounts.setPassword(db, id, hash, at));
  setRole: Method<"setRole"> = (id, role, at) =>
    this.#run((db) => accounts.setRole(db, id, role, at));
  setActive: Method<"setActive"> = (id, active, at) =>
    this.#run((db) => accounts.setActive(db, id, active, at));
  setEmail: Method<"setEmail"> = (id, email, at) =>
    this.#run((db) => accounts.setEmail(db, id, email, at));
  sessionCounts: Method<"sessionCounts"> = (now) =>
    this.#run((db) => accounts.sessionCounts(db, now));
  setEmailChange: Method<"setEmailChange"> = (c) =>
    this.#run((db) => accounts.setEmailChange(db, c));
  emailChangeOf: Method<"emailChangeOf"> = (id) =>
    this.#run((db) => accounts.emailChangeOf(db, id));
  findEmailChange: Method<"findEmailChange"> = (hash) =>
    this.#run((db) => accounts.findEmailChange(db, hash));
  cancelEmailChange: Method<"cancelEmailChange"> = (id) =>
    this.#run((db) => accounts.cancelEmailChange(db, id));
  applyEmailChange: Method<"applyEmailChange"> = (hash, now) =>
    this.#run((db) => accounts.applyEmailChange(db, hash, now));
  addToken: Method<"addToken"> = (t) => this.#run((db) => accounts.addToken(db, t));
  peekToken: Method<"peekToken"> = (hash, now) =>
    this.#run((db) => accounts.peekToken(db, hash, now));
  useToken: Method<"useToken"> = (hash, now) => this.#run((db) => accounts.useToken(db, hash, now));

  // Sessions, passkeys and challenges (./sessions.ts).
  createSession: Method<"createSession"> = (s) => this.#run((db) => sessions.createSession(db, s));
  touchSession: Method<"touchSession"> = (hash, now, idle) =>
    this.#run((db) => sessions.touchSession(db, hash, now, idle));
  deleteSession: Method<"deleteSession"> = (hash) =>
    this.#run((db) => sessions.deleteSession(db, hash));
  deleteSessionsOf: Method<"deleteSessionsOf"> = (id, keep) =>
    this.#run((db) => sessions.deleteSessionsOf(db, id, keep));
  confirmSession: Method<"confirmSession"> = (hash, at) =>
    this.#run((db) => sessions.confirmSession(db, hash, at));
  addPasskey: Method<"addPasskey"> = (p) => this.#run((db) => sessions.addPasskey(db, p));
  passkeysOf: Method<"passkeysOf"> = (id) => this.#run((db) => sessions.passkeysOf(db, id));
  findPasskey: Method<"findPasskey"> = (id) => this.#run((db) => sessions.findPasskey(db, id));
  usePasskey: Method<"usePasskey"> = (id, counter, at) =>
    this.#run((db) => sessions.usePasskey(db, id, counter, at));
  deletePasskey: Method<"deletePasskey"> = (staffId, id) =>
    this.#run((db) => sessions.deletePasskey(db, staffId, id));
  addChallenge: Method<"addChallenge"> = (c) => this.#run((db) => sessions.addChallenge(db, c));
  takeChallenge: Method<"takeChallenge"> = (hash, purpose, now) =>
    this.#run((db) => sessions.takeChallenge(db, hash, purpose, now));

  // The TOTP second factor and its recovery codes (./totp.ts).
  totpOf: Method<"totpOf"> = (id) => this.#run((db) => totp.totpOf(db, id));
  startTotp: Method<"startTotp"> = (t) => this.#run((db) => totp.startTotp(db, t));
  enableTotp: Method<"enableTotp"> = (e) => this.#run((db) => totp.enableTotp(db, e));
  useTotpStep: Method<"useTotpStep"> = (id, step) =>
    this.#run((db) => totp.useTotpStep(db, id, step));
  replaceRecoveryCodes: Method<"replaceRecoveryCodes"> = (r) =>
    this.#run((db) => totp.replaceRecoveryCodes(db, r));
  recoveryCodesOf: Method<"recoveryCodesOf"> = (id) =>
    this.#run((db) => totp.recoveryCodesOf(db, id));
  useRecoveryCode: Method<"useRecoveryCode"> = (staffId, id, at) =>
    this.#run((db) => totp.useRecoveryCode(db, staffId, id, at));
  deleteTotp: Method<"deleteTotp"> = (id, pendingOnly) =>
    this.#run((db) => totp.deleteTotp(db, id, pendingOnly));
  totpAccounts: Method<"totpAccounts"> = () => this.#run((db) => totp.totpAccounts(db));
  hasSecondFactor: Method<"hasSecondFactor"> = (id) =>
    this.#run((db) => totp.hasSecondFactor(db, id));

  // Working leads (./pipeline.ts).
  inboxCounts: Method<"inboxCounts"> = (since) =>
    this.#run((db) => pipeline.inboxCounts(db, since));
  speedToLead: Method<"speedToLead"> = (p) => this.#run((db) => pipeline.speedToLead(db, p));
  assignedCount: Method<"assignedCount"> = (id) =>
    this.#run((db) => pipeline.assignedCount(db, id));
  statusesOf: Method<"statusesOf"> = (ids) => this.#run((db) => pipeline.statusesOf(db, ids));
  leadWork: Method<"leadWork"> = (id) => this.#run((db) => pipeline.leadWork(db, id));
  setStatus: Method<"setStatus"> = (id, c) => this.#run((db) => pipeline.setStatus(db, id, c));
  assign: Method<"assign"> = (id, c) => this.#run((db) => pipeline.assign(db, id, c));
  logCall: Method<"logCall"> = (id, c) => this.#run((db) => pipeline.logCall(db, id, c));
  addNote: Method<"addNote"> = (id, n) => this.#run((db) => pipeline.addNote(db, id, n));
  leadEvents: Method<"leadEvents"> = (id) => this.#run((db) => pipeline.leadEvents(db, id));
  relatedLeads: Method<"relatedLeads"> = (lead, limit) =>
    this.#run((db) => pipeline.relatedLeads(db, lead, limit));
  setSpam: Method<"setSpam"> = (id, spam) => this.#run((db) => pipeline.setSpam(db, id, spam));

  // Merging the same person's leads and undoing it (./merges.ts).
  mergeLeads: Method<"mergeLeads"> = (m) => this.#run((db) => merges.mergeLeads(db, m));
  unmergeLead: Method<"unmergeLead"> = (u) => this.#run((db) => merges.unmergeLead(db, u));
  leadMerges: Method<"leadMerges"> = (id) => this.#run((db) => merges.leadMerges(db, id));
  mergedInto: Method<"mergedInto"> = (id) => this.#run((db) => merges.mergedInto(db, id));
  mergedLeadEvents: Method<"mergedLeadEvents"> = (id) =>
    this.#run((db) => merges.mergedLeadEvents(db, id));

  // Follow-ups (./followUps.ts) and reminders (./reminders.ts).
  setFollowUp: Method<"setFollowUp"> = (id, f) =>
    this.#run((db) => followUps.setFollowUp(db, id, f));
  updateFollowUp: Method<"updateFollowUp"> = (id, c) =>
    this.#run((db) => followUps.updateFollowUp(db, id, c));
  followUp: Method<"followUp"> = (id) => this.#run((db) => followUps.followUp(db, id));
  dueFollowUps: Method<"dueFollowUps"> = (q) => this.#run((db) => followUps.dueFollowUps(db, q));
  countDueFollowUps: Method<"countDueFollowUps"> = (before, cap) =>
    this.#run((db) => followUps.countDueFollowUps(db, before, cap));
  queueDueFollowUps: Method<"queueDueFollowUps"> = (sweep) =>
    this.#run((db) => followUps.queueDueFollowUps(db, sweep));
  awaitingReminder: Method<"awaitingReminder"> = (p) =>
    this.#run((db) => reminders.awaitingReminder(db, p));
  queueReminder: Method<"queueReminder"> = (r) => this.#run((db) => reminders.queueReminder(db, r));
  reminderRecipients: Method<"reminderRecipients"> = (id) =>
    this.#run((db) => reminders.reminderRecipients(db, id));

  // Erasure and retention (./erasure.ts).
  eraseLead: Method<"eraseLead"> = (id) => this.#run((db) => erasure.eraseLead(db, id));
  forgetErased: Method<"forgetErased"> = () => this.#run((db) => erasure.forgetErased(db));
  leadIdsByEmail: Method<"leadIdsByEmail"> = (email) =>
    this.#run((db) => erasure.leadIdsByEmail(db, email));
  leadIdsCreatedBefore: Method<"leadIdsCreatedBefore"> = (before, limit) =>
    this.#run((db) => erasure.leadIdsCreatedBefore(db, before, limit));

  // The audit log (./audit.ts).
  audit: Method<"audit"> = (entry) => this.#run((db) => audit.audit(db, entry));
  listAudit: Method<"listAudit"> = (q) => this.#run((db) => audit.listAudit(db, q));
  auditActions: Method<"auditActions"> = () => this.#run((db) => audit.auditActions(db));
  pruneAudit: Method<"pruneAudit"> = (before) => this.#run((db) => audit.pruneAudit(db, before));

  // Tags and saved views (./tags.ts, ./views.ts).
  leadTags: Method<"leadTags"> = (ids) => this.#run((db) => tags.leadTags(db, ids));
  addTag: Method<"addTag"> = (id, tag) => this.#run((db) => tags.addTag(db, id, tag));
  removeTag: Method<"removeTag"> = (id, tag) => this.#run((db) => tags.removeTag(db, id, tag));
  savedViews: Method<"savedViews"> = (id) => this.#run((db) => views.savedViews(db, id));
  saveView: Method<"saveView"> = (view) => this.#run((db) => views.saveView(db, view));
  deleteView: Method<"deleteView"> = (staffId, id) =>
    this.#run((db) => views.deleteView(db, staffId, id));

  // Emails to a lead and their templates (./emails.ts).
  emailTemplateEdits: Method<"emailTemplateEdits"> = () =>
    this.#run((db) => emails.templateEdits(db));
  saveEmailTemplate: Method<"saveEmailTemplate"> = (edit) =>
    this.#run((db) => emails.saveTemplate(db, edit));
  resetEmailTemplate: Method<"resetEmailTemplate"> = (id) =>
    this.#run((db) => emails.resetTemplate(db, id));
  queueLeadEmail: Method<"queueLeadEmail"> = (email) =>
    this.#run((db) => emails.queueLeadEmail(db, email));
  leadEmailEvents: Method<"leadEmailEvents"> = (id) =>
    this.#run((db) => emails.leadEmailEvents(db, id));
  setLeadEmailBody: Method<"setLeadEmailBody"> = (eventId, body) =>
    this.#run((db) => emails.setLeadEmailBody(db, eventId, body));

  // Won jobs, spam moves and note edits (./revenue.ts).
  wonValue: Method<"wonValue"> = (id) => this.#run((db) => revenue.wonValue(db, id));
  moveSpam: Method<"moveSpam"> = (id, move) => this.#run((db) => revenue.moveSpam(db, id, move));
  editNote: Method<"editNote"> = (id, edit) => this.#run((db) => revenue.editNote(db, id, edit));
  deleteNote: Method<"deleteNote"> = (id, del) =>
    this.#run((db) => revenue.deleteNote(db, id, del));
  noteStates: Method<"noteStates"> = (id) => this.#run((db) => revenue.noteStates(db, id));
  exportExtras: Method<"exportExtras"> = (ids) => this.#run((db) => revenue.exportExtras(db, ids));
  exportRows: Method<"exportRows"> = (q, after, limit) =>
    this.#run((db) => exportRows(db, q, after, limit));

  // The inbox's count and its page before the first row (./inboxWindow.ts).
  inboxTotal: Method<"inboxTotal"> = (q, cap) => this.#run((db) => countInbox(db, q, cap));
  inboxNewer: Method<"inboxNewer"> = (q, first, limit) =>
    this.#run((db) => newerThan(db, q, first, limit));
}
