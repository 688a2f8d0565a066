/**
 * The posts of a lead's page (/admin/leads/<id>): each form names its `action`, and each action
 * is done by the module of its concern (pipeline, calls, follow-ups, tags, emails, the website
 * check, the outbox, merges). A lead merged into another takes none but an erasure. The page answers a success with 303 back to itself (or to the inbox after
 * an erasure), so a reload re-sends nothing, and a refusal with its status and message, and the
 * email the staff member typed when it was the email that was refused.
 */
import { queueStaffCheck, staffCapMessage, type AuditJobSettings } from "../audit/jobs.ts";
import { auditMessages } from "../audit/messages.ts";
import type { LeadService } from "../leads/server.ts";
import type { LeadRecord } from "../leads/store/types.ts";
import { auditJobStoreFor } from "../audit/store/index.ts";
import { audit } from "./accounts.ts";
import { logCall } from "./calls.ts";
import {
  competitorAction,
  formCheckId,
  isCompetitorAction,
  type CompetitorDraft,
} from "./competitors.ts";
import { emailDraftOf, sendLeadEmail } from "./emails/leadEmails.ts";
import { followUpAction } from "./followUps.ts";
import { mergeLead, undoMerge } from "./merges.ts";
import { adminMessages } from "./messages.ts";
import {
  addNote,
  assignLead,
  changeStatus,
  deleteNote,
  editNote,
  eraseLead,
  markSpam,
} from "./pipeline.ts";
import type { AdminStore, StaffRecord } from "./store/types.ts";
import { addLeadTag, removeLeadTag } from "./tags.ts";

export type EmailDraft = ReturnType<typeof emailDraftOf>;

export type LeadPageOutcome =
  | { redirect: string }
  | {
      redirect?: undefined;
      status: number;
      message: string;
      emailDraft?: EmailDraft;
      /** The competitor form as typed, when it came back refused. */
      competitorDraft?: CompetitorDraft;
    };

type Result = { ok: true } | { ok: false; status: number; message: string };

