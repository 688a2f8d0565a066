/**
 * The outbox worker: delivers the notifications that intake committed with each lead (store,
 * then tell). It runs inside the server, beside the request handlers and never on their path: a
 * request only commits the lead and its outbox rows, then nudges the worker. It is the lease
 * worker (src/server/leaseWorker.ts: claim loop, lease cut, nudges, stop) configured with the
 * outbox's claim, release, delivery and record.
 *
 * - Claims due rows with a lease (LeadStore.claimNotifications: SKIP LOCKED on PostgreSQL), so
 *   several servers on one database never send the same row at the same time; a delivery is cut
 *   short before its lease ends, and a crashed server's rows are free again once it has.
 * - Delivers at least once: success marks the row sent; a failure schedules a retry with
 *   exponential backoff and full jitter until the row's give-up time (24 h after the lead by
 *   default), then marks it failed (`npm run leads -- outbox` lists it, `outbox retry` revives it).
 * - Polls every LEADS_OUTBOX_POLL_MS and wakes at once when nudged (a lead was stored, a delivery
 *   finished). A store that does not answer is logged once and tried again on the next poll.
 * - Stops gracefully: waits for deliveries in flight, up to a grace period, then aborts the rest
 *   and gives their claims back (no attempt counted) so another server or the next start sends
 *   them; then closes the deliverers.
 */
import { errorText, LeaseWorker } from "../../server/leaseWorker.ts";
import type { IntakeLogger } from "../intake.ts";
import type {
  Channel,
  ClaimedNotification,
  LeadStore,
  OutboxOutcome,
  OutboxRow,
} from "../store/types.ts";
import type { Deliverer } from "./types.ts";

export interface OutboxSettings {
  /** Poll interval while idle (ms). */
  pollMs: number;
  /** How long a claim holds (ms); a delivery is aborted before it ends. */
  leaseMs: number;
  /** Deliveries in flight at once in this process. */
  concurrency: number;
  /** Backoff: the first retry waits up to this long (ms), doubling per attempt… */
  retryBaseMs: number;
  /** …up to this cap (ms). */
  retryMaxMs: number;
  /** Give up this long after the lead (ms), marking the row failed. */
  maxAgeMs: number;
  /** On stop, wait this long for deliveries in flight before aborting them (ms). */
  stopGraceMs: number;
}

export const defaultOutboxSettings: OutboxSettings = {
  pollMs: 5_000,
  leaseMs: 60_000,
  concurrency: 4,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
  maxAgeMs: 24 * 60 * 60_000,
  stopGraceMs: 5_000,
};

/**
 * Full-jitter exponential backoff: a random wait in [0, min(max, base · 2^(attempt-1))), where
 * `attempt` counts the failed attempts so far (1 after the first failure).
 */
export function retryDelayMs(
  attempt: number,
  baseMs: number,
  maxMs: number,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(Math.max(attempt, 1) - 1, 40));
  return Math.floor(random() * ceiling);
}

/** What a failed attempt leads to: another try (never later than the give-up time) or failed. */
export function failureOutcome(
  row: Pick<OutboxRow, "attempts" | "giveUpAt">,
  error: string,
  now: Date,
  settings: Pick<OutboxSettings, "retryBaseMs" | "retryMaxMs">,
  random: () => number = Math.random,
): OutboxOutcome {
  const giveUpAt = Date.parse(row.giveUpAt);
  if (!(now.getTime() < giveUpAt)) return { status: "failed", error };
  const delay = retryDelayMs(row.attempts + 1, settings.retryBaseMs, settings.retryMaxMs, random);
  return {
    status: "retry",
    nextAttemptAt: new Date(Math.min(now.getTime() + delay, giveUpAt)),
    error,
  };
}

export interface OutboxWorkerOptions {
  store: () => Promise<LeadStore>;
  deliverers: Partial<Record<Channel, Deliverer>>;
  settings: OutboxSettings;
  log: IntakeLogger;
  now?: () => Date;
  random?: () => number;
}

/** The outbox on the lease worker (src/server/leaseWorker.ts): claim, deliver, record. */
export class OutboxWorker extends LeaseWorker<LeadStore, ClaimedNotification, OutboxOutcome> {
  readonly channels: Channel[];
  #deliverers: Partial<Record<Channel, Deliverer>>;
  #closed: Promise<void> | null = null;

  constructor(options: OutboxWorkerOptions) {
    const { deliverers, settings, log } = options;
    const now = options.now ?? (() => new Date());
    const channels = (Object.keys(deliverers) as Channel[]).filter((c) => deliverers[c]);
    super({
      settings,
      log,
      now,
      queue: {
        open: options.store,
        claim: (store, request) => store.claimNotifications({ ...request, channels }),
        release: (store, ids, owner) => store.releaseNotifications(ids, owner),
        id: ({ row }) => row.id,
        context: ({ row, lead }) => ({
          notificationId: row.id,
          leadId: lead.id,
          channel: row.channel,
          attempt: row.attempts + 1,
        }),
        async work(_store, notification, signal) {
          const deliverer = deliverers[notification.row.channel];
          if (!deliverer) throw new Error(`channel ${notification.row.channel} is not configured`);
          await deliverer.deliver(notification, signal);
          return { status: "sent" };
        },
        failed: ({ row }, error) =>
          failureOutcome(row, errorText(error), now(), settings, options.random ?? Math.random),
        async record(store, { row }, outcome, owner, context) {
          if (!(await store.finishNotification(row.id, owner, outcome, now()))) return false;
          if (outcome.status === "sent") {
            log.info({ event: "notification_sent", ...context }, "notification sent");
          } else if (outcome.status === "retry") {
            log.warn(
              {
                event: "notification_retry",
                ...context,
                err: outcome.error,
                nextAttemptAt: outcome.nextAttemptAt.toISOString(),
              },
              "notification failed; will retry",
            );
          } else {
            log.error(
              { event: "notification_failed", ...context, err: outcome.error },
              "notification given up",
            );
          }
          return true;
        },
      },
      lines: {
        crashed: ["outbox_worker_crashed", "outbox worker stopped"],
        storeDown: ["outbox_store_unavailable", "outbox: store unavailable; trying again"],
        storeBack: ["outbox_store_back", "outbox: store answers again"],
        released: ["notification_released", "notification given back"],
        claimLost: ["notification_claim_lost", "claim lost before recording"],
        unrecorded: ["notification_unrecorded", "delivery outcome could not be recorded"],
        cut: "delivery took too long (lease ending)",
      },
    });
    this.channels = channels;
    this.#deliverers = deliverers;
  }

  /**
   * Stops claiming, waits up to stopGraceMs for deliveries in flight, then aborts the rest and
   * gives their claims back; then closes the deliverers.
   */
  override stop(): Promise<void> {
    this.#closed ??= super.stop().then(() => {
      for (const d of Object.values(this.#deliverers)) d?.close?.();
    });
    return this.#closed;
  }
}
