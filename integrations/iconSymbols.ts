/**
 * Astro integration: after the build, draws each icon of a static page once. Every lucide icon
 * React rendered inline (`<svg class="lucide lucide-NAME …"><path …/>…</svg>`, see
 * src/components/ui/Icon.tsx) keeps its own `<svg>` element and attributes (size classes,
 * currentColor, stroke width, aria-hidden, focusable) and gets `<use href="#icon-NAME"/>` in place
 * of its paths; the page gets one hidden `<svg>` at the start of its body holding a `<symbol>`
 * for each icon it references, and no other. The browser then parses each icon's paths once per
 * page instead of once per use (docs/lighthouse/mainthread.md, "Icon symbols"; decision D205).
 * Every icon outside islands, in a symbol or not, is first drawn as one `<path>` (iconPath.ts,
 * D214): lucide's two to eight shapes an icon become one element.
 *
 * Icons inside an `<astro-island>` are left inline: React hydrates islands against the server's
 * markup and may draw more icons after an interaction, which must not depend on a symbol this
 * step did not see. Pages rendered on demand (admin, links from emails) and emails never pass
 * through here and keep their inline icons.
 *
 * Runs before csp and precompress (it changes no script; precompress must see the final HTML).
 */
import type { AstroIntegration } from "astro";
import { readFile, writeFile } from "node:fs/promises";
import { htmlFiles } from "./htmlFiles.ts";
import { fileURLToPath } from "node:url";
import { drawingAsOnePath } from "./iconPath.ts";

/** A lucide icon as React renders it: its opening tag's attributes, its name and its drawing. */
const LUCIDE_SVG =
  /<svg\b((?:[^>"]|"[^"]*")*?\bclass="lucide lucide-([a-z0-9-]+)\b[^"]*"(?:[^>"]|"[^"]*")*)>([\s\S]*?)<\/svg>/g;
const ISLAND_TAG = /<astro-island\b|<\/astro-island>/g;

export const SYMBOL_PREFIX = "icon-";
/** Characters of path data a symbol must spare the parser on a page (see drawIconsFromSymbols). */
export const MIN_SAVED_DRAWING = 400;

export interface IconSymbolsResult {
  html: string;
  /** Icons now drawn by `<use>`. */
  uses: number;
  /** Symbols added to the page (one per distinct icon drawing). */
  symbols: number;
}

/** Character ranges [start, end) of the page's islands (outermost only). */
function islandRanges(html: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let depth = 0;
  let start = 0;
  for (const match of html.matchAll(ISLAND_TAG)) {
    if (match[0].startsWith("</")) {
      if (depth === 0) continue;
      depth -= 1;
      if (depth === 0) ranges.push([start, match.index + match[0].length]);
    } else {
      if (depth === 0) start = match.index;
      depth += 1;
    }
  }
  // An island left open runs to the end of the page: nothing after its start is touched.
  if (depth > 0) ranges.push([start, html.length]);
  return ranges;
}

/** Attributes that describe the drawing: they move onto the symbol, which the `<use>` clones. */
const DRAWING_ATTRIBUTES = new Set([
  "viewBox",
  "fill",
  "stroke",
  "stroke-width",
  "stroke-linecap",
  "stroke-linejoin",
]);
/** A class that sets fill or stroke (it must keep overriding the attributes, so stays inline). */
const PAINT_CLASS = /(?:^|[\s:])!?(?:fill|stroke)-/;

const withoutLucideClasses = (value: string) =>
  value
    .split(/\s+/)
    .filter((token) => token !== "" && token !== "lucide" && !token.startsWith("lucide-"))
    .join(" ");

function attributeList(source: string): Array<[string, string]> | undefined {
  const list: Array<[string, string]> = [];
  const rest = source.replace(/\s*([^\s=]+)="([^"]*)"\s*/g, (_, name: string, value: string) => {
    list.push([name, value]);
    return "";
  });
  // Anything but name="value" pairs (a bare or unquoted attribute): not React's output, left alone.
  return rest.trim() === "" ? list : undefined;
}

/**
 * One page's HTML with its repeated icons outside islands drawn from symbols (and lucide's
 * classes off every icon outside islands). A page without a `<body>` comes back unchanged.
 */
