/**
 * POST /api/events: the page-view beacon. `npm start` answers it on the Node fast path
 * (src/analytics/node.ts) before Astro; under `astro dev` this route is the entrance to the same
 * handler (`answerEvent`), with the same body reader.
 */
import type { APIRoute } from "astro";
import { answerEvent } from "../../analytics/node";
import { EVENT_BODY_LIMIT } from "../../analytics/wire";
import { toResponse } from "../../leads/http";
import { readRequestBody } from "../../leads/node";

export const prerender = false;

export const POST: APIRoute = async ({ request, clientAddress, locals }) => {
  const h = (name: string) => request.headers.get(name);
  const answer = await answerEvent(
    locals.services.analytics,
    () => readRequestBody(request, EVENT_BODY_LIMIT),
    {
      contentType: h("content-type"),
      userAgent: h("user-agent"),
      acceptLanguage: h("accept-language"),
      secGpc: h("sec-gpc"),
      origin: h("origin"),
      host: h("host"),
      forwardedFor: h("x-forwarded-for"),
      remoteAddress: clientAddress,
    },
  );
  return toResponse(answer);
};
