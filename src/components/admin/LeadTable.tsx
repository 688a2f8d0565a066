import { TagChips } from "./TagChips";

export interface LeadRow {
  id: string;
  createdAt: string;
  /** "3 min ago", computed on the server. */
  age: string;
  /** When it arrived on the agency's clock ("Wed, Nov 25, 2026, 11:59 AM EST"). */
  at?: string | undefined;
  name: string;
  company: string;
  form: string;
  page: string;
  source: string;
  possibleSpam: boolean;
  status: string;
  /** The newest website check's score, or "". */
  score: string;
  /** Whom it is assigned to (email), or "". */
  assignee: string;
  /** Its tags, shown as chips under the name. */
  tags: string[];
  /** The lead's page in the inbox. */
  href: string;
  /** In the Due view: its follow-up's due time (agency time, how far off) and note. */
  due?: { at: string; text: string; note: string } | undefined;
}

/** The columns, in order; each but "received" shows the row's field of the same name. */
const order = [
  "received",
  "name",
  "status",
  "assignee",
  "score",
  "company",
  "form",
  "page",
  "source",
] as const;

interface Props {
  rows: LeadRow[];
  columns: {
    received: string;
    status: string;
    score: string;
    name: string;
    company: string;
    form: string;
    page: string;
    source: string;
    assignee: string;
  };
  caption: string;
  empty: string;
  spamLabel: string;
  /** The Due view's first column (the follow-up's due time), instead of when it arrived. */
  dueColumn?: string | undefined;
  /** The name of the region the table scrolls in when it is wider than the screen. */
  regionLabel?: string | undefined;
  /**
   * Bulk actions (./BulkActions.tsx): each row gets a checkbox of that form (by its id), named
   * for the lead with `label` ("Select Dana Reyes").
   */
  select?: { form: string; label: (name: string) => string; heading: string } | undefined;
}

/**
 * The inbox's list of leads, newest first: a table on wide screens; on a phone each row stacks
 * its cells under their column names (the header row is read by screen readers either way).
 */
export function LeadTable({
  rows,
  columns,
  caption,
  empty,
  spamLabel,
  dueColumn,
  regionLabel,
  select,
}: Props) {
  if (!rows.length) return <p className="mt-6 text-slate-700">{empty}</p>;
  const heads = { ...columns, received: dueColumn ?? columns.received };
  const cell = "block px-3 py-1 sm:table-cell sm:py-3";
  return (
    <div
      role="region"
      aria-label={regionLabel ?? caption}
      tabIndex={0}
      className="admin-scroll mt-6"
      data-table-scroll
    >
      <table className="w-full border-collapse text-left text-sm" data-lead-table>
        <caption className="mb-2 text-left text-slate-700">{caption}</caption>
        <thead className="sr-only sm:not-sr-only">
          <tr className="border-b border-slate-300 text-slate-700">
            {select && (
              <th scope="col" className={cell}>
                <span className="sr-only">{select.heading}</span>
              </th>
            )}
            {order.map((key) => (
              <th key={key} scope="col" className={cell}>
                {heads[key]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.id}
              className="block border-b border-slate-200 bg-white py-2 sm:table-row"
              data-lead-id={row.id}
            >
              {select && (
                <td className={cell}>
                  <input
                    type="checkbox"
                    name="id"
                    value={row.id}
                    form={select.form}
                    aria-label={select.label(row.name || row.id)}
                    className="size-6 align-middle"
                    data-bulk-select
                  />
                </td>
              )}
              {order.map((key) => (
                <td
                  key={key}
                  className={key === "name" ? `${cell} font-semibold text-slate-900` : cell}
                >
                  <span className="mr-2 font-semibold text-slate-600 sm:hidden">{heads[key]}:</span>
                  {key === "received" && row.due ? (
                    <>
                      <time dateTime={row.due.at} data-due>
                        {row.due.text}
                      </time>
                      {row.due.note && (
                        <span className="block text-slate-700 wrap-anywhere">{row.due.note}</span>
                      )}
                    </>
                  ) : key === "received" ? (
                    <>
                      <time dateTime={row.createdAt}>{row.age}</time>
                      {row.at && (
                        <span className="block text-xs text-slate-600" data-agency-time>
                          {row.at}
                        </span>
                      )}
                    </>
                  ) : key === "name" ? (
                    <a href={row.href} className="text-brand-800 underline">
                      {row.name}
                    </a>
                  ) : (
                    row[key]
                  )}
                  {key === "name" && row.possibleSpam && (
                    <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
                      {spamLabel}
                    </span>
                  )}
                  {key === "name" && row.tags.length > 0 && (
                    <TagChips
                      tags={row.tags}
                      href={(tag) => `/admin?tag=${encodeURIComponent(tag)}`}
                    />
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
