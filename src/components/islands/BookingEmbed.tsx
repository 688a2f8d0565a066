import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from "react";
import { LoaderCircle } from "lucide-react";
import type { BookingCopy } from "../../schemas/conversion";
import { isSchedulingMessage, SCHEDULING_SCRIPT, schedulingEmbedUrl } from "../../lib/scheduling";

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
  /** How long the widget may take before the fallback replaces it. */
  timeoutMs?: number;
}

/**
 * The scheduling widget for the strategy call. Before hydration and without JavaScript it shows
 * the fallback (the `alternative` slot): a plain link to the booking page and the phone number. On mount it adds the
 * provider's script (mode "script", removed again on unmount and when the page is hidden) or its
 * frame (mode "frame"). If the widget does not report itself loaded within `timeoutMs`, or the
 * script fails (blocked, offline, provider down), the fallback comes back instead of an empty box.
 * Hydrate client:visible.
 */
export default function BookingEmbed({
  url,
  height,
  mode,
  copy,
  alternative,
  timeoutMs = 8000,
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
  const state: State = hydrated ? outcome : "idle";
  const active = state === "loading" || state === "ready";
  const src = useMemo(
    () => (hydrated ? schedulingEmbedUrl(url, window.location.host) : null),
    [hydrated, url],
  );

  // Loading: wait for the provider's first message; give up after the timeout.
  useEffect(() => {
    if (state !== "loading") return undefined;
    const onMessage = (event: MessageEvent) => {
      if (isSchedulingMessage(event, url)) setOutcome("ready");
    };
    const fail = () => setOutcome("failed");
    window.addEventListener("message", onMessage);
    window.addEventListener("offline", fail);
    const timer = window.setTimeout(fail, timeoutMs);
    return () => {
      window.removeEventListener("message", onMessage);
      window.removeEventListener("offline", fail);
      window.clearTimeout(timer);
    };
  }, [state, url, timeoutMs]);

  // The provider's script: present while the widget is, and while the page is shown.
  useEffect(() => {
    if (mode !== "script" || !active) return undefined;
    let script: HTMLScriptElement | null = null;
    const add = () => {
      if (script) return;
      script = document.createElement("script");
      script.src = SCHEDULING_SCRIPT;
      script.async = true;
      script.dataset.bookingEmbed = "";
      script.addEventListener("error", () => setOutcome("failed"));
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
  }, [mode, active]);

  return (
    <div
      role="region"
      aria-label={copy.title}
      aria-busy={state === "loading"}
      className="relative overflow-hidden rounded-2xl bg-white text-ink shadow-sm ring-1 ring-slate-200"
      style={{ minHeight: state === "failed" ? undefined : height }}
      data-booking={state}
    >
      {active &&
        src &&
        (mode === "script" ? (
          <div
            className="calendly-inline-widget"
            data-url={src}
            style={{ minWidth: 320, height }}
          />
        ) : (
          <iframe src={src} title={copy.title} className="block w-full" style={{ height }} />
        ))}
      {state === "loading" && (
        <p className="absolute inset-0 flex items-center justify-center gap-3 bg-white text-slate-700">
          <LoaderCircle className="size-6 animate-spin text-brand-700" aria-hidden="true" />
          {copy.loading}
        </p>
      )}
      {!active && (
        <div
          className="flex flex-col items-center justify-center gap-4 p-8 text-center"
          style={{ minHeight: state === "failed" ? undefined : height }}
          data-booking-fallback
        >
          {state === "failed" && (
            <p role="status" className="font-semibold text-slate-800">
              {copy.fallback.failed}
            </p>
          )}
          {alternative}
        </div>
      )}
    </div>
  );
}
