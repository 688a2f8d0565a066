/**
 * Working a lead: its status in the agency's pipeline (new → contacted → qualified → won | lost,
 * lost with a reason) and notes on its timeline, with who and when. The rules for the text staff
 * type are the public forms' (no control characters but line breaks and tabs, valid Unicode).
 */
import { auditMessages } from "../audit/messages.ts";
import { formatPhone } from "../leads/phone.ts";
import { newLeadId } from "../server/id.ts";
import { formatAgencyTime } from "../lib/formatAgencyTime.ts";
import type { BookingEventBody } from "../leads/scheduling/bookings.ts";
import { CONTROL_MULTI_LINE } from "../leads/schema.ts";
import { isWellFormed } from "../leads/text.ts";
import { audit } from "./accounts.ts";
import { callText } from "./calls.ts";
import { followUpEvent } from "./followUps.ts";
import { tagEventText } from "./tags.ts";
import { adminMessages } from "./messages.ts";
import { formatCents, parseDollars } from "./money.ts";
import type { NoteChange } from "./store/revenue.ts";
import {
  leadStatuses,
  type AdminStore,
  type LeadEvent,
  type LeadStatus,
  type StaffRecord,
} from "./store/types.ts";

export const NOTE_MAX = 5_000;
export const REASON_MAX = 500;

/** What is wrong with a note or reason, or null. */
function textProblem(text: string, max: number): string | null {
  if (!text) return adminMessages.lead.empty;
  if ([...text].length > max) return adminMessages.lead.tooLong(max);
  if (CONTROL_MULTI_LINE.test(text) || !isWellFormed(text)) return adminMessages.lead.unreadable;
  return null;
}

export const isLeadStatus = (value: unknown): value is LeadStatus =>
  typeof value === "string" && (leadStatuses as readonly string[]).includes(value);

export type WorkResult = { ok: true } | { ok: false; status: 403 | 404 | 422; message: string };

export async function changeStatus(
  store: AdminStore,
  leadId: string,
  input: { status: unknown; reason?: unknown; value?: unknown },
  actor: StaffRecord,
  now: Date = new Date(),
): Promise<WorkResult> {
  if (!isLeadStatus(input.status)) {
    return { ok: false, status: 422, message: adminMessages.lead.badStatus };
  }
  let reason: string | null = null;
  if (input.status === "lost") {
    reason = typeof input.reason === "string" ? input.reason.trim() : "";
    const problem = textProblem(reason, REASON_MAX);
    if (problem) {
      return {
        ok: false,
        status: 422,
        message: reason ? problem : adminMessages.lead.reasonNeeded,
      };
    }
  }
  // Won asks for the job's value (optional, in dollars); any other status clears it.
  let wonValueCents: number | null = null;
  if (input.status === "won") {
    const value = parseDollars(input.value, adminMessages.revenue);
    if (!value.ok) return { ok: false, status: 422, message: value.message };
    wonValueCents = value.cents;
  }
  const done = await store.setStatus(leadId, {
    status: input.status,
    lostReason: reason,
    wonValueCents,
    eventId: newLeadId(now.getTime()),
    actorId: actor.id,
    at: now.toISOString(),
  });
  if (!done) return { ok: false, status: 404, message: adminMessages.lead.missing };
  await audit(
    store,
    "lead_status",
    {
      actorId: actor.id,
      subject: leadId,
      detail:
        wonValueCents === null ? { status: input.status } : { status: input.status, wonValueCents },
    },
    now,
  );
  return { ok: true };
}

export async function addNote(
  store: AdminStore,
  leadId: string,
  input: { note: unknown },
  actor: StaffRecord,
  now: Date = new Date(),
): Promise<WorkResult> {
  const note = typeof input.note === "string" ? input.note.trim() : "";
  const problem = textProblem(note, NOTE_MAX);
  if (problem) return { ok: false, status: 422, message: problem };
  const done = await store.addNote(leadId, {
    eventId: newLeadId(now.getTime()),
    actorId: actor.id,
    at: now.toISOString(),
    body: note,
  });
  return done ? { ok: true } : { ok: false, status: 404, message: adminMessages.lead.missing };
}

