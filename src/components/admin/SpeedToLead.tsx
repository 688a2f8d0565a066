interface Props {
  heading: string;
  /** The median line, e.g. "Median time to first contact, last 30 days: 12 min (8 leads contacted)." */
  summary: string;
  /** "3 still new.", or nothing. */
  waiting?: string | undefined;
}

/** The inbox's speed-to-lead line for the chosen period (src/admin/inbox.ts speedPeriod). */
export function SpeedToLead({ heading, summary, waiting }: Props) {
  return (
    <section
      aria-labelledby="speed-heading"
      data-speed-to-lead
      className="mt-4 rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-800"
    >
      <h2 id="speed-heading" className="font-semibold text-brand-950">
        {heading}
      </h2>
      <p className="mt-1">
        {summary}
        {waiting ? ` ${waiting}` : ""}
      </p>
    </section>
  );
}
