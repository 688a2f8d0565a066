/**
 * What the page-view beacon sends (src/scripts/analytics.ts) and the server reads
 * (./ingest.ts): one small JSON object per event, posted with navigator.sendBeacon. Besides these
 * keys it carries the visit's attribution as lead forms do (src/leads/client.ts
 * `attributionValues`: the page, the landing referrer and utm_*), so a view and a lead of the
 * same visit get the same source.
 */
export const EVENTS_ENDPOINT = "/api/events";

export const eventKeys = {
  /** "view" (a page view, after load) or "start" (the first input into a lead form). */
  kind: "k",
  /** Lead forms on the page (view, comma-separated) or the form started (start). */
  forms: "f",
  /** The screen's width in CSS pixels: the device class. */
  width: "w",
} as const;

export type WireKind = "view" | "start";

/** Largest event body the server reads, in bytes. */
export const EVENT_BODY_LIMIT = 4096;

/** Device classes by screen width (CSS px): phone below 600, tablet below 1024, else desktop. */
export const DEVICE_WIDTHS = { tablet: 600, desktop: 1024 } as const;