type NoteResult = WorkResult | { ok: false; status: 403; message: string };

const noteOutcome = (change: NoteChange): NoteResult =>
  change === "ok"
    ? { ok: true }
    : change === "forbidden"
      ? { ok: false, status: 403, message: adminMessages.revenue.notYourNote }
      : { ok: false, status: 404, message: adminMessages.revenue.noSuchNote };

/**
 * Rewrites a note: its author only (anyone else: 403), with the rules of a new note; the timeline
 * says 'edited' and when, the audit log who and which note (not the words).
 */
export async function editNote(
  store: AdminStore,
  leadId: string,
  input: { eventId: unknown; note: unknown },
  actor: StaffRecord,
  now: Date = new Date(),
): Promise<NoteResult> {
  const eventId = typeof input.eventId === "string" ? input.eventId : "";
  const note = typeof input.note === "string" ? input.note.trim() : "";
  const problem = textProblem(note, NOTE_MAX);
  if (problem) return { ok: false, status: 422, message: problem };
  const change = await store.editNote(leadId, {
    eventId,
    actorId: actor.id,
    at: now.toISOString(),
    body: note,
  });
  if (change === "ok")
    await audit(
      store,
      "note_edited",
      { actorId: actor.id, subject: leadId, detail: { eventId } },
      now,
    );
  return noteOutcome(change);
}

/**
 * Deletes a note: its author only. Its words go; the timeline keeps 'Note deleted' with who wrote
 * it and when it went, and the audit log who deleted which note.
 */
export async function deleteNote(
  store: AdminStore,
  leadId: string,
  input: { eventId: unknown },
  actor: StaffRecord,
  now: Date = new Date(),
): Promise<NoteResult> {
  const eventId = typeof input.eventId === "string" ? input.eventId : "";
  const change = await store.deleteNote(leadId, {
    eventId,
    actorId: actor.id,
    at: now.toISOString(),
  });
  if (change === "ok")
    await audit(
      store,
      "note_deleted",
      { actorId: actor.id, subject: leadId, detail: { eventId } },
      now,
    );
  return noteOutcome(change);
}

/**
 * What a timeline entry says: a note, an assignment, a call, a follow-up, or a move (lost with its
 * reason).
 */
export function eventText(event: Pick<LeadEvent, "kind" | "body" | "status">): string {
  const copy = adminMessages.lead;
  if (event.kind === "note") return event.body ? copy.noted : adminMessages.revenue.noteDeleted;
  if (event.kind === "status" && !event.status) {
    // A spam move (src/admin/store/revenue.ts).
    return event.body === "spam"
      ? adminMessages.revenue.spamMarked
      : adminMessages.revenue.spamUnmarked;
  }
  if (event.status === "won" && /^\d+$/.test(event.body)) {
    return adminMessages.revenue.wonWith(formatCents(Number(event.body)));
  }
  if (event.kind === "follow_up") return followUpEvent(event.body).text;
  if (event.kind === "booking") return bookingEventText(event.body);
  if (event.kind === "tag") return tagEventText(event.body);
  if (event.kind === "callback") return callbackText(event.body);
  if (event.kind === "call") {
    return callText(event.body, event.status ? adminMessages.statuses[event.status] : null);
  }
  if (event.kind === "assign") return event.body ? copy.assignedTo(event.body) : copy.unassigned;
  if (event.status === "lost" && event.body) return copy.lostBecause(event.body);
  return copy.movedTo(event.status ? adminMessages.statuses[event.status] : "");
}

/** A booked call on the timeline: when on the agency's clock, or that it was cancelled. */
export function bookingEventText(body: string): string {
  const copy = adminMessages.bookings;
  let parsed: Partial<BookingEventBody> = {};
  try {
    parsed = JSON.parse(body) as Partial<BookingEventBody>;
  } catch {
    // An unreadable body still says a call was booked.
  }
  const when = parsed.startTime ? formatAgencyTime(parsed.startTime) : "";
  return parsed.action === "canceled"
    ? copy.canceled(when, parsed.reason)
    : copy.booked(when, parsed.event ?? "");
}

