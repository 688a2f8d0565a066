/**
 * Every built page's icons (integrations/iconSymbols.ts, D205): each `<use href="#x">` finds its
 * symbol in the same page, no symbol goes unused, the sprite is hidden, every icon drawn from a
 * symbol stays decorative, every icon outside islands is one shape (integrations/iconPath.ts,
 * D214), and icons inside islands are as React renders them. Reads the build
 * (dist/client, or BUILD_DIR): `npm run build` first.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { buildDir, root } from "./support";

const client = join(root, buildDir, "client");

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return htmlFiles(path);
    return name.endsWith(".html") ? [path] : [];
  });
}

describe("icon symbols in the built pages", () => {
  if (!existsSync(client)) throw new Error(`No build at ${client}: run npm run build first`);
  const pages = htmlFiles(client).map((file) => {
    const html = readFileSync(file, "utf8");
    const islands = [...html.matchAll(/<astro-island\b[\s\S]*?<\/astro-island>/g)].map((m) => m[0]);
    /** The page less its islands: what the build step rewrites. */
    const outside = islands.reduce((rest, island) => rest.replace(island, ""), html);
    return { name: relative(client, file), html, islands, outside };
  });

  it("finds the site's pages, some of them drawing icons from symbols", () => {
    expect(pages.length).toBeGreaterThan(40);
    expect(pages.filter((p) => p.html.includes("<use href=")).length).toBeGreaterThan(0);
  });

  it("every <use> has its symbol in the same page, once, and every symbol is used", () => {
    for (const { name, html } of pages) {
      const used = new Set([...html.matchAll(/<use\b[^>]*\bhref="#([^"]+)"/g)].map((m) => m[1]));
      const symbols = [...html.matchAll(/<symbol\b[^>]*\bid="([^"]+)"/g)].map((m) => m[1]);
      for (const id of used) {
        expect(
          symbols.filter((s) => s === id),
          `${name}: symbol #${id}`,
        ).toHaveLength(1);
        expect(html.match(new RegExp(`\\bid="${id}"`, "g")), `${name}: id ${id}`).toHaveLength(1);
      }
      expect(
        symbols.filter((s) => !used.has(s)),
        `${name}: unused symbols`,
      ).toEqual([]);
    }
  });

  it("the symbols sit in one hidden, aria-hidden sprite at the start of the body", () => {
    for (const { name, html } of pages) {
      if (!html.includes("<symbol")) continue;
      expect(html, name).toMatch(
        /<body\b[^>]*><svg aria-hidden="true" style="display:none"><symbol /,
      );
      expect(html.match(/<svg aria-hidden="true" style="display:none">/g), name).toHaveLength(1);
    }
  });

  it("every icon drawn from a symbol stays decorative (aria-hidden, not focusable) and sized", () => {
    for (const { name, html } of pages) {
      for (const [svg] of html.matchAll(/<svg\b[^>]*><use\b[^>]*\/><\/svg>/g)) {
        expect(svg, name).toMatch(/ aria-hidden="true"/);
        expect(svg, name).toMatch(/ focusable="false"/);
        expect(svg, name).toMatch(/ class="[^"]*\bsize-\d/);
      }
    }
  });

  it("icons inside islands keep lucide's own markup; outside them none is left", () => {
    for (const { name, islands, outside } of pages) {
      for (const island of islands) expect(island, name).not.toContain("<use ");
      expect(outside, name).not.toMatch(/class="lucide/);
    }
  });

  it("outside islands each icon is drawn as one path, but for one that paints a shape its own way", () => {
    let icons = 0;
    for (const { name, outside } of pages) {
      for (const [, attributes = "", drawing = ""] of outside.matchAll(
        /<(?:svg|symbol)\b([^>]*\bstroke="currentColor"[^>]*)>([\s\S]*?)<\/(?:svg|symbol)>/g,
      )) {
        if (drawing.startsWith("<use")) continue;
        icons += 1;
        if (/\s(?:fill|stroke)="/.test(drawing)) continue;
        const shapes =
          drawing.match(/<(?:path|circle|rect|line|ellipse|polyline|polygon)\b/g) ?? [];
        expect(shapes, `${name}: <svg${attributes}>${drawing.slice(0, 80)}…`).toHaveLength(1);
      }
    }
    expect(icons).toBeGreaterThan(300);
  });
});
