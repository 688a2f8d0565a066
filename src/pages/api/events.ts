/**
 * POST /api/events: the page-view beacon. `npm start` answers it on the Node fast path
 * (src/analytics/node.ts) before Astro; this route is the same handler for `astro dev`.
 */
import type { APIRoute } from "astro";
import { analytics } from "../../analytics/service";
import { EVENT_BODY_LIMIT } from "../../analytics/wire";
import { toResponse } from "../../leads/http";

export const prerender = false;

export const POST: APIRoute = async ({ request, clientAddress }) => {
  const raw = new Uint8Array(await request.arrayBuffer());
  const h = (name: string) => request.headers.get(name);
  const answer = await analytics().handle({
    contentType: h("content-type"),
    bytes: raw.byteLength > EVENT_BODY_LIMIT ? null : raw,
    userAgent: h("user-agent"),
    acceptLanguage: h("accept-language"),
    secGpc: h("sec-gpc"),
    origin: h("origin"),
    host: h("host"),
    forwardedFor: h("x-forwarded-for"),
    remoteAddress: clientAddress,
  });
  return toResponse(answer);
};
