/**
 * The analytics of one server process: events are answered at once and written in batches
 * (EVENT_BATCH rows, or whatever came in FLUSH_MS), so a flood of page views costs the lead
 * intake one short transaction now and then rather than one per view; the buffer is bounded
 * (a flood past it is refused with 429, never queued without end). The day's salt is cached per
 * day. A sweep rolls up days, prunes raw events after RAW_EVENT_DAYS and deletes past salts.
 *
 * Issue 23: a batch the store refuses (a full disk, an outage) is kept and written again, and
 * while the store refuses, new beacons get 429 rather than a 204 for a view that would be lost.
 * The rate limit lives in PostgreSQL when the store is there (one budget for all servers, as the
 * lead limits); paths, sources and campaigns are bounded (./pages.ts).
 */
import { liveVisitors } from "./live.ts";
import type { LiveVisitors } from "./store/types.ts";
import { randomBytes } from "node:crypto";
import { RateLimiterRes } from "rate-limiter-flexible";
import { clientIp, rateLimitKey } from "../server/clientAddress.ts";
import { plainJson, type PlainResponse } from "../leads/http.ts";
import { leadsInFlight } from "../server/inFlight.ts";
import { limiterFor } from "../leads/rateLimit.ts";
import type { LeadService } from "../leads/server.ts";
import type { AnalyticsConfig } from "./config.ts";
import type { Connection } from "../db/connection.ts";
import { builtOn } from "../db/holder.ts";
import { distinctCap, sitePages } from "./pages.ts";
import { analyticsStoreOn } from "./store/index.ts";
import type { AnalyticsEvent } from "./store/types.ts";
import { readEvent } from "./ingest.ts";
import { performanceReport, readPeriod, type Report } from "./report.ts";
import { sweepAnalytics } from "./rollup.ts";

const EVENT_BATCH = 1_000;
const FLUSH_MS = 200;
const BUFFER_CAP = 50_000;
const SWEEP_MS = 60 * 60 * 1000;
/** After the store refused a batch: the first retry, doubling up to the longest. */
const RETRY_MS = 500;
const RETRY_MAX_MS = 30_000;
/**
 * While this many lead posts are being handled at once, beacons are refused (429) before they
 * are read: a page view is worth little next to a lead, and a flood of both must not slow the
 * leads. A real site sees one lead post at a time.
 */
export const LEADS_FIRST = 4;

export interface EventPost {
  contentType: string | null;
  /** The body, or null when it was larger than EVENT_BODY_LIMIT. */
  bytes: Uint8Array | null;
  userAgent: string | null;
  acceptLanguage: string | null;
  secGpc: string | null;
  origin: string | null;
  host: string | null;
  forwardedFor: string | null;
  remoteAddress: string | undefined;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

const noContent: PlainResponse = {
  status: 204,
  headers: { "cache-control": "no-store" },
  body: null,
};
const refuse = (status: number, error: string, message: string, headers = {}) =>
  plainJson(status, { error, message }, headers);
/** Leads are busy, or too many events wait to be written: try again in a second. */
const busy = refuse(429, "busy", "Too many events.", { "retry-after": "1" });

/**
 * The analytics of one server process, over the process's connection (built once, by the
 * composition root: src/app/root.ts, which hands it the connection; default: the lead store's).
 */
export function createAnalytics(
  leads: LeadService,
  config: AnalyticsConfig,
  connection: () => Promise<Connection> = async () => (await leads.store()).connection,
) {
  const log = leads.log;
  const store = builtOn(connection, analyticsStoreOn);
  const points = config.rateLimit;
  type Limiter = Awaited<ReturnType<typeof limiterFor>>;
  let limiter: Promise<Limiter> | null = null;
  /** The per-client limiter: in PostgreSQL when the store is there (shared), else in memory. */
  const rateLimiter = (): Promise<Limiter> =>
    (limiter ??= (async () => {
      const on = await connection();
      const pg = on.dialect === "postgres" ? on : null;
      return limiterFor("events", points ?? 1, 60, pg);
    })().catch((error: unknown) => {
      limiter = null;
      throw error;
    }));
  const pages = sitePages(config.siteOutDir);
  const sources = distinctCap();
  const campaigns = distinctCap();
  /** Set while the store refuses batches: beacons get 429 until a batch is written again. */
  let failing = false;
  let retryMs = RETRY_MS;
  let salt: { day: string; value: Promise<string> } | null = null;
  const buffer: AnalyticsEvent[] = [];
  let timer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> | null = null;
  let sweepTimer: NodeJS.Timeout | null = null;

  const daySalt = (day: string): Promise<string> => {
    if (salt?.day !== day) {
      const value = store().then((s) => s.daySalt(day, randomBytes(32).toString("base64url")));
      value.catch(() => (salt = null));
      salt = { day, value };
    }
    return salt.value;
  };

  async function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    while (flushing) await flushing;
    const batch = buffer.splice(0, EVENT_BATCH);
    if (!batch.length) return;
    let written = false;
    flushing = (async () => {
      try {
        await (await store()).insertEvents(batch);
        written = true;
      } catch (error) {
        // Kept, to be written again: each of these views was answered 204.
        buffer.unshift(...batch);
        if (!failing)
          log.warn({ event: "analytics_store_refused", events: batch.length, err: String(error) });
        failing = true;
      }
    })();
    await flushing;
    flushing = null;
    if (written) {
      if (failing) log.info({ event: "analytics_store_back" });
      failing = false;
      retryMs = RETRY_MS;
      if (buffer.length) schedule(buffer.length >= EVENT_BATCH ? 0 : FLUSH_MS);
    } else {
      schedule(retryMs);
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    }
  }

