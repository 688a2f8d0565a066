/**
 * Spam signals without a CAPTCHA. A submission is flagged when the honeypot input (hidden from
 * people, filled in by bots) holds anything, or when the form was sent faster than a person can
 * fill it in. Flagged leads are stored with spam=true and answered exactly like real ones, so a
 * bot learns nothing; exports leave them out unless asked.
 *
 * The fill time (`_t`, milliseconds from page load to submit) is only known when JavaScript ran;
 * without it the timing check is skipped.
 */
export const DEFAULT_MIN_FILL_MS = 2500;

export type SpamReason = "honeypot" | "too_fast";

export interface SpamVerdict {
  spam: boolean;
  reasons: SpamReason[];
}

/** Parses `_t`: a non-negative number of milliseconds, or undefined when absent or nonsense. */
export function parseElapsed(raw: unknown): number | undefined {
  if (typeof raw === "number") return Number.isFinite(raw) && raw >= 0 ? raw : undefined;
  if (typeof raw !== "string" || !/^\d{1,12}(\.\d+)?$/.test(raw.trim())) return undefined;
  return Number(raw.trim());
}

export function spamVerdict(
  signals: { honeypot: unknown; elapsed: unknown },
  minFillMs: number = DEFAULT_MIN_FILL_MS,
): SpamVerdict {
  const reasons: SpamReason[] = [];
  const honeypot = signals.honeypot;
  if (honeypot !== undefined && honeypot !== null && String(honeypot).trim() !== "") {
    reasons.push("honeypot");
  }
  const elapsed = parseElapsed(signals.elapsed);
  if (elapsed !== undefined && elapsed < minFillMs) reasons.push("too_fast");
  return { spam: reasons.length > 0, reasons };
}
