/**
 * One beacon post in, the events to store out (or why not). Pure: no clock, store or network of
 * its own, so the rules are tested directly and the Node fast path (./node.ts) and the Astro
 * route (src/pages/api/events.ts) share them.
 */
import { z } from "zod";
import { cleanPath, cleanText } from "../leads/attribution.ts";
import { formIds, hiddenFields, utmKeys } from "../leads/fields.ts";
import { trafficSource } from "../leads/source.ts";
import { countedPath, VALUE_MAX } from "./pages.ts";
import type { AnalyticsEvent } from "./store/types.ts";
import { agencyZone } from "../lib/agencyZone.ts";
import { agencyDay } from "../lib/agencyClock.ts";
import { deviceClass, notCounted, visitorHash, type VisitHeaders } from "./visitor.ts";
import { eventKeys } from "./wire.ts";

const known = new Set<string>(formIds);
const text = (max: number) => z.string().max(max).optional();

const wireSchema = z.object({
  [eventKeys.kind]: z.enum(["view", "start"]),
  [eventKeys.forms]: text(400),
  [eventKeys.width]: z.number().int().min(0).max(100_000).optional(),
  [hiddenFields.page]: z.string().min(1).max(512),
  [hiddenFields.landingPage]: text(512),
  [hiddenFields.landingReferrer]: text(2048),
  ...Object.fromEntries(utmKeys.map((k) => [k, text(200)])),
});

export type EventOutcome =
  | { kind: "count"; events: AnalyticsEvent[] }
  | { kind: "skip"; reason: "gpc" | "bot" }
  | { kind: "invalid"; message: string };

export interface EventRequest extends VisitHeaders {
  body: unknown;
  /** The client's address (after trusted proxies); null when unknown. */
  ip: string | null;
  /** This site's host, part of the visitor hash. */
  site: string;
  now: Date;
  /** The agency's IANA time zone (default the site config's): the event's day is the agency's. */
  timeZone?: string;
  /** The day's salt, asked for only when the event counts. */
  salt: (day: string) => Promise<string>;
  /** The site's pages (./pages.ts): other paths count as "other"; null counts every path. */
  pages?: ReadonlySet<string> | null;
}

/** Paths that are never pages a visitor views. */
const NOT_PAGES = /^\/(api|admin)(\/|$)/;

export async function readEvent(input: EventRequest): Promise<EventOutcome> {
  const parsed = wireSchema.safeParse(input.body);
  if (!parsed.success) return { kind: "invalid", message: "Not a page event." };
  const e = parsed.data as Record<string, string | number | undefined>;
  const path = cleanPath(e[hiddenFields.page]);
  if (!path || NOT_PAGES.test(path))
    return { kind: "invalid", message: "Not a page of this site." };
  const forms = String(e[eventKeys.forms] ?? "")
    .split(",")
    .filter(Boolean);
  if (forms.some((f) => !known.has(f)) || new Set(forms).size !== forms.length)
    return { kind: "invalid", message: "Unknown form." };
  const wireKind = e[eventKeys.kind] as "view" | "start";
  if (wireKind === "start" && forms.length !== 1)
    return { kind: "invalid", message: "A form start names one form." };

  const skip = notCounted(input);
  if (skip) return { kind: "skip", reason: skip };

  const utm: Record<string, string> = {};
  for (const key of utmKeys) {
    const value = cleanText(e[key], 200);
    if (value) utm[key] = value;
  }
  const referrer = cleanText(e[hiddenFields.landingReferrer], 2048);
  const day = agencyDay(input.now, input.timeZone ?? agencyZone());
  const userAgent = input.userAgent ?? "";
  const base = {
    at: input.now.toISOString(),
    day,
    path: countedPath(path, input.pages ?? null),
    source: trafficSource({ metadata: { utm, referrer } }).slice(0, VALUE_MAX),
    campaign: (utm.utm_campaign ?? "").slice(0, VALUE_MAX),
    device: deviceClass(e[eventKeys.width] as number | undefined, userAgent),
    visitor: visitorHash(await input.salt(day), input.ip ?? "", userAgent, input.site),
  };
  const events: AnalyticsEvent[] =
    wireKind === "view"
      ? [
          { ...base, kind: "view", form: "" },
          ...forms.map((form) => ({ ...base, kind: "form_view" as const, form })),
        ]
      : [{ ...base, kind: "start", form: forms[0]! }];
  return { kind: "count", events };
}
