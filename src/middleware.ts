/**
 * The one guard of the agency side: every request under /admin and /api/admin passes here, so no
 * admin route can forget it. It refuses plain http from the network (src/admin/http.ts
 * plainHttpRefused), finds the session (Astro.locals.staff), sends a signed-out
 * browser to the sign-in page and a signed-out API call a 401, refuses state-changing requests
 * whose Origin is not this site (403), and marks every admin response no-store and noindex.
 * Public paths pass through untouched (and prerendered pages never reach it at runtime).
 */
import { STATUS_CODES } from "node:http";
import { defineMiddleware } from "astro:middleware";
import { currentSession } from "./admin/accounts";
import {
  ADMIN_HEADERS,
  SIGN_IN_PATH,
  clearedCookie,
  ENROL_PATH,
  isAdminPath,
  isEnrolPath,
  isHttps,
  isOpenPath,
  isOwnerPath,
  plainHttpRefused,
  sameOrigin,
  sessionFrom,
} from "./admin/http";
import { adminMessages } from "./admin/messages";
import { settingsMessages } from "./admin/settingsMessages";
import { StoreUnavailableError } from "./leads/store/types";
import { serverRoot } from "./app/root";
import { inlineScripts, sha256 } from "./server/csp";

/**
 * The staff pages' own Content-Security-Policy, as strict as the public site's: scripts only from
 * this origin or with the hash of an inline script of this very response (the inbox's bundled
 * script is inlined by the build, and its page is rendered on demand, so the public site's
 * build-time hashes cannot know it); no frames, no third party at all.
 */
