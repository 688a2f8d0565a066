/**
 * The composition root of the server process: the one place where the services are built and
 * wired together (the lead service with its store, outbox and website-check runner; the
 * metrics watching that store; analytics; the request fast paths). The production build emits
 * this module as dist/server/root.mjs beside the Astro entry (integrations/serverRoot.ts), in
 * the same module graph, so the pages and the Node fast paths share one copy of every module
 * and one instance of every service; scripts/start.mjs imports only those two files and
 * server/serve.ts. Under `astro dev` the middleware calls `serverRoot()` on its first request,
 * so the dev server is wired the same way (without the fast paths: its requests all go through
 * Astro, to the same handlers).
 *
 * The configuration is read once, here (`loadConfig`, ./config.ts), and every service is built
 * here with its dependencies as arguments: no module keeps a service of its own, and none can be
 * built too early or twice. The lead service knows nothing of src/admin/ or src/audit/
 * (docs/architecture.md, Zones): the staff reminders and follow-ups (their outbox channels and
 * sweeps), the daily retention run and the website check (the job an audit lead queues, its
 * emails, the runner and its sandbox) are handed to it here, as it is built.
 *
 * It lives in src/app/, above every feature, so that src/server/ (the driver, the log, ids, the
 * client address) stays infrastructure that imports no feature (issue 37, decision D220).
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { hostname } from "node:os";
import { callbackDeliverer } from "../admin/callbacks.ts";
import { adminChannels } from "../admin/channels.ts";
import { firstOwnerLink } from "../admin/firstRun.ts";
import type { AdminConfig } from "../admin/config.ts";
import { leadEmailDeliverer } from "../admin/emails/leadEmails.ts";
import {
  CONFIRMATION_CHANNEL,
  confirmationDeliverer,
  confirmationWanted,
} from "../admin/emails/confirmations.ts";
import { followUpDeliverer, startFollowUpSweep } from "../admin/followUps.ts";
import { reminderDeliverer, startReminderSweep } from "../admin/reminders.ts";
import { startRetentionSweep } from "../admin/retention.ts";
import { createAdminServices, type AdminServices } from "../admin/service.ts";
import { eventsEarly } from "../analytics/node.ts";
import { createAnalytics, type Analytics } from "../analytics/service.ts";
import type { AuditConfig } from "../audit/config.ts";
import { agencyScoreDeliverer, auditEmailDeliverer } from "../audit/email.ts";
import { CALLBACK_CHANNEL } from "../audit/callback.ts";
import { auditChecks } from "../audit/service.ts";
import { auditChannels } from "../audit/store/types.ts";
import { plainAddress } from "../server/clientAddress.ts";
import { leadLog, setLogLevel } from "../server/log.ts";
import { ipSaltWarning } from "../leads/attribution.ts";
import { createMetrics, routeFamily, type LeadMetrics } from "../leads/metrics.ts";
import { leadsFastPath } from "../leads/node.ts";
import { createLeadService, type LeadService, type LeadServiceExtension } from "../leads/server.ts";
import { createAgencySettings, type AgencySettingsService } from "../leads/settings.ts";
import { databaseFor } from "../leads/store/index.ts";
import { agencyZone, setAgencyZone } from "../lib/agencyZone.ts";
import { leadChannels } from "../leads/store/types.ts";
import { loadConfig, type AppConfig } from "./config.ts";

type Handler = (req: IncomingMessage, res: ServerResponse, next?: () => void) => void;

export interface ServerRoot {
  /** The process's settings, read once (./config.ts). */
  config: AppConfig;
  leads: LeadService;
  /** The agency side's store over the process's connection (src/admin/service.ts). */
  admin: AdminServices["store"];
  /** The owner's settings as this process last read them (src/leads/settings.ts). */
  settings: AgencySettingsService;
  /** The sign-in throttle shared by every admin route (src/admin/service.ts). */
  signInThrottle: AdminServices["signInThrottle"];
  metrics: LeadMetrics;
  analytics: Analytics;
  /** Wraps the adapter's handler: JSON lead posts answered before Astro (src/leads/node.ts). */
  leadsFastPath: (next: Handler) => Handler;
  /** Page-view beacons answered before the page headers (src/analytics/node.ts). */
  eventsEarly: () => ReturnType<typeof eventsEarly>;
  /** The family of a request path, for the request-duration metric. */
  routeFamily: typeof routeFamily;
  /** Whether a peer address is one of TRUST_PROXY's proxies (null: no proxy is trusted). */
  trustedProxy: ((address: string) => boolean) | null;
  log: typeof leadLog;
  /**
   * While the inbox has no owner: a one-time link for the first one on `origin` (the address
   * `npm start` listens on, src/admin/firstRun.ts); null once there is one.
   */
  firstOwnerLink(origin: string): Promise<string | null>;
  /** Graceful stop: buffered page views written, outbox deliveries finished, store closed. */
  stop(): Promise<void>;
}

let root: ServerRoot | undefined;

/**
 * What src/admin/ and src/audit/ run inside the lead service, with their own settings:
 * reminders, follow-ups, retention, the website check and its emails.
 */
