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

/** A stored number as people read it; anything unparseable (older rows) is returned as it is. */
export function formatPhone(stored: string): string {
  if (!stored) return stored;
  const [number = "", ext] = stored.split(";ext=");
  const phone = parsePhoneNumberFromString(number, { defaultCountry: DEFAULT_PHONE_COUNTRY });
  if (!phone?.isValid()) return stored;
  const shown =
    phone.country === DEFAULT_PHONE_COUNTRY ? phone.formatNational() : phone.formatInternational();
  return ext ? `${shown} ext. ${ext}` : shown;
}
