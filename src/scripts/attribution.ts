/**
 * Attribution and fill time for native lead forms. On every page view it remembers the visit's
 * landing page, referrer and utm_* (first view only, in sessionStorage); when any
 * `form[data-lead-form]` is submitted it adds them as hidden inputs, with `_t`, the milliseconds
 * since this page loaded (a spam signal). Without JavaScript none of this is sent and the server
 * falls back to the Referer header.
 */
import { attributionValues, rememberVisit } from "../leads/client";

rememberVisit();

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-lead-form")) return;
  for (const [name, value] of Object.entries(attributionValues())) {
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
