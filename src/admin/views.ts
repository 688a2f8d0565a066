/**
 * Saved views (issue 27): a staff member names the inbox's current filters ('Roofing this week',
 * 'My new leads') and finds them again above the list; each account sees only its own. What is
 * saved is the filters as the inbox's URL holds them, read back through readFilters (./inbox.ts):
 * never a page cursor, never a value the filters would not accept, so opening a view is opening
 * a URL. A name is at most VIEW_NAME_MAX characters and unique per account as it reads (case and
 * Unicode form ignored); an account keeps at most VIEWS_PER_ACCOUNT views.
 */
import { newLeadId } from "../server/id.ts";
import { isWellFormed } from "../leads/text.ts";
import { inboxHref, readFilters } from "./inbox.ts";
import { adminMessages } from "./messages.ts";
import type { WorkResult } from "./pipeline.ts";
import type { AdminStore, SavedView, StaffRecord } from "./store/types.ts";

export const VIEW_NAME_MAX = 60;
export const VIEWS_PER_ACCOUNT = 30;

/** Control characters (a name is one line; runs of white space were made one space). */
// eslint-disable-next-line no-control-regex -- rejecting control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

/** The filters of a query string, as the inbox's URL would hold them ("" for none). */
export function viewQuery(raw: string): string {
  const href = inboxHref(readFilters(new URLSearchParams(raw)));
  return href.startsWith("/admin?") ? href.slice("/admin?".length) : "";
}

/** The inbox URL of a saved view. */
export const viewHref = (view: Pick<SavedView, "query">): string =>
  view.query ? `/admin?${view.query}` : "/admin";

/** Saves the inbox's filters (`query`, a query string) under `name` for `actor`. */
export async function saveInboxView(
  store: AdminStore,
  actor: StaffRecord,
  input: { name: unknown; query: unknown },
  now: Date = new Date(),
): Promise<WorkResult & { query?: string }> {
  const copy = adminMessages.queue.views;
  const name =
    typeof input.name === "string" ? input.name.normalize("NFC").trim().replace(/\s+/g, " ") : "";
  if (!name) return { ok: false, status: 422, message: copy.empty };
  if ([...name].length > VIEW_NAME_MAX) {
    return { ok: false, status: 422, message: copy.tooLong(VIEW_NAME_MAX) };
  }
  if (CONTROL.test(name) || !isWellFormed(name)) {
    return { ok: false, status: 422, message: copy.unreadable };
  }
  const query = viewQuery(typeof input.query === "string" ? input.query : "");
  const saved = await store.saveView({
    id: newLeadId(now.getTime()),
    staffId: actor.id,
    name,
    nameKey: name.toLowerCase(),
    query,
    at: now.toISOString(),
    cap: VIEWS_PER_ACCOUNT,
  });
  if (saved === "taken") return { ok: false, status: 422, message: copy.taken(name) };
  if (saved === "full") return { ok: false, status: 422, message: copy.full(VIEWS_PER_ACCOUNT) };
  return { ok: true, query };
}

/** Deletes one of `actor`'s views. */
export async function deleteInboxView(
  store: AdminStore,
  actor: StaffRecord,
  id: unknown,
): Promise<WorkResult> {
  const found =
    typeof id === "string" && /^[\w-]{1,64}$/.test(id) && (await store.deleteView(actor.id, id));
  return found
    ? { ok: true }
    : { ok: false, status: 404, message: adminMessages.queue.views.missing };
}

/**
 * The post of /admin/views, as `staff`: `action=delete` with `id`, else a save of `name` and
 * `query`. Saved: 303 to the view (`savedView=saved`); deleted: 303 to the inbox
 * (`savedView=deleted`); refused: the status (422, 404), the message and the view the form was
 * sent from.
 */
export async function viewsPageAction(
  store: AdminStore,
  staff: StaffRecord,
  form: FormData,
): Promise<{ redirect: string } | { status: number; message: string; back: string }> {
  const back = viewHref({ query: viewQuery(String(form.get("query") ?? "")) });
  if (form.get("action") === "delete") {
    const result = await deleteInboxView(store, staff, form.get("id"));
    if (result.ok) return { redirect: "/admin?savedView=deleted" };
    return { status: result.status, message: result.message, back };
  }
  const result = await saveInboxView(store, staff, {
    name: form.get("name"),
    query: form.get("query"),
  });
  if (!result.ok) return { status: result.status, message: result.message, back };
  const href = viewHref({ query: result.query ?? "" });
  return { redirect: `${href}${href.includes("?") ? "&" : "?"}savedView=saved` };
}
