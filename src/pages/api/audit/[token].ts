/**
 * GET /api/audit/<token>: the live status of a website check for the audit thank-you page's
 * script (src/scripts/auditStatus.ts): its state, and once ready the score, the grade and the
 * three most valuable fixes. 403 for a link that does not check out, 503 while the store does not
 * answer; never cached.
 */
import type { APIRoute } from "astro";
import { auditMessages } from "../../../audit/messages";
import { auditStatusJson, loadAuditView } from "../../../audit/view";

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
