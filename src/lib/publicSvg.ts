/**
 * The SVG files under public/, as markup read at build time: the logo is drawn inline
 * (components/ui/Logo) and the favicon is rasterised (pages/favicon.png.ts).
 */
const files = import.meta.glob<string>("/public/*.svg", {
  query: "?raw",
  import: "default",
  eager: true,
});

/** The markup of `path` (as served, e.g. "/logo.svg"), or undefined when it is no SVG under public/. */
export const publicSvg = (path: string): string | undefined => files[`/public${path}`];

/** The favicon pages link to: public/favicon.svg drawn as a PNG of this size (pages/favicon.png.ts). */
export const favicon = { path: "/favicon.png", size: 96 } as const;
