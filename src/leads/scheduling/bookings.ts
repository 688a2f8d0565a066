/**
 * A call booked with the scheduling provider, received (issue 39 §2): `invitee.created` stores a
 * 'booked call' lead (form 'booking') with the meeting's start on the agency's clock and the
 * booking itself (table scheduled_calls), or, when the same person (same email) already has a
 * lead, attaches the booking to that lead: its timeline says so and the agency is told by email
 * (outbox channel 'booking'). `invitee.canceled` marks the booking cancelled, on the timeline.
 * The invitee's URI is the booking's key: the same event delivered twice stores once, and a
 * cancellation delivered twice is on the timeline once. Notifications are outbox rows written
 * in the same transaction as what they announce (store, then tell).
 */
import type { Db } from "../../db/driver.ts";
import { newLeadId } from "../../server/id.ts";
import { formatAgencyTime } from "../../lib/formatAgencyTime.ts";
import { cleanText, type LeadMetadata } from "../attribution.ts";
import { leadForms, utmKeys, type UtmKey } from "../fields.ts";
import { notificationsFor, type IntakeLogger } from "../intake.ts";
import { normalisePhone } from "../phone.ts";
import { validateLead } from "../schema.ts";
import {
  StoreUnavailableError,
  type Channel,
  type LeadRecord,
  type LeadStore,
  type NewBooking,
} from "../store/types.ts";
import { answersText, inviteeName, type CalendlyEvent, type CalendlyInvitee } from "./calendly.ts";

/** The outbox channel that tells the agency of a booking attached to an existing lead. */
export const BOOKING_CHANNEL = "booking";

/** A timeline entry's body for a booking (lead_events kind 'booking'), as JSON. */
export interface BookingEventBody {
  action: "booked" | "canceled";
  /** The meeting's start (ISO) and name. */
  startTime: string;
  event: string;
  reason?: string;
}

export type BookingOutcome =
  | { status: "stored" | "attached" | "duplicate" | "canceled"; leadId: string }
  | { status: "ignored"; reason: string }
  | { status: "invalid"; problem: string; fields?: Record<string, string> }
  | { status: "unavailable" };

export interface BookingDeps {
  store: () => Promise<LeadStore>;
  /** Channels a new lead is announced on (the intake's: email, webhook). */
  channels: readonly Channel[];
  /** Whether the 'booking' channel is delivered here (SMTP is set up). */
  announceAttached: boolean;
  notifyMaxAgeMs: number;
  /** The agency's IANA time zone: the lead's `callAt` is written on its clock. */
  timeZone: string;
  log: IntakeLogger;
  /** Rows were queued: wake the outbox worker. */
  onQueued?: () => void;
  now?: () => Date;
}

const emailExpr = (db: Db) =>
  db.dialect === "sqlite" ? "lower(json_extract(fields, '$.email'))" : "lower(fields->>'email')";

/** The lead the booking belongs to, by the booking's invitee URI; undefined when none. */
async function bookedLead(db: Db, inviteeUri: string): Promise<string | undefined> {
  const row = await db.one<{ lead_id: string }>(
    "SELECT lead_id FROM scheduled_calls WHERE invitee_uri = $1",
    [inviteeUri],
  );
  return row?.lead_id;
}

/** The newest lead of the same person (same email, any case), spam and partials left out. */
async function samePersonLead(db: Db, email: string): Promise<string | undefined> {
  const row = await db.one<{ id: string }>(
    `SELECT id FROM leads
     WHERE ${emailExpr(db)} = $1 AND NOT spam AND completed_by IS NULL
     ORDER BY created_at DESC, id DESC LIMIT 1`,
    [email.toLowerCase()],
  );
  return row?.id;
}

/** The utm_* values Calendly's tracking carries, cleaned as the browser's are. */
function utmOf(invitee: CalendlyInvitee): Partial<Record<UtmKey, string>> {
  const utm: Partial<Record<UtmKey, string>> = {};
  for (const key of utmKeys) {
    const value = cleanText(invitee.tracking?.[key], 200);
    if (value) utm[key] = value;
  }
  return utm;
}

