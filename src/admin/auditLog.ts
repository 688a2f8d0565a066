/**
 * The audit log page's query (/admin/audit): filters by action and person (an email, or part of
 * one) and a keyset cursor (`before=<at>~<id>`), read from the URL and written back into links.
 * Nonsense in the URL is ignored, never an error.
 */
import type { AuditQuery } from "./store/types.ts";

export const AUDIT_PAGE = 100;

export interface AuditFilters {
  action: string;
  person: string;
}

/** Control characters out, length bounded: what a filter may hold. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/g;
const clean = (value: string | null, max: number) =>
  (value ?? "").replace(CONTROL, "").trim().slice(0, max);

export function auditFilters(params: URLSearchParams): AuditFilters {
  const action = clean(params.get("action"), 40);
  return {
    action: /^[a-z_]+$/.test(action) ? action : "",
    person: clean(params.get("person"), 254),
  };
}

export function auditQuery(filters: AuditFilters, before: string | null): AuditQuery {
  const [at, id] = (before ?? "").split("~");
  const cursor =
    at && id && !Number.isNaN(Date.parse(at)) && /^[\w-]{1,64}$/.test(id)
      ? { at: new Date(at).toISOString(), id }
      : undefined;
  return {
    action: filters.action || undefined,
    person: filters.person || undefined,
    before: cursor,
    limit: AUDIT_PAGE,
  };
}

/** The audit page's URL of these filters (and a cursor): only what is set. */
export function auditHref(filters: AuditFilters, before?: { at: string; id: string }): string {
  const params = new URLSearchParams();
  if (filters.action) params.set("action", filters.action);
  if (filters.person) params.set("person", filters.person);
  if (before) params.set("before", `${before.at}~${before.id}`);
  const search = params.toString();
  return `/admin/audit${search ? `?${search}` : ""}`;
}
