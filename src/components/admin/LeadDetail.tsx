import type { ComponentProps, ReactNode } from "react";
import { AdminNotice } from "./AdminNotice";
import { NoteControls } from "./NoteControls";

export interface DetailItem {
  label: string;
  value: string;
}

export interface TimelineItem {
  id: string;
  at: string;
  /** When, in words ("5 min ago"). */
  age: string;
  text: string;
  by: string;
  /** A note's own words (shown as typed, line breaks kept). */
  note?: string | undefined;
  /** A line under the text (an email's recipient and delivery state). */
  detail?: string | undefined;
  /** "edited 5 min ago" or "deleted 2 h ago" for a note changed since (issue 27). */
  changed?: string | undefined;
  /** Set on a note its reader wrote: the edit and delete controls (NoteControls). */
  own?: boolean | undefined;
  /** Where an entry of a merged lead came from ("From the merged Quick lead of …"). */
  origin?: string | undefined;
}

export interface DeliveryItem {
  id: string;
  /** "Email: sent 5 min ago", "Webhook: failed after 8 attempts". */
  text: string;
  error?: string | undefined;
  /** Only a failed delivery can be tried again. */
  canRetry: boolean;
}

export interface RelatedItem {
  href: string;
  text: string;
  /** The lead's id when it can be merged into this one ('Merge into this lead'). */
  mergeId?: string | undefined;
}

/** A lead merged into this one (issue 39 §3). */
export interface MergedItem {
  id: string;
  href: string;
  text: string;
  /** The fields filled from it, in words. */
  filled?: string | undefined;
  /** "Can be undone until …" with the Undo button, or why it cannot be any more. */
  undo: { until: string } | { over: string };
}

interface Props {
  heading: string;
  /** Kind, received, status and speed to lead, one line each. */
  summary: string[];
  possibleSpam?: string | undefined;
  fields: { heading: string; items: DetailItem[] };
  attribution: { heading: string; items: DetailItem[] };
  timeline: { heading: string; empty: string; items: TimelineItem[] };
  /** The words of a note's edit and delete controls (issue 27). */
  noteCopy?: ComponentProps<typeof NoteControls>["copy"] | undefined;
  deliveries: { heading: string; empty: string; retry: string; items: DeliveryItem[] };
  related: {
    heading: string;
    items: RelatedItem[];
    /** The words of 'Merge into this lead' (folded under the list: one line while closed). */
    merge?: { summary: string; hint: string; label: string; button: string };
  };
  /** The leads merged into this one, each with 'Undo merge' for 24 hours. */
  merged?: { heading: string; undo: string; items: MergedItem[] } | undefined;
  /** On a merged lead's own page: into which lead it was merged. */
  mergedInto?: { text: string; href: string; link: string } | undefined;
  /**
   * Slot: ways to reach the lead, 'Log a call' and the status form, before everything else (on a
   * phone's first screen).
   */
  contact?: ReactNode;
  /** Slot: the assignee, note, spam and erase forms. */
  actions?: ReactNode;
  /** Slot: the website check's panel (src/components/admin/WebsiteCheckPanel.tsx). */
  website?: ReactNode;
  /** Slot: 'Email the lead' (src/components/admin/LeadEmail.tsx), above the timeline. */
  email?: ReactNode;
  back: { label: string; href: string };
  /** A message after a change (saved, or what was wrong). */
  notice?: { text: string; error: boolean } | undefined;
}

