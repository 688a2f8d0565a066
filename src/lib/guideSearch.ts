/**
 * The guides' search, shared by the browser island (src/components/islands/GuideSearch.tsx) and
 * the page that answers without JavaScript (src/pages/guides/search.astro): where the Pagefind
 * bundle is, how a result's address and excerpt are read, and how the results line is worded.
 */

/** Pagefind's bundle, written at build by integrations/guideSearch.ts. */
export const PAGEFIND_BUNDLE = "/pagefind";
/** The page that answers a search without JavaScript (a plain GET form). */
export const SEARCH_PAGE = "/guides/search";
/** Results shown at most. */
export const MAX_RESULTS = 8;
/** Longest query read. */
export const MAX_QUERY = 100;

export interface SearchCopy {
  label: string;
  placeholder: string;
  button: string;
  loading: string;
  results: string;
  resultsOne: string;
  none: string;
  failed: string;
}

export interface SearchResult {
  href: string;
  title: string;
  /** Text with the matched words: [text, marked][] pieces, never HTML. */
  excerpt: [string, boolean][];
}

/** The results line: how many guides matched the query. */
export function resultsLine(copy: SearchCopy, query: string, count: number): string {
  const template = count === 0 ? copy.none : count === 1 ? copy.resultsOne : copy.results;
  return template.replaceAll("[count]", String(count)).replaceAll("[query]", query);
}

/** "/guides/some-guide/" (Pagefind's address of a page) → "/guides/some-guide". */
export const pagePath = (url: string): string => url.replace(/\/index\.html$|\/$/, "") || "/";

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
  "&#x27;": "'",
};

/**
 * Pagefind's excerpt ("…text <mark>word</mark> text…", HTML-escaped) as plain pieces, so the
 * page renders it as text with <mark> elements of its own and never as HTML.
 */
export function excerptPieces(html: string): [string, boolean][] {
  const decode = (s: string) =>
    s.replace(/<[^>]*>/g, "").replace(/&(?:amp|lt|gt|quot|#39|#x27);/g, (e) => ENTITIES[e]!);
  return html
    .split(/(<mark>[\s\S]*?<\/mark>)/)
    .filter(Boolean)
    .map((part): [string, boolean] =>
      part.startsWith("<mark>") ? [decode(part), true] : [decode(part), false],
    );
}

/** The words the search form needs, out of the guides page's `search` copy. */
export const searchCopyOf = (c: SearchCopy): SearchCopy => ({
  label: c.label,
  placeholder: c.placeholder,
  button: c.button,
  loading: c.loading,
  results: c.results,
  resultsOne: c.resultsOne,
  none: c.none,
  failed: c.failed,
});
