/**
 * POST /api/admin/passkeys/<step>: the passkey ceremonies (src/admin/passkeys.ts), JSON in and
 * out. Signed out: `sign-in-options`, `sign-in` (sets the session cookie). Signed in:
 * `confirm-options`, `confirm` (a passkey instead of the password on the account page),
 * `register-options` (after the password, or a recent confirmation), `register`. The middleware
 * has checked the Origin of every one and the session of all but the sign-in steps.
 */
import type { APIRoute } from "astro";
import { clientKey, isHttps, sessionCookie } from "../../../../admin/http";
import { adminMessages } from "../../../../admin/messages";
import {
  addPasskey,
  confirmOptions,
  confirmWithPasskey,
  registrationOptions,
  relyingParty,
  signInOptions,
  signInWithPasskey,
  type PasskeyResult,
} from "../../../../admin/passkeys";

export const prerender = false;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers });

const answer = (result: PasskeyResult<Record<string, unknown>>) =>
  result.ok
    ? json(200, result)
    : json(
        result.status,
        // "sign_in": too many wrong confirmations ended the session.
        { error: result.ended ? "sign_in" : "passkey", message: result.message },
        result.retryAfter ? { "Retry-After": String(result.retryAfter) } : {},
      );

export const POST: APIRoute = async ({ params, request, locals, clientAddress }) => {
  const rp = relyingParty(request);
  if (!rp) return json(403, { error: "cross_origin", message: adminMessages.origin });
  const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
  if (!body || typeof body !== "object") {
    return json(400, { error: "body", message: adminMessages.passkeys.expired });
  }
  const store = await locals.services.admin();
  const throttle = await locals.services.signInThrottle();
  const record = locals.sessionRecord;
  const session = locals.session;
  switch (params.step) {
    case "sign-in-options":
      return answer(
        await signInOptions(
          store,
          throttle,
          rp,
          clientKey(request, clientAddress, locals.services.leads),
        ),
      );
    case "sign-in": {
      const result = await signInWithPasskey(store, throttle, rp, {
        ceremony: body.ceremony,
        response: body.response,
        client: clientKey(request, clientAddress, locals.services.leads),
        userAgent: request.headers.get("user-agent"),
      });
      if (!result.ok) return answer(result);
      return json(
        200,
        { ok: true },
        { "Set-Cookie": sessionCookie(result.session, isHttps(request, clientAddress)) },
      );
    }
  }
  if (!record || !session) {
    return json(401, { error: "sign_in", message: adminMessages.signInNeeded });
  }
  switch (params.step) {
    case "confirm-options":
      return answer(await confirmOptions(store, record.staff, rp));
    case "confirm":
      return answer(
        await confirmWithPasskey(store, throttle, record.staff, session, rp, {
          ceremony: body.ceremony,
          response: body.response,
        }),
      );
    case "register-options":
      return answer(
        await registrationOptions(store, throttle, record, session, rp, {
          password: body.password,
        }),
      );
    case "register":
      // (The options step confirmed the session; the middleware read it again for this request.)
      return answer(
        await addPasskey(store, record, session, rp, {
          ceremony: body.ceremony,
          response: body.response,
          name: body.name,
        }),
      );
    default:
      return json(404, { error: "not_found", message: adminMessages.notFound.title });
  }
};
