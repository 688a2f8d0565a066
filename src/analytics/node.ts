/**
 * POST /api/events on the Node fast path (like src/leads/node.ts for JSON leads): a page view
 * must cost the server as little as possible, so it never enters Astro's page pipeline.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { header, readBody, send } from "../leads/node.ts";
import { analytics } from "./service.ts";
import { EVENT_BODY_LIMIT, EVENTS_ENDPOINT } from "./wire.ts";

type Handler = (req: IncomingMessage, res: ServerResponse, next?: () => void) => void;

function isEventPost(req: IncomingMessage): boolean {
  if (req.method !== "POST") return false;
  const url = req.url ?? "";
  return (url.includes("?") ? url.slice(0, url.indexOf("?")) : url) === EVENTS_ENDPOINT;
}

/** Wraps the handler: event posts are answered here; the sweep starts with the server. */
export function eventsFastPath(next: Handler): Handler {
  const service = analytics();
  service.startSweep();
  return (req, res, ...rest) => {
    if (!isEventPost(req)) return next(req, res, ...rest);
    void (async () => {
      try {
        const bytes = await readBody(req, EVENT_BODY_LIMIT);
        const answer = await service.handle({
          contentType: header(req, "content-type"),
          bytes,
          userAgent: header(req, "user-agent"),
          acceptLanguage: header(req, "accept-language"),
          secGpc: header(req, "sec-gpc"),
          origin: header(req, "origin"),
          host: header(req, "host"),
          forwardedFor: header(req, "x-forwarded-for"),
          remoteAddress: req.socket.remoteAddress,
        });
        send(res, answer, bytes === null);
      } catch (error) {
        if (!res.headersSent)
          send(res, { status: 503, headers: { "cache-control": "no-store" }, body: null });
        void error;
      }
    })();
  };
}

/** Writes the events still buffered (a stopping server). */
export function stopAnalytics(): Promise<void> {
  return analytics().stop();
}
