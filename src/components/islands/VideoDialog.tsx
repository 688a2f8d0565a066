import { Play, X } from "lucide-react";
import {
  useEffect,
  useRef,
  useState,
  type HTMLAttributes,
  type KeyboardEvent,
  type MouseEvent,
} from "react";
import type { PictureData } from "../../lib/images";
import { buttonBase, buttonStyles } from "../ui/LinkButton";
import { VideoPlayer, type VideoCopy } from "./VideoPlayer";

interface Props {
  id: string;
  triggerLabel: string;
  triggerVariant?: keyof typeof buttonStyles;
  videoId: string;
  title: string;
  blurb: string;
  poster: PictureData;
  copy: VideoCopy & { close: string; dialogLabel: string };
  /** An extra call to action inside the dialog (the home modal's 'Book a Strategy Call'). */
  link?: { label: string; href: string } | undefined;
}

/** Invoker-command attributes: the browser opens and closes the dialog even before hydration. */
const invoke = (target: string, command: "show-modal" | "close") =>
  ({ commandfor: target, command }) as HTMLAttributes<HTMLButtonElement>;

const supportsCommands = () =>
  typeof HTMLButtonElement !== "undefined" && "command" in HTMLButtonElement.prototype;

/** `closedby="any"`: a click on the backdrop closes the dialog natively, also before hydration. */
const closedByAny = { closedby: "any" } as HTMLAttributes<HTMLDialogElement>;

/**
 * A watch button and a native modal <dialog>, the whole screen on phones: focus moves in, stays
 * in (also when the video fails to load) and returns to the button; Escape, the close button and
 * a click on the backdrop close it. The video starts when the dialog opens and is removed
 * (stopped) when it closes. Hydrate with client:interaction.
 */
export default function VideoDialog({
  id,
  triggerLabel,
  triggerVariant = "outline",
  videoId,
  title,
  blurb,
  poster,
  copy,
  link,
}: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return undefined;
    // Opening (by invoker command or fallback) starts the video; closing removes it.
    const observer = new MutationObserver(() => setPlaying(el.open));
    observer.observe(el, { attributes: true, attributeFilter: ["open"] });
    setPlaying(el.open);
    return () => observer.disconnect();
  }, []);

  // Keep Tab and Shift+Tab cycling inside the open dialog instead of leaving for the browser UI.
  const trapFocus = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab" || !dialog.current) return;
    const focusables = Array.from(
      dialog.current.querySelectorAll<HTMLElement>("a[href], button:not([disabled]), iframe"),
    );
    const first = focusables[0];
    const last = focusables[focusables.length - 1];
    if (!first || !last) return;
    if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    } else if (
      event.shiftKey &&
      (document.activeElement === first || document.activeElement === dialog.current)
    ) {
      event.preventDefault();
      last.focus();
    }
  };

  const open = () => {
    if (!supportsCommands() && dialog.current && !dialog.current.open) dialog.current.showModal();
  };
  const close = () => {
    if (!supportsCommands()) dialog.current?.close();
  };
  // Browsers without closedby: a click whose target is the dialog itself fell on the backdrop
  // (the content fills the dialog box).
  const closeOnBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === dialog.current) dialog.current?.close();
  };

  return (
    <>
      <button
        type="button"
        {...invoke(id, "show-modal")}
        onClick={open}
        className={`${buttonBase} ${buttonStyles[triggerVariant]}`}
      >
        <Play className="size-5" aria-hidden="true" />
        {triggerLabel}
      </button>
      <dialog
        ref={dialog}
        id={id}
        {...closedByAny}
        onKeyDown={trapFocus}
        onClick={closeOnBackdrop}
        aria-labelledby={`${id}-title`}
        className="m-0 h-dvh max-h-none w-full max-w-none overflow-y-auto bg-brand-950 p-0 text-white backdrop:bg-black/80 sm:m-auto sm:h-auto sm:max-h-[100dvh] sm:max-w-5xl sm:rounded-2xl"
      >
        <div className="min-h-full" data-dialog-content>
          <div className="flex items-start justify-between gap-4 p-4 sm:p-6">
            <h2 id={`${id}-title`} className="text-xl font-bold sm:text-2xl">
              <span className="sr-only">{copy.dialogLabel}: </span>
              {title}
            </h2>
            <button
              type="button"
              {...invoke(id, "close")}
              onClick={close}
              aria-label={copy.close}
              className="grid size-11 shrink-0 place-items-center rounded-full bg-white/10 hover:bg-white/20"
              data-dialog-close
            >
              <X className="size-6" aria-hidden="true" />
            </button>
          </div>
          <div className="px-4 sm:px-6">
            <VideoPlayer
              videoId={videoId}
              title={title}
              poster={poster}
              copy={copy}
              playing={playing}
              onPlay={() => setPlaying(true)}
            />
          </div>
          <div className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-6">
            <p className="text-brand-100">{blurb}</p>
            {link && (
              <a href={link.href} className={`${buttonBase} ${buttonStyles.primary} shrink-0`}>
                {link.label}
              </a>
            )}
          </div>
        </div>
      </dialog>
    </>
  );
}
