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
  /** The lead's phone as people read it and its `tel:` link, or null (no valid number). */
  phone?: { shown: string; tel: string } | null | undefined;
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

/** The columns, in order; each but "received" and "phone" shows the row's field of that name. */
const order = [
  "received",
  "name",
  "phone",
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
    phone: string;
  };
  /** The Call link's word ("Call"). */
  call: string;
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
 * On a phone (below `sm`) each row is a card of about 100 px (issue 39 §4): the name, then company ·
 * form · age · status · score on a line or two, a Call button at the right when the lead left a
 * phone; page, source, assignee and the agency-clock time are on the lead's page. The column
 * names stay for screen readers.
 */
const phoneCell: Record<(typeof order)[number], string> = {
  name: "max-sm:order-1 max-sm:basis-full max-sm:text-base",
  company: "max-sm:order-2",
  form: "max-sm:order-3",
  received: "max-sm:order-4",
  status: "max-sm:order-5",
  score: "max-sm:order-6",
  phone: "max-sm:absolute max-sm:top-2 max-sm:right-2",
  assignee: "max-sm:hidden",
  page: "max-sm:hidden",
  source: "max-sm:hidden",
};
/** The card's line under the name, in its order on a phone. */
const metaLine = ["company", "form", "received", "status", "score"] as const;
/** A dot between two facts of that line. */
const dot = "max-sm:before:mx-1.5 max-sm:before:text-slate-600 max-sm:before:content-['·']";

/**
 * The inbox's list of leads, newest first: a table on wide screens; on a phone each row is a
 * short card (above). A lead with a phone has a Call link (`tel:`) either way.
 */
export function LeadTable({
  rows,
  columns,
  call,
  caption,
  empty,
  spamLabel,
  dueColumn,
  regionLabel,
  select,
}: Props) {
  if (!rows.length) return <p className="mt-6 text-slate-700">{empty}</p>;
  const heads = { ...columns, received: dueColumn ?? columns.received };
  const cell = "sm:table-cell sm:px-3 sm:py-3";
  return (
    <div
      role="region"
      aria-label={regionLabel ?? caption}
      tabIndex={0}
      className="admin-scroll mt-2"
      data-table-scroll
    >
      <table className="w-full border-collapse text-left text-sm" data-lead-table>
        {/* Read out with the table; on screen the count above it says as much (issue 39 §4). */}
        <caption className="sr-only">{caption}</caption>
        <thead className="sr-only sm:not-sr-only">
          <tr className="border-b border-slate-300 text-slate-700">
            {select && (
              <th scope="col" className={`block px-3 py-1 ${cell}`}>
                <span className="sr-only">{select.heading}</span>
              </th>
            )}
            {order.map((key) => (
              <th key={key} scope="col" className={`block px-3 py-1 whitespace-nowrap ${cell}`}>
                {heads[key]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            // The facts the card's line shows: the first has no dot before it.
            const shown = metaLine.filter((key) => (key === "received" ? true : row[key] !== ""));
            return (
              <tr
                key={row.id}
                className={`relative flex flex-wrap items-baseline border-b border-slate-200 bg-white py-2 text-slate-800 sm:table-row sm:p-0 ${select ? "pl-11" : "pl-3"} ${row.phone ? "pr-24" : "pr-3"}`}
                data-lead-id={row.id}
              >
                {select && (
                  <td className={`absolute top-2.5 left-3 sm:static ${cell}`}>
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
                    className={[
                      cell,
                      phoneCell[key],
                      key === "name" ? "font-semibold text-slate-900" : "",
                      (metaLine as readonly string[]).includes(key) &&
                      !shown.includes(key as (typeof metaLine)[number])
                        ? "max-sm:hidden"
                        : "",
                      shown.indexOf(key as (typeof metaLine)[number]) > 0 ? dot : "",
                    ]
                      .filter(Boolean)
                      .join(" ")}
                  >
                    <span className={key === "score" ? "mr-1 sm:hidden" : "sr-only sm:hidden"}>
                      {heads[key]}
                      {key === "score" ? "" : ":"}
                    </span>
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
                          <span
                            className="block text-xs text-slate-600 max-sm:hidden"
                            data-agency-time
                          >
                            {row.at}
                          </span>
                        )}
                      </>
                    ) : key === "name" ? (
                      <a href={row.href} className="text-brand-800 underline">
                        {row.name}
                      </a>
                    ) : key === "phone" ? (
                      row.phone && (
                        <a
                          href={row.phone.tel}
                          className="inline-flex min-h-11 items-center gap-1 rounded-lg bg-brand-800 px-4 font-semibold whitespace-nowrap text-white hover:bg-brand-900 sm:min-h-0 sm:bg-transparent sm:px-0 sm:text-brand-800 sm:underline sm:hover:bg-transparent"
                          data-call
                        >
                          {call}
                          <span className="max-sm:sr-only"> {row.phone.shown}</span>
                        </a>
                      )
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
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
