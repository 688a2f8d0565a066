/**
 * GET /api/health: 200 {status:"ok"} when the lead store answers, else 503 {status:"unavailable"}.
 * That is all anyone learns. With `Authorization: Bearer <METRICS_TOKEN>` (when METRICS_TOKEN is
 * set) the answer adds the store's driver and the outbox: its channels and the notifications
 * waiting for delivery and given up on (no personal data).
 */
import type { APIRoute } from "astro";
import { jsonResponse } from "../../leads/http";
import { hasMetricsToken } from "../../leads/metricsToken";

export const prerender = false;

export const GET: APIRoute = async ({ request, locals }) => {
  const service = locals.services.leads;
  const detailed = hasMetricsToken(request.headers.get("authorization"), service.config);
  try {
    const store = await service.store();
    await store.ping();
    if (!detailed) return jsonResponse(200, { status: "ok" });
    const counts = await store.countNotifications();
    return jsonResponse(200, {
      status: "ok",
      store: store.driver,
      outbox: { channels: service.config.notify.channels, ...counts },
    });
  } catch (error) {
    service.log.warn({ event: "health_failed", err: (error as Error).message }, "store down");
    return jsonResponse(
      503,
      detailed
        ? { status: "unavailable", store: service.config.databaseUrl ? "postgres" : "sqlite" }
        : { status: "unavailable" },
    );
  }
};

export const ALL: APIRoute = () =>
  jsonResponse(405, { error: "method_not_allowed" }, { allow: "GET" });
