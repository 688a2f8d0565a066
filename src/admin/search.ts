/**
 * How the inbox search reads what staff type: lower-cased words, all of which must appear in a
 * lead's name, email, company or message; a word of digits (and phone punctuation) is looked for
 * in the phone number's digits, so "512-555" finds +15125550142. Adapters hold only the SQL.
 *
 * Both stores answer from a trigram index (migration 8: FTS5 on SQLite, pg_trgm on PostgreSQL),
 * which can only look up words of three characters or more. Shorter words still count: they
 * filter the leads the longer words found; a search of short words only ("jo") is a scan, fast
 * when many leads match (the newest 50 are found early) and slow only for a rare short string.
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
 * PostgreSQL's searched text and phone digits, written exactly as migration 8's pg_trgm indexes
 * are, so the planner can use them (concat_ws would read better but is not immutable, so it
 * cannot be indexed).
 */
export const PG_SEARCH_TEXT = `lower(${SEARCHED_FIELDS.map((f) => `coalesce(fields->>'${f}', '')`).join(" || ' ' || ")})`;
export const PG_SEARCH_PHONE = "replace(coalesce(fields->>'phone', ''), '+', '')";
