/**
 * GET /api/health: 200 {status:"ok", store, outbox:{channels, pending, failed}} when the lead
 * store answers, else 503. The outbox counts are notifications waiting for delivery and those
 * given up on (no personal data).
 */
import type { APIRoute } from "astro";
import { jsonResponse } from "../../leads/http";
import { leadService } from "../../leads/server";

export const prerender = false;

export const GET: APIRoute = async () => {
  const service = leadService();
  try {
    const store = await service.store();
    await store.ping();
    const counts = await store.countNotifications();
    return jsonResponse(200, {
      status: "ok",
      store: store.driver,
      outbox: { channels: service.config.notify.channels, ...counts },
    });
  } catch (error) {
    service.log.warn({ event: "health_failed", err: (error as Error).message }, "store down");
    return jsonResponse(503, {
      status: "unavailable",
      store: service.config.databaseUrl ? "postgres" : "sqlite",
    });
  }
};

export const ALL: APIRoute = () =>
  jsonResponse(405, { error: "method_not_allowed" }, { allow: "GET" });
