/**
 * `client:afterpaint`: hydrates an island once the page has loaded and its first content has been
 * painted, when the browser is next idle. For islands that must start on their own when the page
 * opens (the scheduling widget) but must not compete with the page's own first paint:
 * `client:idle` and `client:visible` both started the widget's scripts before it.
 */
import type { ClientDirective } from "astro";

/** Resolves once the browser reports the first contentful paint (or after `fallbackMs`). */
function firstPaint(fallbackMs: number): Promise<void> {
  return new Promise((resolve) => {
    const painted = () => performance.getEntriesByName("first-contentful-paint").length > 0;
    if (!PerformanceObserver.supportedEntryTypes?.includes("paint") || painted()) {
      resolve();
      return;
    }
    const observer = new PerformanceObserver(() => {
      if (!painted()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: "paint", buffered: true });
    setTimeout(resolve, fallbackMs);
  });
}

const loaded = () =>
  new Promise<void>((resolve) => {
    if (document.readyState === "complete") resolve();
    else window.addEventListener("load", () => resolve(), { once: true });
  });

const afterpaint: ClientDirective = (load) => {
  const hydrate = async () => {
    const run = await load();
    await run();
  };
  void Promise.all([loaded(), firstPaint(3000)]).then(() => {
    if ("requestIdleCallback" in window)
      requestIdleCallback(() => void hydrate(), { timeout: 2000 });
    else setTimeout(() => void hydrate(), 200);
  });
};

export default afterpaint;
