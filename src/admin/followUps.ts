/**
 * Follow-ups (issue 27): a date and time on the agency's clock, with a short note, on any lead.
 *
 * - One open follow-up per lead: setting a new one replaces it. Done deletes it; a snooze moves it
 *   (an hour, a day). Each is on the lead's timeline (kind 'follow_up') and in the audit log.
 * - The date and time typed are the agency's wall clock (site config `hours.timeZone`, e.g.
 *   America/New_York), never the browser's: 09:00 is 09:00 in New York in winter and in summer.
 * - The inbox's Due view lists the follow-ups due before the end of today (agency time), most
 *   overdue first, from the index on (due time, lead).
 * - When one falls due, a sweep in every server queues one email to its assignee (the lead's
 *   assignee, else who set it) through the outbox, channel 'followup'. A follow-up is marked
 *   queued by a conditional update, so one server alone queues it, and the outbox's claim sends it
 *   once. The delivery checks again: one done (or moved later) since is not emailed. Only with
 *   SMTP (it is an email); a snooze arms the email again for the new time.
 */
import { agencyZone } from "../lib/agencyZone.ts";
import { agencyDay, agencyMoment, wallClock } from "../lib/agencyClock.ts";
import { newLeadId } from "../server/id.ts";
import {
  composedEmailDeliverer,
  leadLink,
  visitorName,
  type EmailSettings,
} from "../leads/notify/email.ts";
import type { Deliverer } from "../leads/notify/types.ts";
import { CONTROL_MULTI_LINE } from "../leads/schema.ts";
import { leadName } from "../leads/source.ts";
import type { LeadStore } from "../leads/store/types.ts";
import { isWellFormed } from "../leads/text.ts";
import { formatAgencyTime } from "../lib/formatAgencyTime.ts";
import { audit } from "./accounts.ts";
import { contactLinks } from "./contact.ts";
import { leadRow } from "./inbox.ts";
import { adminMessages } from "./messages.ts";
import { startSweep } from "./reminders.ts";
import type { WorkResult } from "./pipeline.ts";
import { adminStoreFor } from "./store/index.ts";
import type { AdminStore, StaffRecord } from "./store/types.ts";

export { agencyDay, agencyMoment };

export const FOLLOW_UP_NOTE_MAX = 200;
/** How far ahead a follow-up may be set (a typo such as 2062 is refused). */
const MAX_AHEAD_DAYS = 366;
/** The Due view's badge counts up to this many ("999+" past it). */
export const DUE_CAP = 1000;
/** Follow-up emails queued per sweep at most (the next sweep takes the rest). */
const SWEEP_BATCH = 100;
const GIVE_UP_MS = 24 * 60 * 60_000;
const HOUR = 60 * 60_000;

/** The snoozes offered: a form's `by` value and how far it moves the follow-up. */
export const snoozes = { "1h": HOUR, "1d": 24 * HOUR } as const;
export type Snooze = keyof typeof snoozes;

/** The end of today on the agency's clock (its next midnight): the Due view's bound. */
export function endOfAgencyDay(now: Date, timeZone: string = agencyZone()): Date {
  const today = agencyDay(now, timeZone);
  const next = new Date(Date.parse(`${today}T00:00:00Z`) + 36 * HOUR).toISOString().slice(0, 10);
  return agencyMoment(next, "00:00", timeZone) ?? new Date(now.getTime() + 24 * HOUR);
}

/**
 * The zone as a label beside the time box: "EST/EDT (New York)" for America/New_York (the
 * abbreviations of January and July, the city of the IANA name).
 */
export function agencyZoneLabel(timeZone: string = agencyZone()): string {
  const abbr = (month: number) =>
    new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" })
      .formatToParts(Date.UTC(2026, month, 15))
      .find((p) => p.type === "timeZoneName")?.value ?? "";
  const names = [...new Set([abbr(0), abbr(6)])].join("/");
  const city = timeZone.split("/").at(-1)?.replaceAll("_", " ") ?? timeZone;
  return `${names} (${city})`;
}

