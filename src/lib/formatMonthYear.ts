/** A date as month and year in US English, read in UTC so the day never shifts: "January 2025". */
export function formatMonthYear(date: Date): string {
  return date.toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
}
