/**
 * The webhook channel: POSTs the lead as JSON to WEBHOOK_URL, signed per the Standard Webhooks
 * specification (https://www.standardwebhooks.com):
 *
 *   webhook-id:        the outbox row id, the same on every retry (receivers drop duplicates)
 *   webhook-timestamp: seconds since the epoch, when this attempt was sent
 *   webhook-signature: "v1," + base64(HMAC-SHA256(secret, `${id}.${timestamp}.${body}`))
 *
 * The secret is WEBHOOK_SECRET: "whsec_<base64>" is decoded to its bytes (the specification's
 * format); any other value is used as its UTF-8 bytes. A 2xx answer is success; any other status,
 * a network error or no answer within WEBHOOK_TIMEOUT_MS (10 s) is retried by the outbox.
 */
import { createHmac } from "node:crypto";
import type { LeadRecord } from "../store/types.ts";
import type { Deliverer } from "./types.ts";

export const WEBHOOK_EVENT = "lead.created";
/** The event of a test delivery sent from the owner's Webhooks page (outbox channel 'webhook-test'). */
export const WEBHOOK_TEST_EVENT = "webhook.test";
export const WEBHOOK_TEST_CHANNEL = "webhook-test";
const SECRET_PREFIX = "whsec_";
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The key bytes of a secret: "whsec_<base64>" decoded, anything else as UTF-8. */
export function webhookSecretBytes(secret: string): Buffer {
  if (secret.startsWith(SECRET_PREFIX)) {
    const encoded = secret.slice(SECRET_PREFIX.length);
    if (!BASE64.test(encoded) || encoded.length % 4 !== 0) {
      throw new Error('WEBHOOK_SECRET starts with "whsec_" but the rest is not base64');
    }
    return Buffer.from(encoded, "base64");
  }
  return Buffer.from(secret, "utf8");
}

/** The webhook-signature header value for one attempt. */
export function signWebhook(
  secret: Uint8Array,
  id: string,
  timestampSeconds: number,
  body: string,
): string {
  const mac = createHmac("sha256", secret).update(`${id}.${timestampSeconds}.${body}`);
  return `v1,${mac.digest("base64")}`;
}

export interface WebhookPayload {
  type: typeof WEBHOOK_EVENT | typeof WEBHOOK_TEST_EVENT;
  /** When the lead was stored (ISO 8601), the same on every retry. */
  timestamp: string;
  data: LeadRecord;
}

export interface WebhookRequest {
  body: string;
  headers: Record<string, string>;
}

/** The body and headers of one attempt. */
export function webhookRequest(
  lead: LeadRecord,
  id: string,
  secret: Uint8Array,
  nowSeconds: number,
  type: WebhookPayload["type"] = WEBHOOK_EVENT,
): WebhookRequest {
  const payload: WebhookPayload = { type, timestamp: lead.createdAt, data: lead };
  const body = JSON.stringify(payload);
  return {
    body,
    headers: {
      "content-type": "application/json",
      "user-agent": "greenline-leads/1",
      "webhook-id": id,
      "webhook-timestamp": String(nowSeconds),
      "webhook-signature": signWebhook(secret, id, nowSeconds, body),
    },
  };
}

export interface WebhookSettings {
  url: string;
  secret: string;
  timeoutMs: number;
}

/** A short reason for the outbox's last_error: never the receiver's body (it may echo the lead). */
function describe(error: unknown): string {
  const err = error as Error & { cause?: { code?: string; message?: string } };
  if (err.name === "TimeoutError") return "no answer in time (timeout)";
  const cause = err.cause?.code ?? err.cause?.message;
  return cause ? `${err.message}: ${cause}` : err.message;
}

/**
 * The lead a test delivery carries: the shape of every lead (so a Zapier or Make 'catch hook'
 * learns its fields from it), with made-up values that name no one. Its id is the outbox row's.
 */
export function webhookTestLead(id: string, createdAt: string): LeadRecord {
  return {
    id,
    kind: "contact",
    form: "contactPage",
    subject: "Contact Form Submission",
    createdAt,
    spam: false,
    fields: {
      "full-name": "Test Lead",
      email: "test.lead@example.com",
      phone: "+15125550142",
      company: "Example Landscaping (test)",
      message: "This is a test delivery from the inbox's Webhooks page. No one sent it.",
    },
    metadata: {
      source: "contact_page_form",
      page: "/contact-us",
      landingPage: "/",
      referrer: null,
      timestamp: createdAt,
      userAgent: null,
      utm: { utm_source: "test", utm_medium: "webhook" },
      ipHash: null,
      spamReasons: [],
    },
  };
}

export function webhookDeliverer(
  settings: WebhookSettings,
  type: WebhookPayload["type"] = WEBHOOK_EVENT,
): Deliverer {
  const secret = webhookSecretBytes(settings.secret);
  const deliver: Deliverer["deliver"] = async ({ row, lead }, signal) => {
    const request = webhookRequest(lead, row.id, secret, Math.floor(Date.now() / 1000), type);
    let response: Response;
    try {
      response = await fetch(settings.url, {
        method: "POST",
        headers: request.headers,
        body: request.body,
        redirect: "manual",
        signal: AbortSignal.any([signal, AbortSignal.timeout(settings.timeoutMs)]),
      });
    } catch (error) {
      throw new Error(`webhook: ${describe(error)}`, { cause: error });
    }
    // Drain (or drop) the answer so the connection is freed; its content is not used.
    await response.body?.cancel().catch(() => {});
    if (response.status < 200 || response.status > 299) {
      throw new Error(`webhook: HTTP ${response.status}`);
    }
  };
  return { deliver };
}