/** "in 5 min", "in 3 h", "in 2 days"; or, once past, "5 min ago" (overdue). */
export function fromNow(at: string, now: Date = new Date()): string {
  const minutes = Math.round((Date.parse(at) - now.getTime()) / 60_000);
  const copy = adminMessages.followUp;
  if (minutes < 0) {
    const late = -minutes;
    if (late < 60) return copy.ago(`${late} min`);
    if (late < 48 * 60) return copy.ago(`${Math.floor(late / 60)} h`);
    return copy.ago(`${Math.floor(late / 1440)} days`);
  }
  if (minutes < 1) return copy.now;
  if (minutes < 60) return copy.in(`${minutes} min`);
  if (minutes < 48 * 60) return copy.in(`${Math.floor(minutes / 60)} h`);
  return copy.in(`${Math.floor(minutes / 1440)} days`);
}

type Parsed = { ok: true; dueAt: Date; note: string } | { ok: false; message: string };

/** Reads the form's date, time and note (the agency's clock); a message when one is wrong. */
export function readFollowUp(
  input: { date: unknown; time: unknown; note: unknown },
  now: Date = new Date(),
  timeZone: string = agencyZone(),
): Parsed {
  const copy = adminMessages.followUp;
  const date = typeof input.date === "string" ? input.date.trim() : "";
  const time = typeof input.time === "string" ? input.time.trim() : "";
  if (!date || !time) return { ok: false, message: copy.needWhen };
  // A browser without a time box may send "9:05" or "09:05:00": both are 09:05.
  const hhmm = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(time);
  const dueAt = hhmm
    ? agencyMoment(date, `${hhmm[1]!.padStart(2, "0")}:${hhmm[2]}`, timeZone)
    : null;
  if (!dueAt) return { ok: false, message: copy.badWhen };
  if (date < agencyDay(now, timeZone)) return { ok: false, message: copy.past };
  if (dueAt.getTime() - now.getTime() > MAX_AHEAD_DAYS * 24 * HOUR) {
    return { ok: false, message: copy.tooFar };
  }
  const note = typeof input.note === "string" ? input.note.trim() : "";
  if ([...note].length > FOLLOW_UP_NOTE_MAX) {
    return { ok: false, message: adminMessages.lead.tooLong(FOLLOW_UP_NOTE_MAX) };
  }
  if (CONTROL_MULTI_LINE.test(note) || /[\r\n]/.test(note) || !isWellFormed(note)) {
    return { ok: false, message: adminMessages.lead.unreadable };
  }
  return { ok: true, dueAt, note };
}

/** Sets the lead's follow-up (replacing its open one), on the timeline and in the audit log. */
export async function setFollowUp(
  store: AdminStore,
  leadId: string,
  input: { date: unknown; time: unknown; note: unknown },
  actor: StaffRecord,
  now: Date = new Date(),
): Promise<WorkResult> {
  const read = readFollowUp(input, now);
  if (!read.ok) return { ok: false, status: 422, message: read.message };
  const due = read.dueAt.toISOString();
  const done = await store.setFollowUp(leadId, {
    dueAt: due,
    note: read.note,
    eventId: newLeadId(now.getTime()),
    actorId: actor.id,
    at: now.toISOString(),
    body: JSON.stringify({ action: "set", due, ...(read.note ? { note: read.note } : {}) }),
  });
  if (!done) return { ok: false, status: 404, message: adminMessages.lead.missing };
  await audit(
    store,
    "lead_follow_up",
    { actorId: actor.id, subject: leadId, detail: { due } },
    now,
  );
  return { ok: true };
}

/** Marks the lead's follow-up done (it leaves the Due view; no email if it was not sent yet). */
export async function finishFollowUp(
  store: AdminStore,
  leadId: string,
  actor: StaffRecord,
  now: Date = new Date(),
): Promise<WorkResult> {
  const done = await store.updateFollowUp(leadId, {
    dueAt: null,
    eventId: newLeadId(now.getTime()),
    actorId: actor.id,
    at: now.toISOString(),
    body: JSON.stringify({ action: "done" }),
  });
  if (!done) return { ok: false, status: 422, message: adminMessages.followUp.none };
  await audit(store, "lead_follow_up_done", { actorId: actor.id, subject: leadId }, now);
  return { ok: true };
}

/**
 * Snoozes the lead's follow-up by an hour or a day (`by`: a key of `snoozes`), counted from its
 * due time, or from now when it is already due; its email is armed again for the new time.
 */
