/**
 * GET /api/admin/new-count?since=<ISO>: for the live inbox (src/admin/client/live.ts), how many
 * leads arrived after `since` and how many are still 'new' (the tab title's count).
 */
import type { APIRoute } from "astro";

export const prerender = false;

export const GET: APIRoute = async ({ url, locals }) => {
  const raw = url.searchParams.get("since") ?? "";
  const since = Number.isNaN(Date.parse(raw))
    ? new Date().toISOString()
    : new Date(raw).toISOString();
  return Response.json(await (await locals.services.admin()).inboxCounts(since));
};
