/**
 * POST /api/scheduling/calendly (issue 39 §2): the scheduling provider's webhook, answered
 * whatever the web framework (src/pages/api/scheduling/calendly.ts is its thin entrance).
 *
 * | Answer | When                                                                              |
 * | ------ | --------------------------------------------------------------------------------- |
 * | 404    | CALENDLY_SIGNING_KEY is not set: the endpoint is off                              |
 * | 401    | no signature, a malformed one, one older (or newer) than 3 minutes, a wrong one   |
 * | 400    | signed, but not JSON or not Calendly's shape; nothing stored                      |
 * | 413    | a body over LEADS_BODY_LIMIT_BYTES                                                |
 * | 200    | stored, attached, cancelled, a repeat of an event already stored, or ignored      |
 * | 503    | the store is down: Calendly retries                                               |
 *
 * The signature is checked before the body is parsed, over the raw bytes.
 */
import { agencyZone } from "../../lib/agencyZone.ts";
import { plainJson, type PlainResponse } from "../http.ts";
import type { LeadService } from "../server.ts";
import { BOOKING_CHANNEL, receiveBooking } from "./bookings.ts";
import { parseCalendlyEvent, verifyCalendlySignature } from "./calendly.ts";

export const CALENDLY_ENDPOINT = "/api/scheduling/calendly";

const error = (status: number, code: string, message: string, extra: object = {}) =>
  plainJson(status, { error: code, message, ...extra });

export interface CalendlyRequest {
  signature: string | null;
  /** The raw body, or null when it was over the limit. */
  readBody: () => Promise<Uint8Array | null>;
}

export async function answerCalendly(
  request: CalendlyRequest,
  service: LeadService,
  now: () => Date = () => new Date(),
): Promise<PlainResponse> {
  const key = service.config.scheduling.calendlySigningKey;
  if (!key) return error(404, "not_found", "Scheduling webhooks are not set up on this server.");
  const body = await request.readBody();
  if (body === null) {
    return error(
      413,
      "too_large",
      `The body is larger than ${service.config.bodyLimitBytes} bytes.`,
    );
  }
  const verdict = verifyCalendlySignature(request.signature, body, key, now().getTime());
  if (!verdict.ok) {
    service.log.warn(
      { event: "booking_signature_refused", reason: verdict.reason },
      "scheduling webhook refused: bad signature",
    );
    return error(
      401,
      "signature",
      "The Calendly-Webhook-Signature header is missing, stale or wrong.",
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body));
  } catch {
    return error(400, "bad_json", "The request body is not valid JSON.");
  }
  const parsed = parseCalendlyEvent(json);
  if (!parsed.ok) return error(400, "malformed", `The event is malformed (${parsed.problem}).`);
  const notify = service.config.notify;
  const outcome = await receiveBooking(parsed.event, {
    store: () => service.store(),
    channels: notify.channels,
    announceAttached: !!notify.email && service.outbox?.channels.includes(BOOKING_CHANNEL) === true,
    notifyMaxAgeMs: notify.outbox.maxAgeMs,
    timeZone: agencyZone(),
    log: service.log,
    onQueued: () => service.nudgeOutbox(),
    now,
  });
  switch (outcome.status) {
    case "unavailable":
      return plainJson(
        503,
        { error: "unavailable", message: "The booking could not be stored just now." },
        { "retry-after": "30" },
      );
    case "invalid":
      return error(400, "malformed", `The event is malformed (${outcome.problem}).`, {
        fields: outcome.fields ?? {},
      });
    case "ignored":
      return plainJson(200, { status: "ignored" });
    default:
      return plainJson(200, { status: outcome.status, id: outcome.leadId });
  }
}
