/**
 * The website check's accuracy corpus (issue 38): fixture sites, each a well-made site or a copy
 * of one with planted defects, and what a careful local-SEO auditor says about it: the check ids
 * that must FAIL (with why), the ids that may go either way (`mayFail`, kept few: a defect whose
 * consequence is arguable), and the score or grade it deserves. Written from the sites, not from
 * what any version of the engine outputs. docs/website-check.md, 'Accuracy: the corpus'.
 *
 * Served by ./serve.ts; measured by ./accuracy.ts (bench/check-accuracy.mjs, the integration test).
 */
import type { Route } from "../auditSites.ts";
import { greenAcresSite, type GreenAcresOptions } from "./greenAcres.ts";
import { summitTreeSite } from "./summitTree.ts";

export interface BuildContext {
  /** https://127.0.0.1:PORT (http://… for a site served over plain http). */
  origin: string;
  /** The run's clock: fresh dates and the copyright year follow it. */
  now: Date;
}

export interface SiteRoutes {
  /** Exact paths (query strings ignored). */
  pages: Record<string, Route>;
  /** What unknown paths get (default: a 404 page). */
  notFound?: Route;
}

export type Grade = "A" | "B" | "C" | "D" | "F";

export interface CorpusSite {
  id: string;
  /** One line: what the site is and what is planted. */
  about: string;
  scheme: "https" | "http";
  build(ctx: BuildContext): SiteRoutes;
  /** Check id → why it must fail. Empty for a good site. */
  fail: Record<string, string>;
  /** Check ids that may fail or pass without counting either way (id → why it is arguable). */
  mayFail?: Record<string, string>;
  /** What plain http on an https site's port does: redirect to https (default), or serve the site. */
  plainHttp?: "redirect" | "serve";
  /** The score must be at least this. */
  minScore?: number;
  /** The grade must be this or worse (a cap the issue sets). */
  maxGrade?: Grade;
  /** The score must be at most this (a site that loses most of its leads: 50). */
  maxScore?: number;
}

/** Every check id the engine is expected to report (issue 38's list: existing and new). */
export const checkIds = [
  "https",
  "http-redirect",
  "viewport",
  "title",
  "meta-description",
  "h1",
  "canonical",
  "indexable",
  "robots-txt",
  "sitemap",
  "page-weight",
  "response-time",
  "image-alt",
  "broken-links",
  "local-business-schema",
  "tel-link",
  "nap-visible",
  "service-area",
  "map-link",
  "opening-hours",
  "phone-first-screen",
  "cta",
  "contact-form",
  "reviews",
  "trust-signals",
  "service-pages",
  "fresh-content",
  "word-count",
  "og-tags",
  "social-links",
  "search-engines-allowed",
  "mixed-content",
  "redirect-chain",
  "duplicate-titles",
  "duplicate-descriptions",
  "structured-data-errors",
  "nap-consistent",
  "image-size",
  "render-blocking",
  "broken-images",
  "copyright-year",
  "javascript-content",
  "soft-404",
  "local-keywords",
] as const;

const green =
  (options: GreenAcresOptions = {}, extra?: (routes: SiteRoutes, ctx: BuildContext) => void) =>
  (ctx: BuildContext) => {
    const routes = greenAcresSite(ctx, options);
    extra?.(routes, ctx);
    return routes;
  };

