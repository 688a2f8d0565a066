/**
 * The post of the inbox's bulk form (/admin/bulk, src/components/admin/BulkActions.tsx): what is
 * asked is read and checked by ./bulk.ts. A change of the selected leads answers 303 back to the
 * view it was sent from (`back`, an inbox URL, read as the inbox reads its filters, nothing else)
 * with `updated=N`; 'Export selected' answers the CSV of those leads (./export.ts), noted in the
 * audit log; a refusal is a page with its status (413, 422), the message and a link back,
 * nothing changed.
 */
import type { LeadStore } from "../leads/store/types.ts";
import { audit } from "./accounts.ts";
import { applyBulk, readBulk } from "./bulk.ts";
import { exportSelectedCsv } from "./export.ts";
import { adminNext } from "./http.ts";
import { inboxHref, readFilters } from "./inbox.ts";
import type { AdminStore, StaffRecord } from "./store/types.ts";

export type BulkPageOutcome =
  | { redirect: string }
  | { download: { csv: string; filename: string } }
  | { status: number; message: string; back: string };

/** The inbox view a bulk form came from: its filters and page, or the inbox. */
export function bulkBack(form: FormData): string {
  const backUrl = new URL(adminNext(String(form.get("back") ?? "")), "http://x.invalid");
  if (backUrl.pathname !== "/admin") return "/admin";
  const before = backUrl.searchParams.get("before");
  return inboxHref(
    readFilters(backUrl.searchParams),
    before && /^[^\s]{1,200}$/.test(before) ? before : undefined,
  );
}

/** Does what the bulk form `form` asks, as `staff`. */
export async function bulkPageAction(
  ctx: { store: AdminStore; leads: () => Promise<LeadStore>; staff: StaffRecord },
  form: FormData,
  now: Date = new Date(),
): Promise<BulkPageOutcome> {
  const back = bulkBack(form);
  const request = readBulk(form);
  if (!request.ok) return { status: request.status, message: request.message, back };
  if (request.action === "export") {
    const { csv, count } = await exportSelectedCsv(ctx.store, await ctx.leads(), request.ids);
    await audit(ctx.store, "export", { actorId: ctx.staff.id, detail: { selected: count } });
    const day = now.toISOString().slice(0, 10);
    return { download: { csv, filename: `leads-selected-${day}.csv` } };
  }
  const result = await applyBulk(
    ctx.store,
    { action: request.action, ids: request.ids },
    form,
    ctx.staff,
  );
  if (!result.ok) return { status: result.status, message: result.message, back };
  return { redirect: `${back}${back.includes("?") ? "&" : "?"}updated=${result.updated}` };
}