function bookingOf(invitee: CalendlyInvitee, now: Date): NewBooking {
  const e = invitee.scheduled_event;
  return {
    id: newLeadId(now.getTime()),
    inviteeUri: invitee.uri,
    eventUri: e.uri ?? "",
    name: cleanText(e.name, 200) ?? "",
    startTime: new Date(e.start_time).toISOString(),
    endTime: e.end_time ? new Date(e.end_time).toISOString() : null,
    cancelUrl: cleanText(invitee.cancel_url, 2048),
    rescheduleUrl: cleanText(invitee.reschedule_url, 2048),
    bookedAt: now.toISOString(),
  };
}

/** The lead a new booking stores, checked by the form's own rules; or the fields' problems. */
export function bookingLead(
  invitee: CalendlyInvitee,
  booking: NewBooking,
  timeZone: string,
  now: Date,
): { ok: true; lead: LeadRecord } | { ok: false; errors: Record<string, string> } {
  const rawPhone = invitee.text_reminder_number?.trim() ?? "";
  const values = {
    name: inviteeName(invitee),
    email: invitee.email.trim(),
    // A number Calendly took that the intake's phone rule refuses is left out, not a refusal.
    phone: rawPhone && normalisePhone(rawPhone) ? rawPhone : "",
    callAt: formatAgencyTime(booking.startTime, timeZone),
    event: booking.name,
    message: answersText(invitee),
  };
  const checked = validateLead("booking", values);
  if (!checked.ok) return { ok: false, errors: checked.errors };
  const at = now.toISOString();
  const def = leadForms.booking;
  const metadata: LeadMetadata = {
    source: def.source,
    page: null,
    landingPage: null,
    referrer: null,
    timestamp: at,
    userAgent: null,
    utm: utmOf(invitee),
    ipHash: null,
    spamReasons: [],
  };
  return {
    ok: true,
    lead: {
      id: newLeadId(now.getTime()),
      kind: def.kind,
      form: "booking",
      subject: def.subject,
      createdAt: at,
      spam: false,
      fields: checked.fields,
      metadata,
    },
  };
}

const eventBody = (b: BookingEventBody) => JSON.stringify(b);

/** Attaches a booking to an existing lead: the booking, its timeline entry, the agency's email. */
async function attach(
  db: Db,
  leadId: string,
  booking: NewBooking,
  deps: BookingDeps,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const added = await tx.run(
      `INSERT INTO scheduled_calls
         (id, lead_id, invitee_uri, event_uri, name, start_time, end_time, cancel_url,
          reschedule_url, booked_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (invitee_uri) DO NOTHING`,
      [
        booking.id,
        leadId,
        booking.inviteeUri,
        booking.eventUri,
        booking.name,
        booking.startTime,
        booking.endTime,
        booking.cancelUrl,
        booking.rescheduleUrl,
        booking.bookedAt,
      ],
    );
    if (!added) return false;
    const at = now.toISOString();
    await tx.run(
      `INSERT INTO lead_events (id, lead_id, at, actor_id, kind, body, status)
       VALUES ($1, $2, $3, NULL, 'booking', $4, NULL)`,
      [
        newLeadId(now.getTime()),
        leadId,
        at,
        eventBody({ action: "booked", startTime: booking.startTime, event: booking.name }),
      ],
    );
    if (deps.announceAttached) {
      // One 'booking' row per lead, armed again for each booking (as 'lead-email' is).
      const giveUpAt = new Date(now.getTime() + deps.notifyMaxAgeMs).toISOString();
      await tx.run(
        `INSERT INTO outbox (id, lead_id, channel, status, attempts, next_attempt_at, give_up_at,
                             created_at, updated_at)
         VALUES ($1, $2, '${BOOKING_CHANNEL}', 'pending', 0, $3, $4, $3, $3)
         ON CONFLICT (lead_id, channel) DO UPDATE SET status = 'pending', attempts = 0,
           next_attempt_at = $3, give_up_at = $4, last_error = NULL, claimed_by = NULL,
           claimed_until = NULL, updated_at = $3, sent_at = NULL`,
        [newLeadId(now.getTime()), leadId, at, giveUpAt],
      );
    }
    return true;
  });
}

