/**
 * The searched text and phone of a lead on PostgreSQL as migration 11 filled `lead_search` with
 * them, frozen with it (the live copies: src/leads/store/searchIndex.ts).
 */
const SEARCHED_FIELDS = [
  "name",
  "full-name",
  "ownerName",
  "email",
  "company",
  "companyName",
  "message",
];

export const PG_SEARCH_TEXT = `lower(${SEARCHED_FIELDS.map((f) => `coalesce(fields->>'${f}', '')`).join(" || ' ' || ")})`;
export const PG_SEARCH_PHONE = "replace(coalesce(fields->>'phone', ''), '+', '')";

/**
 * Migration 38's searched text on SQLite for the row `t` (old, leads): migration 8's, then the
 * website when the lead has one (" " and the value), so a lead without one keeps the text it was
 * indexed with. Frozen with it (the live copy: sqliteSearchDoc in src/leads/store/searchIndex.ts).
 */
export function sqliteSearchDoc38(t: string): string {
  const field = (f: string) => `json_extract(${t}.fields, '$."${f}"')`;
  return (
    SEARCHED_FIELDS.map((f) => `coalesce(${field(f)}, '')`).join(" || ' ' || ") +
    ` || coalesce(' ' || nullif(${field("website")}, ''), '')`
  );
}

/** The same text before migration 38 (migrations 8-22 indexed it so). */
export const sqliteSearchDoc8 = (t: string): string =>
  SEARCHED_FIELDS.map((f) => `coalesce(json_extract(${t}.fields, '$."${f}"'), '')`).join(
    " || ' ' || ",
  );

/** Migration 22's phone digits on SQLite for the row `t`. */
export function sqlitePhone22(t: string): string {
  let expression = `coalesce(json_extract(${t}.fields, '$.phone'), '')`;
  for (const c of ["+", " ", "-", "(", ")", "."]) expression = `replace(${expression}, '${c}', '')`;
  return expression;
}

/** Migration 38's searched text on PostgreSQL (the live copy: PG_SEARCH_TEXT). */
export const PG_SEARCH_TEXT_38 = `lower(${SEARCHED_FIELDS.map((f) => `coalesce(fields->>'${f}', '')`).join(" || ' ' || ")} || coalesce(' ' || nullif(fields->>'website', ''), ''))`;
