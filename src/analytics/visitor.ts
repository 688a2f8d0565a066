/**
 * Who counts and as what, without identifying anyone (Plausible's method): a visitor is a hash
 * of the day's random salt, the client's address, its user agent and the site; the salt is
 * deleted when the day is over, so no hash can be recomputed or linked to another day. Bots
 * (the isbot list, or a request without a browser's headers) and visitors asking not to be
 * tracked (Global Privacy Control) are not counted at all.
 */
import { createHash } from "node:crypto";
import { isbot } from "isbot";
import { DEVICE_WIDTHS } from "./wire.ts";
import type { Device } from "./store/types.ts";

export function visitorHash(salt: string, ip: string, userAgent: string, site: string): string {
  return createHash("sha256")
    .update(`${salt}\u0000${ip}\u0000${userAgent}\u0000${site}`)
    .digest("base64url")
    .slice(0, 22);
}

export interface VisitHeaders {
  userAgent: string | null;
  acceptLanguage: string | null;
  secGpc: string | null;
  /** A browser's beacon carries its page's Origin. */
  origin: string | null;
}

/** Why a request is not counted, or null when it is. */
export function notCounted(h: VisitHeaders): "gpc" | "bot" | null {
  if (h.secGpc?.trim() === "1") return "gpc";
  if (!h.userAgent || !h.acceptLanguage || !h.origin || isbot(h.userAgent)) return "bot";
  return null;
}

/** The device class from the screen width the page reported, else from the user agent. */
export function deviceClass(width: number | undefined, userAgent: string): Device {
  if (width !== undefined && width > 0) {
    if (width < DEVICE_WIDTHS.tablet) return "phone";
    return width < DEVICE_WIDTHS.desktop ? "tablet" : "desktop";
  }
  if (/iPad|Tablet/i.test(userAgent)) return "tablet";
  return /Mobi|Android/i.test(userAgent) ? "phone" : "desktop";
}

/** A UTC day, YYYY-MM-DD. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The calendar day `days` after `day` (negative: before), YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return utcDay(d);
}
