/**
 * POST /api/leads: every lead form posts here (native form posts and JSON). A thin adapter over
 * src/leads/http.ts; a native post that needs fixing is redirected (303) to the review page,
 * which shows the form again with the visitor's input and the problems next to it (its state
 * sealed in the URL: src/leads/reviewToken.ts).
 */
import type { APIContext, APIRoute } from "astro";
import {
  handleLeadPost,
  jsonResponse,
  methodNotAllowed,
  REVIEW_PAGE,
  toResponse,
} from "../../leads/http";
import { sealReview } from "../../leads/reviewToken";
import { countingLead } from "../../leads/inFlight";
import { leadService } from "../../leads/server";

export const prerender = false;

function remoteAddress(context: APIContext): string | undefined {
  try {
    return context.clientAddress;
  } catch {
    return undefined;
  }
}

export const POST: APIRoute = (context) => countingLead(() => answerPost(context));

async function answerPost(context: APIContext): Promise<Response> {
  const service = leadService();
  try {
    const result = await handleLeadPost(
      context.request,
      { remoteAddress: remoteAddress(context) },
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
  } catch (error) {
    service.log.error(
      { event: "lead_endpoint_failed", err: String(error) },
      "lead endpoint failed",
    );
    return jsonResponse(500, { error: "internal", message: "Something went wrong." });
  }
}

export const ALL: APIRoute = () => methodNotAllowed();
