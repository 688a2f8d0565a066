/**
 * Tags (issue 27): free labels staff put on a lead ('roofing', 'call back in spring'), shown as
 * chips in the inbox and on the lead's page, filtered on, exported, erased with the lead. A tag
 * is lower-cased, its runs of spaces made one, letters (any script), digits, spaces, dashes and
 * underscores only, at most TAG_MAX characters; a lead carries at most TAGS_PER_LEAD. Each change
 * is a 'tag' event on the lead's timeline (who and when), which an erasure deletes with the lead;
 * not the audit log, which outlives the lead and must not keep what a label may say of a person.
 */
import { newLeadId } from "../server/id.ts";
import { adminMessages } from "./messages.ts";
import type { WorkResult } from "./pipeline.ts";
import type { AdminStore, StaffRecord } from "./store/types.ts";

export const TAG_MAX = 32;
export const TAGS_PER_LEAD = 20;

const ALLOWED = /^[\p{L}\p{N}][\p{L}\p{N}\p{M} _-]*$/u;

/** A typed tag as stored, or what is wrong with it. */
export function normaliseTag(raw: unknown): { tag: string } | { problem: string } {
  const copy = adminMessages.queue.tags;
  const text = typeof raw === "string" ? raw.normalize("NFC").trim().replace(/\s+/g, " ") : "";
  if (!text) return { problem: copy.empty };
  if ([...text].length > TAG_MAX) return { problem: copy.tooLong(TAG_MAX) };
  if (!ALLOWED.test(text)) return { problem: copy.badCharacters };
  return { tag: text.toLowerCase() };
}

/** A tag from a URL (the inbox's filter): normalised, or "" when it could be no tag. */
export function tagParam(raw: string | null): string {
  const result = normaliseTag(raw);
  return "tag" in result ? result.tag : "";
}

/** Tags the lead (its page's 'Add tag', or a bulk action), on its timeline. */
export async function addLeadTag(
  store: AdminStore,
  leadId: string,
  raw: unknown,
  actor: StaffRecord,
  now: Date = new Date(),
): Promise<WorkResult> {
  const copy = adminMessages.queue.tags;
  const result = normaliseTag(raw);
  if ("problem" in result) return { ok: false, status: 422, message: result.problem };
  const added = await store.addTag(leadId, {
    tag: result.tag,
    cap: TAGS_PER_LEAD,
    eventId: newLeadId(now.getTime()),
    actorId: actor.id,
    at: now.toISOString(),
  });
  if (added === "missing") return { ok: false, status: 404, message: adminMessages.lead.missing };
  if (added === "full") return { ok: false, status: 422, message: copy.full(TAGS_PER_LEAD) };
  // Tagging a lead that has the tag already changes nothing and is no error (a bulk action
  // over leads some of which have it).
  return { ok: true };
}

/** Takes a tag off the lead, on its timeline. */
export async function removeLeadTag(
  store: AdminStore,
  leadId: string,
  raw: unknown,
  actor: StaffRecord,
  now: Date = new Date(),
): Promise<WorkResult> {
  const result = normaliseTag(raw);
  if ("problem" in result) return { ok: false, status: 422, message: result.problem };
  const removed = await store.removeTag(leadId, {
    tag: result.tag,
    eventId: newLeadId(now.getTime()),
    actorId: actor.id,
    at: now.toISOString(),
  });
  return removed
    ? { ok: true }
    : { ok: false, status: 422, message: adminMessages.queue.tags.notThere(result.tag) };
}

/** A tag event on the timeline: "Tagged roofing", "Tag roofing removed". */
export function tagEventText(body: string): string {
  const copy = adminMessages.queue.tags;
  try {
    const parsed = JSON.parse(body) as { action?: string; tag?: string };
    const tag = String(parsed.tag ?? "");
    return parsed.action === "removed" ? copy.removed(tag) : copy.added(tag);
  } catch {
    return copy.added(body);
  }
}
