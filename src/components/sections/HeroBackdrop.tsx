import { Picture, type PictureData } from "../ui/Picture";

interface Props {
  poster: PictureData;
  /** Path of the looping, muted background video. */
  video: string;
}

/**
 * The hero background: the poster picture paints first. The muted looping video has no source
 * in the HTML; src/scripts/heroVideo.ts gives it one after the page has loaded, on screens at
 * least 48rem wide, and never under prefers-reduced-motion or Save-Data.
 */
export function HeroBackdrop({ poster, video }: Props) {
  return (
    <div className="absolute inset-0 -z-10" aria-hidden="true">
      <Picture image={poster} priority className="size-full object-cover" />
      <video
        data-hero-video
        data-src={video}
        muted
        loop
        playsInline
        preload="none"
        tabIndex={-1}
        className="absolute inset-0 hidden size-full object-cover opacity-0 md:block transition-opacity duration-1000 data-[playing]:opacity-100"
      />
      <div className="absolute inset-0 bg-gradient-to-r from-brand-950/95 via-brand-950/80 to-brand-950/50" />
    </div>
  );
}