export async function snoozeFollowUp(
  store: AdminStore,
  leadId: string,
  by: unknown,
  actor: StaffRecord,
  now: Date = new Date(),
): Promise<WorkResult> {
  const copy = adminMessages.followUp;
  if (typeof by !== "string" || !Object.hasOwn(snoozes, by)) {
    return { ok: false, status: 422, message: copy.badSnooze };
  }
  const current = await store.followUp(leadId);
  if (!current) return { ok: false, status: 422, message: copy.none };
  const from = Math.max(Date.parse(current.dueAt), now.getTime());
  const due = new Date(from + snoozes[by as Snooze]).toISOString();
  const done = await store.updateFollowUp(leadId, {
    dueAt: due,
    eventId: newLeadId(now.getTime()),
    actorId: actor.id,
    at: now.toISOString(),
    body: JSON.stringify({ action: "snoozed", due }),
  });
  if (!done) return { ok: false, status: 422, message: copy.none };
  await audit(
    store,
    "lead_follow_up_snoozed",
    { actorId: actor.id, subject: leadId, detail: { due } },
    now,
  );
  return { ok: true };
}

/** A follow-up event on the timeline: its words and its note (a 'follow_up' event's body). */
export function followUpEvent(
  body: string,
  timeZone: string = agencyZone(),
): { text: string; note?: string } {
  const copy = adminMessages.followUp;
  let event: { action?: unknown; due?: unknown; note?: unknown } = {};
  try {
    event = JSON.parse(body) as typeof event;
  } catch {
    // an unreadable body still says a follow-up happened
  }
  const due = typeof event.due === "string" ? formatAgencyTime(event.due, timeZone) : "";
  const note = typeof event.note === "string" && event.note ? event.note : undefined;
  if (event.action === "done") return { text: copy.doneEvent };
  if (event.action === "snoozed") return { text: copy.snoozedEvent(due) };
  return { text: copy.setEvent(due), ...(note ? { note } : {}) };
}

/** Queues the email of every follow-up due at `now`; returns how many it queued. */
export async function sweepFollowUps(store: AdminStore, now: Date = new Date()): Promise<number> {
  return store.queueDueFollowUps({
    at: now.toISOString(),
    giveUpAt: new Date(now.getTime() + GIVE_UP_MS).toISOString(),
    limit: SWEEP_BATCH,
    newId: () => newLeadId(now.getTime()),
  });
}

/** The outbox's 'followup' channel: one email to the follow-up's assignee over SMTP. */
export function followUpDeliverer(
  settings: EmailSettings,
  leads: () => Promise<LeadStore>,
  timeZone: string = agencyZone(),
): Deliverer {
  const copy = adminMessages.followUp.email;
  return composedEmailDeliverer(settings, async ({ lead }) => {
    const store = adminStoreFor(await leads());
    const followUp = await store.followUp(lead.id);
    // Done, snoozed to later, or erased since it was queued: no email.
    if (!followUp || !followUp.queuedAt || Date.parse(followUp.dueAt) > Date.now()) return null;
    // Won since: the job is in, nobody needs chasing (it left 'Due today' too).
    if ((await store.leadWork(lead.id))?.status === "won") return null;
    const due = formatAgencyTime(followUp.dueAt, timeZone);
    const subject = copy.subject(visitorName(lead), due);
    return {
      to: followUp.assigneeEmail ? [followUp.assigneeEmail] : settings.to,
      subject,
      notice: {
        title: subject,
        ...copy.notice({
          name: leadName(lead.fields),
          due,
          note: followUp.note,
          link: leadLink(lead, settings.origin),
          // The number to call, as a tel: link (issue 39 §5).
          phone: contactLinks(lead.fields).phone,
        }),
      },
    };
  });
}

/** Runs the follow-up sweep every `sweepMs` in this server until the returned stop is called. */
export function startFollowUpSweep(options: {
  leads: () => Promise<LeadStore>;
  sweepMs: number;
  /** Emails were queued: deliver them now. */
  queued: () => void;
  failed: (error: unknown) => void;
  onSignal?: boolean;
}): () => void {
  return startSweep({ ...options, name: "follow-ups", sweep: sweepFollowUps });
}