/** A 'callback' entry: the number and the time of day the prospect left (src/audit/callback.ts). */
function callbackText(body: string): string {
  let left: { phone?: unknown; time?: unknown } = {};
  try {
    left = JSON.parse(body) as typeof left;
  } catch {
    // An unreadable body still says what happened.
  }
  const times: Record<string, string> = auditMessages.callback.times;
  const phone = typeof left.phone === "string" ? formatPhone(left.phone) : "";
  const time = typeof left.time === "string" ? (times[left.time] ?? left.time) : "";
  return adminMessages.lead.callbackLeft(phone, time);
}

/** The words a timeline entry quotes: a note's, or a follow-up's note. */
export function eventNote(event: Pick<LeadEvent, "kind" | "body">): string | undefined {
  if (event.kind === "note") return event.body || undefined;
  if (event.kind === "follow_up") return followUpEvent(event.body).note;
  return undefined;
}

/** A wait in words: "12 min", "3 h 5 min", "4 days". */
export function duration(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  if (whole < 60) return `${whole} min`;
  const hours = Math.floor(whole / 60);
  if (hours < 48) return `${hours} h ${whole % 60} min`;
  return `${Math.floor(hours / 24)} days`;
}

/** How long a lead waited for its first contact, in words; null while it is still new. */
export function waited(createdAt: string, firstContactedAt: string | null): string | null {
  if (!firstContactedAt) return null;
  return duration((Date.parse(firstContactedAt) - Date.parse(createdAt)) / 60_000);
}

/** Moves a lead into the spam folder ('Spam') or out of it ('Not spam'), on its timeline. */
export async function markSpam(
  store: AdminStore,
  leadId: string,
  spam: boolean,
  actor: StaffRecord,
  now: Date = new Date(),
): Promise<WorkResult> {
  const move = {
    spam,
    eventId: newLeadId(now.getTime()),
    actorId: actor.id,
    at: now.toISOString(),
  };
  if (!(await store.moveSpam(leadId, move))) {
    return { ok: false, status: 404, message: adminMessages.lead.missing };
  }
  await audit(
    store,
    spam ? "lead_spam" : "lead_not_spam",
    { actorId: actor.id, subject: leadId },
    now,
  );
  return { ok: true };
}

/**
 * Erases a lead for a privacy request (owners only): the lead, its deliveries, its timeline and
 * the growth partial it completed. The audit log keeps that it happened and the ids, nothing else,
 * and the store's files forget the rows too (AdminStore.forgetErased).
 */
export async function eraseLead(
  store: AdminStore,
  leadId: string,
  actor: StaffRecord,
  now: Date = new Date(),
): Promise<WorkResult | { ok: false; status: 403; message: string }> {
  if (actor.role !== "owner")
    return { ok: false, status: 403, message: adminMessages.lead.ownersOnly };
  const erased = await store.eraseLead(leadId);
  if (!erased.leads.length) return { ok: false, status: 404, message: adminMessages.lead.missing };
  await audit(
    store,
    "lead_erased",
    { actorId: actor.id, subject: leadId, detail: { leads: erased.leads } },
    now,
  );
  await store.forgetErased();
  return { ok: true };
}

/** Assigns a lead to a staff member ('' or unknown: to nobody), on the timeline with who. */
export async function assignLead(
  store: AdminStore,
  leadId: string,
  assignee: unknown,
  actor: StaffRecord,
  now: Date = new Date(),
): Promise<WorkResult> {
  const staff = typeof assignee === "string" && assignee ? await store.getStaff(assignee) : null;
  // Not to an unknown or deactivated account (their leads are reassigned away from them).
  if (typeof assignee === "string" && assignee && (!staff || staff.deactivatedAt)) {
    return { ok: false, status: 422, message: adminMessages.lead.badAssignee };
  }
  const done = await store.assign(leadId, {
    assigneeId: staff?.id ?? null,
    eventId: newLeadId(now.getTime()),
    actorId: actor.id,
    at: now.toISOString(),
    body: staff?.email ?? "",
  });
  return done ? { ok: true } : { ok: false, status: 404, message: adminMessages.lead.missing };
}
