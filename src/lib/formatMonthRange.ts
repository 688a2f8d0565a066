import type { MonthRange } from "../schemas/common";

/** { from: 1, to: 2 } → "Months 1-2"; { from: 3, to: 3 } → "Month 3". Labels come from content. */
export function formatMonthRange(
  range: MonthRange,
  labels: { month: string; months: string },
): string {
  return range.from === range.to
    ? `${labels.month} ${range.from}`
    : `${labels.months} ${range.from}-${range.to}`;
}
