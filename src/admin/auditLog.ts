/**
 * The audit log page's query (/admin/audit): filters by action and person (an email, or part of
 * one) and a keyset cursor (`before=<at>~<id>`), read from the URL and written back into links.
 * Nonsense in the URL is ignored, never an error.
 */
import { leadName } from "../leads/source.ts";
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

/**
 * Actions whose subject is a lead's id (its name is shown instead). A website check's entries
 * name the check (its job id), shown as recorded.
 */
const LEAD_ACTIONS = /^(lead_|note_|delivery_retry$)/;
const LEAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What an entry is about, as the page shows it: a lead by name (linked), or the subject as is. */
export type AuditSubject =
  | { kind: "lead"; name: string; href: string }
  | { kind: "erased" }
  | { kind: "text"; text: string };

/**
 * The subjects of a page of entries, read once each: a lead's id becomes its name (or 'no name
 * given'), linked to its page; a lead since erased says so; anything else (an email, a URL, a
 * template) is shown as recorded.
 */
export async function auditSubjects(
  entries: readonly { action: string; subject: string | null }[],
  lead: (id: string) => Promise<{ fields: Record<string, string> } | null>,
  noName: string,
): Promise<Map<string, AuditSubject>> {
  const ids = new Set(
    entries
      .filter((e) => e.subject && LEAD_ACTIONS.test(e.action) && LEAD_ID.test(e.subject))
      .map((e) => e.subject!),
  );
  const out = new Map<string, AuditSubject>();
  await Promise.all(
    [...ids].map(async (id) => {
      const found = await lead(id);
      out.set(
        id,
        found
          ? {
              kind: "lead",
              name: leadName(found.fields).trim() || noName,
              href: `/admin/leads/${encodeURIComponent(id)}`,
            }
          : { kind: "erased" },
      );
    }),
  );
  return out;
}

/** An action as people say it ('Signed in'), else its code with spaces. */
export const auditActionLabel = (action: string, labels: Record<string, string>): string =>
  labels[action] ?? action.replace(/_/g, " ");
