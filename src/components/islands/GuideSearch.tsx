import { useEffect, useId, useRef, useState } from "react";
import {
  excerptPieces,
  MAX_QUERY,
  MAX_RESULTS,
  PAGEFIND_BUNDLE,
  pagePath,
  resultsLine,
  type SearchCopy,
  type SearchResult,
} from "../../lib/guideSearch";
import { buttonBase, buttonStyles } from "../ui/LinkButton";
import { SearchResults } from "../sections/SearchResults";

interface Pagefind {
  options(options: { noWorker?: boolean }): Promise<void>;
  search(query: string): Promise<{
    results: { data(): Promise<{ url: string; meta: { title?: string }; excerpt: string }> }[];
  }>;
}

interface Props {
  copy: SearchCopy;
  /** Where the form goes without JavaScript (/guides/search). */
  action: string;
  /** The query a search page was opened with. */
  initialQuery?: string | undefined;
}

type State =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "done"; query: string; results: SearchResult[]; total: number }
  | { status: "failed" };

/** Loads Pagefind's bundle once, on the visitor's first use of the search. */
let bundle: Promise<Pagefind> | null = null;
function pagefind(): Promise<Pagefind> {
  const url = `${PAGEFIND_BUNDLE}/pagefind.js`;
  // On the page's own thread: the site's policy allows no workers, and eight guides search fast.
  bundle ??= (import(/* @vite-ignore */ url) as Promise<Pagefind>)
    .then(async (pf) => {
      await pf.options({ noWorker: true });
      return pf;
    })
    .catch((error: unknown) => {
      bundle = null; // a later try may work (the connection came back)
      throw error;
    });
  return bundle;
}

/**
 * Search over the guides with no server: Pagefind's index, made at build, loaded the first time
 * the visitor types or searches (its script and WebAssembly never load otherwise). Without
 * JavaScript the same form asks /guides/search. Results are announced politely and each is a
 * link with the matching words marked. Hydrate client:interaction.
 */
export default function GuideSearch({ copy, action, initialQuery = "" }: Props) {
  const id = useId();
  const [query, setQuery] = useState(initialQuery);
  const [state, setState] = useState<State>({ status: "idle" });
  const latest = useRef(0);
  const input = useRef<HTMLInputElement>(null);

  // Hydrated on the visitor's first touch of the search: fetch Pagefind now, and take over
  // whatever they typed while the island's code was on its way.
  useEffect(() => {
    void pagefind().catch(() => {});
    const typed = input.current?.value ?? "";
    if (typed && typed !== query) setQuery(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on hydration
  }, []);

  async function run(raw: string) {
    const q = raw.trim().slice(0, MAX_QUERY);
    const round = ++latest.current;
    if (!q) return setState({ status: "idle" });
    setState({ status: "loading" });
    try {
      const found = await (await pagefind()).search(q);
      const data = await Promise.all(found.results.slice(0, MAX_RESULTS).map((r) => r.data()));
      if (round !== latest.current) return; // a newer search is under way
      setState({
        status: "done",
        query: q,
        total: found.results.length,
        results: data.map((d) => ({
          href: pagePath(d.url),
          title: d.meta.title ?? pagePath(d.url),
          excerpt: excerptPieces(d.excerpt),
        })),
      });
    } catch {
      if (round === latest.current) setState({ status: "failed" });
    }
  }

  // Typing searches as the visitor goes (after a short pause); the button searches at once.
  useEffect(() => {
    if (query.trim() === initialQuery.trim() && state.status === "idle") return;
    const timer = setTimeout(() => void run(query), 250);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs on the query alone
  }, [query]);

  const status =
    state.status === "loading"
      ? copy.loading
      : state.status === "failed"
        ? copy.failed
        : state.status === "done"
          ? resultsLine(copy, state.query, state.total)
          : "";

  return (
    <div className="mx-auto mt-8 max-w-2xl">
      <form
        role="search"
        action={action}
        method="get"
        aria-label={copy.label}
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void run(query);
        }}
      >
        <label htmlFor={`${id}-q`} className="sr-only">
          {copy.label}
        </label>
        <input
          ref={input}
          id={`${id}-q`}
          type="search"
          name="q"
          maxLength={MAX_QUERY}
          placeholder={copy.placeholder}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className="block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-base text-ink placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600 focus:outline-none"
        />
        <button type="submit" className={`${buttonBase} ${buttonStyles.secondary} shrink-0`}>
          {copy.button}
        </button>
      </form>
      <p role="status" aria-live="polite" className="mt-3 text-center text-sm text-slate-700">
        {status}
      </p>
      {state.status === "done" && <SearchResults results={state.results} />}
    </div>
  );
}
