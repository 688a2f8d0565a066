import { Play } from "lucide-react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import {
  VIDEO_EMBED_ORIGIN,
  VIDEO_PLAYER_LOAD_MS,
  VIDEO_PLAYER_SILENCE_MS,
  VIDEO_WATCH_ORIGIN,
} from "../../config/providers";
import type { PictureData } from "../../lib/images";
import { Picture } from "../ui/Picture";

export interface VideoCopy {
  play: string;
  watchOnProvider: string;
  loading: string;
  failed: string;
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
const embedUrl = (videoId: string, origin: string) =>
  `${VIDEO_EMBED_ORIGIN}/embed/${videoId}?autoplay=1&rel=0&modestbranding=1&playsinline=1` +
  `&enablejsapi=1&origin=${encodeURIComponent(origin)}`;

type PlayerState = "loading" | "ready" | "failed";

/**
 * Whether the provider's player in `frame` came up: it answers the embed API's 'listening'
 * message (enablejsapi=1) with messages from the provider's origin; a frame whose page failed
 * (offline, the host blocked) fires `load` too, but shows the browser's error page and never
 * answers. Until the player answers, the frame stays
 * invisible over the poster, so a failed load never shows the browser's broken-page icon.
 */
function usePlayerState(frame: React.RefObject<HTMLIFrameElement | null>, active: boolean) {
  const [state, setState] = useState<PlayerState>("loading");
  // A layout effect: listening starts before the frame can possibly have loaded.
  useLayoutEffect(() => {
    const el = frame.current;
    if (!active || !el) return undefined;
    const timers: ReturnType<typeof setTimeout>[] = [];
    let poll: ReturnType<typeof setInterval> | undefined;
    const stop = () => {
      timers.forEach(clearTimeout);
      if (poll) clearInterval(poll);
    };
    const settle = (next: PlayerState) => {
      stop();
      setState(next);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin === VIDEO_EMBED_ORIGIN && event.source === el.contentWindow) {
        settle("ready");
      }
    };
    const listen = () =>
      el.contentWindow?.postMessage(
        JSON.stringify({ event: "listening", id: 1, channel: "widget" }),
        VIDEO_EMBED_ORIGIN,
      );
    const onLoad = () => {
      listen();
      poll = setInterval(listen, 250);
      timers.push(setTimeout(() => settle("failed"), VIDEO_PLAYER_SILENCE_MS));
    };
    window.addEventListener("message", onMessage);
    el.addEventListener("load", onLoad);
    timers.push(setTimeout(() => settle("failed"), VIDEO_PLAYER_LOAD_MS));
    return () => {
      stop();
      window.removeEventListener("message", onMessage);
      el.removeEventListener("load", onLoad);
      setState("loading"); // the next play starts over
    };
  }, [frame, active]);
  return state;
}

/**
 * A video facade: the poster and a play control until the visitor asks for the video; only then
 * the provider's iframe (privacy-enhanced domain) is created, shown once the player answers.
 * If it cannot load, the poster stays with a message and the link to the provider's site.
 * Without JavaScript the play control is a plain link to the video on the provider's site; with
 * it, the first tap plays here (the play link is `data-hydrate-first`, see
 * src/directives/interaction.ts).
 */
export function VideoPlayer({ videoId, title, poster, copy, playing, onPlay }: Props) {
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const fallback = useRef<HTMLAnchorElement>(null);
  const state = usePlayerState(frame, playing);
  // Focus lost with the removed frame (or the play link) goes to the link that still works.
  useEffect(() => {
    if (state !== "failed") return;
    const active = document.activeElement;
    if (!active || active === document.body || box.current?.contains(active)) {
      fallback.current?.focus();
    }
  }, [state]);
  const posterImage = (
    <Picture
      image={poster}
      className="size-full object-cover opacity-90 transition-opacity group-hover:opacity-100"
    />
  );
  if (!playing) {
    return (
      <div className="relative aspect-video w-full overflow-hidden rounded-xl bg-black">
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
          data-hydrate-first
        >
          {posterImage}
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
      </div>
    );
  }
  return (
    <div
      ref={box}
      className="relative aspect-video w-full overflow-hidden rounded-xl bg-black"
      data-video-state={state}
    >
      {state !== "ready" && <div className="absolute inset-0">{posterImage}</div>}
      {state === "loading" && (
        <p
          role="status"
          className="absolute inset-x-0 bottom-0 bg-black/70 px-4 py-3 text-center text-white"
        >
          {copy.loading}
        </p>
      )}
      {state === "failed" ? (
        <div
          role="alert"
          className="absolute inset-0 grid place-items-center bg-black/70 p-4 text-center text-white"
          data-video-failed
        >
          <div>
            <p className="text-lg font-semibold">{copy.failed}</p>
            <a
              ref={fallback}
              href={watchUrl(videoId)}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-4 inline-flex min-h-11 items-center rounded-lg bg-accent-400 px-5 font-semibold text-brand-950 hover:bg-accent-300"
            >
              {copy.watchOnProvider}
            </a>
          </div>
        </div>
      ) : (
        <iframe
          ref={frame}
          src={embedUrl(videoId, window.location.origin)}
          title={title}
          className={`absolute inset-0 size-full ${state === "ready" ? "" : "opacity-0"}`}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      )}
    </div>
  );
}
