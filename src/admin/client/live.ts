/**
 * The inbox's live list (loaded only by /admin): every 15 s it asks how many leads arrived since
 * the newest one shown (GET /api/admin/new-count); when some did, it fetches the same view again
 * and swaps in its list (count, rows, pages), the leads that were not shown before highlighted
 * and marked "New" at the top (a status line reads out how many), so new leads appear without a
 * reload. The count of leads still 'new' (beside the heading and in the tab's title) is kept
 * current the same way. Paged views (older leads) keep their rows. The row selected with j/k
 * (./keys.ts) and the focus stay on their lead. Without JavaScript the page is the same, minus
 * the updates.
 */
import { unworkedLabel } from "../count.ts";

const POLL_MS = 15_000;

const region = () => document.querySelector<HTMLElement>("[data-lead-region]");
const rowIds = (root: ParentNode) =>
  new Set(
    [...root.querySelectorAll<HTMLElement>("tr[data-lead-id]")].map((r) => r.dataset.leadId!),
  );
/** The title without its "(N) " count. */
const baseTitle = document.title.replace(/^\([\d,]+\+?\) /, "");
/** Leads that arrived while the page was open: highlighted until it is left. */
const arrived = new Set<string>();

function showUnworked(unworked: number) {
  const label = unworkedLabel(unworked);
  document.title = unworked ? `(${label}) ${baseTitle}` : baseTitle;
  const shown = document.querySelector("[data-unworked-count]");
  if (shown) shown.textContent = label;
}

/** Highlights the rows of leads that arrived since the page was loaded. */
function mark(root: ParentNode) {
  const text = document.querySelector<HTMLElement>("[data-live-announce]")?.dataset.arrivedMark;
  for (const row of root.querySelectorAll<HTMLElement>("tr[data-lead-id]")) {
    if (!arrived.has(row.dataset.leadId!) || row.hasAttribute("data-arrived")) continue;
    row.setAttribute("data-arrived", "");
    const name = row.querySelector("td a");
    if (name && text) {
      const badge = document.createElement("span");
      badge.className = "arrived-badge";
      badge.textContent = text;
      name.after(badge);
    }
  }
}

function announce(n: number) {
  const status = document.querySelector<HTMLElement>("[data-live-announce]");
  if (!status) return;
  const template = n === 1 ? status.dataset.arrivedOne : status.dataset.arrivedMany;
  status.textContent = (template ?? "").replace("{n}", String(n));
}

async function check(): Promise<void> {
  const current = region();
  const live = current && !current.hasAttribute("data-paged") ? current.dataset.newest : undefined;
  const since = live ?? new Date().toISOString();
  const res = await fetch(`/api/admin/new-count?since=${encodeURIComponent(since)}`);
  if (!res.ok) return;
  const { arrived: count, unworked } = (await res.json()) as { arrived: number; unworked: number };
  showUnworked(unworked);
  if (!count || !current || !live) return;
  // Rows ticked for a bulk action stay as they are until it is done.
  if (current.querySelector("[data-bulk-select]:checked")) return;
  const page = await fetch(location.href);
  if (!page.ok) return;
  const next = new DOMParser()
    .parseFromString(await page.text(), "text/html")
    .querySelector("[data-lead-region]");
  if (!next) return;
  const before = rowIds(current);
  const fresh = [...rowIds(next)].filter((id) => !before.has(id));
  for (const id of fresh) arrived.add(id);
  // Keep the focus on the same lead (or control) across the swap.
  const focused = document.activeElement;
  const focusedLead = focused?.closest<HTMLElement>("tr[data-lead-id]")?.dataset.leadId;
  const focusedPager = focused?.closest("[data-pager]") ? focused.getAttribute("rel") : null;
  const hadFocus = focused instanceof HTMLElement && current.contains(focused);
  const replacement = document.importNode(next, true) as HTMLElement;
  mark(replacement);
  current.replaceWith(replacement);
  if (hadFocus) {
    const target =
      (focusedLead &&
        [...replacement.querySelectorAll<HTMLElement>("tr[data-lead-id]")]
          .find((r) => r.dataset.leadId === focusedLead)
          ?.querySelector<HTMLElement>("a")) ||
      (focusedPager &&
        replacement.querySelector<HTMLElement>(`[data-pager] [rel="${focusedPager}"]`)) ||
      replacement.querySelector<HTMLElement>("[data-table-scroll]");
    target?.focus({ preventScroll: true });
  }
  if (fresh.length) announce(fresh.length);
  document.dispatchEvent(new CustomEvent("inbox:updated"));
}

setInterval(() => {
  check().catch(() => {});
}, POLL_MS);
