/**
 * The server's metrics in Prometheus' text format (prom-client), read at /api/metrics with the
 * operator's token (src/pages/api/metrics.ts; README, "Metrics"). One registry per process:
 *
 * - leads_received_total{form, spam}: leads stored, by form; `spam="true"` for those flagged as
 *   possible spam (stored, delivered and answered like any other, so never a rejection);
 * - leads_rejected_total{reason}: posts not stored: validation, rate_limit, size,
 *   unsupported_media_type, bad_request, unavailable (the store could not take it);
 * - leads_outbox_notifications{channel, status}: pending and failed notifications per channel,
 *   counted in the store when scraped; leads_store_up is 0 when it could not be asked;
 * - http_request_duration_seconds{route, method, code}: every response's time, by route family
 *   (page, asset, api_leads, api_events, api_other, admin), measured by server/serve.ts;
 * - the process's own metrics (CPU, memory, heap, event-loop lag, handles), prefixed `process_`
 *   and `nodejs_`.
 *
 * Counters are incremented where intake decides (src/leads/http.ts, for both the Astro endpoint
 * and the Node fast path) on the lead service's `metrics`. Like the lead service, one registry per
 * process, made by the composition root (src/app/root.ts).
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { leadChannels, type Channel, type LeadStore } from "./store/types.ts";

export type RejectionReason =
  "validation" | "rate_limit" | "size" | "unsupported_media_type" | "bad_request" | "unavailable";

export type RouteFamily = "page" | "asset" | "api_leads" | "api_events" | "api_other" | "admin";

export interface LeadMetrics {
  registry: Registry;
  received(form: string, spam: boolean): void;
  rejected(reason: RejectionReason): void;
  /** One HTTP response, `seconds` after its request arrived. */
  observeRequest(route: RouteFamily, method: string, code: number, seconds: number): void;
  /** Where the outbox gauges read their counts on each scrape. */
  watchStore(store: () => Promise<LeadStore>): void;
}

/** Methods kept as labels; any other (a client may send anything) is counted as "other". */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Response-time buckets (seconds): a lead commit with an fsync to a slow page of the inbox. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A registry of its own: the composition root makes the process's one (src/app/root.ts). */
export function createMetrics(
  options: {
    /** The outbox channels registered by every feature (src/app/root.ts): a gauge each. */
    channels?: readonly Channel[];
  } = {},
): LeadMetrics {
  const channels = options.channels ?? leadChannels;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const received = new Counter({
    name: "leads_received_total",
    help: "Leads stored, by form; spam=true for those flagged as possible spam (stored too).",
    labelNames: ["form", "spam"] as const,
    registers: [registry],
  });
  const rejected = new Counter({
    name: "leads_rejected_total",
    help: "Lead posts not stored, by reason.",
    labelNames: ["reason"] as const,
    registers: [registry],
  });
  for (const reason of [
    "validation",
    "rate_limit",
    "size",
    "unsupported_media_type",
    "bad_request",
    "unavailable",
  ] satisfies RejectionReason[]) {
    rejected.inc({ reason }, 0);
  }
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its response, by route family.",
    labelNames: ["route", "method", "code"] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  let source: (() => Promise<LeadStore>) | null = null;
  // Both gauges below are collected side by side on a scrape: one store query serves both.
  let reading: Promise<void> | null = null;
  const outbox = new Gauge({
    name: "leads_outbox_notifications",
    help: "Outbox notifications waiting for delivery (pending) and given up on (failed), by channel.",
    labelNames: ["channel", "status"] as const,
    registers: [registry],
    collect: () => refresh(),
  });
  const storeUp = new Gauge({
    name: "leads_store_up",
    help: "1 when the lead store answered this scrape's outbox count, else 0 (the counts are then the last known).",
    registers: [registry],
    collect: () => refresh(),
  });
  const refresh = () =>
    (reading ??= (async () => {
      if (!source) return;
      try {
        const counts = await (await source()).countNotificationsByChannel(channels);
        for (const channel of channels) {
          outbox.set({ channel, status: "pending" }, counts[channel]?.pending ?? 0);
          outbox.set({ channel, status: "failed" }, counts[channel]?.failed ?? 0);
        }
        storeUp.set(1);
      } catch {
        storeUp.set(0);
      }
    })().finally(() => (reading = null)));
  return {
    registry,
    received: (form, spam) => received.inc({ form, spam: spam ? "true" : "false" }),
    rejected: (reason) => rejected.inc({ reason }),
    observeRequest: (route, method, code, seconds) =>
      duration.observe(
        { route, method: METHODS.has(method) ? method : "other", code: String(code) },
        seconds,
      ),
    watchStore(store) {
      source = store;
    },
  };
}

/** The family of a request path, for http_request_duration_seconds (few values, no ids). */
export function routeFamily(url: string): RouteFamily {
  const path = url.split("?")[0]!;
  if (path === "/api/leads" || path.startsWith("/api/leads/")) return "api_leads";
  if (path === "/api/events") return "api_events";
  if (path === "/admin" || path.startsWith("/admin/") || path.startsWith("/api/admin/"))
    return "admin";
  if (path.startsWith("/api/")) return "api_other";
  if (path.startsWith("/_astro/") || /\.(?!html?$)[a-z0-9]+$/i.test(path)) return "asset";
  return "page";
}