/** One titled box of the lead's page. */
function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      className="rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:p-6"
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Items({ items }: { items: DetailItem[] }) {
  return (
    <dl className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-[12rem_1fr]">
      {items.map((item) => (
        <div key={item.label} className="contents">
          <dt className="font-semibold text-slate-700">{item.label}</dt>
          <dd className="whitespace-pre-wrap text-slate-900 wrap-anywhere">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One lead in the inbox: what they sent, where from, its status forms and its timeline. */
export function LeadDetail({
  heading,
  summary,
  possibleSpam,
  fields,
  attribution,
  timeline,
  noteCopy,
  deliveries,
  related,
  merged,
  mergedInto,
  contact,
  actions,
  website,
  email,
  back,
  notice,
}: Props) {
  return (
    <main className="mx-auto max-w-5xl px-4 py-6">
      <a href={back.href} className="font-semibold text-brand-800 underline">
        {back.label}
      </a>
      <h1 className="mt-4 text-2xl font-bold text-brand-950 wrap-anywhere">{heading}</h1>
      <ul
        className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700 sm:text-base"
        data-lead-summary
      >
        {summary.map((line) => (
          <li key={line}>{line}</li>
        ))}
        {possibleSpam && (
          <li className="rounded bg-amber-100 px-1.5 font-semibold text-amber-900">
            {possibleSpam}
          </li>
        )}
      </ul>
      {notice && <AdminNotice {...notice} />}
      {mergedInto && (
        <div
          className="mt-4 rounded-lg bg-amber-50 p-3 text-amber-950 ring-1 ring-amber-300"
          data-merged-into
        >
          <p>{mergedInto.text}</p>
          <p className="mt-1">
            <a href={mergedInto.href} className="font-semibold underline">
              {mergedInto.link}
            </a>
          </p>
        </div>
      )}
      {contact && (
        <div className="mt-4 grid gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:mt-6 sm:p-6 lg:grid-cols-[1fr_18rem] lg:gap-8">
          {contact}
        </div>
      )}
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="grid gap-6">
          {/* What a call opens with, near the top on a phone (issue 39 §1): the same person's
              other leads, then the website check's score and first talking points. */}
          {related.items.length > 0 && (
            <Panel id="related" title={related.heading}>
              <ul className="mt-3 grid gap-2" data-related>
                {related.items.map((r) => (
                  <li key={r.href}>
                    <a href={r.href} className="text-brand-800 underline">
                      {r.text}
                    </a>
                  </li>
                ))}
              </ul>
              {related.merge && related.items.some((r) => r.mergeId) && (
                <details className="mt-3" data-merge>
                  <summary className="cursor-pointer font-semibold text-brand-800">
                    {related.merge.summary}
                  </summary>
                  <form method="post" className="mt-2 grid gap-2" data-merge-form>
                    <input type="hidden" name="action" value="merge" />
                    <p id="merge-hint" className="text-sm text-slate-700">
                      {related.merge.hint}
                    </p>
                    <label htmlFor="merge-lead" className="font-semibold">
                      {related.merge.label}
                    </label>
                    <select
                      id="merge-lead"
                      name="merged"
                      aria-describedby="merge-hint"
                      className="block min-h-11 w-full rounded-lg border border-slate-400 px-3 py-2 text-base focus:border-brand-700 focus:ring-2 focus:ring-brand-700 focus:outline-none"
                    >
                      {related.items
                        .filter((r) => r.mergeId)
                        .map((r) => (
                          <option key={r.mergeId} value={r.mergeId}>
                            {r.text}
                          </option>
                        ))}
                    </select>
                    <button
                      type="submit"
                      className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-800 px-4 font-semibold text-white hover:bg-brand-900"
                    >
                      {related.merge.button}
                    </button>
                  </form>
                </details>
              )}
            </Panel>
          )}
          {merged && merged.items.length > 0 && (
            <Panel id="merged" title={merged.heading}>
              <ul className="mt-3 grid gap-3" data-merged>
                {merged.items.map((m) => (
                  <li key={m.id} className="flex flex-wrap items-center justify-between gap-2">
                    <div>
                      <a href={m.href} className="text-brand-800 underline">
                        {m.text}
                      </a>
                      {m.filled && <p className="text-sm text-slate-700">{m.filled}</p>}
                      <p className="text-sm text-slate-700">
                        {"until" in m.undo ? m.undo.until : m.undo.over}
                      </p>
                    </div>
                    {"until" in m.undo && (
                      <form method="post" data-unmerge-form>
                        <input type="hidden" name="action" value="unmerge" />
                        <input type="hidden" name="merged" value={m.id} />
                        <button
                          type="submit"
                          className="min-h-11 rounded-lg px-4 font-semibold text-brand-900 ring-1 ring-slate-300 hover:bg-slate-100"
                        >
                          {merged.undo}
                        </button>
                      </form>
                    )}
                  </li>
                ))}
              </ul>
            </Panel>
          )}
          {website}
          <Panel id="fields" title={fields.heading}>
            <Items items={fields.items} />
          </Panel>
          <Panel id="attribution" title={attribution.heading}>
            <Items items={attribution.items} />
          </Panel>
          <Panel id="delivery" title={deliveries.heading}>
            {deliveries.items.length ? (
              <ul className="mt-3 grid gap-3" data-deliveries>
                {deliveries.items.map((d) => (
                  <li key={d.id} className="flex flex-wrap items-center justify-between gap-3">
                    <div>
                      <p className="font-semibold">{d.text}</p>
                      {d.error && <p className="text-sm text-red-800 wrap-anywhere">{d.error}</p>}
                    </div>
                    {d.canRetry && (
                      <form method="post">
                        <input type="hidden" name="action" value="retry" />
                        <input type="hidden" name="delivery" value={d.id} />
                        <button
                          type="submit"
                          className="min-h-11 rounded-lg px-4 font-semibold text-brand-900 ring-1 ring-slate-300 hover:bg-slate-100"
                        >
                          {deliveries.retry}
                        </button>
                      </form>
                    )}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-3 text-slate-700">{deliveries.empty}</p>
            )}
          </Panel>
          {email}
          <Panel id="timeline" title={timeline.heading}>
            {timeline.items.length ? (
              <ol className="mt-3 grid gap-4" data-timeline>
                {timeline.items.map((item) => (
                  <li
                    key={item.id}
                    className={`border-l-4 pl-3 ${item.origin ? "border-slate-300" : "border-brand-200"}`}
                  >
                    {item.origin && (
                      <p className="text-sm text-slate-700" data-origin>
                        {item.origin}
                      </p>
                    )}
                    <p className="font-semibold text-slate-900 wrap-anywhere">{item.text}</p>
                    {item.detail && (
                      <p className="text-sm text-slate-700 wrap-anywhere" data-detail>
                        {item.detail}
                      </p>
                    )}
                    {item.note && (
                      <p className="mt-1 whitespace-pre-wrap wrap-anywhere">{item.note}</p>
                    )}
                    <p className="mt-1 text-sm text-slate-600">
                      <time dateTime={item.at}>{item.age}</time> · {item.by}
                      {item.changed && <span data-note-changed> · {item.changed}</span>}
                    </p>
                    {item.own && item.note && noteCopy && (
                      <NoteControls eventId={item.id} note={item.note} copy={noteCopy} />
                    )}
                  </li>
                ))}
              </ol>
            ) : (
              <p className="mt-3 text-slate-700">{timeline.empty}</p>
            )}
          </Panel>
        </div>
        <div className="grid content-start gap-6">{actions}</div>
      </div>
    </main>
  );
}
