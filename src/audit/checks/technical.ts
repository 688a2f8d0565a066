/**
 * Technical checks: what lets Google and a phone read the site. Pure functions over the Site.
 */
import { robotsTxt } from "../robots.ts";
import { withoutTrailingSlashes } from "../site.ts";
import { plain, quote } from "../text.ts";
import { count, fail, na, pass, type Check, type Outcome } from "./outcome.ts";

/** Home page HTML above this (bytes, after decompression) is heavy. */
export const PAGE_WEIGHT_MAX_BYTES = 400 * 1024;
/** More external scripts than this on the home page is heavy. */
export const PAGE_SCRIPTS_MAX = 25;
/** The home page's full answer should take no longer than this (ms). */
export const RESPONSE_TIME_MAX_MS = 1500;
export const TITLE_LENGTH = { min: 10, max: 65 };
export const DESCRIPTION_LENGTH = { min: 50, max: 170 };
/** Share of images that must carry an alt attribute. */
export const IMAGE_ALT_MIN_SHARE = 0.9;

/** The home page's title or description: present, and its length within bounds. */
function lengthCheck(
  url: string,
  what: "title" | "description",
  value: string | null,
  bounds: { min: number; max: number },
  purpose = "",
): Outcome {
  const expected = `${bounds.min} to ${bounds.max}`;
  const text = value?.trim();
  if (!text) {
    const missing = what === "title" ? "<title>" : "meta description";
    return fail(
      `The home page has no ${missing}. Expected ${expected} characters${purpose ? ` ${purpose}` : ""}.`,
      url,
    );
  }
  const n = [...text].length;
  const found = `The home page's ${what} is ${quote(text)} (${count(n, "character")})`;
  return n >= bounds.min && n <= bounds.max
    ? pass(`${found}.`, url)
    : fail(`${found}; expected ${expected}.`, url);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(bytes < 10_240 ? 1 : 0)} KB`;

export const technicalChecks = {
  https: (site) => {
    const url = site.home.url;
    return url.startsWith("https:")
      ? pass(`The home page is served over https: ${plain(url)}.`, url)
      : fail(
          `The home page is served over plain http: ${plain(url)}. Expected an https:// address.`,
          url,
        );
  },

  "http-redirect": (site) => {
    if (!site.home.url.startsWith("https:"))
      return na(
        "The site has no https version yet (see 'Secure connection'), so there is nothing to redirect to.",
      );
    const r = site.httpRedirect;
    if (!r || r.status === null)
      return na("The http:// version of the site did not answer, so no visitor can land on it.");
    return r.toHttps
      ? pass(`${plain(r.url)} redirects to https.`, r.url)
      : fail(
          `${plain(r.url)} answered ${r.status} without redirecting to https. Expected a redirect (301) to the https:// address.`,
          r.url,
        );
  },

  viewport: (site) => {
    const value = site.home.meta.get("viewport");
    if (value === undefined)
      return fail(
        'The home page has no <meta name="viewport"> tag, so phones show it zoomed out. Expected width=device-width.',
        site.home.url,
      );
    return /width\s*=\s*device-width/i.test(value)
      ? pass(`The home page's viewport tag is ${quote(value)}.`, site.home.url)
      : fail(
          `The home page's viewport tag is ${quote(value)}; expected width=device-width.`,
          site.home.url,
        );
  },

  title: (site) =>
    lengthCheck(
      site.home.url,
      "title",
      site.home.title,
      TITLE_LENGTH,
      "naming what you do and where",
    ),

  "meta-description": (site) =>
    lengthCheck(
      site.home.url,
      "description",
      site.home.meta.get("description") ?? null,
      DESCRIPTION_LENGTH,
    ),

  h1: (site) => {
    const h1s = site.home.h1s.filter((h) => h.trim());
    if (h1s.length === 0)
      return fail(
        "The home page has no main heading (<h1>) with text. Expected one.",
        site.home.url,
      );
    if (h1s.length > 1)
      return fail(
        `The home page has ${h1s.length} main headings (<h1>): ${h1s
          .slice(0, 3)
          .map((h) => quote(h, 60))
          .join(", ")}. Expected one.`,
        site.home.url,
      );
    return pass(`The home page's main heading is ${quote(h1s[0]!)}.`, site.home.url);
  },

  canonical: (site) => {
    const href = site.home.canonical;
    if (href === null)
      return fail(
        'The home page has no <link rel="canonical">. Expected one naming its own address.',
        site.home.url,
      );
    if (!/^https?:\/\//.test(href))
      return fail(
        `The home page's canonical link ${quote(href)} is not a full address.`,
        site.home.url,
      );
    const own =
      new URL(href).hostname.replace(/^www\./, "") ===
      new URL(site.home.url).hostname.replace(/^www\./, "");
    return own
      ? pass(`The home page's canonical link is ${quote(href)}.`, site.home.url)
      : fail(
          `The home page's canonical link points at another site: ${quote(href)}.`,
          site.home.url,
        );
  },

  indexable: (site) => {
    const meta = site.home.meta.get("robots") ?? "";
    const googlebot = site.home.meta.get("googlebot") ?? "";
    const header = site.home.xRobotsTag ?? "";
    for (const [where, value] of [
      ['<meta name="robots">', meta],
      ['<meta name="googlebot">', googlebot],
      ["the X-Robots-Tag header", header],
    ] as const) {
      if (/\b(noindex|none)\b/i.test(value))
        return fail(
          `The home page says ${quote(value, 60)} in ${where}: Google will not list it. Expected no noindex.`,
          site.home.url,
        );
    }
    const robots = site.robots;
    if (
      robots &&
      robots.status < 300 &&
      robotsTxt(robots.url, robots.body).isDisallowed(site.home.url, "Googlebot")
    )
      return fail(
        "robots.txt tells Google not to read the home page (a Disallow rule for Googlebot or *). Expected Google to be let in.",
        robots.url,
      );
    return pass("No noindex on the home page, and robots.txt lets Google in.", site.home.url);
  },

  "robots-txt": (site) => {
    const r = site.robots;
    if (!r) return fail("robots.txt could not be fetched.");
    if (r.status >= 200 && r.status < 300 && r.body.trim())
      return pass(
        `${plain(r.url)} answered ${r.status} with ${count(r.body.split("\n").filter((l) => l.trim()).length, "line")}.`,
        r.url,
      );
    return fail(
      `${plain(r.url)} answered ${r.status}${r.status < 300 ? " but is empty" : ""}. Expected a robots.txt file.`,
      r.url,
    );
  },

  sitemap: (site) => {
    const s = site.sitemap;
    if (!s)
      return fail(
        "No sitemap was found at /sitemap.xml or in robots.txt. Expected an XML sitemap listing your pages.",
      );
    return pass(`${plain(s.url)} lists ${count(s.urls.length, "page")}.`, s.url);
  },

  "page-weight": (site) => {
    const { bytes, truncated, scripts, url } = site.home;
    const found = `The home page's HTML is ${truncated ? "more than " : ""}${kb(bytes)} with ${count(scripts, "external script")}`;
    return !truncated && bytes <= PAGE_WEIGHT_MAX_BYTES && scripts <= PAGE_SCRIPTS_MAX
      ? pass(`${found}.`, url)
      : fail(
          `${found}; expected at most ${kb(PAGE_WEIGHT_MAX_BYTES)} and ${PAGE_SCRIPTS_MAX} scripts.`,
          url,
        );
  },

  "response-time": (site) => {
    const { ms, url } = site.home;
    const found = `The home page took ${(ms / 1000).toFixed(2)} s to arrive`;
    return ms <= RESPONSE_TIME_MAX_MS
      ? pass(`${found}.`, url)
      : fail(`${found}; expected at most ${(RESPONSE_TIME_MAX_MS / 1000).toFixed(1)} s.`, url);
  },

  "image-alt": (site) => {
    const images = site.pages.flatMap((p) => p.images.map((img) => ({ ...img, page: p.url })));
    if (!images.length) return na("No images were found on the pages checked.");
    const missing = images.filter((img) => img.alt === null);
    const share = (images.length - missing.length) / images.length;
    const found = `${images.length - missing.length} of ${count(images.length, "image")} on ${count(site.pages.length, "page")} have alt text`;
    if (share >= IMAGE_ALT_MIN_SHARE) return pass(`${found}.`);
    const first = missing[0]!;
    return fail(
      `${found}; expected at least ${Math.round(IMAGE_ALT_MIN_SHARE * 100)}%. First without: ${quote(first.src || "(no src)")} on ${plain(first.page)}.`,
      first.page,
    );
  },

  "broken-links": (site) => {
    const internal = new Set(site.home.links.map((l) => withoutTrailingSlashes(l.href)));
    const checked = site.answers.filter((p) => internal.has(withoutTrailingSlashes(p.url)));
    if (!checked.length)
      return na("The home page links to no other page of the site that we could check.");
    const broken = checked.filter((p) => p.status >= 400 || p.status === 0);
    if (!broken.length)
      return pass(
        `All ${count(checked.length, "page")} linked from the home page that we opened answered.`,
      );
    return fail(
      `${broken.length} of ${count(checked.length, "page")} linked from the home page are broken: ${broken
        .slice(0, 3)
        .map((p) => `${plain(p.url, 80)} (${p.status || "no answer"})`)
        .join(", ")}.`,
      site.home.url,
    );
  },
} satisfies Record<string, Check>;
