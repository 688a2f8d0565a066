/**
 * What the inbox shows of a lead: its display row (who, company, form, page, source, age). No
 * Astro, no React; the views only lay it out.
 */
import { cleanText } from "../leads/attribution.ts";
import { leadKinds, type LeadKind } from "../leads/fields.ts";
import { leadCompany, leadName, trafficSource } from "../leads/source.ts";
import type { LeadRecord } from "../leads/store/types.ts";
import { adminMessages } from "./messages.ts";
import { isScoreBand, scoreBands } from "../audit/summary.ts";
import { leadStatuses, type InboxQuery, type LeadStatus } from "./store/types.ts";
import { TAG_MAX, tagParam } from "./tags.ts";
import { agencyDayStart } from "../lib/agencyClock.ts";
import { agencyTime } from "../lib/formatAgencyTime.ts";
import { contactLinks } from "./contact.ts";

export { agencyDayStart, agencyTime };

/** "just now", "5 min ago", "3 h ago", "2 days ago". */
export function age(createdAt: string, now: Date = new Date()): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(createdAt)) / 60_000));
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

/**
 * A moment for staff: how long ago and when on the agency's clock, "5 min ago · Nov 25, 2026,
 * 11:59 AM EST" (issue 27 §3: every date the admin shows).
 */
export const ageAndTime = (at: string, now: Date = new Date()): string =>
  `${age(at, now)} · ${agencyTime(at)}`;

export function leadRow(
  lead: LeadRecord,
  status: LeadStatus,
  now: Date = new Date(),
  score: number | null = null,
  queue: { assignee?: string | null | undefined; tags?: string[] | undefined } = {},
) {
  const f = lead.fields;
  // The Call button of its card (issue 39 §4): only a number the lead page would call too.
  const phone = contactLinks(f).phone;
  return {
    score: score === null ? "" : String(score),
    id: lead.id,
    createdAt: lead.createdAt,
    age: age(lead.createdAt, now),
    at: agencyTime(lead.createdAt),
    name: leadName(f) || f.email || "",
    company: leadCompany(f),
    phone: phone ? { shown: phone.shown, tel: phone.tel } : null,
    form: adminMessages.kinds[lead.kind as LeadKind] ?? lead.kind,
    page: lead.metadata.page ?? "",
    source: trafficSource(lead),
    possibleSpam: lead.spam,
    status: adminMessages.statuses[status],
    assignee: queue.assignee ?? "",
    tags: queue.tags ?? [],
    href: `/admin/leads/${lead.id}`,
  };
}

export const INBOX_PAGE = 50;

