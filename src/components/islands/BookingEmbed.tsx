import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from "react";
import { LoaderCircle } from "lucide-react";
import type { BookingCopy } from "../../schemas/conversion";
import { isSchedulingMessage, SCHEDULING_SCRIPT, schedulingEmbedUrl } from "../../lib/scheduling";

/**
 * idle: not hydrated (server HTML, no JavaScript); loading: the widget is being fetched out of
 * sight; ready: the provider said it is shown; failed: it could not be shown.
 */
type State = "idle" | "loading" | "ready" | "failed";

const noSubscription = () => () => {};

interface Props {
  /** The provider's booking page (site.scheduling.url). */
  url: string;
  /** Height of the widget in CSS pixels (site.scheduling.widgetHeight). */
  height: number;
  /**
   * "script": the provider's script turns a placeholder into its inline widget (/book-call).
   * "frame": a plain frame of the booking page, no third-party script (/thank-you).
   */
  mode: "script" | "frame";
  copy: Omit<BookingCopy, "template">;
  /**
   * Slot: what shows instead of the widget (BookingFallback: the booking link and the phone),
   * rendered on the server so this island ships none of it.
   */
  alternative?: ReactNode;
  /**
   * How long after the provider's frame has loaded its first message may take. A frame whose
   * host is blocked or unreachable loads an error page at once and never sends one.
   */
  graceMs?: number;
  /** How long the widget may take in all before it is given up and removed. */
  timeoutMs?: number;
}

/**
 * The scheduling widget for the strategy call. The fallback (the `alternative` slot: a plain link
 * to the booking page and the phone number) is what shows without JavaScript, before hydration
 * and while the widget loads: the widget is fetched out of sight and takes the fallback's place
 * only once the provider's frame reports itself shown, so a visitor never looks at an empty box.
 * On mount it adds the provider's script (mode "script", removed again on unmount and when the
 * page is hidden) or its frame (mode "frame"). A script that fails (blocked, offline), a frame
 * that loads without a word from the provider within `graceMs`, or `timeoutMs` in all, add a line
 * saying the calendar could not be shown; a late word from a frame still brings the widget in.
 * Hydrate client:afterpaint.
 */
export default function BookingEmbed({
  url,
  height,
  mode,
  copy,
  alternative,
  graceMs = 1000,
  timeoutMs = 15_000,
}: Props) {
  // False on the server and while hydrating (the fallback shows), true once running in the browser.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [outcome, setOutcome] = useState<Exclude<State, "idle">>(() =>
    typeof navigator !== "undefined" && !navigator.onLine ? "failed" : "loading",
  );
  // Once given up (script error, offline, overall timeout), the widget is removed for good.
  const [givenUp, setGivenUp] = useState(
    () => typeof navigator !== "undefined" && !navigator.onLine,
  );
  const state: State = hydrated ? outcome : "idle";
  const mounted = hydrated && !givenUp;
  const box = useRef<HTMLDivElement>(null);
  const src = useMemo(
    () => (hydrated ? schedulingEmbedUrl(url, window.location.host) : null),
    [hydrated, url],
  );

  // While the widget is mounted: its first message shows it; silence or failure gives up.
  // A layout effect, so the load listener is there before the frame can load.
  useLayoutEffect(() => {
    if (!mounted) return undefined;
    let grace: number | undefined;
    const giveUp = () => {
      setOutcome((current) => (current === "ready" ? current : "failed"));
      setGivenUp(true);
    };
    const onMessage = (event: MessageEvent) => {
      if (!isSchedulingMessage(event, url)) return;
      window.clearTimeout(grace);
      setOutcome("ready");
    };
    // A frame in the box finished loading (load does not bubble, so listen while capturing).
    const onLoad = (event: Event) => {
      if (!(event.target instanceof HTMLIFrameElement)) return;
      window.clearTimeout(grace);
      grace = window.setTimeout(
        () => setOutcome((current) => (current === "loading" ? "failed" : current)),
        graceMs,
      );
    };
    const element = box.current;
    window.addEventListener("message", onMessage);
    window.addEventListener("offline", giveUp);
    element?.addEventListener("load", onLoad, true);
    const timer = window.setTimeout(giveUp, timeoutMs);
    return () => {
      window.removeEventListener("message", onMessage);
      window.removeEventListener("offline", giveUp);
      element?.removeEventListener("load", onLoad, true);
      window.clearTimeout(timer);
      window.clearTimeout(grace);
    };
  }, [mounted, url, graceMs, timeoutMs]);

  // The provider's script: present while the widget is, and while the page is shown.
  useEffect(() => {
    if (mode !== "script" || !mounted) return undefined;
    let script: HTMLScriptElement | null = null;
    const add = () => {
      if (script) return;
      script = document.createElement("script");
      script.src = SCHEDULING_SCRIPT;
      script.async = true;
      script.dataset.bookingEmbed = "";
      script.addEventListener("error", () => {
        setOutcome("failed");
        setGivenUp(true);
      });
      document.head.append(script);
    };
    const remove = () => {
      script?.remove();
      script = null;
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) add();
    };
    add();
    window.addEventListener("pagehide", remove);
    window.addEventListener("pageshow", onPageShow);
    return () => {
      window.removeEventListener("pagehide", remove);
      window.removeEventListener("pageshow", onPageShow);
      remove();
    };
  }, [mode, mounted]);

  const ready = state === "ready";
  return (
    <div
      ref={box}
      role="region"
      aria-label={copy.title}
      className="relative overflow-hidden rounded-2xl bg-white text-ink shadow-sm ring-1 ring-slate-200"
      data-booking={state}
    >
      {mounted && src && (
        // Out of sight (and out of the tab order) until the provider says it is shown.
        <div className={ready ? "" : "invisible absolute inset-x-0 top-0 h-0 overflow-hidden"}>
          {mode === "script" ? (
            <div
              className="calendly-inline-widget"
              data-url={src}
              style={{ minWidth: 320, height }}
            />
          ) : (
            <iframe src={src} title={copy.title} className="block w-full" style={{ height }} />
          )}
        </div>
      )}
      {!ready && (
        <div
          className="flex flex-col items-center justify-center gap-4 p-8 text-center"
          data-booking-fallback
        >
          {hydrated && (
            <p
              role="status"
              className="flex min-h-6 items-center gap-2 font-semibold text-slate-800"
            >
              {state === "loading" && (
                <>
                  <LoaderCircle
                    className="size-4 animate-spin text-brand-700 motion-reduce:animate-none"
                    aria-hidden="true"
                  />
                  {copy.loading}
                </>
              )}
              {state === "failed" && copy.fallback.failed}
            </p>
          )}
          {alternative}
        </div>
      )}
    </div>
  );
}
