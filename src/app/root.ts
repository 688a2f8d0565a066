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
 * The lead service knows nothing of src/admin/ or src/audit/ (docs/architecture.md, Zones): the
 * staff reminders and follow-ups (their outbox channels and sweeps), the daily retention run and
 * the website check (the job an audit lead queues, its emails, the runner and its sandbox) are
 * handed to it here.
 *
 * It lives in src/app/, above every feature, so that src/server/ (the driver, the log, ids, the
 * client address) stays infrastructure that imports no feature (issue 37, decision D220).
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { hostname } from "node:os";
import { leadEmailDeliverer } from "../admin/emails/leadEmails.ts";
import { followUpDeliverer, startFollowUpSweep } from "../admin/followUps.ts";
import { reminderDeliverer, startReminderSweep } from "../admin/reminders.ts";
import { startRetentionSweep } from "../admin/retention.ts";
import { adminStore, signInThrottle } from "../admin/service.ts";
import { eventsEarly } from "../analytics/node.ts";
import { analytics } from "../analytics/service.ts";
import { auditAllowHosts } from "../audit/config.ts";
import { agencyScoreDeliverer, auditEmailDeliverer } from "../audit/email.ts";
import { auditChecks } from "../audit/service.ts";
import { plainAddress } from "../server/clientAddress.ts";
import { leadLog } from "../server/log.ts";
import { ipSaltWarning } from "../leads/attribution.ts";
import { leadMetrics, routeFamily } from "../leads/metrics.ts";
import { leadsFastPath } from "../leads/node.ts";
import { extendLeadService, leadService, type LeadServiceExtension } from "../leads/server.ts";

type Handler = (req: IncomingMessage, res: ServerResponse, next?: () => void) => void;

export interface ServerRoot {
  leads: ReturnType<typeof leadService>;
  /** The agency side's store over the lead store's connection (src/admin/service.ts). */
  admin: typeof adminStore;
  /** The sign-in throttle shared by every admin route (src/admin/service.ts). */
  signInThrottle: typeof signInThrottle;
  metrics: ReturnType<typeof leadMetrics>;
  analytics: ReturnType<typeof analytics>;
  /** Wraps the adapter's handler: JSON lead posts answered before Astro (src/leads/node.ts). */
  leadsFastPath: (next: Handler) => Handler;
  /** Page-view beacons answered before the page headers (src/analytics/node.ts). */
  eventsEarly: typeof eventsEarly;
  /** The family of a request path, for the request-duration metric. */
  routeFamily: typeof routeFamily;
  /** Whether a peer address is one of TRUST_PROXY's proxies (null: no proxy is trusted). */
  trustedProxy: ((address: string) => boolean) | null;
  log: typeof leadLog;
  /** Graceful stop: buffered page views written, outbox deliveries finished, store closed. */
  stop(): Promise<void>;
}

let root: ServerRoot | undefined;

/**
 * What src/admin/ and src/audit/ run inside the lead service: reminders, follow-ups, retention,
 * the website check and its emails.
 */
const extension = (): LeadServiceExtension => ({
  deliverers(config, store, ipSalt) {
    const email = config.notify.email;
    return {
      ...(email ? { audit: auditEmailDeliverer(email, store, ipSalt) } : {}),
      ...(email ? { "audit-agency": agencyScoreDeliverer(email, store, ipSalt) } : {}),
      ...(email && config.notify.reminders ? { reminder: reminderDeliverer(email, store) } : {}),
      ...(email && config.notify.followUps ? { followup: followUpDeliverer(email, store) } : {}),
      ...(email ? { "lead-email": leadEmailDeliverer(email, store) } : {}),
    };
  },
  sweeps: [
    {
      // The daily retention run (src/admin/retention.ts): sent outbox rows, expired leads.
      start: ({ config, store, log }) =>
        startRetentionSweep({
          leads: store,
          rules: config.retention,
          sweepMs: config.retention.sweepMs,
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
      start: ({ config, store, log, outbox }) => {
        const followUps = config.notify.followUps;
        if (!followUps) return null;
        return startFollowUpSweep({
          leads: store,
          sweepMs: followUps.sweepMs,
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
      start: ({ config, store, log, outbox }) => {
        const reminders = config.notify.reminders;
        if (!reminders) return null;
        return startReminderSweep({
          leads: store,
          rules: { minutes: reminders.minutes },
          sweepMs: reminders.sweepMs,
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
  checks: auditChecks(),
});

function compose(): ServerRoot {
  extendLeadService(extension());
  const leads = leadService();
  const metrics = leadMetrics();
  metrics.watchStore(() => leads.store());
  const events = analytics();
  const proxies = leads.config.trustProxy;
  // The website check's address guard lets these through (tests and staging only): say so loudly.
  const allowed = auditAllowHosts();
  if (allowed.length) {
    leadLog.warn(
      { event: "audit_allow_hosts", hosts: allowed },
      "AUDIT_ALLOW_HOSTS is set: the website check may fetch these non-public hosts (tests and staging only)",
    );
  }
  const saltWarning = ipSaltWarning(leads.config);
  if (saltWarning) leadLog.warn({ event: "ip_hash_salt_unset" }, saltWarning);
  return {
    leads,
    admin: adminStore,
    signInThrottle,
    metrics,
    analytics: events,
    leadsFastPath,
    eventsEarly,
    routeFamily,
    trustedProxy: proxies ? (address) => proxies.trust(plainAddress(address), 0) : null,
    log: leadLog,
    stop: () =>
      events
        .stop()
        .catch(() => {})
        .then(() => leads.stop()),
  };
}

/** The process's services, built on first use (once per process, `npm start` or `astro dev`). */
export function serverRoot(): ServerRoot {
  root ??= compose();
  return root;
}
