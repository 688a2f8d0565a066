/**
 * Content checks: what gives Google and visitors enough to go on. Pure functions over the Site.
 */
import { plain, quote } from "../text.ts";
import type { Site } from "../site.ts";
import { count, fail, listOf, na, pass, pathOf, type Check } from "./outcome.ts";
import { COPYRIGHT, SOCIAL, TRADES } from "./patterns.ts";
import { pageKey } from "../site.ts";

export const WORD_COUNT_MIN = 300;
/** A service page says at least this much (a contact page is short on purpose: not counted). */
export const SERVICE_PAGE_WORDS_MIN = 25;
/** Separate pages for trades needed to pass. */
export const SERVICE_PAGES_MIN = 3;
/** Something dated within this many days counts as fresh. */
export const FRESH_DAYS = 90;

/** The trade a URL's path names, if any. */
function tradeOf(url: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(new URL(url).pathname).toLowerCase();
  } catch {
    return null;
  }
  if (path === "/" || /\/(blog|news|tag|category|author)\//.test(path)) return null;
  return TRADES.find((t) => t.pattern.test(path))?.trade ?? null;
}

/** Every date the site states: sitemap lastmod, article and JSON-LD dates, <time datetime>. */
function statedDates(site: Site): { date: Date; where: string }[] {
  const out: { date: Date; where: string }[] = [];
  const add = (value: unknown, where: string) => {
    if (typeof value !== "string") return;
    const date = new Date(value.trim());
    if (!Number.isNaN(date.getTime())) out.push({ date, where });
  };
  for (const lastmod of site.sitemap?.lastmods ?? [])
    add(lastmod, `the sitemap (${plain(site.sitemap!.url, 80)})`);
  for (const page of site.pages) {
    for (const key of ["article:published_time", "article:modified_time", "og:updated_time"])
      add(page.meta.get(key), plain(page.url, 80));
    for (const node of page.jsonLd) {
      add(node.datePublished, plain(page.url, 80));
      add(node.dateModified, plain(page.url, 80));
    }
    for (const t of page.times) add(t, plain(page.url, 80));
  }
  return out;
}

export const contentChecks = {
  "service-pages": (site) => {
    const pages = new Map<string, string>();
    // A page that answered 404 (or not at all) is no service page.
    const broken = new Set(
      site.answers
        .filter((a) => a.status === 0 || a.status >= 400)
        .flatMap((a) => [a.url, ...a.redirects])
        .map(pageKey),
    );
    for (const url of site.knownPages) {
      if (broken.has(pageKey(url))) continue;
      const trade = tradeOf(url);
      if (trade && !pages.has(url)) pages.set(url, trade);
    }
    const trades = [...new Set(pages.values())];
    const found = `Found ${count(pages.size, "service page")}${trades.length ? ` (${trades.slice(0, 5).join(", ")})` : ""} among ${count(site.knownPages.length, "page")} linked from the home page or listed in the sitemap`;
    return pages.size >= SERVICE_PAGES_MIN
      ? pass(`${found}.`, site.home.url)
      : fail(
          `${found}; expected at least ${SERVICE_PAGES_MIN}, one per main service.`,
          site.home.url,
        );
  },

  "fresh-content": (site) => {
    const now = site.now.getTime();
    const dates = statedDates(site).filter(({ date }) => date.getTime() <= now + 86_400_000);
    if (!dates.length)
      return fail(
        `No dated content (sitemap dates, article dates) was found. Expected something from the last ${FRESH_DAYS} days.`,
        site.home.url,
      );
    const latest = dates.reduce((a, b) => (b.date > a.date ? b : a));
    const days = Math.max(0, Math.floor((now - latest.date.getTime()) / 86_400_000));
    const found = `The most recent date found is ${latest.date.toISOString().slice(0, 10)} (${count(days, "day")} ago, in ${latest.where})`;
    return days <= FRESH_DAYS
      ? pass(`${found}.`)
      : fail(`${found}; expected something from the last ${FRESH_DAYS} days.`);
  },

  "word-count": (site) => {
    const n = site.home.words;
    const thin = site.pages.filter(
      (p) => p !== site.home && tradeOf(p.url) && p.words < SERVICE_PAGE_WORDS_MIN,
    );
    const services = site.pages.filter((p) => p !== site.home && tradeOf(p.url)).length;
    const found = `The home page has ${count(n, "word")} of text${services ? `; ${services - thin.length} of ${count(services, "service page")} have at least ${SERVICE_PAGE_WORDS_MIN}` : ""}`;
    if (n >= WORD_COUNT_MIN && !thin.length) return pass(`${found}.`, site.home.url);
    return fail(
      `${found}${
        thin.length
          ? ` (${listOf(
              thin.map((p) => `${pathOf(p.url)}: ${count(p.words, "word")}`),
              3,
            )})`
          : ""
      }; expected at least ${WORD_COUNT_MIN} on the home page and ${SERVICE_PAGE_WORDS_MIN} on each service page.`,
      n < WORD_COUNT_MIN ? site.home.url : thin[0]!.url,
    );
  },

  "copyright-year": (site) => {
    let latest: { year: number; text: string; page: string } | null = null;
    for (const page of site.pages.slice(0, 5)) {
      const text = page.text.slice(-20_000);
      for (const m of text.matchAll(COPYRIGHT)) {
        const year = Number(m[1]);
        if (!latest || year > latest.year) latest = { year, text: m[0], page: page.url };
      }
    }
    if (!latest) return na("No copyright notice with a year was found.", site.home.url);
    const thisYear = site.now.getUTCFullYear();
    const found = `The footer says ${quote(latest.text, 40)}`;
    return latest.year >= thisYear - 1
      ? pass(`${found}.`, latest.page)
      : fail(
          `${found}: ${thisYear - latest.year} years old, so the site looks left alone. Expected ${thisYear}.`,
          latest.page,
        );
  },

  "og-tags": (site) => {
    const wanted = ["og:title", "og:description", "og:image"];
    const missing = wanted.filter((k) => !site.home.meta.get(k)?.trim());
    if (!missing.length)
      return pass(
        `og:title ${quote(site.home.meta.get("og:title")!, 60)}, og:description and og:image are set.`,
        site.home.url,
      );
    return fail(
      `The home page lacks ${missing.join(", ")}. Expected all of ${wanted.join(", ")}.`,
      site.home.url,
    );
  },

  "social-links": (site) => {
    const links = [
      ...new Set(
        site.pages.flatMap((p) => p.links.map((l) => l.href)).filter((h) => SOCIAL.test(h)),
      ),
    ];
    if (!links.length)
      return fail(
        "No links to Facebook, Instagram, YouTube, Nextdoor or other social profiles on the pages checked.",
        site.home.url,
      );
    const networks = [...new Set(links.map((h) => new URL(h).hostname.replace(/^www\./, "")))];
    return pass(`Links to ${networks.slice(0, 5).join(", ")}.`, site.home.url);
  },
} satisfies Record<string, Check>;
