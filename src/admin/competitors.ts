/**
 * The competitor forms of a website check, on a lead's page (its newest check) and on
 * /admin/checks (`?compare=<check id>`): plain same-origin posts naming the check (`check`) and
 * their `action`:
 *
 * - `competitor-add` (`url`, optional `name`): queues the competitor's check beside the
 *   prospect's (../audit/jobs.ts `queueCompetitorCheck`: the queue, the sandbox, the pacing and
 *   the staff member's allowance of any staff check), noted in the audit log. Not a website, the
 *   prospect's own site or a competitor already: 422 with the message; a fourth: 409; past the
 *   staff member's allowance: 429; nothing queued.
 * - `competitor-remove` (`competitor`): takes it off the check (a waiting check is cancelled).
 * - `competitors-show` (`show` 1 or 0): the 'show on the prospect's report' toggle.
 *
 * The page answers a success with 303 (a reload re-sends nothing) and a refusal with its status,
 * the message and what was typed.
 */
import {
  COMPETITORS_MAX,
  readCompetitorInput,
  type CompetitorInput,
} from "../audit/competitors.ts";
import {
  queueCompetitorCheck,
  siteKey,
  staffCapMessage,
  type AuditJobSettings,
} from "../audit/jobs.ts";
import { auditMessages } from "../audit/messages.ts";
import { auditJobStoreFor, type AuditJob } from "../audit/store/index.ts";
import type { LeadService } from "../leads/server.ts";
import { audit } from "./accounts.ts";
import type { AdminStore, StaffRecord } from "./store/types.ts";

/** The form's actions. */
export const competitorActions = [
  "competitor-add",
  "competitor-remove",
  "competitors-show",
] as const;
export type CompetitorAction = (typeof competitorActions)[number];

export const isCompetitorAction = (action: unknown): action is CompetitorAction =>
  (competitorActions as readonly unknown[]).includes(action);

/**
 * What the page says after the 303 of a competitor form (`?saved=<action>&shown=<0|1>`): our
 * words for the action, never text from the address.
 */
export function competitorNotice(action: CompetitorAction, shown: boolean): string {
  const copy = auditMessages.competitors;
  if (action === "competitor-add") return copy.added;
  if (action === "competitor-remove") return copy.removed;
  return shown ? copy.shown : copy.hidden;
}

/** What was typed in the add form, kept when it comes back refused. */
export interface CompetitorDraft {
  url: string;
  name: string;
  /** The message, tied to the field it is about. */
  error: { field: "url" | "name"; message: string } | null;
}

export type CompetitorOutcome =
  | { ok: true; notice: string; shown: boolean }
  | { ok: false; status: 403 | 404 | 409 | 422 | 429; message: string; draft?: CompetitorDraft };

/** Reads a check id from a form: letters, digits and dashes only. */
export const formCheckId = (value: FormDataEntryValue | null): string | null =>
  typeof value === "string" && /^[\w-]{1,64}$/.test(value) ? value : null;

/** Does `action` of the competitor forms on `check` (a prospect's check, never a competitor's). */
export async function competitorAction(
  ctx: { service: LeadService; store: AdminStore; staff: StaffRecord; checks: AuditJobSettings },
  check: AuditJob,
  action: string,
  form: FormData,
): Promise<CompetitorOutcome> {
  const copy = auditMessages.competitors;
  if (check.competitorOf !== null) return { ok: false, status: 404, message: copy.noCheck };
  const jobs = auditJobStoreFor(await ctx.service.store());
  if (action === "competitors-show") {
    const show = form.get("show") === "1";
    if (!(await jobs.showCompetitors(check.id, show))) {
      return { ok: false, status: 404, message: copy.noCheck };
    }
    await audit(ctx.store, "website_competitors_shown", {
      actorId: ctx.staff.id,
      subject: check.id,
      detail: { shown: show },
    });
    return { ok: true, notice: show ? copy.shown : copy.hidden, shown: show };
  }
  if (action === "competitor-remove") {
    const id = formCheckId(form.get("competitor"));
    if (!id || !(await jobs.removeCompetitor(check.id, id, ctx.staff.id, new Date()))) {
      return { ok: false, status: 409, message: copy.notRemoved };
    }
    await audit(ctx.store, "website_competitor_removed", {
      actorId: ctx.staff.id,
      subject: id,
      detail: { check: check.id },
    });
    return { ok: true, notice: copy.removed, shown: check.showCompetitors };
  }
  // competitor-add
  const rawUrl = form.get("url");
  const rawName = form.get("name");
  const typed = {
    url: typeof rawUrl === "string" ? rawUrl.slice(0, 2048) : "",
    name: typeof rawName === "string" ? rawName.slice(0, 200) : "",
  };
  const refused = (status: 409 | 422 | 429 | 404, message: string, field: "url" | "name") => ({
    ok: false as const,
    status,
    message,
    draft: { ...typed, error: { field, message } },
  });
  const read: CompetitorInput = readCompetitorInput(
    { url: rawUrl, name: rawName },
    check,
    await jobs.competitors(check.id),
  );
  if (!read.ok) return refused(read.status, read.message, read.field);
  const queued = await queueCompetitorCheck(
    await ctx.service.store(),
    {
      checkId: check.id,
      url: read.url,
      label: read.label,
      staffId: ctx.staff.id,
      max: COMPETITORS_MAX,
    },
    new Date(),
    ctx.checks,
  );
  if (!queued.ok) {
    if (queued.reason === "competitors") {
      return refused(409, copy.tooMany(COMPETITORS_MAX), "url");
    }
    if (queued.reason === "missing") return refused(404, copy.noCheck, "url");
    return refused(429, staffCapMessage(queued.reason, ctx.checks), "url");
  }
  await audit(ctx.store, "website_competitor_added", {
    actorId: ctx.staff.id,
    subject: queued.id,
    detail: { check: check.id, site: siteKey(read.url) ?? read.site },
  });
  ctx.service.nudgeAudit();
  return { ok: true, notice: copy.added, shown: check.showCompetitors };
}