export function drawIconsFromSymbols(html: string): IconSymbolsResult {
  const body = /<body\b(?:[^>"]|"[^"]*")*>/.exec(html);
  if (!body) return { html, uses: 0, symbols: 0 };
  const islands = islandRanges(html);
  const inIsland = (index: number) => islands.some(([s, e]) => index >= s && index < e);

  /** An icon outside islands that can be drawn from a symbol. */
  interface Candidate {
    /** The icon as it was, less lucide's classes (for a drawing used once). */
    whole: string;
    own: string;
    drawn: string;
    drawing: string;
    name: string;
  }
  const candidate = (
    attributes: string,
    name: string,
    drawing: string,
    offset: number,
  ): Candidate | undefined => {
    if (offset < body.index || inIsland(offset)) return undefined;
    drawing = drawingAsOnePath(drawing) ?? drawing;
    // Only a plain drawing moves into a symbol (never nested svg, ids or <use> of its own).
    if (/<svg\b|<use\b|\bid=/i.test(drawing) || drawing.trim() === "") return undefined;
    const attributeSet = attributeList(attributes);
    const className = attributeSet?.find(([n]) => n === "class")?.[1] ?? "";
    if (!attributeSet || PAINT_CLASS.test(className)) return undefined;
    const text = (list: Array<[string, string]>) => list.map(([n, v]) => ` ${n}="${v}"`).join("");
    const drawn = attributeSet.filter(([n]) => DRAWING_ATTRIBUTES.has(n));
    if (!drawn.some(([n]) => n === "viewBox")) return undefined;
    // lucide's own classes (`lucide lucide-NAME`) style nothing (no stylesheet or script of the
    // site names them); outside islands they go, the name stays in the symbol's id.
    const kept = attributeSet
      .map(([n, v]): [string, string] => [n, n === "class" ? withoutLucideClasses(v) : v])
      .filter(([n, v]) => n !== "class" || v !== "");
    const own = kept.filter(([n]) => !DRAWING_ATTRIBUTES.has(n) && n !== "xmlns");
    return {
      whole: `<svg${text(kept)}>${drawing}</svg>`,
      own: text(own),
      drawn: text(drawn),
      drawing,
      name,
    };
  };
  const keyOf = (c: Candidate) => `${c.drawn}\n${c.drawing}`;

  const found = new Map<string, Candidate[]>();
  for (const match of html.matchAll(LUCIDE_SVG)) {
    const c = candidate(match[1] ?? "", match[2] ?? "", match[3] ?? "", match.index);
    if (c) found.set(keyOf(c), [...(found.get(keyOf(c)) ?? []), c]);
  }

  // A drawing gets a symbol when that makes the page smaller and spares the parser real work:
  // used at least twice, and at least MIN_SAVED_DRAWING characters of paths not parsed again. A
  // drawing used once is parsed once either way; a short one (a chevron's single path) is about
  // as long as the `<use>` replacing it, and a `<use>` costs the browser a shadow copy of the
  // symbol, so inline stays cheaper. Ids: the icon's name, numbered when one icon is drawn two
  // ways (two stroke widths).
  const ids = new Map<string, string>();
  const symbols: string[] = [];
  for (const [key, list] of found) {
    const first = list[0];
    if (!first || list.length < 2) continue;
    const base = `${SYMBOL_PREFIX}${first.name}`;
    let id = base;
    for (let n = 2; [...ids.values()].includes(id); n += 1) id = `${base}-${n}`;
    const symbol = `<symbol id="${id}"${first.drawn}>${first.drawing}</symbol>`;
    const inline = list.reduce((sum, c) => sum + c.whole.length, 0);
    const drawn = list.reduce(
      (sum, c) => sum + `<svg${c.own}><use href="#${id}"/></svg>`.length,
      0,
    );
    const saved = (list.length - 1) * first.drawing.length;
    if (symbol.length + drawn >= inline || saved < MIN_SAVED_DRAWING) continue;
    if (html.includes(`id="${id}"`))
      throw new Error(`iconSymbols: the page already has an element with id="${id}"`);
    ids.set(key, id);
    symbols.push(symbol);
  }

  let uses = 0;
  const out = html.replace(
    LUCIDE_SVG,
    (whole, attributes: string, name: string, drawing: string, offset: number) => {
      const c = candidate(attributes, name, drawing, offset);
      if (!c) return whole;
      const id = ids.get(keyOf(c));
      if (!id) return c.whole;
      uses += 1;
      return `<svg${c.own}><use href="#${id}"/></svg>`;
    },
  );
  if (uses === 0) return { html: out, uses: 0, symbols: 0 };
  const sprite = `<svg aria-hidden="true" style="display:none">${symbols.join("")}</svg>`;
  // The body's opening tag sits before every replaced icon, so its index is unchanged in `out`.
  const at = body.index + body[0].length;
  return { html: out.slice(0, at) + sprite + out.slice(at), uses, symbols: symbols.length };
}

export default function iconSymbols(): AstroIntegration {
  return {
    name: "icon-symbols",
    hooks: {
      "astro:build:done": async ({ dir, logger }) => {
        let pages = 0;
        let uses = 0;
        let symbols = 0;
        for await (const file of htmlFiles(fileURLToPath(dir))) {
          const html = await readFile(file, "utf8");
          const result = drawIconsFromSymbols(html);
          if (result.html === html) continue;
          await writeFile(file, result.html);
          pages += 1;
          uses += result.uses;
          symbols += result.symbols;
        }
        logger.info(`${uses} icons on ${pages} pages drawn from ${symbols} symbols`);
      },
    },
  };
}
