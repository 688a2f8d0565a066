/**
 * The agency's opening hours as time (site config `hours`: first and last weekday, opening and
 * closing time, time zone): whether a moment is inside them, and how many minutes of them passed
 * between two moments. A lead that arrives on Friday evening has waited 0 minutes of the
 * agency's time until Monday 09:00. Minutes are whole; seconds are dropped.
 */
import { zoneFormat } from "../lib/agencyClock.ts";
export interface AgencyHours {
  firstDay: string;
  lastDay: string;
  opens: string;
  closes: string;
  timeZone: string;
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;

const clock = (hhmm: string): number => {
  const [h, m] = hhmm.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** The working days (0 = Sunday) from firstDay to lastDay, wrapping past Saturday. */
function workdays(hours: AgencyHours): Set<number> {
  const first = WEEKDAYS.indexOf(hours.firstDay);
  const last = WEEKDAYS.indexOf(hours.lastDay);
  if (first < 0 || last < 0)
    throw new Error(`unknown weekday in hours: ${hours.firstDay}–${hours.lastDay}`);
  const days = new Set<number>();
  for (let d = first; ; d = (d + 1) % 7) {
    days.add(d);
    if (d === last) break;
  }
  return days;
}

/** The weekday and minute of the day at `at` on the agency's clock. */
function localTime(at: number, timeZone: string): { weekday: number; minute: number } {
  const format = zoneFormat("weekday", timeZone, {
    weekday: "long",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const parts = format.formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return {
    weekday: WEEKDAYS.indexOf(part("weekday")),
    minute: Number(part("hour")) * 60 + Number(part("minute")),
  };
}

/** Whether `at` is inside the agency's hours. */
export function isOpen(hours: AgencyHours, at: Date): boolean {
  const { weekday, minute } = localTime(at.getTime(), hours.timeZone);
  return (
    workdays(hours).has(weekday) && minute >= clock(hours.opens) && minute < clock(hours.closes)
  );
}

/**
 * Minutes of opening hours between `from` and `to` (0 when `to` is not later). Walks the agency's
 * calendar a stretch at a time (closed until opening, open until closing, closed until midnight),
 * so a week costs a few dozen steps, not ten thousand minutes.
 */
export function openMinutesBetween(hours: AgencyHours, from: Date, to: Date): number {
  const days = workdays(hours);
  const opens = clock(hours.opens);
  const closes = clock(hours.closes);
  let at = Math.floor(from.getTime() / MINUTE) * MINUTE;
  const end = Math.floor(to.getTime() / MINUTE) * MINUTE;
  let open = 0;
  while (at < end) {
    const { weekday, minute } = localTime(at, hours.timeZone);
    let step: number;
    if (days.has(weekday) && minute >= opens && minute < closes) {
      step = Math.min(closes - minute, (end - at) / MINUTE);
      open += step;
    } else if (days.has(weekday) && minute < opens) {
      step = opens - minute;
    } else {
      step = DAY_MINUTES - minute;
    }
    at += Math.max(step, 1) * MINUTE;
  }
  return open;
}