  function schedule(ms: number) {
    timer ??= setTimeout(() => void flush(), ms).unref();
  }

  /** Refuses a beacon at once while leads are busy (LEADS_FIRST), or null to go on. */
  function yieldToLeads(): PlainResponse | null {
    return leadsInFlight() >= LEADS_FIRST ? busy : null;
  }

  async function handle(post: EventPost, now = new Date()): Promise<PlainResponse> {
    const type = (post.contentType ?? "").split(";")[0]!.trim().toLowerCase();
    if (type !== "text/plain" && type !== "application/json")
      return refuse(415, "unsupported_type", "Send the event as JSON.");
    if (post.bytes === null) return refuse(413, "too_large", "The event is too large.");
    let originHost: string | null;
    try {
      originHost = post.origin ? new URL(post.origin).host : null;
    } catch {
      originHost = null;
    }
    // An Origin that names no site (a sandboxed frame's "null", garbage) is not this site either.
    if (post.origin !== null && originHost !== post.host)
      return refuse(403, "cross_origin", "Events come from this site's own pages.");
    // The store refuses writes (a full disk): refused now rather than answered and then lost.
    if (failing) return busy;
    const ip = clientIp(post.forwardedFor, post.remoteAddress, leads.config.trustProxy);
    if (points !== null) {
      try {
        await (await rateLimiter()).consume(ip ? rateLimitKey(ip) : "unknown");
      } catch (result) {
        if (result instanceof RateLimiterRes) {
          const wait = String(Math.max(1, Math.ceil(result.msBeforeNext / 1000)));
          return refuse(429, "rate_limited", "Too many events.", { "retry-after": wait });
        }
        // The limiter's store failed (its in-memory insurance answered for it): go on.
      }
    }
    if (buffer.length >= BUFFER_CAP) return busy;
    let body: unknown;
    try {
      body = JSON.parse(utf8.decode(post.bytes));
    } catch {
      return refuse(400, "invalid", "Not a page event.");
    }
    const outcome = await readEvent({
      body,
      ip,
      userAgent: post.userAgent,
      acceptLanguage: post.acceptLanguage,
      origin: post.origin,
      secGpc: post.secGpc,
      site: post.host ?? "",
      now,
      salt: daySalt,
      pages,
    });
    if (outcome.kind === "invalid") return refuse(400, "invalid", outcome.message);
    if (outcome.kind === "count") {
      for (const e of outcome.events) {
        e.source = sources(e.source, e.day);
        e.campaign = campaigns(e.campaign, e.day);
      }
      buffer.push(...outcome.events);
      schedule(buffer.length >= EVENT_BATCH ? 0 : FLUSH_MS);
    }
    return noContent;
  }

  return {
    handle,
    yieldToLeads,
    /** Writes whatever waits (before a stop, and in tests). */
    async flushAll(): Promise<void> {
      // A store that keeps refusing gets three tries; what it never took is lost, and said so.
      for (let refusals = 0; (buffer.length || flushing) && refusals < 3;) {
        await flush();
        if (failing) refusals++;
      }
      if (buffer.length) {
        log.warn({ event: "analytics_events_lost", events: buffer.length });
        buffer.length = 0;
      }
    },
    /** Starts the hourly sweep (first run a minute after start); idempotent. */
    startSweep(): void {
      if (sweepTimer) return;
      const run = async () => {
        try {
          await sweepAnalytics(await store(), new Date());
        } catch (error) {
          log.warn({ event: "analytics_sweep_failed", err: String(error) });
        }
        sweepTimer = setTimeout(() => void run(), SWEEP_MS).unref();
      };
      sweepTimer = setTimeout(() => void run(), 60_000).unref();
    },
    stop(): Promise<void> {
      if (sweepTimer) clearTimeout(sweepTimer);
      return this.flushAll();
    },
    /**
     * The Performance report for the period the URL asks for (the page and its CSV route);
     * `error` says why a custom period was not taken.
     */
    async loadReport(
      params: URLSearchParams,
      now = new Date(),
    ): Promise<{ report: Report; error: string | null }> {
      const { period, previous, error } = readPeriod(params, now);
      return { report: await performanceReport(await store(), period, previous, now), error };
    },
    /** Visitors of the last few minutes and what they are viewing (./live.ts). */
    async live(now = new Date()): Promise<LiveVisitors> {
      return liveVisitors(await store(), now);
    },
  };
}

export type Analytics = ReturnType<typeof createAnalytics>;
