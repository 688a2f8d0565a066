import { Play } from "lucide-react";
import { VIDEO_EMBED_ORIGIN, VIDEO_WATCH_ORIGIN } from "../../config/providers";
import { Picture, type PictureData } from "../ui/Picture";

export interface VideoCopy {
  play: string;
  watchOnProvider: string;
}

interface Props {
  videoId: string;
  title: string;
  poster: PictureData;
  copy: VideoCopy;
  playing: boolean;
  onPlay: () => void;
}

export const watchUrl = (videoId: string) => `${VIDEO_WATCH_ORIGIN}/watch?v=${videoId}`;
const embedUrl = (videoId: string) =>
  `${VIDEO_EMBED_ORIGIN}/embed/${videoId}?autoplay=1&rel=0&modestbranding=1&playsinline=1`;

/**
 * A video facade: the poster and a play control until the visitor asks for the video; only then
 * the provider's iframe (privacy-enhanced domain) is created. Without JavaScript the play control
 * is a plain link to the video on the provider's site.
 */
export function VideoPlayer({ videoId, title, poster, copy, playing, onPlay }: Props) {
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-xl bg-black">
      {playing ? (
        <iframe
          src={embedUrl(videoId)}
          title={title}
          className="absolute inset-0 size-full"
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <a
          href={watchUrl(videoId)}
          target="_blank"
          rel="noopener noreferrer"
          onClick={(event) => {
            event.preventDefault();
            onPlay();
          }}
          className="group absolute inset-0 block"
          data-video-play
        >
          <Picture
            image={poster}
            className="size-full object-cover opacity-90 transition-opacity group-hover:opacity-100"
          />
          <span className="absolute inset-0 grid place-items-center">
            <span className="grid size-20 place-items-center rounded-full bg-accent-400 text-brand-950 shadow-xl transition-transform group-hover:scale-105">
              <Play className="ml-1 size-9" aria-hidden="true" fill="currentColor" />
            </span>
          </span>
          <span className="sr-only">
            {copy.play}: {title}
          </span>
          <span className="absolute right-3 bottom-3 rounded bg-black/70 px-2 py-1 text-sm text-white">
            {copy.watchOnProvider}
          </span>
        </a>
      )}
    </div>
  );
}
