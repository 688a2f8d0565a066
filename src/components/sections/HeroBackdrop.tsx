import { useEffect, useRef, useState } from "react";
import { Picture, type PictureData } from "../ui/Picture";

interface Props {
  poster: PictureData;
  /** Path of the looping, muted background video. */
  video: string;
}

type NetworkInformation = { saveData?: boolean };

/**
 * The hero background: the poster picture paints first; the muted looping video is fetched only
 * after the page has loaded, and never under prefers-reduced-motion or Save-Data. Hydrate client:idle.
 */
export default function HeroBackdrop({ poster, video }: Props) {
  const ref = useRef<HTMLVideoElement>(null);
  const [src, setSrc] = useState<string | undefined>(undefined);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)");
    const saveData =
      (navigator as Navigator & { connection?: NetworkInformation }).connection?.saveData === true;
    if (saveData) return undefined;
    const start = () => {
      if (!reduce.matches) setSrc(video);
    };
    const onMotionChange = () => {
      if (reduce.matches) {
        ref.current?.pause();
        setVisible(false);
      } else start();
    };
    reduce.addEventListener("change", onMotionChange);
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
    return () => {
      reduce.removeEventListener("change", onMotionChange);
      window.removeEventListener("load", start);
    };
  }, [video]);

  useEffect(() => {
    if (src) ref.current?.play().catch(() => setVisible(false));
  }, [src]);

  return (
    <div className="absolute inset-0 -z-10" aria-hidden="true">
      <Picture image={poster} priority className="size-full object-cover" />
      <video
        ref={ref}
        src={src}
        muted
        loop
        playsInline
        preload="none"
        tabIndex={-1}
        onPlaying={() => setVisible(true)}
        className={`absolute inset-0 size-full object-cover transition-opacity duration-1000 ${visible ? "opacity-100" : "opacity-0"}`}
        data-hero-video
      />
      <div className="absolute inset-0 bg-gradient-to-r from-brand-950/95 via-brand-950/80 to-brand-950/50" />
    </div>
  );
}
