/**
 * Attribution and fill time for native lead forms. On every page view it remembers the visit's
 * landing page, referrer and utm_* (first view only, in sessionStorage); when any
 * `form[data-lead-form]` is submitted it adds them as hidden inputs, with `_t`, the milliseconds
 * since this page loaded (a spam signal; left out when the browser filled the form in). Without
 * JavaScript none of this is sent and the server falls back to the Referer header.
 */
import { attributionValues, rememberVisit, watchAutofill } from "../leads/client";
import { hiddenFields } from "../leads/wire";

rememberVisit();
watchAutofill();

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-lead-form")) return;
  const values = attributionValues(form);
  // A form the browser filled in carries no fill time: drop one left from an earlier post.
  if (!(hiddenFields.elapsed in values)) {
    form.querySelector(`input[type=hidden][name="${hiddenFields.elapsed}"]`)?.remove();
  }
  for (const [name, value] of Object.entries(values)) {
    let input = form.querySelector<HTMLInputElement>(`input[type=hidden][name="${name}"]`);
    if (!input) {
      input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      form.append(input);
    }
    // A value carried over from an earlier post (the review page) keeps the original page.
    if (name === "_t" || !input.value) input.value = value;
  }
});
