/**
 * `client:interaction`: hydrates an island on the visitor's first sign of interest in it
 * (pointer over or down, touch, focus, key press inside it), so pages load no JavaScript for
 * components nobody touches. The server-rendered markup works before hydration (native forms,
 * invoker-command dialogs, links), so an early click is never lost.
 */
import type { ClientDirective } from "astro";

const events = ["pointerover", "pointerdown", "touchstart", "focusin", "keydown"] as const;

const interaction: ClientDirective = (load, _options, el) => {
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    for (const type of events) el.removeEventListener(type, start, true);
    const hydrate = await load();
    await hydrate();
  };
  for (const type of events) el.addEventListener(type, start, { capture: true, passive: true });
};

export default interaction;
