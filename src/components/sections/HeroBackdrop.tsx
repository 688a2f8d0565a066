import type { PictureData } from "../../lib/images";
import { Picture } from "../ui/Picture";

interface Props {
  poster: PictureData;
  /** Path of the looping, muted background video. */
  video: string;
}

/**
 * The hero background: the poster picture paints first. The muted looping video is only a
 * `<template>` in the HTML: src/scripts/heroVideo.ts puts it in the page after the page has
 * loaded, on screens at least 48rem wide, and never under prefers-reduced-motion or Save-Data.
 * A phone never gets a `<video>` element, so it never builds the browser's media style sheet
 * either (10-18 ms of style recalculation at 4× CPU throttling; docs/lighthouse/mainthread.md).
 *
 * Below 1280 px the scene fills the hero under a dark gradient, for the text laid over it. From
 * 1280 px it is a 1000 px wide scene whose house (at about 70 % of the picture's width) stands in
 * the hero's open middle column, between the text and the form (HomeHero), its edges fading into
 * the hero's dark green; the gradient darkens only the text's side.
 */
export function HeroBackdrop({ poster, video }: Props) {
  return (
    <div className="absolute inset-0 -z-10 overflow-hidden bg-brand-950" aria-hidden="true">
      <div
        className="absolute inset-0 xl:inset-auto xl:top-0 xl:left-[calc(50%-40.375rem)] xl:aspect-video xl:w-[62.5rem] xl:mask-x-from-85% xl:mask-b-from-70%"
        data-hero-scene
      >
        <Picture image={poster} priority className="size-full object-cover" />
        <template data-hero-video>
          <video
            data-hero-video
            src={video}
            muted
            loop
            playsInline
            preload="none"
            tabIndex={-1}
            className="absolute inset-0 hidden size-full object-cover opacity-0 transition-opacity duration-1000 data-[playing]:opacity-100 md:block"
          />
        </template>
      </div>
      <div className="absolute inset-0 bg-gradient-to-r from-brand-950/95 via-brand-950/75 to-brand-950/45 xl:from-brand-950/90 xl:from-35% xl:via-brand-950/50 xl:via-[44%] xl:to-transparent xl:to-[52%]" />
    </div>
  );
}
