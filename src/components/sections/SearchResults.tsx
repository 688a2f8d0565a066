import type { SearchResult } from "../../lib/guideSearch";

/** Guides a search found: each a link with the matching words of its text marked. */
export function SearchResults({ results }: { results: SearchResult[] }) {
  if (!results.length) return null;
  return (
    <ul className="mt-4 grid gap-4 text-left">
      {results.map((r) => (
        <li key={r.href} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-brand-100">
          <a href={r.href} className="text-lg font-bold text-brand-900 hover:underline">
            {r.title}
          </a>
          <p className="mt-1 text-sm text-slate-700">
            {r.excerpt.map(([text, marked], i) =>
              marked ? (
                <mark key={i} className="rounded bg-accent-300 px-0.5 text-ink">
                  {text}
                </mark>
              ) : (
                <span key={i}>{text}</span>
              ),
            )}
          </p>
        </li>
      ))}
    </ul>
  );
}