const extension = (
  admin: AdminConfig,
  audit: AuditConfig,
  settings: AgencySettingsService,
): LeadServiceExtension => ({
  noticeTo: () => settings.current().noticeTo,
  assignTo: () => {
    const assignment = settings.current().assignment;
    return assignment.mode === "round-robin" ? assignment.staff : [];
  },
  deliverers(config, store, ipSalt) {
    const email = config.notify.email;
    return {
      ...(email ? { audit: auditEmailDeliverer(email, store, ipSalt, agencyZone) } : {}),
      ...(email ? { "audit-agency": agencyScoreDeliverer(email, store, ipSalt, agencyZone) } : {}),
      ...(email && admin.reminders ? { reminder: reminderDeliverer(email, store) } : {}),
      ...(email && admin.followUps ? { followup: followUpDeliverer(email, store) } : {}),
      ...(email ? { "lead-email": leadEmailDeliverer(email, store) } : {}),
      ...(email ? { [CONFIRMATION_CHANNEL]: confirmationDeliverer(email, store) } : {}),
      ...(email ? { [CALLBACK_CHANNEL]: callbackDeliverer(email, store) } : {}),
    };
  },
  // The visitor's confirmation email after a contact, call or growth request (issue 39 §2).
  confirmations: {
    channel: CONFIRMATION_CHANNEL,
    // The owner's switch for every form first (/admin/settings), then the form's template.
    wanted: async (store, lead) =>
      settings.current().confirmationEmails && confirmationWanted(store.connection.db, lead),
  },
  sweeps: [
    {
      // The daily retention run (src/admin/retention.ts): sent outbox rows, expired leads.
      start: ({ store, log }) =>
        startRetentionSweep({
          leads: store,
          rules: admin.retention,
          sweepMs: admin.retention.sweepMs,
          owner: `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`,
          done: ({ outbox: sent, erased, audit }) =>
            log.info(
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
            log.warn(
              { event: "retention_failed", err: (error as Error).message },
              "retention run failed (a run that had started is tried again the next day)",
            ),
        }),
    },
    {
      needsOutbox: true,
      start: ({ store, log, outbox }) => {
        const followUps = admin.followUps;
        if (!followUps) return null;
        return startFollowUpSweep({
          leads: store,
          sweepMs: followUps.sweepMs,
          onSignal: admin.sweepsOnSignal,
          queued: () => outbox.nudge(),
          failed: (error) =>
            log.warn(
              { event: "lead_follow_up_sweep_failed", err: (error as Error).message },
              "could not look for follow-ups that fell due",
            ),
        });
      },
    },
    {
      needsOutbox: true,
      start: ({ store, log, outbox }) => {
        const reminders = admin.reminders;
        if (!reminders) return null;
        return startReminderSweep({
          leads: store,
          rules: { minutes: reminders.minutes },
          sweepMs: reminders.sweepMs,
          onSignal: admin.sweepsOnSignal,
          queued: () => outbox.nudge(),
          failed: (error) =>
            log.warn(
              { event: "lead_reminder_sweep_failed", err: (error as Error).message },
              "could not look for leads to remind staff of",
            ),
        });
      },
    },
  ],
  // The website check: audit leads queue one; this server runs AUDIT_CONCURRENCY of them at a
  // time, each in the sandbox's worker threads (src/audit/sandbox.ts).
  checks: auditChecks(audit),
});

/**
 * Builds every service of the process from `config`, each handed what it depends on. Called once
 * per process by `serverRoot()`; tests may build a root of their own.
 */
export function composeRoot(config: AppConfig): ServerRoot {
  setLogLevel(config.server.logLevel);
  // The agency's zone until the owner's setting is read (src/lib/agencyZone.ts, decision D234).
  setAgencyZone(config.server.timeZone);
  // The outbox's channels, each registered by the feature that delivers it (its deliverer is
  // handed to the lead service in `extension`).
  const channels = [...leadChannels, ...adminChannels, ...auditChannels, CALLBACK_CHANNEL];
  const metrics = createMetrics({ channels });
  // The process's one connection (src/db/), opened and migrated on first use; every store is
  // built over it, here or by the service it is handed to.
  const database = databaseFor(config.leads);
  const settings = createAgencySettings({
    connection: database.connection,
    defaults: { timeZone: config.server.timeZone, noticeTo: config.leads.notify.email?.to ?? [] },
    failed: (error) =>
      leadLog.warn(
        { event: "settings_refresh_failed", err: (error as Error).message },
        "could not read the owner's settings (the last ones read stay in force)",
      ),
  });
  const leads = createLeadService(config.leads, {
    metrics,
    database,
    extension: extension(config.admin, config.audit, settings),
  });
  settings.start();
  metrics.watchStore(() => leads.store());
  const admin = createAdminServices(leads, config.admin.throttle, database.connection);
  const events = createAnalytics(leads, config.analytics, database.connection);
  const proxies = config.leads.trustProxy;
  // The website check's address guard lets these through (tests and staging only): say so loudly.
  const allowed = config.audit.allowHosts;
  if (allowed.length) {
    leadLog.warn(
      { event: "audit_allow_hosts", hosts: allowed },
      "AUDIT_ALLOW_HOSTS is set: the website check may fetch these non-public hosts (tests and staging only)",
    );
  }
  const saltWarning = ipSaltWarning(config.leads);
  if (saltWarning) leadLog.warn({ event: "ip_hash_salt_unset" }, saltWarning);
  return {
    config,
    leads,
    admin: admin.store,
    settings,
    signInThrottle: admin.signInThrottle,
    metrics,
    analytics: events,
    leadsFastPath: (next) => leadsFastPath(leads, next),
    eventsEarly: () => eventsEarly(events),
    routeFamily,
    trustedProxy: proxies ? (address) => proxies.trust(plainAddress(address), 0) : null,
    log: leadLog,
    firstOwnerLink: async (origin) => firstOwnerLink(await admin.store(), leads.ipSalt(), origin),
    stop: () => {
      settings.stop();
      return events
        .stop()
        .catch(() => {})
        .then(() => leads.stop());
    },
  };
}

/**
 * The process's services, built on first use (once per process, `npm start` or `astro dev`)
 * from the environment's configuration.
 */
export function serverRoot(): ServerRoot {
  root ??= composeRoot(loadConfig());
  return root;
}
