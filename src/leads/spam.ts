/**
 * Spam signals without a CAPTCHA. A submission is flagged when the honeypot input (hidden from
 * people, filled in by bots) holds anything, or when the form was sent faster than a person can
 * fill it in. Flagged leads pass the same validation as any other, are stored with spam=true,
 * answered exactly like real ones (so a bot learns nothing) and shown to the agency as possible
 * spam: a real visitor can trip a signal.
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

/**
 * `resent`: the post comes from the review page, where the visitor only fixes what was wrong
 * (a few seconds is a normal time there), so the fill-time check does not apply. The browser
 * also leaves `_t` out when it filled the form in by itself (autofill): see src/leads/client.ts.
 */
export function spamVerdict(
  signals: { honeypot: unknown; elapsed: unknown; resent?: unknown },
  minFillMs: number = DEFAULT_MIN_FILL_MS,
): SpamVerdict {
  const reasons: SpamReason[] = [];
  const honeypot = signals.honeypot;
  if (honeypot !== undefined && honeypot !== null && String(honeypot).trim() !== "") {
    reasons.push("honeypot");
  }
  const resent = typeof signals.resent === "string" && signals.resent.trim() !== "";
  const elapsed = resent ? undefined : parseElapsed(signals.elapsed);
  if (elapsed !== undefined && elapsed < minFillMs) reasons.push("too_fast");
  return { spam: reasons.length > 0, reasons };
}
