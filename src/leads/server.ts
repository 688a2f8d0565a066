/**
 * The lead-intake service of one server process: configuration, the store (opened and migrated
 * on first use, retried after a failure), the rate limiter, the IP-hash salt, the logger and the
 * outbox worker that delivers leads to the agency (started with the service, stopped with it),
 * and whatever the composition root adds (src/app/root.ts, the one caller of
 * `createLeadService`): deliverers of further outbox channels, sweeps started and stopped with
 * the service (the staff reminders, follow-ups and the daily retention run of src/admin/) and
 * the website check (src/audit/: the job an audit lead queues, its links, the runner). This
 * folder imports none of src/admin/, src/analytics/ or src/audit/ (docs/architecture.md, Zones).
 */
import { randomBytes } from "node:crypto";
import { loadIpSalt } from "./attribution.ts";
import type { LeadConfig } from "./config.ts";
import type { LeadMetrics } from "./metrics.ts";
import { leadLog } from "../server/log.ts";
import { checklistDeliverer } from "./notify/checklist.ts";
import { emailDeliverer } from "./notify/notice.ts";
import { OutboxWorker } from "./notify/outbox.ts";
import type { Deliverer } from "./notify/types.ts";
import { WEBHOOK_TEST_CHANNEL, WEBHOOK_TEST_EVENT, webhookDeliverer } from "./notify/webhook.ts";
import { bookingDeliverer } from "./scheduling/notice.ts";
import { agencyZone } from "../lib/agencyZone.ts";
import { createRateLimiter, type LeadRateLimiter } from "./rateLimit.ts";
import { storeHolder } from "./store/index.ts";
import type { DatabaseHolder } from "../db/holder.ts";
import type { Channel, LeadRecord, LeadStore, NewAuditJob } from "./store/types.ts";

export interface LeadService {
  config: LeadConfig;
  /** Where intake counts what it took and refused (./metrics.ts). */
  metrics: LeadMetrics;
  store(): Promise<LeadStore>;
  rateLimiter(): Promise<LeadRateLimiter>;
  ipSalt(): string;
  log: typeof leadLog;
  /** The outbox worker, or null when no channel is configured. */
  outbox: OutboxWorker | null;
  /**
   * The website check's runner of this process (registered by the composition root), or null
   * when checks are off here (AUDIT_CONCURRENCY=0): then audit leads queue no check.
   */
  readonly audit: CheckRunner | null;
  /** The job an audit lead queues and the links its answer names; null when checks are off. */
  readonly checks: Pick<LeadChecks, "jobFor" | "links"> | null;
  /** Confirmation emails to visitors; null without SMTP or when the root registered none. */
  readonly confirmations: LeadConfirmations | null;
  /** An audit lead queued a check: run it soon. */
  nudgeAudit(): void;
  /** Who new leads are given to in turn now (empty: nobody; src/leads/settings.ts). */
  assignTo(): readonly string[];
  /** Opens the store (running migrations) and starts the outbox worker; idempotent. */
  start(): void;
  /** A lead with notifications was committed: deliver it soon. */
  nudgeOutbox(): void;
  /** Stops the worker (finishing or giving back deliveries in flight), then closes the store. */
  stop(): Promise<void>;
}

/** What a sweep added by the composition root gets from the service it runs with. */
export interface LeadSweepContext {
  config: LeadConfig;
  store: () => Promise<LeadStore>;
  log: typeof leadLog;
}

/**
 * A periodic task started with the service and stopped with it. `start` returns its stop, or
 * null when the configuration leaves it off.
 */
export type LeadSweep =
  | { needsOutbox?: false; start(context: LeadSweepContext): (() => void) | null }
  | {
      /** Runs only while an outbox worker delivers (it queues deliveries), started after it. */
      needsOutbox: true;
      start(context: LeadSweepContext & { outbox: OutboxWorker }): (() => void) | null;
    };

/** A background runner of jobs kept in the store (the website check's worker). */
export interface CheckRunner {
  /** Jobs running now. */
  readonly inFlight: number;
  start(): void;
  /** A job was queued: look for it now. */
  nudge(): void;
  /** Stops claiming, gives back or finishes what runs. */
  stop(): Promise<void>;
}

/** The links of a queued check that a lead's answer names. */
export interface CheckLinks {
  thanks: string;
  report: string;
  status: string;
}

/** The website check as the lead service runs it (src/audit/, registered by the root). */
export interface LeadChecks {
  /** The job a stored lead queues in its own transaction (null: none). */
  jobFor(lead: LeadRecord, now: Date): NewAuditJob | null;
  /** The links of a queued check, signed with the service's salt. */
  links(jobId: string, salt: string): CheckLinks;
  /** This process's runner, built once with the service (null: checks are off here). */
  runner(context: LeadSweepContext & { outbox: OutboxWorker | null }): CheckRunner | null;
}

/** What the composition root adds to the lead service (src/app/root.ts). */
export interface LeadServiceExtension {
  /** Deliverers of further outbox channels, given the configuration (those left out: none). */
  deliverers?(
    config: LeadConfig,
    store: () => Promise<LeadStore>,
    ipSalt: () => string,
  ): Partial<Record<Channel, Deliverer>>;
  /** Sweeps, started in this order (stopped in the reverse one). */
  sweeps?: LeadSweep[];
  /** The website check. */
  checks?: LeadChecks;
  /** Confirmation emails to the visitor (src/admin/emails/confirmations.ts). */
  confirmations?: LeadConfirmations;
  /** Who gets new-lead notices now (the owner's setting, src/leads/settings.ts); default LEAD_EMAIL_TO. */
  noticeTo?: () => readonly string[];
  /** Who new leads are given to in turn now (the owner's setting); default nobody. */
  assignTo?: () => readonly string[];
}

