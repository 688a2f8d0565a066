/**
 * POST /api/events on the Node fast path (like src/leads/node.ts for JSON leads): a page view
 * must cost the server as little as possible, so it never enters Astro's page pipeline.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { header, readBody, requestPath, send } from "../leads/node.ts";
import { analytics } from "./service.ts";
import { EVENT_BODY_LIMIT, EVENTS_ENDPOINT } from "./wire.ts";

const isEventPost = (req: IncomingMessage) =>
  req.method === "POST" && requestPath(req) === EVENTS_ENDPOINT;

/** An answer without the page headers (see server/serve.ts `early`): an API's few. */
const API_HEADERS = {
  "x-content-type-options": "nosniff",
  "cross-origin-resource-policy": "same-origin",
  "referrer-policy": "strict-origin-when-cross-origin",
};

/**
 * Answers event posts before the page headers (server/serve.ts `early`) and passes every other
 * request on; the hourly sweep starts with the server.
 */
export function eventsEarly(): (
  req: IncomingMessage,
  res: ServerResponse,
  next: () => void,
) => void {
  const service = analytics();
  service.startSweep();
  return (req, res, next) => {
    if (!isEventPost(req)) return next();
    // Leads first: refused before the body is read (Node drops the unread body).
    const busy = service.yieldToLeads();
    if (busy) return send(res, { ...busy, headers: { ...API_HEADERS, ...busy.headers } });
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
        send(res, { ...answer, headers: { ...API_HEADERS, ...answer.headers } }, bytes === null);
      } catch {
        if (!res.headersSent)
          send(res, {
            status: 503,
            headers: { ...API_HEADERS, "cache-control": "no-store" },
            body: null,
          });
      }
    })();
  };
}

/** Writes the events still buffered (a stopping server). */
export function stopAnalytics(): Promise<void> {
  return analytics().stop();
}