async function cancel(db: Db, invitee: CalendlyInvitee, now: Date) {
  return db.transaction(async (tx) => {
    const at = now.toISOString();
    const reason = cleanText(invitee.cancellation?.reason, 500);
    const row = await tx.one<{ lead_id: string; start_time: string | Date; name: string }>(
      `UPDATE scheduled_calls SET status = 'canceled', canceled_at = $2, cancel_reason = $3
       WHERE invitee_uri = $1 AND status = 'active'
       RETURNING lead_id, start_time, name`,
      [invitee.uri, at, reason],
    );
    if (!row) return null;
    const startTime = new Date(row.start_time).toISOString();
    await tx.run(
      `INSERT INTO lead_events (id, lead_id, at, actor_id, kind, body, status)
       VALUES ($1, $2, $3, NULL, 'booking', $4, NULL)`,
      [
        newLeadId(now.getTime()),
        row.lead_id,
        at,
        eventBody({
          action: "canceled",
          startTime,
          event: row.name,
          ...(reason ? { reason } : {}),
        }),
      ],
    );
    return row.lead_id;
  });
}

/** Stores what one verified delivery says. */
export async function receiveBooking(
  event: CalendlyEvent,
  deps: BookingDeps,
): Promise<BookingOutcome> {
  if (event.kind === "other") return { status: "ignored", reason: event.event };
  const now = (deps.now ?? (() => new Date()))();
  const { invitee } = event;
  try {
    const store = await deps.store();
    const db = store.connection.db;
    if (event.kind === "canceled") {
      const leadId = await cancel(db, invitee, now);
      if (leadId) {
        deps.log.info({ event: "booking_canceled", leadId }, "booked call cancelled");
        return { status: "canceled", leadId };
      }
      const known = await bookedLead(db, invitee.uri);
      return known
        ? { status: "duplicate", leadId: known }
        : { status: "ignored", reason: "unknown booking" };
    }
    const known = await bookedLead(db, invitee.uri);
    if (known) return { status: "duplicate", leadId: known };
    const booking = bookingOf(invitee, now);
    const existing = await samePersonLead(db, invitee.email.trim());
    if (existing) {
      const added = await attach(db, existing, booking, deps, now);
      if (!added) return { status: "duplicate", leadId: (await bookedLead(db, invitee.uri))! };
      deps.log.info({ event: "booking_attached", leadId: existing }, "booked call attached");
      if (deps.announceAttached) deps.onQueued?.();
      return { status: "attached", leadId: existing };
    }
    const built = bookingLead(invitee, booking, deps.timeZone, now);
    if (!built.ok) {
      return { status: "invalid", problem: "payload: invitee details", fields: built.errors };
    }
    const { lead } = built;
    const notifications = notificationsFor(lead, deps.channels, deps.notifyMaxAgeMs, now);
    try {
      await store.insert(lead, notifications, { booking });
    } catch (error) {
      // The same booking delivered twice at once: the other delivery stored it.
      const other = await bookedLead(db, invitee.uri).catch(() => undefined);
      if (other) return { status: "duplicate", leadId: other };
      throw error;
    }
    deps.log.info(
      {
        event: "lead_stored",
        leadId: lead.id,
        kind: lead.kind,
        form: lead.form,
        notifications: notifications.length,
      },
      "booked call stored",
    );
    if (notifications.length) deps.onQueued?.();
    return { status: "stored", leadId: lead.id };
  } catch (error) {
    deps.log.error(
      {
        event: "booking_store_failed",
        err: error instanceof StoreUnavailableError ? error.message : String(error),
      },
      "booking could not be stored",
    );
    return { status: "unavailable" };
  }
}

/** A booked call as the inbox lists it. */
export interface UpcomingCall {
  leadId: string;
  name: string;
  company: string;
  phone: string;
  startTime: string;
  event: string;
}

/** The calls still booked that start at or after `now`, soonest first. */
export async function upcomingCalls(db: Db, now: Date, limit = 20): Promise<UpcomingCall[]> {
  const rows = await db.all<{
    lead_id: string;
    start_time: string | Date;
    name: string;
    fields: string | Record<string, string>;
  }>(
    `SELECT c.lead_id, c.start_time, c.name, l.fields
     FROM scheduled_calls c JOIN leads l ON l.id = c.lead_id
     WHERE c.status = 'active' AND c.start_time >= $1
     ORDER BY c.start_time, c.id LIMIT $2`,
    [now.toISOString(), limit],
  );
  return rows.map((r) => {
    const fields =
      typeof r.fields === "string" ? (JSON.parse(r.fields) as Record<string, string>) : r.fields;
    return {
      leadId: r.lead_id,
      name: fields.name || fields["full-name"] || fields.ownerName || fields.email || "",
      company: fields.company || fields.companyName || "",
      phone: fields.phone ?? "",
      startTime: new Date(r.start_time).toISOString(),
      event: r.name,
    };
  });
}
