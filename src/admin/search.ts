/**
 * How the inbox search reads what staff type: lower-cased words, all of which must appear in a
 * lead's name, email, company, message or website (migration 38; a typed address is looked for
 * without its scheme, "www." and trailing slash: websiteWord); a run of words of digits (and phone punctuation) is one
 * number, looked for in the phone number's digits, so "512-555" finds +15125550142 and
 * "+1 512 555 0142", "512-555-0142" and "(512) 555 0142" each find a lead whose phone is stored
 * in any of those forms (phoneDigits; the index holds the phone's digits, migration 22).
 * Adapters hold only the SQL; the searched fields and the indexed expressions belong to the lead
 * store's index (SEARCHED_FIELDS, PG_SEARCH_* in src/leads/store/searchIndex.ts).
 *
 * Both stores answer from a trigram index (migration 8: FTS5 on SQLite, pg_trgm on PostgreSQL),
 * which can only look up words of three characters or more. Shorter words still count: they
 * filter the leads the longer words found; a search of short words only ("jo") is a scan, fast
 * when many leads match (the newest 50 are found early) and slow only for a rare short string.
 * A word many leads share is found by walking the leads newest first instead (SQLite past
 * 2,000 matches, PostgreSQL first: nextWalk below), since the index would find every match.
 */
import { parsePhoneNumberFromString } from "libphonenumber-js";
import { DEFAULT_PHONE_COUNTRY } from "../leads/phone.ts";

export interface SearchTerms {
  /** Lower-cased words to find in the text fields. */
  words: string[];
  /** Digit runs to find in the phone number. */
  digits: string[];
}

/** A word that is part of a typed phone number: digits and phone punctuation, a digit at least. */
const PHONE_WORD = /^[\d()+.-]+$/;

/**
 * The digits of a typed number as they appear inside any stored form of it: a whole number
 * (libphonenumber-js finds it possible, US by default) gives its national number, without the
 * country code or trunk prefix ("+1 512 555 0142" → "5125550142", found in "15125550142" and in
 * "5125550142"); a part of a number ("512-555") gives its digits. A long run of digits that is
 * no possible number loses its leading zeros (a trunk prefix: "020 7946 0958" finds the number
 * stored as "+44 20 7946 0958").
 */
export function phoneDigits(typed: string): string {
  const digits = typed.replace(/\D/g, "");
  if (digits.length >= 7) {
    const phone = parsePhoneNumberFromString(typed, { defaultCountry: DEFAULT_PHONE_COUNTRY });
    if (phone?.isPossible()) return phone.nationalNumber;
    if (digits.length >= 10) return digits.replace(/^0+/, "");
  }
  return digits;
}

/**
 * A typed web address as it appears inside any stored form of it (websites are stored as typed,
 * D250): without its scheme, a leading "www." and trailing slashes, so
 * "https://www.lawnpro.example/" finds "lawnpro.example", "http://lawnpro.example" and
 * "www.lawnpro.example/". Any other word is returned as it is.
 */
export function websiteWord(word: string): string {
  let w = word;
  const scheme = w.indexOf("://");
  if (scheme > 0 && scheme <= 10 && /^[a-z][a-z0-9+.-]*$/.test(w.slice(0, scheme))) {
    w = w.slice(scheme + 3);
  } else if (!w.startsWith("www.")) return word;
  if (w.startsWith("www.")) w = w.slice(4);
  while (w.endsWith("/")) w = w.slice(0, -1);
  return w;
}

export function searchTerms(search: string | undefined): SearchTerms {
  const words: string[] = [];
  const digits: string[] = [];
  const raws = (search ?? "").trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  for (let i = 0; i < raws.length;) {
    // Neighbouring words of digits are one number typed with spaces ("+1 512 555 0142").
    let end = i;
    while (end < raws.length && PHONE_WORD.test(raws[end]!) && /\d/.test(raws[end]!)) end++;
    const number = raws.slice(i, end).join(" ");
    if (end > i && number.replace(/\D/g, "").length >= 3) {
      digits.push(phoneDigits(number));
      i = end;
    } else {
      const word = websiteWord(raws[i]!.slice(0, 100));
      if (word) words.push(word);
      i++;
    }
  }
  return { words, digits };
}

