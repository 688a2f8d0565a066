/**
 * The guides' search on the server, for /guides/search (a visitor without JavaScript): every
 * word of the query must appear in a guide's title, summary or text (case-insensitive); a word in
 * the title counts most, then the summary, then the text. The excerpt is the text around the
 * first match, with the words marked, as plain pieces (never HTML).
 */
import type { CollectionEntry } from "astro:content";

export interface FoundGuide {
  id: string;
  title: string;
  score: number;
  excerpt: [string, boolean][];
}

/** Markdown as plain words: links keep their text, markup goes. */
const plain = (markdown: string) =>
  markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[#*_`>|-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function excerpt(text: string, words: string[]): [string, boolean][] | null {
  const lower = text.toLowerCase();
  const hits = words.map((w) => lower.indexOf(w)).filter((i) => i >= 0);
  if (!hits.length) return null;
  const at = Math.min(...hits);
  const start = Math.max(0, at - 80);
  const slice = `${start > 0 ? "…" : ""}${text.slice(start, start + 220)}…`;
  const pattern = new RegExp(`(${words.map(escapeRegExp).join("|")})`, "gi");
  return slice
    .split(pattern)
    .filter(Boolean)
    .map((part): [string, boolean] => [part, words.includes(part.toLowerCase())]);
}

export function searchGuides(guides: CollectionEntry<"guides">[], query: string): FoundGuide[] {
  const words = [...new Set(query.toLowerCase().split(/\s+/).filter(Boolean))].slice(0, 8);
  if (!words.length) return [];
  const found: FoundGuide[] = [];
  for (const g of guides) {
    const title = g.data.title.toLowerCase();
    const summary = g.data.description.toLowerCase();
    const body = plain(g.body ?? "");
    const text = body.toLowerCase();
    let score = 0;
    let all = true;
    for (const w of words) {
      const here =
        (title.includes(w) ? 5 : 0) + (summary.includes(w) ? 3 : 0) + (text.includes(w) ? 1 : 0);
      if (!here) all = false;
      score += here;
    }
    if (!all) continue;
    found.push({
      id: g.id,
      title: g.data.title,
      score,
      excerpt: excerpt(body, words) ?? [[g.data.description, false]],
    });
  }
  return found.sort((a, b) => b.score - a.score || a.title.localeCompare(b.title));
}
