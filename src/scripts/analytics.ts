/**
 * First-party page-view counting (src/analytics/, README "Analytics"): just after load, one beacon
 * for the page view (with the lead forms it shows); on the first input into a lead form, one for
 * that form's start. It sends the visit's attribution as lead forms do, and the screen width for
 * the device class. No cookie, no storage of its own; nothing at all under Global Privacy Control.
 */
import { attributionValues } from "../leads/client";
import { hiddenFields } from "../leads/wire";
import { EVENTS_ENDPOINT, eventKeys, type WireKind } from "../analytics/wire";

const formOf = (el: Element | null) =>
  el?.closest("form[data-lead-form]")?.getAttribute("data-lead-form");

if (!(navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl) {
  const send = (kind: WireKind, forms: string) => {
    const values: Record<string, string | number> = attributionValues();
    delete values[hiddenFields.elapsed];
    values[eventKeys.kind] = kind;
    values[eventKeys.forms] = forms;
    values[eventKeys.width] = screen.width;
    navigator.sendBeacon(EVENTS_ENDPOINT, JSON.stringify(values));
  };
  const view = () =>
    send(
      "view",
      [...new Set([...document.querySelectorAll("form[data-lead-form]")].map(formOf))].join(","),
    );
  // In a task of its own after load: the load event often fires in the task that ends parsing,
  // where the browser styles and lays out the rest of the page (docs/lighthouse/mainthread.md).
  const viewSoon = () => setTimeout(view, 0);
  if (document.readyState === "complete") viewSoon();
  else addEventListener("load", viewSoon, { once: true });
  const started = new Set<string>();
  document.addEventListener(
    "input",
    (event) => {
      const form = formOf(event.target as Element);
      if (form && !started.has(form)) {
        started.add(form);
        send("start", form);
      }
    },
    true,
  );
}