/**
 * PostgreSQL's newest-first walk (src/admin/store/postgres.ts inboxPage), as SQLite's: a search
 * reads the filtered leads newest first, a chunk at a time, keeping those whose text matches,
 * and stops once the page is full. A word many leads share ("meadows", one lead in eight) fills
 * a page within the first chunk, where the trigram index would find every match and sort them
 * (2 s at a million leads). A rare word would read many chunks for nothing: once the matches
 * seen so far say the page needs more than WALK_MAX leads read, the rest of the page comes from
 * the index, which is fast for a word with few matches.
 */
export const WALK_FIRST = 500;
/** The most leads one step of the walk reads. */
export const WALK_CHUNK = 5_000;
/** The most leads a walk reads before it leaves the rest of the page to the index. */
export const WALK_MAX = 10_000;

/**
 * How many leads the walk reads next, having read `walked` and found `found` of the `need` the
 * page wants (found < need); null when the index should find the rest instead.
 */
export function nextWalk(walked: number, found: number, need: number): number | null {
  if (walked === 0) return WALK_FIRST;
  if (found === 0) return null;
  // At the density seen so far, with a margin: a chunk too short costs another round trip.
  const more = Math.ceil(((need - found) * walked * 1.5) / found);
  if (walked + more > WALK_MAX) return null;
  return Math.min(WALK_CHUNK, Math.max(WALK_FIRST, more));
}

/** `text` for a LIKE pattern with `\` as the escape character. */
export const likeEscaped = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Trigram indexes find words of at least this many characters (code points). */
export const INDEXED_LENGTH = 3;

export const isIndexed = (word: string): boolean => [...word].length >= INDEXED_LENGTH;

/** An FTS5 string: double quotes, inner ones doubled (no operator can be smuggled in). */
const ftsString = (text: string): string => `"${text.replaceAll('"', '""')}"`;

/**
 * The FTS5 query (SQLite's `lead_search` table) for the indexed terms: every word in the text,
 * every digit run in the phone; null when no term is long enough for the index.
 */
export function ftsQuery({ words, digits }: SearchTerms): string | null {
  const parts = [
    ...words.filter(isIndexed).map((w) => `doc : ${ftsString(w)}`),
    ...digits.map((d) => `phone : ${ftsString(d)}`),
  ];
  return parts.length ? parts.join(" AND ") : null;
}

/**
 * The Source filter, read as the inbox's Source column shows a lead (trafficSource in
 * src/leads/source.ts): "google/cpc" is utm_source google with utm_medium cpc; a single name is
 * a utm_source of that name (any medium: "google" finds google/cpc and google/organic), a lone
 * utm_medium, or, for a lead without utm, its referrer's host ("www.google.com"); "direct" is a
 * lead with neither. Lower-case, as the filter arrives; adapters turn it into SQL.
 */
export type SourceFilter =
  | { kind: "direct" }
  | { kind: "utm"; source: string; medium: string }
  | { kind: "name"; name: string; referrers: ReferrerPrefixes };

/** The stored referrers (lower-cased) whose host is a name: equal to one, or starting with one. */
export interface ReferrerPrefixes {
  exact: string[];
  /** Prefixes of one length each: "https://host/", "https://host?", "https://host#". */
  prefixes: { length: number; values: string[] }[];
}

export function sourceFilter(value: string): SourceFilter {
  const shown = value.trim().toLowerCase();
  if (shown === "direct") return { kind: "direct" };
  const slash = shown.indexOf("/");
  if (slash > 0 && slash < shown.length - 1) {
    return { kind: "utm", source: shown.slice(0, slash), medium: shown.slice(slash + 1) };
  }
  const origins = ["http", "https"].map((scheme) => `${scheme}://${shown}`);
  return {
    kind: "name",
    name: shown,
    referrers: {
      exact: origins,
      prefixes: origins.map((o) => ({
        length: [...o].length + 1,
        values: ["/", "?", "#"].map((end) => o + end),
      })),
    },
  };
}
