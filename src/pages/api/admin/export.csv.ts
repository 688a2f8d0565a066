/**
 * GET /api/admin/export.csv?<the inbox's filters>: the filtered view as CSV, streamed
 * (src/admin/export.ts). The export is written to the audit log with its filters. A request
 * another site started (a link elsewhere) is refused with 403 and leaves no trace.
 */
import type { APIRoute } from "astro";
import { audit } from "../../../admin/accounts";
import { exportCsv } from "../../../admin/export";
import { startedElsewhere } from "../../../admin/http";
import { inboxQuery, readFilters } from "../../../admin/inbox";
import { adminMessages } from "../../../admin/messages";

export const prerender = false;

export const GET: APIRoute = async ({ locals, url, request }) => {
  if (startedElsewhere(request)) {
    return new Response(adminMessages.origin, {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const store = await locals.services.admin();
  const filters = readFilters(url.searchParams);
  await audit(store, "export", { actorId: locals.staff!.id, detail: { ...filters } });
  const rows = exportCsv(store, inboxQuery(filters, null, locals.staff!.id));
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await rows.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await rows.return(0);
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="leads-${day}.csv"`,
    },
  });
};