/** Does what the lead page's form `form` asks for `lead`, as `staff`. */
export async function leadPageAction(
  ctx: {
    service: LeadService;
    store: AdminStore;
    lead: LeadRecord;
    staff: StaffRecord;
    /** The website check's allowances ('Run again'): the root's settings. */
    checks: AuditJobSettings;
  },
  form: FormData,
): Promise<LeadPageOutcome> {
  const { service, store, lead, staff } = ctx;
  const action = String(form.get("action") ?? "");
  if (isCompetitorAction(action)) {
    // The competitors of one of this lead's checks (the panel names the newest).
    const id = formCheckId(form.get("check"));
    const check = id ? await auditJobStoreFor(await service.store()).get(id) : null;
    if (!check || check.leadId !== lead.id) {
      return { status: 404, message: auditMessages.competitors.noCheck };
    }
    const done = await competitorAction(ctx, check, action, form);
    if (done.ok) {
      return {
        redirect: `/admin/leads/${lead.id}?saved=${action}&shown=${done.shown ? 1 : 0}#competitors`,
      };
    }
    return {
      status: done.status,
      message: done.message,
      ...(done.draft ? { competitorDraft: done.draft } : {}),
    };
  }
  let emailDraft: EmailDraft | undefined;
  let result: Result;
  // A lead merged into another is worked there (erasing it stays possible for an owner).
  if (lead.completedBy && action !== "erase" && (await store.mergedInto(lead.id))) {
    return { status: 409, message: adminMessages.merge.readOnly };
  }
  const followUp = followUpAction(store, lead.id, action, form, staff);
  if (followUp) result = await followUp;
  else if (action === "merge") result = await mergeLead(store, lead.id, form.get("merged"), staff);
  else if (action === "unmerge")
    result = await undoMerge(store, lead.id, form.get("merged"), staff);
  else if (action === "note")
    result = await addNote(store, lead.id, { note: form.get("note") }, staff);
  else if (action === "note-edit")
    result = await editNote(
      store,
      lead.id,
      { eventId: form.get("event"), note: form.get("note") },
      staff,
    );
  else if (action === "note-delete")
    result = await deleteNote(store, lead.id, { eventId: form.get("event") }, staff);
  else if (action === "call") result = await logCall(store, lead.id, form.get("outcome"), staff);
  else if (action === "email") {
    // Email the lead (./emails/leadEmails.ts); a refused one comes back as typed.
    const input = emailDraftOf(form);
    result = await sendLeadEmail(store, lead, input, staff, service.config.notify.email);
    if (result.ok) service.nudgeOutbox();
    else emailDraft = input;
  } else if (action === "tag-add")
    result = await addLeadTag(store, lead.id, form.get("tag"), staff);
  else if (action === "tag-remove")
    result = await removeLeadTag(store, lead.id, form.get("tag"), staff);
  else if (action === "website-check") result = await checkAgain(ctx);
  else if (action === "retry")
    result = await retryDelivery(ctx, String(form.get("delivery") ?? ""));
  else if (action === "assign")
    result = await assignLead(store, lead.id, form.get("assignee"), staff);
  else if (action === "spam")
    result = await markSpam(store, lead.id, form.get("spam") === "1", staff);
  else if (action === "erase") {
    result =
      form.get("confirm") === "ERASE"
        ? await eraseLead(store, lead.id, staff)
        : { ok: false, status: 422, message: adminMessages.lead.eraseNeedsConfirm };
    if (result.ok) return { redirect: "/admin?erased=1" };
  } else {
    result = await changeStatus(
      store,
      lead.id,
      { status: form.get("status"), reason: form.get("reason"), value: form.get("value") },
      staff,
    );
  }
  if (result.ok) return { redirect: `/admin/leads/${lead.id}?saved=${encodeURIComponent(action)}` };
  return { status: result.status, message: result.message, ...(emailDraft ? { emailDraft } : {}) };
}

/**
 * 'Run again': a fresh check of the lead's website, whoever runs it (src/audit/jobs.ts); 429 with
 * the message past the staff member's allowance (AUDIT_STAFF_RATE, AUDIT_STAFF_QUEUE).
 */
async function checkAgain(ctx: {
  service: LeadService;
  lead: LeadRecord;
  staff: StaffRecord;
  checks: AuditJobSettings;
}): Promise<Result> {
  const website = ctx.lead.fields.website?.trim();
  if (!website) return { ok: false, status: 422, message: auditMessages.panel.none };
  const settings = ctx.checks;
  const queued = await queueStaffCheck(
    await ctx.service.store(),
    { url: website, leadId: ctx.lead.id, staffId: ctx.staff.id },
    new Date(),
    settings,
  );
  if (!queued.ok) {
    const message = staffCapMessage(queued.reason, settings);
    return { ok: false, status: 429, message };
  }
  ctx.service.nudgeAudit();
  return { ok: true };
}

/** 'Try again' on a failed delivery of this lead: due now, with a new give-up time; audited. */
async function retryDelivery(
  ctx: { service: LeadService; store: AdminStore; lead: LeadRecord; staff: StaffRecord },
  delivery: string,
): Promise<Result> {
  const leads = await ctx.service.store();
  const failed = await leads.listNotifications(["failed"], ctx.lead.id);
  const now = new Date();
  const giveUpAt = new Date(now.getTime() + ctx.service.config.notify.outbox.maxAgeMs);
  const retried = failed.some((d) => d.id === delivery)
    ? await leads.retryNotifications([delivery], now, giveUpAt)
    : [];
  if (!retried.length)
    return { ok: false, status: 422, message: adminMessages.lead.noSuchDelivery };
  ctx.service.nudgeOutbox();
  await audit(ctx.store, "delivery_retry", {
    actorId: ctx.staff.id,
    subject: ctx.lead.id,
    detail: { delivery },
  });
  return { ok: true };
}
