/**
 * Starts the hero's muted background loop once the page has loaded, so it never competes with
 * the page itself; only on screens at least 48rem wide (phones keep the still poster: see
 * decisions.md, "Hero loop on wide screens only"), never under prefers-reduced-motion or
 * Save-Data, and paused if the visitor turns reduced motion on or the window narrows.
 */
const video = document.querySelector<HTMLVideoElement>("video[data-hero-video]");
const reduce = window.matchMedia("(prefers-reduced-motion: reduce)");
const wide = window.matchMedia("(min-width: 48rem)");
const saveData =
  (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;

function start() {
  if (!video || reduce.matches || !wide.matches || saveData) return;
  if (!video.src && video.dataset.src) video.src = video.dataset.src;
  video.play().catch(() => video.removeAttribute("data-playing"));
}

if (video && !saveData) {
  // React renders `muted` as a property only; the attribute makes autoplay policies certain.
  video.muted = true;
  video.addEventListener("playing", () => video.setAttribute("data-playing", ""));
  const update = () => {
    if (reduce.matches || !wide.matches) {
      video.pause();
      video.removeAttribute("data-playing");
    } else start();
  };
  reduce.addEventListener("change", update);
  wide.addEventListener("change", update);
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}
