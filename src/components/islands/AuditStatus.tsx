import { useEffect, useState } from "react";
import { thanksPhase, type ThanksPhase } from "../../audit/headline";
import type { AuditStatusJson } from "../../audit/view";
import { CallbackForm } from "./CallbackForm";

interface Copy {
  waiting: string;
  ready: string;
  score: string;
  topFixes: string;
  open: string;
  running: string;
  unreachable: string;
  limited: string;
  failed: string;
  /** A deferred check (the queue was full): in line, polled more slowly. */
  queued: string;
  cancelled: string;
}

interface Props {
  /**
   * The page's hero (PageHero's id) and its headline and lead for each phase of the check
   * (src/audit/headline.ts): the island keeps them in step with the state it shows.
   */
  hero?: { id: string; text: Record<ThanksPhase, [string, string]> };
  /** The status as the server rendered it; the island polls `statusUrl` while it is running. */
  initial: AuditStatusJson;
  statusUrl: string;
  copy: Copy;
  /** Poll every this many ms, at most `maxPolls` times. */
  everyMs?: number;
  maxPolls?: number;
  /** 'Want us to walk you through it?', shown with the score (src/audit/callback.ts). */
  callback?: Parameters<typeof CallbackForm>[0];
}

/**
 * The audit thank-you page's live website check: the state the server rendered, polled from
 * /api/audit/<token> while the check runs, then the score and the three most valuable fixes.
 * Without JavaScript the server's rendering stands, with its link to the report. Announced
 * politely to screen readers; no motion.
 */
export default function AuditStatus({
  initial,
  statusUrl,
  copy,
  hero,
  everyMs = 3_000,
  maxPolls = 60,
  callback,
}: Props) {
  const [status, setStatus] = useState(initial);
  useEffect(() => {
    if (status.state !== "running" && status.state !== "waiting") return;
    const every = status.state === "waiting" ? everyMs * 5 : everyMs;
    let polls = 0;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      polls++;
      try {
        const response = await fetch(statusUrl, { headers: { accept: "application/json" } });
        if (response.ok) {
          const next = (await response.json()) as AuditStatusJson;
          if (!stopped && next.state !== status.state) {
            setStatus(next);
            return;
          }
        }
      } catch {
        // Offline for a moment: the next poll tries again.
      }
      if (!stopped && polls < maxPolls) timer = setTimeout(poll, every);
    };
    timer = setTimeout(poll, every);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [status.state, statusUrl, everyMs, maxPolls]);

  // One headline that follows the state (issue 39 §5): the server rendered the first one.
  const phase = thanksPhase(status.state, status.score);
  useEffect(() => {
    if (!hero) return;
    const [headline, lead] = hero.text[phase];
    const h1 = document.getElementById(`${hero.id}-title`);
    const p = document.querySelector(`#${hero.id} [data-hero=lead]`);
    if (h1 && h1.textContent !== headline) h1.textContent = headline;
    if (p && p.textContent !== lead) p.textContent = lead;
  }, [hero, phase]);

  const ready = status.state === "ready" && status.score !== null;
  return (
    <div
      className="rounded-2xl bg-white p-6 text-ink shadow-xl ring-1 ring-slate-200"
      aria-live="polite"
      data-audit-state={status.state}
    >
      {ready ? (
        <>
          <h2 className="text-xl font-bold">{copy.ready}</h2>
          <p className="mt-3">
            {copy.score}:{" "}
            <strong className="text-3xl" data-audit-score>
              {status.score}
            </strong>
            /100
            {status.grade ? ` (${status.grade})` : ""}
          </p>
          {status.fixes.length > 0 && (
            <>
              <h3 className="mt-4 font-semibold">{copy.topFixes}</h3>
              <ol className="mt-2 list-decimal space-y-2 pl-5">
                {status.fixes.map((f) => (
                  <li key={f.title}>
                    <strong>{f.title}.</strong> {f.fix}
                  </li>
                ))}
              </ol>
            </>
          )}
          {callback && <CallbackForm {...callback} />}
        </>
      ) : (
        <p className="font-semibold">
          {status.state === "running"
            ? copy.waiting
            : status.state === "waiting"
              ? copy.queued
              : copy[status.state === "ready" ? "failed" : status.state]}
        </p>
      )}
      <p className="mt-4">
        <a className="font-semibold text-brand-800 underline" href={status.report}>
          {copy.open}
        </a>
      </p>
    </div>
  );
}
