/**
 * Phone numbers, as libphonenumber-js reads them: US by default ("(512) 555-0142"), any country
 * with its + prefix ("+44 20 7946 0958"). A number is accepted only when the library finds it
 * valid for its country (length and number plan), stored in one form (E.164: "+15125550142") and
 * shown formatted ("(512) 555-0142" for US numbers, "+44 20 7946 0958" otherwise).
 */
import { parsePhoneNumberFromString } from "libphonenumber-js";

export const DEFAULT_PHONE_COUNTRY = "US";

/** The number in E.164, or null when it is not a valid phone number. */
export function normalisePhone(raw: string): string | null {
  const value = raw.trim();
  // Letters other than an extension marker mean it is not a number ("call me maybe").
  if (!value || /[a-wyz]/i.test(value.replace(/\b(ext|x)\.?\s*\d+$/i, ""))) return null;
  const phone = parsePhoneNumberFromString(value, { defaultCountry: DEFAULT_PHONE_COUNTRY });
  if (!phone?.isValid()) return null;
  return phone.ext ? `${phone.number};ext=${phone.ext}` : phone.number;
}

/**
 * What the library found (its country, or null: not valid) for each North American exchange
 * (area code and the next three digits, the plan's unit of allocation: every number of an
 * exchange gets the same answer). Parsing costs ~30 µs a number, too slow for the CSV export of a
 * million leads; most leads share a few exchanges. Bounded: cleared when it holds EXCHANGES.
 */
const exchanges = new Map<string, string | null>();
const EXCHANGES = 100_000;
const NANP = /^\+1(\d{3})(\d{3})(\d{4})$/;

/** A stored number as people read it; anything unparseable (older rows) is returned as it is. */
export function formatPhone(stored: string): string {
  if (!stored) return stored;
  const [number = "", ext] = stored.split(";ext=");
  const nanp = NANP.exec(number);
  const exchange = nanp ? exchanges.get(nanp[1]! + nanp[2]!) : undefined;
  if (exchange === null) return stored;
  if (exchange === DEFAULT_PHONE_COUNTRY) {
    // The library's national format of a US number, without parsing it again.
    const shown = `(${nanp![1]}) ${nanp![2]}-${nanp![3]}`;
    return ext ? `${shown} ext. ${ext}` : shown;
  }
  const phone = parsePhoneNumberFromString(number, { defaultCountry: DEFAULT_PHONE_COUNTRY });
  const valid = phone?.isValid() ?? false;
  if (nanp && exchange === undefined) {
    if (exchanges.size >= EXCHANGES) exchanges.clear();
    exchanges.set(nanp[1]! + nanp[2]!, valid ? (phone!.country ?? null) : null);
  }
  if (!phone || !valid) return stored;
  const shown =
    phone.country === DEFAULT_PHONE_COUNTRY ? phone.formatNational() : phone.formatInternational();
  return ext ? `${shown} ext. ${ext}` : shown;
}
