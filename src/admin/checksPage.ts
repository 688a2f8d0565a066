/**
 * The post of the checks page (/admin/checks): a website address to check. A readable one queues
 * a fresh check (../audit/jobs.ts queueStaffCheck, no lead, never counted against a visitor's
 * hourly limit), notes it in the audit log and wakes the checker; the page answers 303 back to
 * itself with the check's id (`?queued=<id>`, named by its site from the store on the GET, never
 * text from the URL), so a reload re-sends nothing. An address that cannot be read is the page
 * again with 422, the message and what was typed.
 */
import { queueStaffCheck } from "../audit/jobs.ts";
import { readCheckUrl } from "../audit/staffChecks.ts";
import type { LeadService } from "../leads/server.ts";
import { audit } from "./accounts.ts";
import type { AdminStore, StaffRecord } from "./store/types.ts";

export type ChecksPageOutcome =
  { redirect: string } | { redirect?: undefined; status: 422; message: string; typed?: string };

/** Queues the check `form` asks for, run by `staff`. */
export async function checksPageAction(
  ctx: { service: LeadService; store: AdminStore; staff: StaffRecord },
  form: FormData,
): Promise<ChecksPageOutcome> {
  const raw = form.get("url");
  const read = readCheckUrl(raw);
  if (!read.ok) {
    return {
      status: 422,
      message: read.message,
      ...(typeof raw === "string" ? { typed: raw.slice(0, 2048) } : {}),
    };
  }
  const id = await queueStaffCheck(await ctx.service.store(), {
    url: read.url,
    leadId: null,
    staffId: ctx.staff.id,
  });
  await audit(ctx.store, "website_check", {
    actorId: ctx.staff.id,
    subject: id,
    detail: { site: read.site },
  });
  ctx.service.nudgeAudit();
  return { redirect: `/admin/checks?queued=${id}` };
}
