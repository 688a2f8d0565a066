/**
 * GET /api/audit/<token>: the live status of a website check for the audit thank-you page's
 * script (src/scripts/auditStatus.ts): its state, and once ready the score, the grade and the
 * three most valuable fixes. 403 for a link that does not check out, 503 while the store does not
 * answer; never cached.
 *
 * POST /api/audit/<token>: the prospect's phone number and a good time to call, left after the
 * score (src/audit/callback.ts), from the CallbackForm island: {ok, phone} or {error, message}
 * with 4xx (422 with the field for bad input, 403 for a link that does not check out).
 */
import type { APIRoute } from "astro";
import { auditMessages } from "../../../audit/messages";
import { leaveCallback, readCallbackBody } from "../../../audit/callback";
import { auditStatusJson, loadAuditView } from "../../../audit/view";
import { formatPhone } from "../../../leads/phone";

export const prerender = false;

const headers = {
  "Content-Type": "application/json; charset=utf-8",
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex",
};

export const GET: APIRoute = async ({ params, locals }) => {
  const service = locals.services.leads;
  const view = await loadAuditView(params.token ?? "", service.ipSalt(), service.store);
  if (!view.ok && view.reason === "unavailable") {
    return new Response(
      JSON.stringify({ error: "unavailable", message: auditMessages.report.unavailable }),
      { status: 503, headers: { ...headers, "Retry-After": "30" } },
    );
  }
  if (!view.ok) {
    return new Response(JSON.stringify({ error: "forbidden" }), { status: 403, headers });
  }
  return new Response(JSON.stringify(auditStatusJson(view)), { headers });
};

export const POST: APIRoute = async ({ params, locals, request }) => {
  const service = locals.services.leads;
  const body = await readCallbackBody(request);
  if (!body.ok) {
    return new Response(JSON.stringify({ error: "bad_request", message: body.message }), {
      status: body.status,
      headers,
    });
  }
  const view = await loadAuditView(params.token ?? "", service.ipSalt(), service.store);
  const outcome = await leaveCallback(view, body.phone, body.time, service.store);
  if (outcome.status !== 200) {
    const { status, ...problem } = outcome;
    return new Response(JSON.stringify({ error: errors[status], ...problem }), {
      status,
      headers: status === 503 ? { ...headers, "Retry-After": "30" } : headers,
    });
  }
  service.nudgeOutbox();
  const saved = { ok: true, phone: formatPhone(outcome.phone), time: outcome.time };
  return new Response(JSON.stringify(saved), { headers });
};

const errors = {
  403: "forbidden",
  422: "invalid",
  429: "limit",
  503: "unavailable",
} as const;