export const corpus: CorpusSite[] = [
  {
    id: "good-landscaper",
    about:
      "Green Acres Landscaping, Austin TX: nine static pages, LandscapingBusiness JSON-LD, tel links, a quote form, reviews, light images with their size, deferred script, sitemap",
    scheme: "https",
    build: green(),
    fail: {},
    minScore: 90,
  },
  {
    id: "good-tree-service",
    about:
      "Summit Tree Care, Boise ID, on WordPress: Yoast-style JSON-LD graph (array @type), Contact Form 7, trailing slashes, sitemap index, two small theme stylesheets, deferred jQuery, a maps embed",
    scheme: "https",
    build: summitTreeSite,
    fail: {},
    minScore: 90,
  },
  {
    id: "javascript-shell",
    about:
      "Green Acres as a single-page app: every page's head is complete, its body an empty #root and a module script that writes the content in the browser",
    scheme: "https",
    build: green({ javascriptShell: true }),
    fail: {
      "javascript-content":
        "without JavaScript the pages are empty: visitors' browsers see the content, a reader of the HTML sees none",
    },
  },
  {
    id: "staging-robots",
    about: "Green Acres with a staging robots.txt left in place: `User-agent: *` / `Disallow: /`",
    scheme: "https",
    build: green({ robotsTxt: "User-agent: *\nDisallow: /\n" }),
    fail: {
      "search-engines-allowed":
        "robots.txt tells every search engine, Google included, to read nothing",
    },
    mayFail: {
      indexable:
        "its definition includes 'robots.txt lets Googlebot read the home page'; the block is search-engines-allowed's finding",
      sitemap: "robots.txt no longer names the sitemap, but /sitemap.xml still answers",
    },
    maxGrade: "D",
  },
  {
    id: "indexing-trap",
    about:
      "Green Acres whose home page says noindex and names a canonical on another domain (a site moved without cleaning up)",
    scheme: "https",
    build: green({ indexingTrap: true }),
    fail: {
      indexable: "the home page's meta robots says noindex",
      canonical: "the home page's canonical points at greenacres-landscaping.example, another site",
    },
    maxGrade: "D",
  },
  {
    id: "heavy-images",
    about:
      "Green Acres whose home page shows camera-size photos: four JPEGs of 4000-6000 px wide, 6.2 MB in all, shown at 800-1200 px",
    scheme: "https",
    build: green({ heavyImages: true }),
    fail: {
      "image-size":
        "every home-page photo is over 1 MB and about five times wider than it is shown",
      "page-weight": "a phone downloads over 6 MB for the home page",
    },
    maxGrade: "C",
  },
  {
    id: "mixed-content",
    about:
      "Green Acres on https whose home page loads a script and a photo over http:// (browsers block the script)",
    scheme: "https",
    build: green({ mixedContent: true }),
    fail: { "mixed-content": "an http:// script and image on an https page" },
  },
  {
    id: "redirect-chain",
    about: "Green Acres under /en/, reached by / → 301 /home → 301 /en/",
    scheme: "https",
    build: green({ base: "/en" }, (routes, { origin }) => {
      routes.pages["/"] = { status: 301, headers: { location: `${origin}/home` } };
      routes.pages["/home"] = { status: 301, headers: { location: `${origin}/en/` } };
    }),
    fail: {
      "redirect-chain": "two redirects before the home page: every visit and every link pays both",
    },
  },
  {
    id: "broken-json-ld",
    about: "Green Acres whose LandscapingBusiness JSON-LD has trailing commas (it does not parse)",
    scheme: "https",
    build: green({ brokenJsonLd: true }),
    fail: {
      "structured-data-errors":
        "the business block does not parse: Google ignores it; the fix is the commas, not adding a block",
    },
  },
  {
    id: "inconsistent-nap",
    about:
      "Green Acres whose JSON-LD phone (+1-512-555-0199) and contact page phone ((512) 555-0143) differ from the header's (512) 555-0187",
    scheme: "https",
    build: green({ inconsistentNap: true }),
    fail: {
      "nap-consistent": "three phone numbers for one business across the pages and the JSON-LD",
    },
  },
  {
    id: "duplicate-titles",
    about: "Green Acres where every page has the home page's title and description",
    scheme: "https",
    build: green({ sameTitles: true }),
    fail: {
      "duplicate-titles": "nine pages share one title",
      "duplicate-descriptions": "nine pages share one description",
    },
  },
  {
    id: "soft-404",
    about: "Green Acres where any unknown address answers 200 with the home page",
    scheme: "https",
    build: green({ soft404: true }),
    fail: { "soft-404": "a made-up address answers 200 with the home page instead of 404" },
  },
  {
    id: "http-only",
    about: "Green Acres served over plain http only (no certificate), typed without a scheme",
    scheme: "http",
    build: green(),
    fail: { https: "no https: browsers mark the site and its quote form 'Not secure'" },
    minScore: 80,
  },
  {
    id: "weak-site",
    about:
      "Green Acres neglected: no viewport, phone as plain footer text (no tel link, none on the first screen), no forms, © 2017, no h1, title 'Home | Green Acres Landscaping', no description, no og tags, no social links, images without alt, no sitemap",
    scheme: "https",
    build: green({
      viewport: false,
      telLink: false,
      form: false,
      h1: false,
      copyrightYear: 2017,
      homeTitle: "Home | Green Acres Landscaping",
      metaDescription: false,
      og: false,
      social: false,
      imageAlt: false,
      sitemap: false,
    }),
    fail: {
      viewport: "no viewport meta tag: the pages do not fit a phone",
      "tel-link": "the phone number cannot be tapped",
      "phone-first-screen": "the phone number is only in the footer",
      "contact-form": "no form anywhere",
      "copyright-year": "© 2017: the site looks abandoned",
      h1: "no main heading on any page",
      "local-keywords": "the title says 'Home' and there is no h1: neither names a trade or a town",
      "meta-description": "no description on any page",
      "og-tags": "no Open Graph tags",
      "social-links": "no link to any social network",
      "image-alt": "no image has alt text",
      sitemap: "no sitemap",
    },
    maxGrade: "C",
    // Zoomed out on a phone, no number to tap, no form: it loses most of the leads it gets.
    maxScore: 50,
  },
  {
    id: "broken-images",
    about: "Green Acres whose home page shows a photo whose file answers 404",
    scheme: "https",
    build: green({ brokenImage: true }),
    fail: { "broken-images": "/images/retaining-wall-before-after.jpg answers 404" },
  },
  {
    id: "render-blocking",
    about:
      "Green Acres with three synchronous scripts (590 KB) and a 260 KB stylesheet in the head of every page",
    scheme: "https",
    build: green({ renderBlocking: true }),
    fail: { "render-blocking": "850 KB must arrive before a phone shows anything" },
  },
  {
    id: "no-local-keywords",
    about:
      "Green Acres whose home title is 'Home | Green Acres Landscaping' and h1 'Welcome to our website'",
    scheme: "https",
    build: green({ homeTitle: "Home | Green Acres Landscaping", homeH1: "Welcome to our website" }),
    fail: { "local-keywords": "neither the title nor the h1 names a trade or a town" },
  },
  {
    id: "inner-page-defects",
    about:
      "Green Acres whose home page is fine but /hardscaping has a 146-character title, /irrigation no viewport, /about no h1",
    scheme: "https",
    build: green({ innerPageDefects: true }),
    fail: {
      title: "/hardscaping's title is 146 characters: Google cuts it at about 60",
      viewport: "/irrigation does not fit a phone",
      h1: "/about has no main heading",
    },
  },
  {
    id: "noindex-services",
    about: "Green Acres whose four service pages answer with X-Robots-Tag: noindex",
    scheme: "https",
    build: green({ noindexServices: true }),
    fail: {
      indexable: "the service pages, the ones that win jobs, are kept out of Google by a header",
    },
  },
  {
    id: "broken-link",
    about: "Green Acres whose home page links to a gallery page that answers 404",
    scheme: "https",
    build: green({ brokenLink: true }),
    fail: { "broken-links": "'See our patio gallery' leads to a 404 page" },
  },
  {
    id: "no-http-redirect",
    about:
      "Green Acres on https whose plain-http address serves the same pages instead of redirecting",
    scheme: "https",
    plainHttp: "serve",
    build: green(),
    fail: {
      "http-redirect": "old http:// links and typed addresses stay on the insecure site",
    },
  },
  {
    id: "slow-home",
    about: "Green Acres whose home page takes 2.5 s to answer",
    scheme: "https",
    build: green({}, (routes) => {
      routes.pages["/"] = { ...routes.pages["/"], delayMs: 2_500 };
    }),
    fail: { "response-time": "2.5 s before the home page starts arriving: phones give up" },
  },
  {
    id: "stale-content",
    about:
      "Green Acres whose newest date (sitemap, blog post) is over a year old; the copyright line is this year's",
    scheme: "https",
    build: green({ datesBackDays: 420 }),
    fail: { "fresh-content": "nothing dated in the last year: the site looks unattended" },
  },
];