function adminPolicy(html: string): string {
  const hashes = [...new Set(inlineScripts(html).map(sha256))].sort();
  return [
    "default-src 'self'",
    ["script-src 'self'", ...hashes].join(" "),
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/** The path an owner-only page is refused with (a page with the inbox's layout and a way back). */
const FORBIDDEN_PAGE = "/admin/forbidden";

/**
 * The response with the reason phrase of its status: a page that sets Astro.response.status
 * keeps the default 'OK' otherwise, so a refused form answered "422 OK" (issue 39 §5).
 */
function withReason(response: Response): Response {
  const reason = STATUS_CODES[response.status];
  if (!reason || response.statusText === reason || response.status < 200) return response;
  return new Response(response.body, {
    status: response.status,
    statusText: reason,
    headers: response.headers,
  });
}

/** Whether `error` is the store not answering (one copy of the class: src/app/root.ts). */
const storeDown = (error: unknown) => error instanceof StoreUnavailableError;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A staff page while the store does not answer: the message as a page, never raw JSON. */
function unavailablePage(path: string): Response {
  const m = adminMessages.storeUnavailable;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(m.title)}</title></head><body><main><h1>${escapeHtml(m.title)}</h1><p>${escapeHtml(m.body)}</p><p><a href="${escapeHtml(path)}">${escapeHtml(m.retry)}</a></p></main></body></html>`;
  return new Response(html, {
    status: 503,
    headers: { "Content-Type": "text/html; charset=utf-8", "Retry-After": "5" },
  });
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", ...headers },
  });

export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  // The process's services, wired once (already done by scripts/start.mjs; under `astro dev`,
  // here on the first request), handed to every on-demand page and endpoint as Astro.locals.
  const services = serverRoot();
  context.locals.services = services;
  const path = context.url.pathname;
  if (!isAdminPath(path)) return withReason(await next());

  const secure = isHttps(context.request, context.clientAddress);
  const api = path.startsWith("/api/");
  const unavailable = () =>
    api
      ? json(
          503,
          { error: "store_unavailable", message: adminMessages.storeUnavailable.body },
          { "Retry-After": "5" },
        )
      : unavailablePage(path);
  const finish = (response: Response) => {
    let out = response;
    try {
      for (const [name, value] of Object.entries(ADMIN_HEADERS)) out.headers.set(name, value);
    } catch {
      // A response with immutable headers (Response.redirect) is copied first.
      out = new Response(response.body, response);
      for (const [name, value] of Object.entries(ADMIN_HEADERS)) out.headers.set(name, value);
    }
    return out;
  };

  // No password or session over plain http from the network (ADMIN_ALLOW_HTTP=1 allows it).
  if (
    plainHttpRefused(context.request, context.clientAddress, {
      allowHttp: services.config.admin.allowHttp,
      trustProxy: services.leads.config.trustProxy,
    })
  ) {
    return finish(
      api
        ? json(403, { error: "https_required", message: adminMessages.httpsOnly })
        : new Response(adminMessages.httpsOnly, {
            status: 403,
            headers: { "Content-Type": "text/plain; charset=utf-8" },
          }),
    );
  }

  if (!SAFE.has(context.request.method) && !sameOrigin(context.request, secure)) {
    return finish(
      api
        ? json(403, { error: "cross_origin", message: adminMessages.origin })
        : new Response(adminMessages.origin, { status: 403 }),
    );
  }

  const cookie = sessionFrom(context.request, secure);
  try {
    const session = cookie
      ? await currentSession(await context.locals.services.admin(), cookie)
      : null;
    if (session) {
      context.locals.staff = session.staff;
      context.locals.session = cookie;
      context.locals.sessionRecord = session;
    }
  } catch (error) {
    if (!storeDown(error)) throw error;
    return finish(unavailable());
  }

  if (!context.locals.staff && !isOpenPath(path)) {
    const headers: Record<string, string> = {};
    // A cookie that named no live session is removed.
    if (cookie) headers["Set-Cookie"] = clearedCookie(secure);
    if (api) {
      return finish(json(401, { error: "sign_in", message: adminMessages.signInNeeded }, headers));
    }
    const to = new URL(SIGN_IN_PATH, context.url);
    if (path !== "/admin") to.searchParams.set("next", `${path}${context.url.search}`);
    if (cookie) to.searchParams.set("ended", "1");
    return finish(
      new Response(null, {
        status: 303,
        headers: { Location: `${to.pathname}${to.search}`, ...headers },
      }),
    );
  }
  // The one role check: owner-only paths refuse staff (a page: the inbox's 403 page, with the
  // way back).
  const refused = isOwnerPath(path) && context.locals.staff?.role !== "owner";
  if (refused && api) {
    return finish(json(403, { error: "owners_only", message: adminMessages.lead.ownersOnly }));
  }
  // An owner requires a second factor of every account (/admin/settings): a passkey or the
  // authenticator app (TOTP). One without is sent to set one up before anything else opens.
  const staff = context.locals.staff;
  if (staff && services.settings.current().requireSecondFactor && !isEnrolPath(path)) {
    let enrolled: boolean;
    try {
      enrolled = await (await services.admin()).hasSecondFactor(staff.id);
    } catch (error) {
      if (!storeDown(error)) throw error;
      return finish(unavailable());
    }
    if (!enrolled) {
      return finish(
        api
          ? json(403, { error: "second_factor_required", message: settingsMessages.enrol })
          : new Response(null, { status: 303, headers: { Location: `${ENROL_PATH}?enrol=1` } }),
      );
    }
  }
  let rendered: Response;
  try {
    rendered = await (refused ? next(FORBIDDEN_PAGE) : next());
  } catch (error) {
    // A page whose own reads fail (the store went away after the session check).
    if (!storeDown(error)) throw error;
    rendered = unavailable();
  }
  const response = finish(withReason(rendered));
  if (!response.headers.get("content-type")?.startsWith("text/html")) return response;
  const html = await response.text();
  const headers = new Headers(response.headers);
  headers.set("Content-Security-Policy", adminPolicy(html));
  headers.delete("content-length");
  return new Response(html, {
    status: response.status,
    statusText: STATUS_CODES[response.status] ?? response.statusText,
    headers,
  });
});
