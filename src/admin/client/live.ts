/**
 * The inbox's live list (loaded only by /admin): every 15 s it asks how many leads arrived since
 * the newest one shown (GET /api/admin/new-count); when some did, it fetches the same view again
 * and swaps in its list, so new leads appear without a reload. The tab's title carries the count
 * of leads still 'new', kept current the same way. Paged views (older leads) stay as they are.
 * Without JavaScript the page is the same, minus the updates.
 */
import { unworkedLabel } from "../count.ts";

const POLL_MS = 15_000;

const region = () => document.querySelector<HTMLElement>("[data-lead-region]");
/** The title without its "(N) " count. */
const baseTitle = document.title.replace(/^\(\d+\+?\) /, "");

function showUnworked(unworked: number) {
  document.title = unworked ? `(${unworkedLabel(unworked)}) ${baseTitle}` : baseTitle;
}

async function check(): Promise<void> {
  const current = region();
  const since = current?.dataset.newest;
  if (!current || !since || current.hasAttribute("data-paged")) return;
  // Rows ticked for a bulk action stay as they are until it is done.
  if (current.querySelector("[data-bulk-select]:checked")) return;
  const res = await fetch(`/api/admin/new-count?since=${encodeURIComponent(since)}`);
  if (!res.ok) return;
  const { arrived, unworked } = (await res.json()) as { arrived: number; unworked: number };
  showUnworked(unworked);
  if (!arrived) return;
  const page = await fetch(location.href);
  if (!page.ok) return;
  const next = new DOMParser()
    .parseFromString(await page.text(), "text/html")
    .querySelector("[data-lead-region]");
  if (next) current.replaceWith(document.importNode(next, true));
}

setInterval(() => {
  check().catch(() => {});
}, POLL_MS);
