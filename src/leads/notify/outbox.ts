/**
 * The outbox worker: delivers the notifications that intake committed with each lead (store,
 * then tell). It runs inside the server, beside the request handlers and never on their path: a
 * request only commits the lead and its outbox rows, then nudges the worker.
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
 *   and gives their claims back (no attempt counted) so another server or the next start sends them.
 */
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
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

/** One line for last_error: no control characters, bounded. */
export function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // eslint-disable-next-line no-control-regex
  const line = message.replace(/[\u0000-\u001F\u007F]+/g, " ").trim() || "unknown error";
  return line.length > 500 ? `${line.slice(0, 499)}…` : line;
}

export interface OutboxWorkerOptions {
  store: () => Promise<LeadStore>;
  deliverers: Partial<Record<Channel, Deliverer>>;
  settings: OutboxSettings;
  log: IntakeLogger;
  now?: () => Date;
  random?: () => number;
}

/** Leave this much of a lease unused: time to record the outcome before the claim ends. */
const LEASE_MARGIN = 0.2;

class StopSignal extends Error {
  override readonly name = "StopSignal";
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

export class OutboxWorker {
  /** Unique per process: whose claim a row holds. */
  readonly owner = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  readonly channels: Channel[];
  #options: OutboxWorkerOptions;
  #now: () => Date;
  #inFlight = new Map<string, { abort: AbortController; done: Promise<void> }>();
  #loop: Promise<void> | null = null;
  #stopping = false;
  #stopped: Promise<void> | null = null;
  #dirty = false;
  #wake: (() => void) | null = null;
  #storeDown = false;

  constructor(options: OutboxWorkerOptions) {
    this.#options = options;
    this.#now = options.now ?? (() => new Date());
    this.channels = (Object.keys(options.deliverers) as Channel[]).filter(
      (c) => options.deliverers[c],
    );
  }

  get running(): boolean {
    return this.#loop !== null && !this.#stopping;
  }

  /** Deliveries in flight right now. */
  get inFlight(): number {
    return this.#inFlight.size;
  }

