/**
 * GET /api/admin/new-count?since=<ISO>: for the live inbox (src/admin/client/live.ts), how many
 * leads arrived after `since` and how many are still 'new' (the tab title's count).
 */
import type { APIRoute } from "astro";
import { adminStore } from "../../../admin/service";

export const prerender = false;

export const GET: APIRoute = async ({ url }) => {
  const raw = url.searchParams.get("since") ?? "";
  const since = Number.isNaN(Date.parse(raw))
    ? new Date().toISOString()
    : new Date(raw).toISOString();
  return Response.json(await (await adminStore()).inboxCounts(since));
};
