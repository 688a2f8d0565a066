import type { UpcomingCallRow } from "../../admin/bookings";

interface Props {
  calls: readonly UpcomingCallRow[];
  copy: { upcomingTitle: string; call: string };
}

/**
 * The inbox's 'Upcoming calls': calls booked with the scheduling provider that have not started
 * yet, soonest first, each with its time on the agency's clock, the person and a Call button.
 */
export function UpcomingCalls({ calls, copy }: Props) {
  return (
    <section
      aria-labelledby="upcoming-calls-heading"
      data-upcoming-calls
      className="mt-4 rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-800"
    >
      <h2 id="upcoming-calls-heading" className="font-semibold text-brand-950">
        {copy.upcomingTitle}
      </h2>
      <ul className="mt-2 divide-y divide-slate-100">
        {calls.map((c) => (
          <li
            key={`${c.leadId}-${c.at}`}
            className="flex flex-wrap items-center justify-between gap-2 py-2"
            data-upcoming-call
          >
            <span>
              <time dateTime={c.at} className="font-semibold">
                {c.when}
              </time>{" "}
              <a
                href={`/admin/leads/${encodeURIComponent(c.leadId)}`}
                className="font-semibold text-brand-800 underline underline-offset-2"
              >
                {c.name}
              </a>
              {c.company ? ` · ${c.company}` : ""}
              {c.event ? ` · ${c.event}` : ""}
            </span>
            {c.tel && (
              <a
                href={c.tel}
                className="inline-flex min-h-11 items-center rounded-lg px-3 font-semibold text-brand-800 ring-1 ring-slate-300 hover:bg-slate-100"
              >
                {copy.call}
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
