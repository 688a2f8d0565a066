/**
 * Small helpers shared by the blind corpus's sites (./index.ts): dates counted back from the
 * run's clock, HTML escaping, image routes of a stated size and weight, sitemaps and the
 * redirect routes every builder has. The markup itself is each site's own.
 * Plain Node (type stripping): usable from Vitest and from bench/check-accuracy.mjs.
 */
import type { Route } from "../../auditSites.ts";
import { jpeg, png } from "../images.ts";

/** The date `back` days before `now`, as YYYY-MM-DD. */
export const day = (now: Date, back: number): string =>
  new Date(now.getTime() - back * 86_400_000).toISOString().slice(0, 10);

export const esc = (s: string): string =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A JPEG of `w`×`h` pixels weighing `kb` KB. */
export const photo = (w: number, h: number, kb: number): Route => ({
  type: "image/jpeg",
  body: jpeg(w, h, kb * 1024),
});

/** A PNG of `w`×`h` pixels weighing about `kb` KB. */
export const picture = (w: number, h: number, kb = 0, rgb?: number[]): Route => ({
  type: "image/png",
  body: png(w, h, kb * 1024, rgb),
});

/** A text file of about `kb` KB (a stylesheet or a script as a builder ships it). */
export const textFile = (
  type: "text/css" | "text/javascript",
  label: string,
  kb: number,
): Route => {
  const line = type === "text/css" ? ".x{margin:0}\n" : "void 0;\n";
  return {
    type: `${type}; charset=utf-8`,
    body: `/* ${label} */\n${line.repeat(Math.max(1, Math.round((kb * 1024) / line.length)))}`,
  };
};

export const xml = (body: string): Route => ({ type: "application/xml; charset=utf-8", body });
export const text = (body: string): Route => ({ type: "text/plain; charset=utf-8", body });

/** A urlset of (loc, lastmod) pairs. */
export function urlset(urls: { loc: string; lastmod?: string }[]): Route {
  return xml(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
      .map(
        (u) =>
          `  <url><loc>${u.loc}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ""}</url>`,
      )
      .join("\n")}\n</urlset>\n`,
  );
}

export const redirect = (location: string, status = 301): Route => ({
  status,
  headers: { location },
  body: "",
});
