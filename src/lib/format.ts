/** Formatting of agency facts: one field in the config, every display form derived here. */
import type { SiteConfig } from "../config/site";
import type { MonthRange } from "../schemas/common";

/** "+15555550142" → "(555) 555-0142" */
export function formatPhone(e164: string): string {
  const digits = e164.replace(/^\+1/, "");
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** "+15555550142" → "tel:+15555550142" */
export function phoneHref(e164: string): string {
  return `tel:${e164}`;
}

/** "18:00" → "6:00 PM" */
export function formatTime(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(":").map(Number);
  const suffix = h >= 12 ? "PM" : "AM";
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, "0")} ${suffix}`;
}

/** "Monday to Friday 9:00 AM to 6:00 PM EST" */
export function formatHoursLong(hours: SiteConfig["hours"]): string {
  return `${hours.firstDay} to ${hours.lastDay} ${formatTime(hours.opens)} to ${formatTime(hours.closes)} ${hours.timeZoneLabel}`;
}

/** "Mon-Fri 9:00 AM-6:00 PM EST" */
export function formatHoursShort(hours: SiteConfig["hours"]): string {
  return `${hours.firstDayShort}-${hours.lastDayShort} ${formatTime(hours.opens)}-${formatTime(hours.closes)} ${hours.timeZoneLabel}`;
}

/** 2500 → "$2,500" */
export function formatUsd(value: number): string {
  return `$${value.toLocaleString("en-US")}`;
}

/**
 * Fills `{token}` placeholders in copy with agency facts, so entries can say
 * "normally {auditValue}" without typing the figure. Unknown tokens throw at build time.
 */
export function fillTokens(text: string, tokens: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = tokens[key];
    if (value === undefined) throw new Error(`Unknown token {${key}} in: ${text}`);
    return value;
  });
}

/** A date as month and year in US English, read in UTC so the day never shifts: "January 2025". */
export function formatMonthYear(date: Date): string {
  return date.toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
}

/** { from: 1, to: 2 } → "Months 1-2"; { from: 3, to: 3 } → "Month 3". Labels come from content. */
export function formatMonthRange(
  range: MonthRange,
  labels: { month: string; months: string },
): string {
  return range.from === range.to
    ? `${labels.month} ${range.from}`
    : `${labels.months} ${range.from}-${range.to}`;
}
