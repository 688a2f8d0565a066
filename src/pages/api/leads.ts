/**
 * POST /api/leads: every lead form posts here (native form posts and JSON). A thin entrance to
 * the one handler, src/leads/http.ts `answerLeadPost`: under `npm start` JSON posts reach it
 * through the Node fast path (src/leads/node.ts) and this route takes the rest; under `astro dev`
 * this route takes all. A native post that needs fixing is redirected (303) to the review page,
 * which shows the form again with the visitor's input and the problems next to it (its state
 * sealed in the URL: src/leads/reviewToken.ts).
 */
import type { APIContext, APIRoute } from "astro";
import { answerLeadPost, methodNotAllowed, REVIEW_PAGE, toResponse } from "../../leads/http";
import { readRequestBody } from "../../leads/node";
import { sealReview } from "../../leads/reviewToken";

export const prerender = false;

function remoteAddress(context: APIContext): string | undefined {
  try {
    return context.clientAddress;
  } catch {
    return undefined;
  }
}

export const POST: APIRoute = async (context) => {
  const service = context.locals.services.leads;
  const { request } = context;
  const h = (name: string) => request.headers.get(name);
  const result = await answerLeadPost(
    () => readRequestBody(request, service.config.bodyLimitBytes),
    {
      contentType: h("content-type"),
      accept: h("accept"),
      referer: h("referer"),
      userAgent: h("user-agent"),
      secGpc: h("sec-gpc"),
      forwardedFor: h("x-forwarded-for"),
      remoteAddress: remoteAddress(context),
      origin: new URL(request.url).origin,
    },
    service,
  );
  if (result.kind === "response") return toResponse(result.response);
  // Post/Redirect/Get: the review page at its own URL, so a reload or Back re-sends nothing.
  const token = sealReview(result.review, service.ipSalt());
  if (token) {
    return new Response(null, {
      status: 303,
      headers: { location: `${REVIEW_PAGE}?r=${token}`, "cache-control": "no-store" },
    });
  }
  // Too large for a URL (a very long message): the review page answers this post in place.
  context.locals.leadReview = result.review;
  // A fresh GET request: the post's body has been read, and the page needs none of it.
  return context.rewrite(
    new Request(new URL(REVIEW_PAGE, context.url), { headers: { accept: "text/html" } }),
  );
};

export const ALL: APIRoute = () => methodNotAllowed();
