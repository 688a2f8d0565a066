/**
 * POST /api/scheduling/calendly: Calendly's signed invitee.created / invitee.canceled webhooks
 * (issue 39 §2). A thin entrance to src/leads/scheduling/http.ts, which checks the signature
 * over the raw body and stores the booking; off (404) unless CALENDLY_SIGNING_KEY is set.
 */
import type { APIRoute } from "astro";
import { methodNotAllowed, toResponse } from "../../../leads/http";
import { readRequestBody } from "../../../leads/node";
import { answerCalendly } from "../../../leads/scheduling/http";
import { CALENDLY_SIGNATURE_HEADER } from "../../../leads/scheduling/calendly";

export const prerender = false;

export const POST: APIRoute = async ({ request, locals }) => {
  const service = locals.services.leads;
  return toResponse(
    await answerCalendly(
      {
        signature: request.headers.get(CALENDLY_SIGNATURE_HEADER),
        readBody: () => readRequestBody(request, service.config.bodyLimitBytes),
      },
      service,
    ),
  );
};

export const ALL: APIRoute = () => methodNotAllowed();
