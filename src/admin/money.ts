/**
 * A won job's value as staff type it ("1250", "$1,250.50", "1 250") and as the inbox shows it
 * ("$1,250.50"): whole cents, never a float, so sums in the report are exact.
 */

/** The largest value taken: $100 million (a typo of three extra zeros is refused, not stored). */
export const MAX_WON_CENTS = 10_000_000_000;

export type MoneyResult = { ok: true; cents: number | null } | { ok: false; message: string };

const MONEY = /^\$?\s*(\d{1,3}(?:[,\s]\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/**
 * Reads a dollar amount: empty is "not given" (null); else digits with optional thousands
 * separators (comma or space), at most two decimals, an optional leading '$'. Negative, too
 * large, or anything else (letters, exponents, three decimals) is refused with a message.
 */
export function parseDollars(
  raw: unknown,
  copy: { notMoney: string; negative: string; tooLarge: (max: string) => string },
): MoneyResult {
  if (raw === null || raw === undefined) return { ok: true, cents: null };
  if (typeof raw !== "string") return { ok: false, message: copy.notMoney };
  const text = raw.trim();
  if (!text) return { ok: true, cents: null };
  if (/^-/.test(text) || /^\$\s*-/.test(text)) return { ok: false, message: copy.negative };
  const m = MONEY.exec(text);
  if (!m) return { ok: false, message: copy.notMoney };
  const whole = m[1]!.replace(/[,\s]/g, "");
  if (whole.length > 12) return { ok: false, message: copy.tooLarge(formatCents(MAX_WON_CENTS)) };
  const cents = Number(whole) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
  if (cents > MAX_WON_CENTS)
    return { ok: false, message: copy.tooLarge(formatCents(MAX_WON_CENTS)) };
  return { ok: true, cents };
}

const dollars = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const wholeDollars = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** "$1,250.50"; whole dollars drop the cents in the report's wide tables ("$1,250"). */
export function formatCents(cents: number, opts: { whole?: boolean } = {}): string {
  if (opts.whole && cents % 100 === 0) return wholeDollars.format(cents / 100);
  return dollars.format(cents / 100);
}

/** A stored value as the status form shows it again ("1250.50"); "" for none. */
export function centsInput(cents: number | null): string {
  if (cents === null) return "";
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}
