/**
 * Calendly webhook deliveries as the provider sends them (developer.calendly.com, "Webhook
 * payload" and "Webhook signatures"), for the tests: a body of the documented shape and its
 * `Calendly-Webhook-Signature` header, computed here with node:crypto (not with the code under
 * test): `t=<unix seconds>,v1=<hex HMAC-SHA256(signing key, "<t>.<raw body>")>`.
 */
import { createHmac, randomUUID } from "node:crypto";

export const CALENDLY_KEY = "calendly-signing-key-0123456789abcdef";

export interface InviteeOptions {
  email?: string;
  name?: string;
  start?: string;
  end?: string;
  inviteeUuid?: string;
  eventName?: string;
  phone?: string | null;
  utm?: Partial<Record<"utm_source" | "utm_medium" | "utm_campaign", string>>;
  answers?: { question: string; answer: string; position: number }[];
  reason?: string;
}

/** One delivery's body: `invitee.created` or `invitee.canceled`, Calendly's shape. */
export function calendlyBody(
  event: "invitee.created" | "invitee.canceled",
  o: InviteeOptions = {},
): Record<string, unknown> {
  const eventUuid = "GBGBDCAADAEDCRZ2";
  const inviteeUuid = o.inviteeUuid ?? randomUUID();
  const start = o.start ?? "2026-12-01T15:00:00.000000Z";
  return {
    created_at: "2026-11-28T14:00:00.000000Z",
    created_by: "https://api.calendly.com/users/AAAAAAAAAAAAAAAA",
    event,
    payload: {
      cancel_url: `https://calendly.com/cancellations/${inviteeUuid}`,
      created_at: "2026-11-28T14:00:00.000000Z",
      email: o.email ?? "pat.booker@example.com",
      event: `https://api.calendly.com/scheduled_events/${eventUuid}`,
      first_name: null,
      last_name: null,
      name: o.name ?? "Pat Booker",
      new_invitee: null,
      no_show: null,
      old_invitee: null,
      payment: null,
      questions_and_answers: o.answers ?? [
        {
          answer: "Lawn care, about 40 jobs a month",
          position: 0,
          question: "What does your business do?",
        },
      ],
      reconfirmation: null,
      reschedule_url: `https://calendly.com/reschedulings/${inviteeUuid}`,
      rescheduled: false,
      routing_form_submission: null,
      scheduled_event: {
        created_at: "2026-11-28T14:00:00.000000Z",
        end_time: o.end ?? "2026-12-01T15:30:00.000000Z",
        event_guests: [],
        event_memberships: [{ user: "https://api.calendly.com/users/AAAAAAAAAAAAAAAA" }],
        event_type: "https://api.calendly.com/event_types/BBBBBBBBBBBBBBBB",
        invitees_counter: { active: 1, limit: 1, total: 1 },
        location: { location: "+1 512-555-0100", type: "outbound_call" },
        name: o.eventName ?? "Free strategy call",
        start_time: start,
        status: event === "invitee.canceled" ? "canceled" : "active",
        updated_at: "2026-11-28T14:00:00.000000Z",
        uri: `https://api.calendly.com/scheduled_events/${eventUuid}`,
      },
      status: event === "invitee.canceled" ? "canceled" : "active",
      text_reminder_number: o.phone === undefined ? "+1 512-555-0187" : o.phone,
      timezone: "America/Chicago",
      tracking: {
        utm_campaign: o.utm?.utm_campaign ?? null,
        utm_source: o.utm?.utm_source ?? null,
        utm_medium: o.utm?.utm_medium ?? null,
        utm_content: null,
        utm_term: null,
        salesforce_uuid: null,
      },
      updated_at: "2026-11-28T14:00:00.000000Z",
      uri: `https://api.calendly.com/scheduled_events/${eventUuid}/invitees/${inviteeUuid}`,
      ...(event === "invitee.canceled"
        ? {
            cancellation: {
              canceled_by: o.name ?? "Pat Booker",
              reason: o.reason ?? "Something came up",
              canceler_type: "invitee",
            },
          }
        : {}),
    },
  };
}

/** The signature header of `rawBody` with `key`, sent at `t` (seconds; default now). */
export function calendlySignature(
  rawBody: string,
  key = CALENDLY_KEY,
  t = Math.floor(Date.now() / 1000),
): string {
  const v1 = createHmac("sha256", key).update(`${t}.${rawBody}`).digest("hex");
  return `t=${t},v1=${v1}`;
}

/** POSTs a delivery to the server at `base` as Calendly does; resolves the response. */
export function postCalendly(
  base: string,
  rawBody: string,
  signature: string | null = calendlySignature(rawBody),
): Promise<Response> {
  return fetch(`${base}/api/scheduling/calendly`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "user-agent": "Calendly Webhook",
      ...(signature ? { "calendly-webhook-signature": signature } : {}),
    },
    body: rawBody,
  });
}
