/**
 * GET /api/metrics: the process's metrics in Prometheus' text format (src/leads/metrics.ts), for
 * a caller with `Authorization: Bearer <METRICS_TOKEN>`. Without METRICS_TOKEN set, or without
 * the right token (compared in constant time), it answers 404 like a path that does not exist.
 */
import type { APIRoute } from "astro";
import { hasMetricsToken } from "../../leads/metricsToken";

export const prerender = false;

const notFound = () =>
  new Response("Not found.\n", {
    status: 404,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });

export const GET: APIRoute = async ({ request, locals }) => {
  const service = locals.services.leads;
  if (!hasMetricsToken(request.headers.get("authorization"), service.config)) return notFound();
  // The root's registry, already watching the store (src/app/root.ts).
  const metrics = locals.services.metrics;
  return new Response(await metrics.registry.metrics(), {
    status: 200,
    headers: { "content-type": metrics.registry.contentType, "cache-control": "no-store" },
  });
};

export const ALL: APIRoute = ({ request, locals }) =>
  hasMetricsToken(request.headers.get("authorization"), locals.services.leads.config)
    ? new Response(null, { status: 405, headers: { allow: "GET", "cache-control": "no-store" } })
    : notFound();
