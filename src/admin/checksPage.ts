/**
 * The posts of the checks page (/admin/checks):
 *
 * - A website address to check. A readable one queues a fresh check (../audit/jobs.ts
 *   queueStaffCheck, no lead, never counted against a visitor's hourly limit), notes it in the
 *   audit log and wakes the checker; the page answers 303 back to itself with the check's id
 *   (`?queued=<id>`, named by its site from the store on the GET, never text from the URL), so a
 *   reload re-sends nothing. An address that cannot be read is the page again with 422, the
 *   message and what was typed; past the staff member's allowance (AUDIT_STAFF_RATE an hour,
 *   AUDIT_STAFF_QUEUE waiting) 429 with the message, and nothing queued.
 * - `action=cancel` with a check's id (the owner only; anyone else gets 403): takes a check that
 *   is still waiting off the queue (status cancelled, noted in the audit log), 303 back with
 *   `?cancelled=<id>`; a check already running or finished is left as it is (409, said so).
 *
 * - The competitor forms of the check `?compare=<id>` shows (`competitor-add`,
 *   `competitor-remove`, `competitors-show`: ./competitors.ts), answered 303 back to that check.
 *
 * All are plain same-origin form posts: the middleware refuses a post from another origin
 * (403), as for every admin form.
 */
import { queueStaffCheck, siteKey, staffCapMessage, type AuditJobSettings } from "../audit/jobs.ts";
import { auditMessages } from "../audit/messages.ts";
import { readCheckUrl } from "../audit/staffChecks.ts";
import { auditJobStoreFor } from "../audit/store/index.ts";
import type { LeadService } from "../leads/server.ts";
import { audit } from "./accounts.ts";
import {
  competitorAction,
  formCheckId,
  isCompetitorAction,
  type CompetitorDraft,
} from "./competitors.ts";
import type { AdminStore, StaffRecord } from "./store/types.ts";

export type ChecksPageOutcome =
  | { redirect: string }
  | {
      redirect?: undefined;
      status: 403 | 404 | 409 | 422 | 429;
      message: string;
      typed?: string;
      /** The competitor form as typed, when it came back refused. */
      competitorDraft?: CompetitorDraft;
    };

/** Does what `form` asks for, as `staff`. */
export async function checksPageAction(
  ctx: { service: LeadService; store: AdminStore; staff: StaffRecord; checks: AuditJobSettings },
  form: FormData,
): Promise<ChecksPageOutcome> {
  const action = form.get("action");
  if (action === "cancel") return cancelCheck(ctx, form.get("id"));
  if (isCompetitorAction(action)) {
    const id = formCheckId(form.get("check"));
    const check = id ? await auditJobStoreFor(await ctx.service.store()).get(id) : null;
    if (!check) return { status: 404, message: auditMessages.competitors.noCheck };
    const done = await competitorAction(ctx, check, action, form);
    if (done.ok) {
      const shown = done.shown ? 1 : 0;
      return {
        redirect: `/admin/checks?compare=${check.id}&saved=${action}&shown=${shown}#competitors`,
      };
    }
    return {
      status: done.status,
      message: done.message,
      ...(done.draft ? { competitorDraft: done.draft } : {}),
    };
  }
  const raw = form.get("url");
  const read = readCheckUrl(raw);
  const typed = typeof raw === "string" ? { typed: raw.slice(0, 2048) } : {};
  if (!read.ok) return { status: 422, message: read.message, ...typed };
  const settings = ctx.checks;
  const queued = await queueStaffCheck(
    await ctx.service.store(),
    { url: read.url, leadId: null, staffId: ctx.staff.id },
    new Date(),
    settings,
  );
  if (!queued.ok) {
    const message = staffCapMessage(queued.reason, settings);
    return { status: 429, message, ...typed };
  }
  await audit(ctx.store, "website_check", {
    actorId: ctx.staff.id,
    subject: queued.id,
    detail: { site: read.site },
  });
  ctx.service.nudgeAudit();
  return { redirect: `/admin/checks?queued=${queued.id}` };
}

async function cancelCheck(
  ctx: { service: LeadService; store: AdminStore; staff: StaffRecord },
  rawId: FormDataEntryValue | null,
): Promise<ChecksPageOutcome> {
  const copy = auditMessages.staffChecks;
  if (ctx.staff.role !== "owner") return { status: 403, message: copy.ownerOnly };
  const id = typeof rawId === "string" ? rawId.slice(0, 64) : "";
  const jobs = auditJobStoreFor(await ctx.service.store());
  const job = id ? await jobs.get(id) : null;
  if (!job || !(await jobs.cancel(job.id, ctx.staff.id, new Date()))) {
    return { status: 409, message: copy.notCancelled };
  }
  await audit(ctx.store, "website_check_cancelled", {
    actorId: ctx.staff.id,
    subject: job.id,
    detail: { site: siteKey(job.url) ?? "" },
  });
  return { redirect: `/admin/checks?cancelled=${job.id}` };
}
