/**
 * Bulk actions on the leads ticked in the inbox (issue 27): set a status, assign, add a tag, move
 * to the spam folder or out of it, or export them. Each lead goes through the same service
 * function as its own page's form (./pipeline.ts, ./tags.ts), so the rules, the timeline entries
 * and the audit rows are those of the single action, one per lead. At most BULK_MAX leads a
 * request: more is refused (413) before anything changes. A refusal every lead would get (no
 * status chosen, lost without a reason, a malformed tag, an unknown assignee) stops the request
 * before any lead changed; a lead erased meanwhile is passed over, and once one lead changed, a
 * lead that cannot take the change (a tag past its cap) is left as it is and not counted.
 */
import { adminMessages } from "./messages.ts";
import { assignLead, changeStatus, markSpam, type WorkResult } from "./pipeline.ts";
import type { AdminStore, StaffRecord } from "./store/types.ts";
import { addLeadTag } from "./tags.ts";

export const BULK_MAX = 100;

export const bulkActions = ["status", "assign", "tag", "spam", "not-spam", "export"] as const;
export type BulkAction = (typeof bulkActions)[number];

const isBulkAction = (value: unknown): value is BulkAction =>
  typeof value === "string" && (bulkActions as readonly string[]).includes(value);

const LEAD_ID = /^[\w-]{1,64}$/;

/**
 * The leads a bulk form names: the ticked rows (`id`), or with 'Select all on this page'
 * (`all=1`) every lead of the page (`page`); duplicates and malformed ids dropped.
 */
export function bulkIds(form: FormData): string[] {
  const values = [...form.getAll("id"), ...(form.get("all") === "1" ? form.getAll("page") : [])];
  return [...new Set(values.filter((v): v is string => typeof v === "string" && LEAD_ID.test(v)))];
}

export type BulkRequest =
  | { ok: true; action: BulkAction; ids: string[] }
  | { ok: false; status: 413 | 422; message: string };

/** The action and leads of a bulk form, or why it is refused as a whole (nothing changed). */
export function readBulk(form: FormData): BulkRequest {
  const copy = adminMessages.queue.bulk;
  const action = form.get("action");
  if (!isBulkAction(action)) return { ok: false, status: 422, message: copy.badAction };
  const ids = bulkIds(form);
  if (!ids.length) return { ok: false, status: 422, message: copy.none };
  if (ids.length > BULK_MAX) return { ok: false, status: 413, message: copy.tooMany(BULK_MAX) };
  return { ok: true, action, ids };
}

/** Applies a change action (all but export) to each lead; how many it changed. */
export async function applyBulk(
  store: AdminStore,
  request: { action: Exclude<BulkAction, "export">; ids: string[] },
  form: FormData,
  actor: StaffRecord,
): Promise<{ ok: true; updated: number } | { ok: false; status: 404 | 422; message: string }> {
  const one = (leadId: string): Promise<WorkResult> => {
    switch (request.action) {
      case "status":
        return changeStatus(
          store,
          leadId,
          { status: form.get("status"), reason: form.get("reason") },
          actor,
        );
      case "assign":
        return assignLead(store, leadId, form.get("assignee"), actor);
      case "tag":
        return addLeadTag(store, leadId, form.get("tag"), actor);
      case "spam":
      case "not-spam":
        return markSpam(store, leadId, request.action === "spam", actor);
    }
  };
  let updated = 0;
  for (const leadId of request.ids) {
    const result = await one(leadId);
    if (result.ok) updated += 1;
    // Refused before any lead changed: the request's own fault, said as such.
    else if (result.status === 422 && updated === 0) {
      return { ok: false, status: 422, message: result.message };
    }
  }
  return { ok: true, updated };
}
