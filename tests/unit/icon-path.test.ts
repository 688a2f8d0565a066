/**
 * Each icon drawn as one path (integrations/iconPath.ts, D214) looks as lucide drew it: every icon
 * the site can show is rendered by its own React component, joined into one path, and both are
 * rasterized by sharp (librsvg) and compared pixel by pixel.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { ChevronDown, LoaderCircle, Menu, Play, X } from "lucide-react";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { drawingAsOnePath } from "../../integrations/iconPath";
import { Icon } from "../../src/components/ui/Icon";
import { iconNames } from "../../src/schemas/icons";

const SIZE = 96;
const SVG = /^(<svg[^>]*>)([\s\S]*)(<\/svg>)$/;

/** Alpha of each pixel of an icon drawn black on transparent, SIZE px square. */
async function pixels(svg: string): Promise<Uint8Array> {
  const { data } = await sharp(Buffer.from(svg), { density: (72 * SIZE) / 24 })
    .resize(SIZE, SIZE)
    .ensureAlpha()
    .extractChannel(3)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return new Uint8Array(data);
}

/** How far two drawings differ: pixels off by more than a quarter of full alpha, and the worst. */
async function difference(a: string, b: string) {
  const [pa, pb] = await Promise.all([pixels(a), pixels(b)]);
  let off = 0;
  let worst = 0;
  let ink = 0;
  for (let i = 0; i < pa.length; i += 1) {
    const d = Math.abs((pa[i] ?? 0) - (pb[i] ?? 0));
    if (d > 64) off += 1;
    worst = Math.max(worst, d);
    if ((pa[i] ?? 0) > 128) ink += 1;
  }
  return { off, worst, ink };
}

const sitewide = iconNames.map((name) => [
  name,
  renderToStaticMarkup(createElement(Icon, { name })),
]);
const direct = Object.entries({ ChevronDown, LoaderCircle, Menu, Play, X }).map(
  ([name, Drawing]) => [name, renderToStaticMarkup(createElement(Drawing, { strokeWidth: 1.75 }))],
);

describe("an icon drawn as one path", () => {
  it.each([...sitewide, ...direct])("%s looks the same", async (_name, svg) => {
    const [, open = "", drawing = "", close = ""] = SVG.exec(svg ?? "") ?? [];
    const merged = drawingAsOnePath(drawing);
    const shapes = drawing.match(/<[a-z]+\b/g)?.length ?? 0;
    // A shape painted its own way (palette's filled dots) keeps the drawing as it is.
    if (shapes < 2 || /\s(?:fill|stroke[a-z-]*)=/.test(drawing)) {
      expect(merged).toBeUndefined();
      return;
    }
    expect(merged).toMatch(/^<path d="M[^"<>]+"><\/path>$/);
    const { off, ink } = await difference(svg ?? "", open + merged + close);
    // Only a few anti-aliased edge pixels where two shapes cross may differ (flower's petals: 4
    // of its 2,862 inked pixels); a stray dot the size of the stroke would be about 40.
    expect(ink).toBeGreaterThan(300);
    expect(off).toBeLessThanOrEqual(8);
  });

  it("follows a path that opens with a relative move, and its implicit lines, exactly", async () => {
    const open =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="black" stroke-width="2">';
    const drawing = '<path d="M3 3h4"></path><path d="m12 12 6 6-6 2"></path>';
    const merged = drawingAsOnePath(drawing);
    expect(merged).toBe('<path d="M3 3h4M12 12l6 6-6 2"></path>');
    const { off } = await difference(`${open}${drawing}</svg>`, `${open}${merged}</svg>`);
    expect(off).toBe(0);
  });

  it("draws circles, rounded rectangles, lines and polylines as SVG defines them", async () => {
    const open =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="black" stroke-width="1.5">';
    const drawing =
      '<circle cx="6" cy="6" r="3"></circle><rect x="12" y="2" width="10" height="8" rx="2"></rect>' +
      '<rect x="2" y="13" width="8" height="9" ry="3"></rect><ellipse cx="17" cy="17" rx="4" ry="2"></ellipse>' +
      '<line x1="2" y1="11" x2="22" y2="11"></line><polyline points="12,22 15,19 18,22"></polyline>' +
      '<polygon points="20 14 23 14 22 12"></polygon>';
    const merged = drawingAsOnePath(drawing);
    expect(merged).toBeDefined();
    const { off, ink } = await difference(`${open}${drawing}</svg>`, `${open}${merged}</svg>`);
    expect(ink).toBeGreaterThan(300);
    expect(off).toBeLessThanOrEqual(8);
  });

  it("leaves alone a drawing with its own paint, a group, a transform or one shape only", () => {
    for (const drawing of [
      '<circle cx="13.5" cy="6.5" r=".5" fill="currentColor"></circle><path d="M2 2h4"></path>',
      '<g><path d="M2 2h4"></path></g><path d="M4 4h4"></path>',
      '<path d="M2 2h4" transform="rotate(45)"></path><path d="M4 4h4"></path>',
      '<path d="M2 2h4"></path><text>a</text>',
      '<circle cx="12" cy="12" r="10"></circle>',
      "",
    ])
      expect(drawingAsOnePath(drawing)).toBeUndefined();
  });
});
