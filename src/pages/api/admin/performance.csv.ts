/**
 * GET /api/admin/performance.csv?table=pages|forms|sources|campaigns&<the page's period and
 * sort>: one table of the Performance view as CSV, as the page shows it.
 */
import type { APIRoute } from "astro";
import { reportTables, type ReportTable } from "../../../analytics/report";
import { tableCsv } from "../../../admin/performance";
import { jsonResponse } from "../../../leads/http";

export const prerender = false;

export const GET: APIRoute = async ({ url, locals }) => {
  const table = url.searchParams.get("table") ?? "";
  if (!(reportTables as readonly string[]).includes(table))
    return jsonResponse(400, {
      error: "unknown_table",
      message: `table must be one of ${reportTables.join(", ")}`,
    });
  const { report } = await locals.services.analytics.loadReport(url.searchParams);
  const { period } = report;
  return new Response(tableCsv(report, table as ReportTable, url.searchParams), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="performance-${table}-${period.from}-to-${period.to}.csv"`,
    },
  });
};
