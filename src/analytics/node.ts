/**
 * POST /api/events on the Node fast path (like src/leads/node.ts for JSON leads): a page view
 * must cost the server as little as possible, so it never enters Astro's page pipeline.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { header, readBody, requestPath, send } from "../leads/node.ts";
import type { PlainResponse } from "../leads/http.ts";
import type { Analytics } from "./service.ts";
import { EVENT_BODY_LIMIT, EVENTS_ENDPOINT } from "./wire.ts";

const isEventPost = (req: IncomingMessage) =>
  req.method === "POST" && requestPath(req) === EVENTS_ENDPOINT;

/** An answer without the page headers (see server/serve.ts `early`): an API's few. */
const API_HEADERS = {
  "x-content-type-options": "nosniff",
  "cross-origin-resource-policy": "same-origin",
  "referrer-policy": "strict-origin-when-cross-origin",
};

/** A beacon as both entrances see it: its headers and the peer's address. */
export type EventInput = Omit<Parameters<Analytics["handle"]>[0], "bytes">;

/**
 * The one handler of POST /api/events, behind both entrances (the Node fast path below under
 * `npm start`, src/pages/api/events.ts under `astro dev`): yields to lead posts when many are in
 * flight, reads the body with `read` (the one body reader, src/leads/node.ts `readBody`), and
 * answers with the API's few headers; a failure is a bare 503.
 */
export async function answerEvent(
  service: Analytics,
  read: () => Promise<Uint8Array<ArrayBuffer> | null>,
  input: EventInput,
): Promise<PlainResponse> {
  const busy = service.yieldToLeads();
  if (busy) return { ...busy, headers: { ...API_HEADERS, ...busy.headers } };
  try {
    const answer = await service.handle({ ...input, bytes: await read() });
    return { ...answer, headers: { ...API_HEADERS, ...answer.headers } };
  } catch {
    return { status: 503, headers: { ...API_HEADERS, "cache-control": "no-store" }, body: null };
  }
}

/**
 * Answers event posts before the page headers (server/serve.ts `early`) and passes every other
 * request on; the hourly sweep starts with the server.
 */
export function eventsEarly(
  service: Analytics,
): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  service.startSweep();
  return (req, res, next) => {
    if (!isEventPost(req)) return next();
    let tooLarge = false;
    const read = async () => {
      const bytes = await readBody(req, EVENT_BODY_LIMIT);
      tooLarge = bytes === null;
      return bytes;
    };
    void answerEvent(service, read, {
      contentType: header(req, "content-type"),
      userAgent: header(req, "user-agent"),
      acceptLanguage: header(req, "accept-language"),
      secGpc: header(req, "sec-gpc"),
      origin: header(req, "origin"),
      host: header(req, "host"),
      forwardedFor: header(req, "x-forwarded-for"),
      remoteAddress: req.socket.remoteAddress,
    }).then((answer) => {
      if (!res.headersSent) send(res, answer, tooLarge);
    });
  };
}
