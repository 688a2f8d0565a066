/**
 * /admin/webhooks (owners; issue 39 §2): the outgoing webhook (WEBHOOK_URL, outbox channel
 * 'webhook', src/leads/notify/webhook.ts) and its recent deliveries, newest first, each with its
 * status, attempts, last error and times, and 'Send a test': a delivery of a sample lead
 * (event `webhook.test`, outbox channel 'webhook-test', no lead of its own) queued through the
 * outbox like every delivery, so it is signed, retried and listed the same way.
 */
import { outboxQueue, type OutboxRow } from "../db/outbox.ts";
import { agencyTime } from "../lib/formatAgencyTime.ts";
import { WEBHOOK_TEST_CHANNEL } from "../leads/notify/webhook.ts";
import type { LeadService } from "../leads/server.ts";
import { newLeadId } from "../server/id.ts";
import { audit } from "./accounts.ts";
import { adminMessages } from "./messages.ts";
import type { AdminStore, StaffRecord } from "./store/types.ts";

/** How many deliveries the page lists. */
export const WEBHOOK_DELIVERIES = 50;

export interface WebhookDeliveryRow {
  id: string;
  /** The lead's id, or null for a test delivery. */
  leadId: string | null;
  created: string;
  status: string;
  attempts: number;
  lastError: string;
  sent: string;
}

/** The webhook's address as the page shows it: scheme, host and path (no query, no user). */
export function webhookTarget(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return "";
  }
}

export function deliveryRow(row: OutboxRow, timeZone?: string): WebhookDeliveryRow {
  const copy = adminMessages.webhooks;
  const status =
    row.status === "pending" && row.attempts > 0
      ? copy.retrying(agencyTime(row.nextAttemptAt, timeZone))
      : (copy.statuses[row.status] ?? row.status);
  return {
    id: row.id,
    leadId: row.channel === WEBHOOK_TEST_CHANNEL ? null : row.leadId,
    created: agencyTime(row.createdAt, timeZone),
    status,
    attempts: row.attempts,
    lastError: row.lastError ?? "",
    sent: row.sentAt ? agencyTime(row.sentAt, timeZone) : "",
  };
}

/** The page's data: where the webhook sends (null: not set up) and its recent deliveries. */
export async function webhookPage(leads: LeadService, limit = WEBHOOK_DELIVERIES) {
  const webhook = leads.config.notify.webhook;
  const store = await leads.store();
  const rows = await outboxQueue(store.connection.db).recent(
    ["webhook", WEBHOOK_TEST_CHANNEL],
    limit,
  );
  return {
    target: webhook ? webhookTarget(webhook.url) : null,
    deliveries: rows.map((r) => deliveryRow(r)),
  };
}

/** 'Send a test': queues a test delivery and wakes the outbox; false when no webhook is set. */
export async function sendWebhookTest(
  leads: LeadService,
  admin: AdminStore,
  actor: StaffRecord,
  now: Date = new Date(),
): Promise<boolean> {
  if (!leads.config.notify.webhook || !leads.outbox) return false;
  const store = await leads.store();
  const id = newLeadId(now.getTime());
  await outboxQueue(store.connection.db).enqueueStandalone(
    id,
    WEBHOOK_TEST_CHANNEL,
    now,
    new Date(now.getTime() + leads.config.notify.outbox.maxAgeMs),
  );
  await audit(admin, "webhook_test", { actorId: actor.id, subject: id }, now);
  leads.nudgeOutbox();
  return true;
}
