/** GET /api/admin/me: who is signed in (the middleware answers 401 for a signed-out call). */
import type { APIRoute } from "astro";

export const prerender = false;

export const GET: APIRoute = ({ locals }) =>
  Response.json({ email: locals.staff!.email, role: locals.staff!.role });
