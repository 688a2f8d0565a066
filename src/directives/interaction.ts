/**
 * `client:interaction`: hydrates an island on the visitor's first sign of interest in it
 * (pointer over or down, touch, focus, key press inside it), so pages load no JavaScript for
 * components nobody touches. The server-rendered markup works before hydration (native forms,
 * invoker-command dialogs, links), so an early click is never lost.
 *
 * A control marked `data-hydrate-first` (a video's play link: without JavaScript it leads to the
 * provider's site) must not do its no-JavaScript action once JavaScript runs. A tap is over in
 * about 120 ms, often before the island's code has arrived, so a click on such a control while
 * the island hydrates is held back and given to the hydrated island instead. If hydration fails,
 * the held click goes ahead as a plain click (the link still works).
 */
import type { ClientDirective } from "astro";

const events = ["pointerover", "pointerdown", "touchstart", "focusin", "keydown"] as const;

export const HYDRATE_FIRST = "[data-hydrate-first]";

const interaction: ClientDirective = (load, _options, el) => {
  let started = false;
  let held: HTMLElement | null = null;
  const hold = (event: MouseEvent) => {
    const target = (event.target as Element | null)?.closest<HTMLElement>(HYDRATE_FIRST);
    if (!target || !el.contains(target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held = target;
    void start(); // a click with no pointer or focus before it (assistive technology)
  };
  const start = async () => {
    if (started) return;
    started = true;
    for (const type of events) el.removeEventListener(type, start, true);
    try {
      const hydrate = await load();
      await hydrate();
    } finally {
      el.removeEventListener("click", hold, true);
      // React keeps the server-rendered elements when it hydrates, so the held element is the
      // one the hydrated island now handles; React also replays it if hydration is still busy.
      const target: HTMLElement | null = held;
      held = null;
      if (target?.isConnected) target.click();
    }
  };
  el.addEventListener("click", hold, true);
  for (const type of events) el.addEventListener(type, start, { capture: true, passive: true });
};

export default interaction;
