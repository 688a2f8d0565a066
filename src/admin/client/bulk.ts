/**
 * The inbox's bulk form with JavaScript (loaded only by /admin): 'Select all on this page' ticks
 * every row's box, and unticking a row unticks it. Without JavaScript the server reads 'Select
 * all on this page' as every lead of the page (src/admin/bulk.ts), so the form works the same.
 */
const all = () => document.querySelector<HTMLInputElement>("[data-bulk-all]");
const boxes = () => document.querySelectorAll<HTMLInputElement>("[data-bulk-select]");

document.addEventListener("change", (event) => {
  const target = event.target;
  if (!(target instanceof HTMLInputElement)) return;
  const page = all();
  if (!page) return;
  if (target === page) for (const box of boxes()) box.checked = page.checked;
  else if (target.hasAttribute("data-bulk-select") && !target.checked) page.checked = false;
});