/** The lead page's follow-up posts ('follow-up', 'follow-up-done', 'follow-up-snooze'), or null. */
export function followUpAction(
  store: AdminStore,
  leadId: string,
  action: string,
  form: FormData,
  actor: StaffRecord,
): Promise<WorkResult> | null {
  if (action === "follow-up") {
    const input = { date: form.get("date"), time: form.get("time"), note: form.get("note") };
    return setFollowUp(store, leadId, input, actor);
  }
  if (action === "follow-up-done") return finishFollowUp(store, leadId, actor);
  if (action === "follow-up-snooze") return snoozeFollowUp(store, leadId, form.get("by"), actor);
  return null;
}

/** What the lead page's follow-up panel shows (src/components/admin/LeadFollowUp.tsx). */
export async function followUpPanel(
  store: AdminStore,
  leadId: string,
  now: Date = new Date(),
  timeZone: string = agencyZone(),
) {
  const copy = adminMessages.followUp;
  const open = await store.followUp(leadId);
  const due = open ? new Date(open.dueAt) : null;
  const clock = due ? wallClock(due.getTime(), timeZone) : null;
  return {
    open: open
      ? {
          due: copy.due(formatAgencyTime(open.dueAt, timeZone), fromNow(open.dueAt, now)),
          dueAt: open.dueAt,
          overdue: Date.parse(open.dueAt) <= now.getTime(),
          note: open.note,
          by: copy.setBy(
            open.setByEmail ?? adminMessages.lead.someone,
            open.assigneeEmail ?? copy.nobody,
          ),
        }
      : null,
    date: due ? agencyDay(due, timeZone) : agencyDay(now, timeZone),
    time: clock ? `${String(clock.h).padStart(2, "0")}:${String(clock.mi).padStart(2, "0")}` : "",
    zone: agencyZoneLabel(timeZone),
    noteMax: FOLLOW_UP_NOTE_MAX,
    snoozes: (Object.keys(snoozes) as Snooze[]).map((value) => ({
      value,
      label: copy.snoozeBy[value],
    })),
    copy,
  };
}

/** The Due view's page size. */
export const DUE_PAGE = 50;

/**
 * The inbox's Due view (`/admin?view=due`, cursor `after=<dueAt>~<leadId>`): the count for its
 * badge always, and its rows when it is the view asked for (most overdue first, each with its due
 * time on the agency's clock and how far off it is).
 */
export async function dueView(
  store: AdminStore,
  params: URLSearchParams,
  now: Date = new Date(),
  timeZone: string = agencyZone(),
) {
  const copy = adminMessages.followUp;
  const before = endOfAgencyDay(now, timeZone).toISOString();
  const count = await store.countDueFollowUps(before, DUE_CAP);
  const badge = count >= DUE_CAP ? `${DUE_CAP - 1}+` : String(count);
  const views = [
    { href: "/admin", label: copy.allLeads, current: params.get("view") !== "due" },
    {
      href: "/admin?view=due",
      label: copy.dueLink,
      current: params.get("view") === "due",
      badge,
      badgeLabel: copy.dueCount(badge),
    },
  ];
  if (params.get("view") !== "due") return { active: false as const, views, count };
  const [dueAt, leadId] = (params.get("after") ?? "").split("~");
  const after =
    dueAt && leadId && !Number.isNaN(Date.parse(dueAt)) && /^[\w-]{1,64}$/.test(leadId)
      ? { dueAt: new Date(dueAt).toISOString(), leadId }
      : undefined;
  const found = await store.dueFollowUps({ before, after, limit: DUE_PAGE + 1 });
  const page = found.slice(0, DUE_PAGE);
  const more = found.length > DUE_PAGE;
  const last = page.at(-1);
  return {
    active: true as const,
    views,
    count,
    rows: page.map((d) => ({
      ...leadRow(d.lead, d.status, now, d.score),
      due: {
        at: d.dueAt,
        text: `${formatAgencyTime(d.dueAt, timeZone)} (${fromNow(d.dueAt, now)})`,
        note: d.note,
      },
    })),
    caption: copy.dueShown(page.length, more),
    next:
      more && last
        ? `/admin?view=due&after=${encodeURIComponent(`${last.dueAt}~${last.lead.id}`)}`
        : null,
  };
}
