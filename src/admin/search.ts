/**
 * How the inbox search reads what staff type: lower-cased words, all of which must appear in a
 * lead's name, email, company or message; a word of digits (and phone punctuation) is looked for
 * in the phone number's digits, so "512-555" finds +15125550142. Adapters hold only the SQL.
 */

/** The lead fields searched, by name (each form names its person and company differently). */
export const SEARCHED_FIELDS = [
  "name",
  "full-name",
  "ownerName",
  "email",
  "company",
  "companyName",
  "message",
] as const;

export interface SearchTerms {
  /** Lower-cased words to find in the text fields. */
  words: string[];
  /** Digit runs to find in the phone number. */
  digits: string[];
}

export function searchTerms(search: string | undefined): SearchTerms {
  const words: string[] = [];
  const digits: string[] = [];
  for (const raw of (search ?? "").trim().toLowerCase().split(/\s+/).slice(0, 8)) {
    if (!raw) continue;
    if (/^[\d()+.-]+$/.test(raw) && raw.replace(/\D/g, "").length >= 3) {
      digits.push(raw.replace(/\D/g, ""));
    } else {
      words.push(raw.slice(0, 100));
    }
  }
  return { words, digits };
}

/** `text` for a LIKE pattern with `\` as the escape character. */
export const likeEscaped = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
