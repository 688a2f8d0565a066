/**
 * The agency's clock (site config `hours.timeZone`, an IANA name): its wall clock, its days and
 * where they start, and the moments its offset from UTC changes. Plain TypeScript without Astro,
 * so the stores (the Performance report's lead roll-ups, decision D201), the analytics intake
 * and the admin share one reading of the zone: Node's own time-zone data (Intl).
 */
import { agencyZone } from "./agencyZone.ts";

const zoneFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * An en-US formatter of `options` in `timeZone`, made once per process and kept (Intl's
 * formatters are slow to make and fast to use); `name` tells the kinds of formatter apart.
 */
export function zoneFormat(
  name: string,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${name} ${timeZone}`;
  let format = zoneFormats.get(key);
  if (!format)
    zoneFormats.set(key, (format = new Intl.DateTimeFormat("en-US", { ...options, timeZone })));
  return format;
}

/** The agency's wall clock at `at`: year, month, day, hour, minute (numbers). */
export function wallClock(at: number, timeZone: string) {
  const format = zoneFormat("wall", timeZone, {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const p = Object.fromEntries(format.formatToParts(at).map((x) => [x.type, x.value]));
  return {
    y: Number(p.year),
    mo: Number(p.month),
    d: Number(p.day),
    h: Number(p.hour),
    mi: Number(p.minute),
  };
}

/**
 * The moment the agency's clock shows `day` (YYYY-MM-DD) at `time` (HH:MM), or null when that
 * clock never shows it (a date that does not exist, or the hour skipped when clocks go forward).
 * The zone's offset is read from Intl twice (once at a guess, once at the corrected moment), which
 * settles on the right side of a change of offset.
 */
export function agencyMoment(day: string, time: string, timeZone: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const [y, mo, dd, h, mi] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (h > 23 || mi > 59) return null;
  const wanted = Date.UTC(y, mo - 1, dd, h, mi);
  const back = new Date(wanted);
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== dd) return null; // 31 Feb
  let at = wanted;
  for (let i = 0; i < 2; i++) {
    const shown = wallClock(at, timeZone);
    at += wanted - Date.UTC(shown.y, shown.mo - 1, shown.d, shown.h, shown.mi);
  }
  const shown = wallClock(at, timeZone);
  return Date.UTC(shown.y, shown.mo - 1, shown.d, shown.h, shown.mi) === wanted
    ? new Date(at)
    : null;
}

/** Per zone, the last day `agencyDay` read and the UTC second it was read for. */
const lastDays = new Map<string, { second: number; day: string }>();

/**
 * Today's date on the agency's clock (YYYY-MM-DD). Every page-view beacon asks (its day), so the
 * answer is kept for the rest of its UTC second: zones' offsets are whole seconds and change on
 * a whole second, so the date cannot change within one; Intl's reading costs several µs and
 * would otherwise be paid by every beacon (issue 25's bench, docs/analytics.md).
 */
export function agencyDay(now: Date, timeZone: string = agencyZone()): string {
  const at = now.getTime();
  const second = Math.floor(at / 1000);
  const last = lastDays.get(timeZone);
  if (last?.second === second) return last.day;
  const c = wallClock(at, timeZone);
  const day = `${c.y}-${String(c.mo).padStart(2, "0")}-${String(c.d).padStart(2, "0")}`;
  lastDays.set(timeZone, { second, day });
  return day;
}

/**
 * The moment a day (YYYY-MM-DD) starts on the agency's clock (site config `hours.timeZone`): the
 * date filters' days are the agency's, whoever types them and wherever the server runs. A zone
 * whose clocks skip midnight that day starts it at the first minute that exists.
 */
export function agencyDayStart(day: string, timeZone: string = agencyZone()): string {
  for (const time of ["00:00", "00:30", "01:00"]) {
    const at = agencyMoment(day, time, timeZone);
    if (at) return at.toISOString();
  }
  return new Date(`${day}T00:00:00Z`).toISOString();
}

/** Minutes the zone's clock is ahead of UTC at `at` (ms; negative west of Greenwich). */
export function offsetMinutes(at: number, timeZone: string): number {
  const format = zoneFormat("offset", timeZone, { timeZoneName: "longOffset" });
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(format.format(at));
  return m ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/** From `startsAt` (ISO) on, the zone's clock is `minutes` ahead of UTC. */
export interface OffsetChange {
  startsAt: string;
  minutes: number;
}

const MINUTE = 60_000;
const SAMPLE_MS = 7 * 86_400_000;
const changeCache = new Map<string, OffsetChange[]>();

/**
 * The zone's offset from UTC over [from, to) (ISO moments): the offset at `from`, then one entry
 * per change, to the millisecond. Found by reading the offset once a week and, where two readings
 * differ, halving the week down to the minute (about 8,000 readings a century, cached per zone):
 * a change undone within the same week would be missed, which no zone's rules do.
 */
export function offsetChanges(from: string, to: string, timeZone: string): OffsetChange[] {
  const key = `${timeZone}|${from}|${to}`;
  const cached = changeCache.get(key);
  if (cached) return cached;
  const start = Date.parse(from);
  const end = Date.parse(to);
  let at = start;
  let minutes = offsetMinutes(at, timeZone);
  const changes: OffsetChange[] = [{ startsAt: new Date(at).toISOString(), minutes }];
  while (at < end) {
    const next = Math.min(at + SAMPLE_MS, end);
    const then = offsetMinutes(next, timeZone);
    if (then !== minutes) {
      // The first minute with the new offset (`lo` still has the old one, `hi` the new one):
      // offsets change on a whole minute, and `from` and the readings fall on whole minutes.
      let lo = at;
      let hi = next;
      while (hi - lo > MINUTE) {
        const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
        if (offsetMinutes(mid, timeZone) === minutes) lo = mid;
        else hi = mid;
      }
      minutes = offsetMinutes(hi, timeZone);
      changes.push({ startsAt: new Date(hi).toISOString(), minutes });
      at = hi;
      continue;
    }
    at = next;
  }
  changeCache.set(key, changes);
  return changes;
}
