/**
 * Two leads of the same person merged by staff (issue 39 §3, decisions D270-D272): on a lead's
 * page, 'Merge into this lead' beside each of the same person's other leads. The merged lead is
 * kept, not deleted (erasure, the report's roll-ups and the counts stay right): it leaves the
 * inbox and is counted in the kept lead, its timeline shows in the kept lead's marked with where
 * it came from, the kept lead's missing phone, company and website are filled from it, the audit
 * log says who merged what, and 'Undo merge' on the kept lead restores both for 24 hours. The
 * store does it in one transaction (src/admin/store/merges.ts); the rules are here.
 */
import { leadForms } from "../leads/fields.ts";
import { leadCompany } from "../leads/source.ts";
import type { LeadRecord } from "../leads/store/types.ts";
import { audit } from "./accounts.ts";
import { adminMessages } from "./messages.ts";
import type { WorkResult } from "./pipeline.ts";
import type { AdminStore, LeadMerge, MergePlan, StaffRecord } from "./store/types.ts";

/** How long a merge can be undone. */
export const MERGE_UNDO_MS = 24 * 60 * 60_000;

const sameText = (a: string | undefined, b: string | undefined) =>
  !!a?.trim() && a.trim().toLowerCase() === b?.trim().toLowerCase();

/**
 * The same person: the same email (case-insensitive) or the same phone (stored in E.164 since
 * issue 12), as the lead page's list of the same person's other leads finds them.
 */
export function samePerson(a: LeadRecord, b: LeadRecord): boolean {
  return (
    sameText(a.fields.email, b.fields.email) ||
    (!!a.fields.phone?.trim() && a.fields.phone.trim() === b.fields.phone?.trim())
  );
}

/**
 * What the kept lead gets from the merged one: each of its phone, company and website it lacks
 * and the merged lead has, under the name its own form gives it (a company is `companyName` on
 * the audit form, `company` elsewhere).
 */
export function fieldsToFill(kept: LeadRecord, merged: LeadRecord): Record<string, string> {
  const fill: Record<string, string> = {};
  const has = (value: string | undefined) => !!value?.trim();
  if (!has(kept.fields.phone) && has(merged.fields.phone)) fill.phone = merged.fields.phone!;
  if (!has(leadCompany(kept.fields)) && has(leadCompany(merged.fields))) {
    const form = leadForms[kept.form as keyof typeof leadForms];
    const names: readonly string[] = form ? form.fields.map((f) => f.name) : [];
    fill[names.includes("companyName") ? "companyName" : "company"] = leadCompany(merged.fields);
  }
  if (!has(kept.fields.website) && has(merged.fields.website)) {
    fill.website = merged.fields.website!;
  }
  return fill;
}

/** The store's plan of a merge: the same person, and what to fill. */
export function mergePlan(kept: LeadRecord, merged: LeadRecord): MergePlan {
  if (!samePerson(kept, merged)) return { ok: false, outcome: "not_same" };
  return { ok: true, fill: fieldsToFill(kept, merged) };
}

const idOf = (value: unknown) =>
  typeof value === "string" && /^[\w-]{1,64}$/.test(value) ? value : "";

/** 'Merge into this lead': `merged` (a lead id from the form) into `keptId`, audited. */
export async function mergeLead(
  store: AdminStore,
  keptId: string,
  merged: unknown,
  actor: StaffRecord,
  now: Date = new Date(),
): Promise<WorkResult | { ok: false; status: 409; message: string }> {
  const copy = adminMessages.merge;
  const mergedId = idOf(merged);
  if (!mergedId) return { ok: false, status: 422, message: copy.chooseLead };
  const done = await store.mergeLeads({
    keptId,
    mergedId,
    at: now.toISOString(),
    actorId: actor.id,
    plan: mergePlan,
  });
  switch (done.outcome) {
    case "merged":
      await audit(
        store,
        "lead_merge",
        {
          actorId: actor.id,
          subject: keptId,
          // The names of the fields filled, never their values (the log outlives the leads).
          detail: { merged: mergedId, filled: Object.keys(done.filled) },
        },
        now,
      );
      return { ok: true };
    case "missing":
      return { ok: false, status: 404, message: adminMessages.lead.missing };
    case "self":
      return { ok: false, status: 422, message: copy.self };
    case "not_same":
      return { ok: false, status: 422, message: copy.notSame };
    case "merged_already":
      return { ok: false, status: 409, message: copy.mergedAlready };
    case "has_merged":
      return { ok: false, status: 409, message: copy.hasMerged };
  }
}

/** 'Undo merge' on the kept lead, within MERGE_UNDO_MS of the merge, audited. */
export async function undoMerge(
  store: AdminStore,
  keptId: string,
  merged: unknown,
  actor: StaffRecord,
  now: Date = new Date(),
): Promise<WorkResult | { ok: false; status: 409; message: string }> {
  const copy = adminMessages.merge;
  const mergedId = idOf(merged);
  const done = mergedId
    ? await store.unmergeLead({
        keptId,
        mergedId,
        since: new Date(now.getTime() - MERGE_UNDO_MS).toISOString(),
      })
    : { outcome: "missing" as const };
  if (done.outcome !== "undone") {
    return done.outcome === "expired"
      ? { ok: false, status: 409, message: copy.expired }
      : { ok: false, status: 404, message: copy.noSuchMerge };
  }
  await audit(
    store,
    "lead_unmerge",
    { actorId: actor.id, subject: keptId, detail: { merged: mergedId, restored: done.restored } },
    now,
  );
  return { ok: true };
}

/** Until when a merge can be undone; null once it cannot. */
export function undoUntil(merge: Pick<LeadMerge, "mergedAt">, now: Date): Date | null {
  const until = new Date(Date.parse(merge.mergedAt) + MERGE_UNDO_MS);
  return until.getTime() > now.getTime() ? until : null;
}
