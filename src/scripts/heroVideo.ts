/**
 * Starts the hero's muted background loop once the page has loaded, so it never competes with
 * the page itself; not at all under prefers-reduced-motion or Save-Data, and paused if the
 * visitor turns reduced motion on.
 */
const video = document.querySelector<HTMLVideoElement>("video[data-hero-video]");
const reduce = window.matchMedia("(prefers-reduced-motion: reduce)");
const saveData =
  (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;

function start() {
  if (!video || reduce.matches || saveData) return;
  if (!video.src && video.dataset.src) video.src = video.dataset.src;
  video.play().catch(() => video.removeAttribute("data-playing"));
}

if (video && !saveData) {
  // React renders `muted` as a property only; the attribute makes autoplay policies certain.
  video.muted = true;
  video.addEventListener("playing", () => video.setAttribute("data-playing", ""));
  reduce.addEventListener("change", () => {
    if (reduce.matches) {
      video.pause();
      video.removeAttribute("data-playing");
    } else start();
  });
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}
