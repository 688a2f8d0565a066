/**
 * The build step that draws a static page's repeated icons from symbols
 * (integrations/iconSymbols.ts, D205), fed with icons as the site's Icon component renders them.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MIN_SAVED_DRAWING, drawIconsFromSymbols } from "../../integrations/iconSymbols";
import { Icon } from "../../src/components/ui/Icon";
import type { IconName } from "../../src/schemas/icons";

const icon = (name: IconName, className?: string) =>
  renderToStaticMarkup(createElement(Icon, { name, ...(className ? { className } : {}) }));
const page = (body: string) =>
  `<!DOCTYPE html><html lang="en"><head><title>t</title></head><body class="min-h-dvh">${body}</body></html>`;
const island = (inner: string) =>
  `<astro-island uid="a1" component-url="/_astro/X.js" props="{}">${inner}</astro-island>`;
const count = (html: string, re: RegExp) => html.match(re)?.length ?? 0;

describe("icon symbols", () => {
  const phone = icon("phone", "size-5 shrink-0 text-brand-700");

  it("draws a repeated icon once, as a hidden symbol, and every use of it from the symbol", () => {
    const { html, uses, symbols } = drawIconsFromSymbols(
      page(`<p>${phone}</p><p>${phone}</p>${phone}`),
    );
    expect([uses, symbols]).toEqual([3, 1]);
    expect(count(html, /<path\b/g)).toBe(1);
    expect(count(html, /<use href="#icon-phone"\/>/g)).toBe(3);
    // The sprite opens the body, hidden from view and from assistive technology.
    expect(html).toContain(
      '<body class="min-h-dvh"><svg aria-hidden="true" style="display:none"><symbol id="icon-phone" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.75" stroke-linecap="round" stroke-linejoin="round"><path ',
    );
    // Each use keeps its size, colour class, decorative attributes; lucide's no-op classes go.
    expect(html).toContain(
      '<svg width="24" height="24" class="size-5 shrink-0 text-brand-700" aria-hidden="true" focusable="false"><use href="#icon-phone"/></svg>',
    );
    expect(html).not.toContain("lucide");
  });

  it("leaves icons inside islands exactly as React rendered them (hydration compares them)", () => {
    const inIsland = island(`<button>${phone}Call</button><div>${island(phone)}${phone}</div>`);
    const { html } = drawIconsFromSymbols(page(`${phone}${inIsland}${phone}${phone}`));
    expect(html).toContain(inIsland);
    expect(count(html, /<use href=/g)).toBe(3);
  });

  it("keeps an icon inline when a symbol would not spare the parser enough", () => {
    // Used once; and a short drawing (a chevron, a check) however often it is used.
    const once = drawIconsFromSymbols(page(phone));
    expect(once.symbols).toBe(0);
    expect(once.html).toContain('class="size-5 shrink-0 text-brand-700"');
    expect(once.html).toContain("<path ");
    const check = icon("check");
    const drawing = /<svg[^>]*>([\s\S]*)<\/svg>/.exec(check)?.[1] ?? "";
    const times = Math.floor(MIN_SAVED_DRAWING / drawing.length);
    const short = drawIconsFromSymbols(page(check.repeat(times)));
    expect(short.symbols).toBe(0);
    expect(count(short.html, /<path\b/g)).toBe(times);
  });

  it("gives one icon drawn two ways two symbols, and each use the right one", () => {
    const thin = icon("phone", "size-6");
    const thick = thin.replace('stroke-width="1.75"', 'stroke-width="2"');
    const { html, symbols } = drawIconsFromSymbols(page(thin.repeat(3) + thick.repeat(3)));
    expect(symbols).toBe(2);
    expect(html).toContain(
      '<symbol id="icon-phone" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.75"',
    );
    expect(html).toContain(
      '<symbol id="icon-phone-2" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"',
    );
    expect(count(html, /#icon-phone"/g)).toBe(3);
    expect(count(html, /#icon-phone-2"/g)).toBe(3);
  });

  it("keeps inline an icon whose class paints it (a class must go on overriding the attributes)", () => {
    const painted = icon("phone", "size-5 fill-brand-100");
    const { html, symbols } = drawIconsFromSymbols(page(painted.repeat(3)));
    expect(symbols).toBe(0);
    expect(count(html, /<path\b/g)).toBe(3);
  });

  it("refuses a page that already uses a symbol's id, and leaves a page without a body alone", () => {
    expect(() =>
      drawIconsFromSymbols(page(`<div id="icon-phone"></div>${phone.repeat(3)}`)),
    ).toThrow(/id="icon-phone"/);
    const fragment = phone.repeat(3);
    expect(drawIconsFromSymbols(fragment).html).toBe(fragment);
  });
});
