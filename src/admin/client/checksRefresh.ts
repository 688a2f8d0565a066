/**
 * /admin/checks refreshes itself while a check is waiting or running (issue 39 §5: it needed a
 * manual reload): every 4 s it fetches the same page and swaps in the owner's queue, the
 * table of staff checks and the competitors shown (their list and side-by-side, not their
 * forms) when they changed, so a score appears without a reload and the address being typed in
 * a form is kept. It stops once nothing is pending (or after ten minutes).
 * Without JavaScript the page is the same, reloaded by hand.
 */
const POLL_MS = 4_000;
const MAX_POLLS = 150;
/** The parts of the page that change as checks run. */
const PARTS = ["[data-check-queue]", "[data-staff-checks]", "[data-competitor-live]"];
const PENDING =
  '[data-check-state="running"], [data-check-state="waiting"], [data-queue-check], ' +
  '[data-competitor-state="running"], [data-competitor-state="waiting"]';

const pending = (root: ParentNode) => root.querySelector(PENDING) !== null;

let polls = 0;

async function refresh(): Promise<void> {
  polls++;
  // The same page, with the check whose competitors it shows (?compare=).
  const compare = new URLSearchParams(location.search).get("compare");
  const url = compare
    ? `${location.pathname}?compare=${encodeURIComponent(compare)}`
    : location.pathname;
  const res = await fetch(url, { headers: { accept: "text/html" } });
  if (!res.ok) return;
  const next = new DOMParser().parseFromString(await res.text(), "text/html");
  for (const selector of PARTS) {
    const shown = document.querySelector(selector);
    const fresh = next.querySelector(selector);
    // Swapped only when it changed, and never from under the keyboard's focus.
    if (!shown || !fresh || shown.innerHTML === fresh.innerHTML) continue;
    if (shown.contains(document.activeElement)) continue;
    shown.replaceWith(document.importNode(fresh, true));
  }
}

function schedule(): void {
  if (!pending(document) || polls >= MAX_POLLS) return;
  setTimeout(() => {
    refresh()
      .catch(() => {
        // Offline for a moment: the next poll tries again.
      })
      .finally(schedule);
  }, POLL_MS);
}

schedule();
