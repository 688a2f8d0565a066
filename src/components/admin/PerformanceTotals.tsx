export interface TotalCard {
  id: string;
  label: string;
  value: string;
  previous: string;
  change: string;
}

/** The period's totals, each beside the previous period's, and how the rate is made. */
export function PerformanceTotals({
  heading,
  cards,
  notes,
}: {
  heading: string;
  cards: TotalCard[];
  /** How the rate is made, and why a rate may pass 100 % (src/admin/performance.ts). */
  notes: string[];
}) {
  return (
    <section aria-labelledby="totals-heading" className="mt-6">
      <h2 id="totals-heading" className="text-lg font-bold text-brand-950">
        {heading}
      </h2>
      <dl className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-totals>
        {cards.map((c) => (
          <div
            key={c.id}
            className="rounded-xl bg-white p-3 ring-1 ring-slate-200"
            data-total={c.id}
          >
            <dt className="text-sm font-semibold text-slate-700">{c.label}</dt>
            <dd className="mt-1 text-2xl font-bold text-brand-950" data-value>
              {c.value}
            </dd>
            <dd className="mt-1 text-sm text-slate-700">{c.previous}</dd>
            <dd className="text-sm text-slate-700">{c.change}</dd>
          </div>
        ))}
      </dl>
      {notes.map((note) => (
        <p key={note} className="mt-2 max-w-4xl text-sm text-slate-700" data-rate-note>
          {note}
        </p>
      ))}
    </section>
  );
}