/** The visitor's confirmation email as the lead service queues it (registered by the root). */
export interface LeadConfirmations {
  /** Its outbox channel (delivered by the root's deliverer). */
  channel: Channel;
  /** Whether `lead` gets one (its form has one, switched on, a plain address, not spam). */
  wanted(store: LeadStore, lead: LeadRecord): Promise<boolean>;
}

function deliverers(
  config: LeadConfig,
  store: () => Promise<LeadStore>,
  ipSalt: () => string,
  extension: LeadServiceExtension,
): Partial<Record<Channel, Deliverer>> {
  const d: Partial<Record<Channel, Deliverer>> = {};
  if (config.notify.email) d.email = emailDeliverer(config.notify.email, extension.noticeTo);
  if (config.notify.email) d.checklist = checklistDeliverer(config.notify.email, ipSalt);
  if (config.notify.email) d.booking = bookingDeliverer(config.notify.email, store, agencyZone);
  if (config.notify.webhook) d.webhook = webhookDeliverer(config.notify.webhook);
  if (config.notify.webhook) {
    d[WEBHOOK_TEST_CHANNEL] = webhookDeliverer(config.notify.webhook, WEBHOOK_TEST_EVENT);
  }
  Object.assign(d, extension.deliverers?.(config, store, ipSalt));
  return d;
}

/**
 * A lead service: the composition root (src/app/root.ts) builds the process's one, with the
 * settings of `loadConfig` (src/app/config.ts), the metrics it counts into and what src/admin/
 * and src/audit/ add (`extension`); nothing else keeps or builds one.
 */
export function createLeadService(
  config: LeadConfig,
  deps: {
    metrics: LeadMetrics;
    extension?: LeadServiceExtension;
    /** The process's database (src/app/root.ts); default: one of its own, from `config`. */
    database?: DatabaseHolder;
  },
): LeadService {
  const { metrics } = deps;
  const extension = deps.extension ?? {};
  const holder = storeHolder(config, deps.database);
  let limiter: Promise<LeadRateLimiter> | null = null;
  let salt: string | null = null;
  let started = false;
  let stopping: Promise<void> | null = null;
  const stops: (() => void)[] = [];
  const sweeps = extension.sweeps ?? [];
  const context: LeadSweepContext = { config, store: () => holder.get(), log: leadLog };
  const outbox = config.notify.channels.length
    ? new OutboxWorker({
        store: () => holder.get(),
        deliverers: deliverers(
          config,
          () => holder.get(),
          () => service.ipSalt(),
          extension,
        ),
        settings: config.notify.outbox,
        log: leadLog,
      })
    : null;
  const audit = extension.checks?.runner({ ...context, outbox }) ?? null;
  const service: LeadService = {
    config,
    log: leadLog,
    metrics,
    outbox,
    audit,
    checks: audit && extension.checks ? extension.checks : null,
    confirmations:
      config.notify.email && extension.confirmations && outbox ? extension.confirmations : null,
    assignTo: () => extension.assignTo?.() ?? [],
    nudgeAudit() {
      if (!audit) return;
      service.start();
      audit.nudge();
    },
    start() {
      if (started || stopping) return;
      started = true;
      holder.get().then(
        (store) =>
          leadLog.info(
            { event: "lead_store_ready", store: store.driver, migrated: store.appliedOnOpen },
            "lead store ready",
          ),
        (error: unknown) =>
          leadLog.warn(
            { event: "lead_store_unavailable", err: (error as Error).message },
            "lead store unavailable at start",
          ),
      );
      audit?.start();
      for (const sweep of sweeps) {
        const stop = sweep.needsOutbox ? null : sweep.start(context);
        if (stop) stops.push(stop);
      }
      if (outbox) {
        leadLog.info(
          {
            event: "lead_delivery_on",
            channels: config.notify.channels,
            owner: outbox.owner,
          },
          `leads are delivered by ${config.notify.channels.join(" and ")}`,
        );
        outbox.start();
        for (const sweep of sweeps) {
          const stop = sweep.needsOutbox ? sweep.start({ ...context, outbox }) : null;
          if (stop) stops.push(stop);
        }
      } else {
        leadLog.warn(
          { event: "lead_delivery_off" },
          "no delivery channel configured (SMTP_URL, WEBHOOK_URL): leads are only stored",
        );
      }
    },
    nudgeOutbox() {
      if (!outbox) return;
      service.start();
      outbox.nudge();
    },
    stop() {
      stopping ??= (async () => {
        for (const stop of stops.reverse()) stop();
        await Promise.all([audit?.stop(), outbox?.stop()]);
        await holder.close();
      })();
      return stopping;
    },
    store: () => holder.get(),
    rateLimiter() {
      limiter ??= (async () => {
        const connection = config.databaseUrl ? (await holder.get()).connection : null;
        const pg = connection?.dialect === "postgres" ? connection : null;
        return createRateLimiter(config, pg);
      })().catch((error: unknown) => {
        limiter = null;
        throw error;
      });
      return limiter;
    },
    ipSalt() {
      if (salt) return salt;
      try {
        salt = loadIpSalt(config.ipHashSalt, config.dataDir);
      } catch (error) {
        // A read-only DATA_DIR must not cost a lead: hash with a salt of this process only.
        leadLog.warn(
          { event: "ip_salt_unpersisted", err: (error as Error).message },
          "IP-hash salt could not be kept in DATA_DIR; set IP_HASH_SALT",
        );
        salt = randomBytes(32).toString("hex");
      }
      return salt;
    },
  };
  return service;
}
