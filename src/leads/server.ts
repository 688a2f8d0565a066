/**
 * The lead-intake service of one server process: configuration, the store (opened and migrated
 * on first use, retried after a failure), the rate limiter, the IP-hash salt, the logger and the
 * outbox worker that delivers leads to the agency (started with the service, stopped with it),
 * the sweep that queues speed-to-lead reminders (src/admin/reminders.ts) while SMTP is set, and
 * the daily retention run (src/admin/retention.ts: sent outbox rows, and leads past LEAD_RETENTION_DAYS).
 */
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { loadIpSalt } from "./attribution.ts";
import { leadConfig, type LeadConfig } from "./config.ts";
import { leadLog } from "./log.ts";
import { checklistDeliverer } from "./notify/checklist.ts";
import { emailDeliverer } from "./notify/email.ts";
import { OutboxWorker } from "./notify/outbox.ts";
import type { Deliverer } from "./notify/types.ts";
import { webhookDeliverer } from "./notify/webhook.ts";
import { reminderDeliverer, startReminderSweep } from "../admin/reminders.ts";
import { followUpDeliverer, startFollowUpSweep } from "../admin/followUps.ts";
import { agencyScoreDeliverer, auditEmailDeliverer } from "../audit/email.ts";
import { auditJobSettings, AuditWorker, type AuditRunner } from "../audit/jobs.ts";
import { createRateLimiter, type LeadRateLimiter } from "./rateLimit.ts";
import { startRetentionSweep } from "../admin/retention.ts";
import { storeHolder } from "./store/index.ts";
import { PostgresLeadStore } from "./store/postgres.ts";
import type { Channel, LeadStore } from "./store/types.ts";

export interface LeadService {
  config: LeadConfig;
  store(): Promise<LeadStore>;
  rateLimiter(): Promise<LeadRateLimiter>;
  ipSalt(): string;
  log: typeof leadLog;
  /** The outbox worker, or null when no channel is configured. */
  outbox: OutboxWorker | null;
  /**
   * Hands the website check's engine to this server (scripts/start.mjs: src/audit/run.ts's
   * runAudit): from then on audit leads with a website queue a check, and this server runs
   * AUDIT_CONCURRENCY of them at a time. Without it (AUDIT_CONCURRENCY=0, or `astro dev`) leads
   * queue no check.
   */
  useAuditRunner(run: AuditRunner): void;
  /** The check worker, once a runner is set and AUDIT_CONCURRENCY is above 0. */
  readonly audit: AuditWorker | null;
  /** An audit lead queued a check: run it soon. */
  nudgeAudit(): void;
  /** Opens the store (running migrations) and starts the outbox worker; idempotent. */
  start(): void;
  /** A lead with notifications was committed: deliver it soon. */
  nudgeOutbox(): void;
  /** Stops the worker (finishing or giving back deliveries in flight), then closes the store. */
  stop(): Promise<void>;
}

function deliverers(
  config: LeadConfig,
  store: () => Promise<LeadStore>,
  ipSalt: () => string,
): Partial<Record<Channel, Deliverer>> {
  const d: Partial<Record<Channel, Deliverer>> = {};
  if (config.notify.email) d.email = emailDeliverer(config.notify.email);
  if (config.notify.email) d.checklist = checklistDeliverer(config.notify.email, ipSalt);
  if (config.notify.webhook) d.webhook = webhookDeliverer(config.notify.webhook);
  if (config.notify.email && config.notify.reminders)
    d.reminder = reminderDeliverer(config.notify.email, store);
  if (config.notify.email && config.notify.followUps)
    d.followup = followUpDeliverer(config.notify.email, store);
  if (config.notify.email) d.audit = auditEmailDeliverer(config.notify.email, store, ipSalt);
  if (config.notify.email)
    d["audit-agency"] = agencyScoreDeliverer(config.notify.email, store, ipSalt);
  return d;
}