  start(): void {
    if (this.#loop || this.#stopping) return;
    this.#loop = this.#run().catch((error: unknown) => {
      // #run handles its own errors; this is a bug, not an outage.
      this.#options.log.error(
        { event: "outbox_worker_crashed", err: errorText(error) },
        "outbox worker stopped",
      );
    });
  }

  /** Look for due rows now (a lead was stored, a delivery finished). */
  nudge(): void {
    this.#dirty = true;
    const wake = this.#wake;
    this.#wake = null;
    wake?.();
  }

  /**
   * Stops claiming, waits up to stopGraceMs for deliveries in flight, then aborts the rest and
   * gives their claims back.
   */
  stop(): Promise<void> {
    if (this.#stopped) return this.#stopped;
    this.#stopping = true;
    this.nudge();
    const all = () => Promise.all([...this.#inFlight.values()].map((f) => f.done));
    this.#stopped = (async () => {
      await this.#loop; // no claims after this
      await Promise.race([all(), sleep(this.#options.settings.stopGraceMs)]);
      for (const f of this.#inFlight.values()) f.abort.abort(new StopSignal("server stopping"));
      await all();
      for (const d of Object.values(this.#options.deliverers)) d?.close?.();
    })();
    return this.#stopped;
  }

  async #run(): Promise<void> {
    const { settings } = this.#options;
    while (!this.#stopping) {
      this.#dirty = false;
      const free = settings.concurrency - this.#inFlight.size;
      let claimed: ClaimedNotification[] = [];
      let store: LeadStore | null = null;
      if (free > 0) {
        try {
          store = await this.#options.store();
          claimed = await store.claimNotifications({
            owner: this.owner,
            now: this.#now(),
            leaseMs: settings.leaseMs,
            limit: free,
            channels: this.channels,
          });
          this.#storeAnswered();
        } catch (error) {
          this.#storeFailed(error);
        }
      }
      if (this.#stopping && claimed.length) {
        // Stopped while claiming: give the rows back at once.
        await store!
          .releaseNotifications(
            claimed.map((c) => c.row.id),
            this.owner,
          )
          .catch(() => {});
        break;
      }
      for (const notification of claimed) this.#start(store!, notification);
      // A full batch may mean more rows are due: go again once a slot is free.
      if (claimed.length > 0 && claimed.length === free) continue;
      await this.#idle(settings.pollMs);
    }
  }

  /** Sleeps until `ms` passed or a nudge came (a nudge during the last round counts). */
  #idle(ms: number): Promise<void> {
    if (this.#dirty || this.#stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#wake = null;
        resolve();
      }, ms);
      timer.unref();
      this.#wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  #start(store: LeadStore, notification: ClaimedNotification): void {
    const abort = new AbortController();
    const entry = { abort, done: Promise.resolve() };
    entry.done = this.#deliver(store, notification, abort).finally(() => {
      this.#inFlight.delete(notification.row.id);
      this.nudge();
    });
    this.#inFlight.set(notification.row.id, entry);
  }

  async #deliver(
    store: LeadStore,
    notification: ClaimedNotification,
    abort: AbortController,
  ): Promise<void> {
    const { settings, log } = this.#options;
    const { row, lead } = notification;
    const claimedAt = this.#now().getTime();
    const leaseEnd = claimedAt + settings.leaseMs;
    // Stop before the claim ends, leaving time to record the outcome.
    const cut = setTimeout(
      () => abort.abort(new Error("delivery took too long (lease ending)")),
      Math.max(1, settings.leaseMs * (1 - LEASE_MARGIN)),
    );
    const context = {
      notificationId: row.id,
      leadId: lead.id,
      channel: row.channel,
      attempt: row.attempts + 1,
    };
    let outcome: OutboxOutcome;
    try {
      const deliverer = this.#options.deliverers[row.channel];
      if (!deliverer) throw new Error(`channel ${row.channel} is not configured`);
      await deliverer.deliver(notification, abort.signal);
      outcome = { status: "sent" };
    } catch (error) {
      if (abort.signal.reason instanceof StopSignal) {
        clearTimeout(cut);
        await store.releaseNotifications([row.id], this.owner).catch(() => {});
        log.info({ event: "notification_released", ...context }, "notification given back");
        return;
      }
      outcome = failureOutcome(
        row,
        errorText(error),
        this.#now(),
        settings,
        this.#options.random ?? Math.random,
      );
    } finally {
      clearTimeout(cut);
    }
    await this.#record(store, row, outcome, leaseEnd, context);
  }

  /** Records the outcome, trying again while the store is briefly away and the lease holds. */
  async #record(
    store: LeadStore,
    row: OutboxRow,
    outcome: OutboxOutcome,
    leaseEnd: number,
    context: Record<string, unknown>,
  ): Promise<void> {
    const { log } = this.#options;
    for (let wait = 100; ; wait = Math.min(wait * 2, 2_000)) {
      try {
        const kept = await store.finishNotification(row.id, this.owner, outcome, this.#now());
        if (!kept) {
          log.warn({ event: "notification_claim_lost", ...context }, "claim lost before recording");
        } else if (outcome.status === "sent") {
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
        return;
      } catch (error) {
        if (this.#now().getTime() + wait >= leaseEnd || this.#stopping) {
          // The lease will free the row; it is delivered again (at least once).
          log.error(
            { event: "notification_unrecorded", ...context, err: errorText(error) },
            "delivery outcome could not be recorded",
          );
          return;
        }
        await sleep(wait);
      }
    }
  }

  #storeAnswered(): void {
    if (!this.#storeDown) return;
    this.#storeDown = false;
    this.#options.log.info({ event: "outbox_store_back" }, "outbox: store answers again");
  }

  #storeFailed(error: unknown): void {
    if (this.#storeDown) return;
    this.#storeDown = true;
    this.#options.log.warn(
      { event: "outbox_store_unavailable", err: errorText(error) },
      "outbox: store unavailable; trying again",
    );
  }
}