/** The inbox's filters as they stand in its URL (so Back and a shared link show the same view). */
export interface InboxFilters {
  q: string;
  status: string;
  kind: string;
  from: string;
  to: string;
  source: string;
  campaign: string;
  /** A website-check score band (src/audit/summary.ts scoreBands), or "". */
  score: string;
  /** 'me' (the signed-in account), 'none' (unassigned), an account's id, or "". */
  assignee: string;
  /** A tag (normalised: ./tags.ts), or "". */
  tag: string;
  spam: boolean;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (value: string) =>
  DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/**
 * Reads the filters from the URL; anything unknown or malformed is ignored, never an error. Each
 * value gets the intake's rule for text a request adds (control characters such as NUL dropped,
 * unpaired surrogates replaced, cut between code points), so neither store is handed what it
 * would refuse or keep differently.
 */
export function readFilters(params: URLSearchParams): InboxFilters {
  const get = (name: string, max = 100) => cleanText(params.get(name), max) ?? "";
  const status = get("status");
  const kind = get("kind");
  const from = get("from", 10);
  const to = get("to", 10);
  return {
    q: get("q", 200),
    status: (leadStatuses as readonly string[]).includes(status) ? status : "",
    kind: (leadKinds as readonly string[]).includes(kind) ? kind : "",
    from: validDay(from) ? from : "",
    to: validDay(to) ? to : "",
    source: get("source").toLowerCase(),
    campaign: get("campaign").toLowerCase(),
    score: isScoreBand(get("score")) ? get("score") : "",
    assignee: /^[\w-]{1,64}$/.test(get("assignee", 64)) ? get("assignee", 64) : "",
    tag: tagParam(get("tag", TAG_MAX + 8)),
    spam: params.get("spam") === "1",
  };
}

/**
 * The store query of the filters and cursor (`before=<createdAt>~<id>`). Dates are days on the
 * agency's clock: From at its start, To up to the start of the day after. `me`: the signed-in
 * account's id, which the assignee 'me' stands for (without one, 'me' filters nothing).
 */
export function inboxQuery(
  filters: InboxFilters,
  before: string | null,
  me?: string | undefined,
): InboxQuery {
  const cursor = readCursor(before);
  const dayAfter = (day: string) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return {
    status: (filters.status || undefined) as LeadStatus | undefined,
    kind: filters.kind || undefined,
    from: filters.from ? agencyDayStart(filters.from) : undefined,
    to: filters.to ? agencyDayStart(dayAfter(filters.to)) : undefined,
    source: filters.source || undefined,
    campaign: filters.campaign || undefined,
    spam: filters.spam,
    search: filters.q || undefined,
    score: scoreBands.find((b) => b.id === filters.score),
    assignee:
      filters.assignee === "none"
        ? null
        : filters.assignee === "me"
          ? me
          : filters.assignee || undefined,
    tag: filters.tag || undefined,
    before: cursor,
    limit: INBOX_PAGE,
  };
}

/** A `before` cursor of the URL (`<createdAt>~<id>`), or undefined when absent or malformed. */
export function readCursor(before: string | null): InboxQuery["before"] {
  const [createdAt, id] = (before ?? "").split("~");
  if (createdAt && id && !Number.isNaN(Date.parse(createdAt)) && /^[\w-]{1,64}$/.test(id)) {
    return { createdAt: new Date(createdAt).toISOString(), id };
  }
  return undefined;
}

/**
 * The inbox's count is exact up to this many leads, then "1,000+": a larger figure does not
 * change what a caller does next, and counting further costs a common word's search or a
 * source filter a scan of tens of thousands of leads (docs/decisions.md D191). The store is
 * asked to count one more than this (AdminStore.inboxTotal's cap), to tell 1,000 from more.
 */
export const INBOX_COUNT_CAP = 1_000;

/** "1,234"-style figures, or "1,000+" past the cap. */
export const totalLabel = (count: number, cap: number = INBOX_COUNT_CAP): string =>
  count > cap ? `${cap.toLocaleString("en-US")}+` : count.toLocaleString("en-US");

/** How many of the filters are set (the 'Filters' button's badge on a phone). */
export const activeFilters = (filters: InboxFilters): number =>
  (["q", "status", "kind", "from", "to", "source", "campaign", "score"] as const).filter(
    (key) => filters[key] !== "",
  ).length + (filters.spam ? 1 : 0);

/**
 * Whether the filters start open (issue 39 §4): folded while none is set, so the first lead is on
 * a desktop's first screen, open when one is, to show what the list is filtered by. The views
 * 'My leads' and 'Unassigned' (an assignee of 'me' or 'none') are buttons of their own, marked
 * when shown: they leave the filters folded. A phone folds them either way (client/keys.ts).
 */
export const filtersOpen = (filters: InboxFilters): boolean =>
  activeFilters(filters) > 0 ||
  filters.tag !== "" ||
  (filters.assignee !== "" && filters.assignee !== "me" && filters.assignee !== "none");

/**
 * The Newer link of a page that starts at `first`, from the filters' leads just newer than it
 * (AdminStore.inboxNewer with `limit` INBOX_PAGE + 1): none when there is none, the first page
 * when fewer than a page are newer, else the page that ends just before `first`.
 */
export function newerHref(
  filters: InboxFilters,
  newer: { createdAt: string; id: string }[],
): string | undefined {
  if (!newer.length) return undefined;
  const edge = newer.length > INBOX_PAGE ? newer[INBOX_PAGE] : undefined;
  return inboxHref(filters, edge ? cursorOf(edge) : undefined);
}

/** Speed to lead is shown for the filters' date range, else for the last this many days. */
export const SPEED_DAYS = 30;

/** The period the inbox's speed-to-lead line covers, as a store range and in words. */
export function speedPeriod(
  filters: Pick<InboxFilters, "from" | "to">,
  now: Date = new Date(),
): { from: string; to: string; label: string } {
  const copy = adminMessages.inbox.speed;
  const q = inboxQuery({ ...emptyFilters, from: filters.from, to: filters.to }, null);
  if (!q.from && !q.to) {
    return {
      from: new Date(now.getTime() - SPEED_DAYS * 86_400_000).toISOString(),
      to: now.toISOString(),
      label: copy.lastDays(SPEED_DAYS),
    };
  }
  return {
    from: q.from ?? new Date(0).toISOString(),
    to: q.to ?? now.toISOString(),
    label:
      filters.from && filters.to
        ? copy.between(filters.from, filters.to)
        : filters.from
          ? copy.since(filters.from)
          : copy.until(filters.to),
  };
}

const emptyFilters: InboxFilters = {
  q: "",
  status: "",
  kind: "",
  from: "",
  to: "",
  source: "",
  campaign: "",
  score: "",
  assignee: "",
  tag: "",
  spam: false,
};

/** The inbox URL of these filters (and a cursor): only the filters that are set. */
export function inboxHref(filters: InboxFilters, before?: string): string {
  const params = new URLSearchParams();
  const keys = ["q", "status", "kind", "from", "to", "source", "campaign", "score"] as const;
  for (const key of [...keys, "assignee", "tag"] as const) {
    if (filters[key]) params.set(key, filters[key]);
  }
  if (filters.spam) params.set("spam", "1");
  if (before) params.set("before", before);
  const query = params.toString();
  return query ? `/admin?${query}` : "/admin";
}

/** The CSV export of the same filters. */
export const exportHref = (filters: InboxFilters): string =>
  inboxHref(filters).replace(/^\/admin/, "/api/admin/export.csv");

/** The cursor after a lead: its creation time and id. */
export const cursorOf = (lead: Pick<LeadRecord, "createdAt" | "id">): string =>
  `${lead.createdAt}~${lead.id}`;
