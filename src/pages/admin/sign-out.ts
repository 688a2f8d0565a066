/**
 * POST /admin/sign-out: ends this session (the middleware has checked Origin and found it) and
 * sends the browser to the sign-in page.
 */
import type { APIRoute } from "astro";
import { signOut } from "../../admin/accounts";
import { clearedCookie, isHttps, SIGN_IN_PATH } from "../../admin/http";

export const prerender = false;

export const POST: APIRoute = async ({ locals, request, clientAddress }) => {
  if (locals.staff && locals.session)
    await signOut(await locals.services.admin(), locals.session, locals.staff);
  return new Response(null, {
    status: 303,
    headers: {
      Location: `${SIGN_IN_PATH}?out=1`,
      "Set-Cookie": clearedCookie(isHttps(request, clientAddress)),
    },
  });
};
