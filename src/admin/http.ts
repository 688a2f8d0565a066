/**
 * HTTP details of the admin side, shared by the middleware and the admin routes: the session
 * cookie (HttpOnly, SameSite=Lax, Path=/; `__Host-` prefixed and Secure when the request came
 * over https, directly or through a trusted proxy's X-Forwarded-Proto), the client key of the
 * sign-in throttle (the hashed client address, IPv6 by /64, as the lead rate limit uses), the
 * Origin check of state-changing requests and the headers every admin response carries.
 */
import ipaddr from "ipaddr.js";
import { hashIp } from "../leads/attribution.ts";
import { clientIp, rateLimitKey, type TrustedProxies } from "../server/clientAddress.ts";
import type { LeadService } from "../leads/server.ts";
import { SESSION_MAX_MS } from "./accounts.ts";

export const ADMIN_PREFIXES = ["/admin", "/api/admin"] as const;
/** Admin pages a signed-out browser may open. */
export const SIGN_IN_PATH = "/admin/sign-in";
export const OPEN_PATHS = [
  SIGN_IN_PATH,
  "/admin/forgot",
  "/admin/invite/",
  // The first owner's one-time setup link (./firstRun.ts), printed by npm start.
  "/admin/setup/",
  // The link that confirms a new email (src/admin/emailChange.ts): it works signed in or out.
  "/admin/account/confirm-email/",
  // Passkey sign-in's two steps (src/pages/api/admin/passkeys/[step].ts); nothing else opens.
  "/api/admin/passkeys/sign-in-options",
  "/api/admin/passkeys/sign-in",
] as const;

/**
 * Admin paths for owners only (staff get 403): managing staff, reading the audit log, the
 * outgoing webhook's deliveries, the settings.
 */
export const OWNER_PATHS = [
  "/admin/staff",
  "/admin/audit",
  "/admin/webhooks",
  "/admin/settings",
] as const;
export const isOwnerPath = (path: string): boolean =>
  OWNER_PATHS.some((p) => path === p || path.startsWith(`${p}/`));

/**
 * What an account without a second factor (a passkey or the authenticator app) may still open
 * when an owner requires one (the settings' `requireSecondFactor`, decisions D239 and D269): its
 * account page (to set one up: the app's forms post there), signing out, the passkey steps
 * themselves. Everything else sends it to the account page.
 */
export const ENROL_PATH = "/admin/account";
const ENROL_OPEN = [ENROL_PATH, "/admin/sign-out"] as const;
export const isEnrolPath = (path: string): boolean =>
  ENROL_OPEN.some((p) => path === p) || path.startsWith("/api/admin/passkeys/");

export const isAdminPath = (path: string): boolean =>
  ADMIN_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
export const isOpenPath = (path: string): boolean =>
  OPEN_PATHS.some((p) => (p.endsWith("/") ? path.startsWith(p) : path === p));

export const ADMIN_HEADERS: Record<string, string> = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
  // Not no-referrer: with it, browsers send `Origin: null` on form posts and the Origin check
  // (ours and Astro's) could not tell the inbox's own forms from a forged one.
  "Referrer-Policy": "same-origin",
};

/**
 * True when the visitor's connection is https (here, or to a trusted proxy in front). Decided in
 * one place, before Astro builds the request: server/serve.ts `forwardedScheme` takes a trusted
 * proxy's X-Forwarded-Proto as the socket's scheme, so the request's own URL says it. (`peer`
 * is kept for the callers; the scheme no longer depends on it here.)
 */
export function isHttps(request: Request, _peer?: string): boolean {
  return new URL(request.url).protocol === "https:";
}

/**
 * The inbox over plain http to someone not on this machine: refused (passwords and session
 * cookies would cross the network unencrypted) unless ADMIN_ALLOW_HTTP=1 (`allowHttp` of
 * ./config.ts). "Not on this machine" is the client's address (through a trusted proxy's
 * X-Forwarded-For: `trustProxy` of the lead settings), so nginx on the same host serving plain
 * http to the world does not count as local; https is the request's own scheme or a trusted
 * proxy's X-Forwarded-Proto.
 */
export function plainHttpRefused(
  request: Request,
  peer: string | undefined,
  settings: { allowHttp: boolean; trustProxy: TrustedProxies | null },
): boolean {
  if (settings.allowHttp || isHttps(request, peer)) return false;
  const ip = clientIp(request.headers.get("x-forwarded-for"), peer, settings.trustProxy);
  try {
    return !ip || ipaddr.process(ip).range() !== "loopback";
  } catch {
    return true;
  }
}

export const cookieName = (secure: boolean): string =>
  secure ? "__Host-gl_session" : "gl_session";

export function sessionCookie(value: string, secure: boolean): string {
  const parts = [
    `${cookieName(secure)}=${value}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${Math.floor(SESSION_MAX_MS / 1000)}`,
  ];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

export function clearedCookie(secure: boolean): string {
  return `${cookieName(secure)}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? "; Secure" : ""}`;
}

/** The session cookie's value of a request, if any. */
export function sessionFrom(request: Request, secure: boolean): string | undefined {
  const name = cookieName(secure);
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=") || undefined;
  }
  return undefined;
}

/** The throttle's key for the client: its hashed address (IPv6 by /64), with the lead salt. */
export function clientKey(
  request: Request,
  peer: string | undefined,
  service: Pick<LeadService, "config" | "ipSalt">,
): string {
  const ip = clientIp(request.headers.get("x-forwarded-for"), peer, service.config.trustProxy);
  return ip ? hashIp(rateLimitKey(ip), service.ipSalt()) : "unknown";
}

/**
 * A state-changing request must come from a page of this site: its Origin is this host, with
 * the scheme the visitor used (https behind a TLS proxy even when the proxy speaks http here).
 */
export function sameOrigin(request: Request, secure: boolean): boolean {
  const origin = request.headers.get("origin");
  if (!origin) return false;
  return origin === `${secure ? "https" : "http"}://${new URL(request.url).host}`;
}

/**
 * A GET another site started: the browser says so in Sec-Fetch-Site (a link or a redirect from
 * elsewhere: "cross-site", or "same-site" from a sibling subdomain). A typed URL, a bookmark
 * ("none"), the inbox's own links ("same-origin") and clients that send no such header pass.
 * Downloads that leave a trace (the CSV export's audit row) refuse such requests.
 */
export function startedElsewhere(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  return site === "cross-site" || site === "same-site";
}

/** Where to go after signing in: a path under /admin, else the inbox. */
export function adminNext(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith("/admin") || raw.startsWith("//") || /[\\\s]/.test(raw)) {
    return "/admin";
  }
  try {
    const url = new URL(raw, "http://x.invalid");
    return url.origin === "http://x.invalid" &&
      isAdminPath(url.pathname) &&
      !isOpenPath(url.pathname)
      ? `${url.pathname}${url.search}`
      : "/admin";
  } catch {
    return "/admin";
  }
}
