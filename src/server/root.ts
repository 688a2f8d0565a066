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
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { eventsEarly } from "../analytics/node.ts";
import { analytics } from "../analytics/service.ts";
import { auditAllowHosts } from "../audit/config.ts";
import { runAudit } from "../audit/run.ts";
import { plainAddress } from "../leads/clientAddress.ts";
import { leadLog } from "../leads/log.ts";
import { leadMetrics, routeFamily } from "../leads/metrics.ts";
import { leadsFastPath } from "../leads/node.ts";
import { leadService } from "../leads/server.ts";

type Handler = (req: IncomingMessage, res: ServerResponse, next?: () => void) => void;

export interface ServerRoot {
  leads: ReturnType<typeof leadService>;
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

function compose(): ServerRoot {
  const leads = leadService();
  // The website check's engine runs the audit leads' checks in this process (src/audit/jobs.ts).
  leads.useAuditRunner((input, { signal }) => runAudit(input, { signal }));
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
  return {
    leads,
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
