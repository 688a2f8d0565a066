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
