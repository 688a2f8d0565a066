/**
 * Starts the hero's muted background loop once the page has loaded, so it never competes with
 * the page itself; only on screens at least 48rem wide (phones keep the still poster: see
 * decisions.md, "Hero loop on wide screens only"), never under prefers-reduced-motion or
 * Save-Data, and paused if the visitor turns reduced motion on or the window narrows.
 *
 * The `<video>` waits in a `<template>` (HeroBackdrop) and is put in the page only when it is
 * first started, so a page that never plays it has no media element at all.
 */
const template = document.querySelector<HTMLTemplateElement>("template[data-hero-video]");
const reduce = window.matchMedia("(prefers-reduced-motion: reduce)");
const wide = window.matchMedia("(min-width: 48rem)");
const saveData =
  (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
let video: HTMLVideoElement | undefined;

function start() {
  if (!template || reduce.matches || !wide.matches || saveData) return;
  if (!video) {
    const drawn = template.content.querySelector("video");
    if (!drawn) return;
    const made = document.importNode(drawn, true);
    // React renders `muted` as a property only; the attribute makes autoplay policies certain.
    made.muted = true;
    made.addEventListener("playing", () => made.setAttribute("data-playing", ""));
    template.after(made);
    video = made;
  }
  const playing = video;
  playing.play().catch(() => playing.removeAttribute("data-playing"));
}

if (template && !saveData) {
  const update = () => {
    if (reduce.matches || !wide.matches) {
      video?.pause();
      video?.removeAttribute("data-playing");
    } else start();
  };
  reduce.addEventListener("change", update);
  wide.addEventListener("change", update);
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}
