/**
 * The inbox's count of leads still 'new' (the tab title's "(N)"), counted up to a cap: past a
 * thousand unworked leads the exact figure helps nobody, and counting them all would cost the
 * first page a scan at a million leads. Shared by the page and its live script (no imports, so
 * the script stays small).
 */
export const UNWORKED_CAP = 1000;

/** "7", or "999+" at the cap. */
export const unworkedLabel = (count: number): string =>
  count >= UNWORKED_CAP ? `${UNWORKED_CAP - 1}+` : String(count);
