/** GET /api/health: 200 {status:"ok", store} when the lead store answers, else 503. */
import type { APIRoute } from "astro";
import { jsonResponse } from "../../leads/http";
import { leadService } from "../../leads/server";

export const prerender = false;

export const GET: APIRoute = async () => {
  const service = leadService();
  try {
    const store = await service.store();
    await store.ping();
    return jsonResponse(200, { status: "ok", store: store.driver });
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
