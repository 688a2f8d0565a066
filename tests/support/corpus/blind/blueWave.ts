/**
 * BlueWave Pool Service (Tampa, FL): a Next.js app exported as a client-side single-page app
 * and hosted with a catch-all rewrite (every address answers 200 with the same shell): the
 * head has its title, description and viewport, the body an empty <div id="__next">, the
 * __NEXT_DATA__ block and the chunks. What a visitor's browser shows is built by JavaScript.
 * Planted: the content exists only after JavaScript (`javascript-content`); the content checks
 * cannot be read and must not be failed.
 */
import type { Route } from "../../auditSites.ts";
import type { BuildContext, CorpusSite, SiteRoutes } from "../sites.ts";
import { day, text, textFile, urlset } from "./kit.ts";

const chunks = [
  "webpack-8fa1640cc84ba8fe",
  "framework-ecc4130bc7a58a64",
  "main-3a7f1c9e5b2d8a40",
  "pages/_app-1b2c3d4e5f6a7b8c",
];

const shell = (c: BuildContext, page: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/><title>BlueWave Pool Service | Tampa Pool Cleaning &amp; Repair</title><meta name="description" content="Weekly pool cleaning, repairs and green pool cleanups in Tampa, Brandon and Riverview. Licensed and insured pool technicians."/><meta property="og:title" content="BlueWave Pool Service"/><meta property="og:image" content="${c.origin}/og.jpg"/><link rel="icon" href="/favicon.ico"/><meta name="next-head-count" content="7"/><link rel="preload" href="/_next/static/css/8e2f1c0b7a6d5e4f.css" as="style"/><link rel="stylesheet" href="/_next/static/css/8e2f1c0b7a6d5e4f.css" data-n-g=""/><noscript data-n-css=""></noscript><script defer="" nomodule="" src="/_next/static/chunks/polyfills-c67a75d1b6f99dc8.js"></script>${chunks
    .map((ch) => `<script src="/_next/static/chunks/${ch}.js" defer=""></script>`)
    .join(
      "",
    )}<script src="/_next/static/chunks/pages/${page}.js" defer=""></script><script src="/_next/static/a1B2c3D4e5F6/_buildManifest.js" defer=""></script><script src="/_next/static/a1B2c3D4e5F6/_ssgManifest.js" defer=""></script></head><body><div id="__next"></div><script id="__NEXT_DATA__" type="application/json">{"props":{"pageProps":{}},"page":"/${page === "index-5d2a" ? "" : page}","query":{},"buildId":"a1B2c3D4e5F6","nextExport":true,"autoExport":true,"isFallback":false,"scriptLoader":[]}</script></body></html>`;

function build(c: BuildContext): SiteRoutes {
  const pages: Record<string, Route> = {
    "/robots.txt": text(`User-agent: *\nAllow: /\n\nSitemap: ${c.origin}/sitemap.xml\n`),
    "/sitemap.xml": urlset(
      [
        "/",
        "/services/pool-cleaning",
        "/services/pool-repair",
        "/services/green-pool-cleanup",
        "/about",
        "/contact",
      ].map((path) => ({ loc: `${c.origin}${path}`, lastmod: day(c.now, 15) })),
    ),
    "/_next/static/css/8e2f1c0b7a6d5e4f.css": textFile("text/css", "tailwind", 28),
    "/_next/static/chunks/polyfills-c67a75d1b6f99dc8.js": textFile(
      "text/javascript",
      "polyfills",
      90,
    ),
    "/_next/static/chunks/webpack-8fa1640cc84ba8fe.js": textFile("text/javascript", "webpack", 4),
    "/_next/static/chunks/framework-ecc4130bc7a58a64.js": textFile(
      "text/javascript",
      "react-dom",
      136,
    ),
    "/_next/static/chunks/main-3a7f1c9e5b2d8a40.js": textFile("text/javascript", "main", 110),
    "/_next/static/chunks/pages/_app-1b2c3d4e5f6a7b8c.js": textFile("text/javascript", "app", 58),
    "/_next/static/chunks/pages/index-5d2a.js": textFile("text/javascript", "home page", 46),
    "/_next/static/a1B2c3D4e5F6/_buildManifest.js": textFile("text/javascript", "manifest", 2),
    "/_next/static/a1B2c3D4e5F6/_ssgManifest.js": textFile("text/javascript", "ssg", 1),
    "/favicon.ico": { type: "image/x-icon", body: Buffer.alloc(1150, 1) },
  };
  return {
    pages,
    // The host's catch-all rewrite: every other address is the app's shell, answered 200.
    notFound: { status: 200, body: shell(c, "index-5d2a") },
  };
}

export const blueWave: CorpusSite = {
  id: "blind-nextjs-spa-pool",
  about:
    "BlueWave Pool Service, Tampa FL, a Next.js single-page app behind a catch-all rewrite: every address answers 200 with the same empty #__next shell and deferred chunks",
  scheme: "https",
  build,
  fail: {
    "javascript-content":
      "the pages as sent are an empty #__next element: all the text, phone and forms come after JavaScript",
  },
  mayFail: {
    "soft-404":
      "any address answers 200 with the shell; whether the app then says 'not found' cannot be seen without running it",
    "duplicate-titles": "every address sends the same title; the app may set its own once it runs",
    "duplicate-descriptions": "the same, for the description",
    canonical: "no canonical link in the head as sent; the app may add one when it runs",
    "og-tags": "no og:description in the head as sent; the app may add it when it runs",
  },
};
