/**
 * The inbox's bulk form with JavaScript (loaded only by /admin): 'Select all on this page' ticks
 * every row's box, and unticking a row unticks it; ticking a row opens the folded form. Without
 * JavaScript the server reads 'Select all on this page' as every lead of the page as it was
 * loaded (src/admin/bulk.ts); with it, the form sends the ticked rows only, which are the rows
 * shown now (the live list may have added some since).
 */
const all = () => document.querySelector<HTMLInputElement>("[data-bulk-all]");
const boxes = () => document.querySelectorAll<HTMLInputElement>("[data-bulk-select]");

document.addEventListener("change", (event) => {
  const target = event.target;
  if (!(target instanceof HTMLInputElement)) return;
  const page = all();
  if (!page) return;
  if (target === page) for (const box of boxes()) box.checked = page.checked;
  else if (target.hasAttribute("data-bulk-select")) {
    if (!target.checked) page.checked = false;
    const details = document.querySelector<HTMLDetailsElement>("[data-bulk-details]");
    if (target.checked && details) details.open = true;
  }
});

document.addEventListener("submit", (event) => {
  const page = all();
  if (!page?.checked || event.target !== page.form) return;
  for (const box of boxes()) box.checked = true;
  page.checked = false;
});

// Enter in the tag box adds the tag (a form's Enter would press its first button, Set status).
document.addEventListener("keydown", (event) => {
  const target = event.target;
  if (event.key !== "Enter" || !(target instanceof HTMLInputElement) || target.id !== "bulk-tag") {
    return;
  }
  event.preventDefault();
  target.form?.querySelector<HTMLButtonElement>('button[value="tag"]')?.click();
});