function createLeadService(config: LeadConfig): LeadService {
  const holder = storeHolder(config);
  let limiter: Promise<LeadRateLimiter> | null = null;
  let salt: string | null = null;
  let started = false;
  let stopping: Promise<void> | null = null;
  let stopReminders: (() => void) | null = null;
  let stopFollowUps: (() => void) | null = null;
  let stopRetention: (() => void) | null = null;
  let audit: AuditWorker | null = null;
  const auditSettings = auditJobSettings();
  const outbox = config.notify.channels.length
    ? new OutboxWorker({
        store: () => holder.get(),
        deliverers: deliverers(
          config,
          () => holder.get(),
          () => service.ipSalt(),
        ),
        settings: config.notify.outbox,
        log: leadLog,
      })
    : null;
  const service: LeadService = {
    config,
    log: leadLog,
    outbox,
    get audit() {
      return audit;
    },
    useAuditRunner(run) {
      if (audit || stopping || auditSettings.concurrency < 1) return;
      audit = new AuditWorker({
        store: () => holder.get(),
        run,
        settings: auditSettings,
        log: leadLog,
        emailProspect: config.notify.email !== null,
        emailAgency: config.notify.email !== null,
        emailQueued: () => outbox?.nudge(),
      });
      if (started) audit.start();
    },
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
      const retention = config.retention;
      stopRetention = startRetentionSweep({
        leads: () => holder.get(),
        rules: retention,
        sweepMs: retention.sweepMs,
        owner: `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`,
        done: ({ outbox: sent, erased, audit }) =>
          leadLog.info(
            {
              event: "retention_pruned",
              auditEntries: audit ?? 0,
              sentNotifications: sent,
              leads: erased.leads.length,
              notifications: erased.outbox,
              events: erased.events,
            },
            "retention: expired rows deleted",
          ),
        failed: (error) =>
          leadLog.warn(
            { event: "retention_failed", err: (error as Error).message },
            "retention run failed (a run that had started is tried again the next day)",
          ),
      });
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
        const followUps = config.notify.followUps;
        if (followUps) {
          stopFollowUps = startFollowUpSweep({
            leads: () => holder.get(),
            sweepMs: followUps.sweepMs,
            queued: () => outbox.nudge(),
            failed: (error) =>
              leadLog.warn(
                { event: "lead_follow_up_sweep_failed", err: (error as Error).message },
                "could not look for follow-ups that fell due",
              ),
          });
        }
        const reminders = config.notify.reminders;
        if (reminders) {
          stopReminders = startReminderSweep({
            leads: () => holder.get(),
            rules: { minutes: reminders.minutes },
            sweepMs: reminders.sweepMs,
            queued: () => outbox.nudge(),
            failed: (error) =>
              leadLog.warn(
                { event: "lead_reminder_sweep_failed", err: (error as Error).message },
                "could not look for leads to remind staff of",
              ),
          });
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
        stopReminders?.();
        stopFollowUps?.();
        stopRetention?.();
        await Promise.all([audit?.stop(), outbox?.stop()]);
        await holder.close();
      })();
      return stopping;
    },
    store: () => holder.get(),
    rateLimiter() {
      limiter ??= (async () => {
        let pg: { sql: PostgresLeadStore["sql"]; schema: string } | null = null;
        if (config.databaseUrl) {
          const store = await holder.get();
          if (store instanceof PostgresLeadStore) pg = { sql: store.sql, schema: store.schema };
        }
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

/**
 * One service per process (the store connection, the rate limiter, the salt), for the Node fast
 * path and the Astro routes alike: both are in one module graph (src/server/root.ts, the
 * composition root, is built into the server bundle), so a module variable is enough.
 */
let service: LeadService | undefined;

/** The process-wide lead service, configured from the environment on first use. */
export function leadService(): LeadService {
  service ??= createLeadService(leadConfig());
  return service;
}
