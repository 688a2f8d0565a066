/**
 * The inbox's keyboard (loaded only by /admin): `/` focuses the search (opening the filters),
 * `j` and `k` select the next and previous lead (the row is marked and its link focused), Enter
 * opens the selected lead, `?` opens the list of shortcuts (a modal <dialog>: focus stays inside,
 * Escape closes it, focus goes back where it was). Keys typed in a field, or with Ctrl, Alt or
 * Meta, are left alone. Also opens the filters on a wide screen (on a phone they stay behind
 * their button, so the first lead is in the first screen).
 */

const rows = () => [
  ...document.querySelectorAll<HTMLElement>("[data-lead-table] tbody tr[data-lead-id]"),
];

let selected: string | undefined;

const typing = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/** Marks the selected lead's row (after a live update too). */
function showSelected(): HTMLElement | undefined {
  let found: HTMLElement | undefined;
  for (const row of rows()) {
    const on = row.dataset.leadId === selected;
    row.toggleAttribute("data-current", on);
    if (on) found = row;
  }
  return found;
}

function move(step: number) {
  const all = rows();
  if (!all.length) return;
  // Start from the lead whose link has the focus (Tab, a click), else the one selected.
  const from =
    document.activeElement?.closest<HTMLElement>("tr[data-lead-id]")?.dataset.leadId ?? selected;
  const at = all.findIndex((r) => r.dataset.leadId === from);
  const next =
    all[
      at < 0 ? (step > 0 ? 0 : all.length - 1) : Math.min(all.length - 1, Math.max(0, at + step))
    ]!;
  selected = next.dataset.leadId;
  showSelected();
  next.querySelector<HTMLElement>("a")?.focus({ preventScroll: true });
  next.scrollIntoView({ block: "nearest" });
}

const dialog = document.querySelector<HTMLDialogElement>("dialog[data-shortcuts]");
const openButton = document.querySelector<HTMLButtonElement>("[data-shortcuts-open]");
let returnTo: HTMLElement | null = null;

function openShortcuts() {
  if (!dialog || dialog.open) return;
  returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  dialog.showModal();
}

// Tab and Shift+Tab go round the dialog's controls, never out of it.
dialog?.addEventListener("keydown", (event) => {
  if (event.key !== "Tab") return;
  const controls = [
    ...dialog.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, [tabindex]"),
  ].filter((c) => !c.hasAttribute("disabled") && c.tabIndex >= 0);
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  if (event.shiftKey ? document.activeElement === first : document.activeElement === last) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
});

dialog?.addEventListener("close", () => {
  (returnTo && returnTo.isConnected ? returnTo : openButton)?.focus();
  returnTo = null;
});
if (openButton) {
  openButton.hidden = false;
  openButton.addEventListener("click", openShortcuts);
}

document.addEventListener("keydown", (event) => {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
  if (dialog?.open || typing(event.target)) return;
  const target = event.target instanceof HTMLElement ? event.target : null;
  switch (event.key) {
    case "/": {
      const search = document.querySelector<HTMLInputElement>("#filter-q");
      if (!search) return;
      event.preventDefault();
      const panel = search.closest("details");
      if (panel) panel.open = true;
      search.focus();
      search.select();
      break;
    }
    case "j":
    case "k":
      if (!rows().length) return;
      event.preventDefault();
      move(event.key === "j" ? 1 : -1);
      break;
    case "Enter": {
      // A focused link or button does its own thing; otherwise the selected lead opens.
      if (target?.closest("a, button, summary, [role=button]")) return;
      const link = showSelected()?.querySelector<HTMLAnchorElement>("a");
      if (!link) return;
      event.preventDefault();
      location.assign(link.href);
      break;
    }
    case "?":
      if (!dialog) return;
      event.preventDefault();
      openShortcuts();
      break;
  }
});

document.addEventListener("inbox:updated", () => {
  showSelected();
});

// Filters set open the panel (src/admin/inbox.ts filtersOpen); a phone folds it, so its first
// screen shows leads (the 'Filters' button says how many are set).
const panel = document.querySelector<HTMLDetailsElement>("details[data-filters-panel]");
if (panel?.open && !matchMedia("(min-width: 40rem)").matches) panel.open = false;
