/**
 * /audit/<token>.pdf: the report page's website check as a PDF download (src/audit/pdf.ts), for
 * the same signed link, branded from the site config (src/lib/reportBrand.ts), with the
 * competitors staff chose to show; 403 when the link does not check out, 404 while there is no score yet,
 * 503 while the store does not answer.
 */
import type { APIRoute } from "astro";
import { comparisonOf } from "../../audit/competitors";
import { auditMessages } from "../../audit/messages";
import { auditPdf } from "../../audit/pdf";
import { loadAuditView } from "../../audit/view";
import { routes } from "../../config/routes";
import { reportBrand } from "../../lib/reportBrand";

export const prerender = false;

const headers = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export const GET: APIRoute = async ({ params, locals }) => {
  const token = params.token ?? "";
  const service = locals.services.leads;
  const view = await loadAuditView(token, service.ipSalt(), service.store);
  if (!view.ok && view.reason === "unavailable") {
    return new Response(auditMessages.report.unavailable, {
      status: 503,
      headers: { ...headers, "Content-Type": "text/plain; charset=utf-8", "Retry-After": "30" },
    });
  }
  if (!view.ok) {
    return new Response(auditMessages.report.forbidden, {
      status: 403,
      headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const report = view.job.report;
  if (view.state !== "ready" || !report) {
    return new Response(auditMessages.report.running, {
      status: 404,
      headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const origin = service.config.origin;
  const pdf = await auditPdf(
    report,
    view.site,
    { report: `${origin}/audit/${token}`, book: `${origin}${routes.bookCall}` },
    await reportBrand(),
    comparisonOf(view.job, view.competitors),
  );
  const file = `website-check-${view.site.replace(/[^a-z0-9.-]+/gi, "-")}.pdf`;
  return new Response(pdf as Uint8Array<ArrayBuffer>, {
    headers: {
      ...headers,
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${file}"`,
    },
  });
};
