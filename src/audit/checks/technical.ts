/**
 * Technical checks: what lets Google and a phone read the site. Pure functions over the Site;
 * the per-page ones read every page that was read and name the pages in their evidence.
 */
import { sizeText } from "../assets.ts";
import { blockingRule } from "../robots.ts";
import type { Page, Site } from "../site.ts";
import { withoutTrailingSlashes } from "../site.ts";
import { plain, quote } from "../text.ts";
import {
  capped,
  count,
  fail,
  listOf,
  na,
  pass,
  pathOf,
  type Check,
  type Outcome,
} from "./outcome.ts";

/** What a phone downloads for the home page (HTML, same-site images, stylesheets, scripts). */
export const PAGE_WEIGHT_MAX_BYTES = 3 * 1024 * 1024;
/** Past this the grade is capped at C. */
export const PAGE_WEIGHT_CAP_BYTES = 5 * 1024 * 1024;
/** The home page's full answer should take no longer than this (ms). */
export const RESPONSE_TIME_MAX_MS = 1500;
/** A title longer than this is cut in Google's results. */
export const TITLE_MAX = 70;
/** The home page's description; other pages' only need one of some substance. */
export const DESCRIPTION_LENGTH = { min: 50, max: 200 };
export const DESCRIPTION_OTHER_PAGES = { min: 25, max: 200 };
/** An image file heavier than this is too heavy for a phone. */
export const IMAGE_MAX_BYTES = 300 * 1024;
/** An image this many times wider than it is shown is served too large. */
export const IMAGE_OVERSIZE_RATIO = 3;
/** …and at least this many pixels wider: a photo for a sharp phone screen is twice as wide. */
export const IMAGE_OVERSIZE_MIN_PX = 800;
/** Blocking stylesheets in the head: more than this many, or heavier than this in all, fail. */
export const RENDER_BLOCKING_STYLESHEETS_MAX = 4;
export const RENDER_BLOCKING_CSS_MAX_BYTES = 150 * 1024;

const home = (site: Site) => site.home.url;
const where = (site: Site, page: Page) => pathOf(page.url, site.home.url);

/** A page's problems, found page by page; `ok` when none had any. */
function perPage(
  site: Site,
  problem: (page: Page) => string | null,
): { bad: { page: Page; what: string }[] } {
  const bad: { page: Page; what: string }[] = [];
  for (const page of site.pages) {
    const what = problem(page);
    if (what) bad.push({ page, what });
  }
  return { bad };
}

const readCount = (site: Site) =>
  site.pages.length === 1 ? "the home page" : `all ${count(site.pages.length, "page")} read`;

/** Hosts the site names itself by: og:url, JSON-LD url/@id, the sitemap's addresses. */
function ownHosts(site: Site): Set<string> {
  const hosts = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value !== "string") return;
    try {
      hosts.add(new URL(value).hostname.toLowerCase().replace(/^www\./, ""));
    } catch {
      // not an address
    }
  };
  add(site.home.url);
  add(site.home.meta.get("og:url"));
  for (const page of site.pages)
    for (const node of page.jsonLd) {
      add(node.url);
      add(node["@id"]);
    }
  for (const url of site.sitemap?.urls.slice(0, 50) ?? []) add(url);
  return hosts;
}

/** noindex in a page's meta robots, meta googlebot or X-Robots-Tag: where and what. */
function noindexOf(page: Page): string | null {
  for (const [where, value] of [
    ['<meta name="robots">', page.meta.get("robots") ?? ""],
    ['<meta name="googlebot">', page.meta.get("googlebot") ?? ""],
    ["the X-Robots-Tag header", page.xRobotsTag ?? ""],
  ] as const) {
    if (/\b(?:noindex|none)\b/i.test(value)) return `${quote(value, 60)} in ${where}`;
  }
  return null;
}

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
        "The site has no working https version (see 'Secure connection'), so there is nothing to redirect to.",
      );
    const r = site.httpRedirect;
    if (!r || r.status === null)
      return na("The http:// version of the site did not answer, so no visitor can land on it.");
    if (r.toHttps) return pass(`${plain(r.url)} redirects to https.`, r.url);
    // On a port of its own (host:port) http:// and https:// share the port: a plain request to
    // a TLS port is answered with an error, not a page nobody can land on.
    if (new URL(site.home.url).port && (r.status >= 400 || r.status < 200))
      return na(
        `${plain(r.url)} is the secure site's own port and answers plain http with ${r.status}: no page to land on.`,
      );
    return fail(
      `${plain(r.url)} answered ${r.status} without redirecting to https. Expected a redirect (301) to the https:// address.`,
      r.url,
    );
  },

  "search-engines-allowed": (site) => {
    const r = site.robots;
    if (!r || r.status < 200 || r.status >= 300)
      return pass("There is no robots.txt rule keeping search engines out.", home(site));
    const google = blockingRule(home(site), r.body, "Googlebot");
    const others = blockingRule(home(site), r.body, "Bingbot");
    if (google && others)
      return capped(
        fail(
          `Every search engine, Google included, is told not to read your site: ${plain(r.url)} says ${quote(google, 100)}.`,
          r.url,
        ),
        "D",
      );
    if (google)
      return capped(
        fail(
          `Google is told not to read your site: ${plain(r.url)} says ${quote(google, 100)}.`,
          r.url,
        ),
        "D",
      );
    if (others)
      return fail(
        `Search engines other than Google are told not to read your site: ${plain(r.url)} says ${quote(others, 100)}.`,
        r.url,
      );
    return pass(`${plain(r.url)} lets Google and other search engines read the home page.`, r.url);
  },

  indexable: (site) => {
    const { bad } = perPage(site, noindexOf);
    if (!bad.length)
      return pass(`No noindex (meta robots or X-Robots-Tag) on ${readCount(site)}.`, home(site));
    const named = bad.map((b) => `${where(site, b.page)} (${b.what})`);
    const homeBlocked = bad.some((b) => b.page === site.home);
    const out = fail(
      `Google is told not to list ${listOf(named, 3)}. Expected no noindex on pages you want found.`,
      bad[0]!.page.url,
    );
    return homeBlocked ? capped(out, "D") : out;
  },

  canonical: (site) => {
    const href = site.home.canonical;
    if (href === null)
      return fail(
        'The home page has no <link rel="canonical">. Expected one naming its own address.',
        home(site),
      );
    let host: string;
    try {
      host = new URL(href).hostname.toLowerCase().replace(/^www\./, "");
    } catch {
      return fail(
        `The home page's canonical link ${quote(href)} is not a full address.`,
        home(site),
      );
    }
    if (ownHosts(site).has(host))
      return pass(`The home page's canonical link is ${quote(href)}.`, home(site));
    return capped(
      {
        ...fail(
          `The home page's canonical link points to ${quote(href)}, another site: Google is told to list that site instead of yours.`,
          home(site),
        ),
        variant: "elsewhere",
      },
      "D",
    );
  },

  viewport: (site) => {
    const { bad } = perPage(site, (page) => {
      const value = page.meta.get("viewport");
      if (value === undefined) return "no viewport tag";
      return /width\s*=\s*device-width/i.test(value) ? null : `viewport ${quote(value, 60)}`;
    });
    if (!bad.length)
      return pass(
        `${site.pages.length === 1 ? "The home page has" : `All ${count(site.pages.length, "page")} read have`} a viewport tag with width=device-width.`,
        home(site),
      );
    return capped(
      fail(
        `Not set up for phones (they show it zoomed out): ${listOf(
          bad.map((b) => `${where(site, b.page)} (${b.what})`),
          3,
        )}. Expected <meta name="viewport" content="width=device-width, initial-scale=1"> on every page.`,
        bad[0]!.page.url,
      ),
      "C",
    );
  },

  title: (site) => {
    const { bad } = perPage(site, (page) => {
      const t = page.title?.trim();
      if (!t) return "no <title>";
      const n = [...t].length;
      return n > TITLE_MAX ? `${quote(t, 60)}, ${n} characters` : null;
    });
    if (!bad.length)
      return pass(
        `The home page's title is ${quote(site.home.title ?? "", 80)}; ${readCount(site)} have a title of at most ${TITLE_MAX} characters.`,
        home(site),
      );
    return fail(
      `${listOf(
        bad.map((b) => `${where(site, b.page)}: ${b.what}`),
        3,
      )}. Expected a title of at most ${TITLE_MAX} characters on every page, naming what you do and where.`,
      bad[0]!.page.url,
    );
  },

  "meta-description": (site) => {
    const { bad } = perPage(site, (page) => {
      const d = page.meta.get("description")?.trim();
      if (!d) return "no meta description";
      const n = [...d].length;
      const b = page === site.home ? DESCRIPTION_LENGTH : DESCRIPTION_OTHER_PAGES;
      return n < b.min || n > b.max ? `${n} characters, expected ${b.min} to ${b.max}` : null;
    });
    if (!bad.length)
      return pass(
        `${readCount(site)[0]!.toUpperCase()}${readCount(site).slice(1)} have a description; the home page's is ${quote(site.home.meta.get("description") ?? "", 80)}.`,
        home(site),
      );
    return fail(
      `${listOf(
        bad.map((b) => `${where(site, b.page)}: ${b.what}`),
        3,
      )}. Expected a description of ${DESCRIPTION_LENGTH.min} to ${DESCRIPTION_LENGTH.max} characters on every page.`,
      bad[0]!.page.url,
    );
  },

  h1: (site) => {
    const { bad } = perPage(site, (page) => {
      const h1s = page.h1s.filter((h) => h.trim());
      if (h1s.length === 0) return "no main heading (<h1>)";
      if (h1s.length > 1)
        return `${h1s.length} main headings: ${h1s
          .slice(0, 2)
          .map((h) => quote(h, 40))
          .join(", ")}`;
      return null;
    });
    if (!bad.length)
      return pass(
        `The home page's main heading is ${quote(site.home.h1s.find((h) => h.trim()) ?? "")}; ${readCount(site)} have exactly one.`,
        home(site),
      );
    return fail(
      `${listOf(
        bad.map((b) => `${where(site, b.page)}: ${b.what}`),
        3,
      )}. Expected one main heading on every page.`,
      bad[0]!.page.url,
    );
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
    const { bytes, truncated, url } = site.home;
    const onHome = new Set(
      site.home.resources
        .filter((r) => r.kind === "image" || r.kind === "stylesheet" || r.kind === "script")
        .map((r) => r.url),
    );
    const files = site.assets.filter((a) => onHome.has(a.url) && a.status < 300);
    const sum = (kind: string) =>
      files.filter((a) => a.kind === kind).reduce((n, a) => n + a.bytes, 0);
    const total = bytes + files.reduce((n, a) => n + a.bytes, 0);
    const parts = [
      `HTML ${truncated ? "over " : ""}${sizeText(bytes)}`,
      ...(["image", "stylesheet", "script"] as const)
        .map((kind) => {
          const n = files.filter((a) => a.kind === kind).length;
          return n ? `${count(n, kind)} ${sizeText(sum(kind))}` : "";
        })
        .filter(Boolean),
    ];
    const largest = [...files].sort((a, b) => b.bytes - a.bytes)[0];
    const unmeasured = [...onHome].filter((u) => !site.assets.some((a) => a.url === u)).length;
    const found = `A phone downloads ${total > PAGE_WEIGHT_MAX_BYTES || files.some((a) => a.cut) ? "at least " : ""}${sizeText(total)} for the home page (${parts.join(", ")}${unmeasured ? `; ${count(unmeasured, "other-site file")} not counted` : ""})`;
    if (total <= PAGE_WEIGHT_MAX_BYTES && !truncated) return pass(`${found}.`, url);
    const out = fail(
      `${found}; expected at most ${sizeText(PAGE_WEIGHT_MAX_BYTES)}.${largest && largest.bytes > 200 * 1024 ? ` The heaviest: ${pathOf(largest.url)} (${sizeText(largest.bytes)}).` : ""}`,
      url,
    );
    return total > PAGE_WEIGHT_CAP_BYTES ? capped(out, "C") : out;
  },

  "response-time": (site) => {
    const { ms, url } = site.home;
    const found = `The home page took ${(ms / 1000).toFixed(2)} s to arrive`;
    return ms <= RESPONSE_TIME_MAX_MS
      ? pass(`${found}.`, url)
      : fail(`${found}; expected at most ${(RESPONSE_TIME_MAX_MS / 1000).toFixed(1)} s.`, url);
  },

  "image-size": (site) => {
    const images = site.assets.filter(
      (a) => a.kind === "image" && a.status >= 200 && a.status < 300,
    );
    if (!images.length) return na("No image of the site itself could be measured.");
    const heavy = images.filter((a) => a.bytes > IMAGE_MAX_BYTES);
    const shown = new Map<string, number>();
    for (const page of site.pages)
      for (const img of page.images)
        if (img.url && img.width) shown.set(img.url, Math.max(shown.get(img.url) ?? 0, img.width));
    const oversized = images.filter((a) => {
      const w = shown.get(a.url);
      return (
        !!w &&
        !!a.width &&
        a.width > IMAGE_OVERSIZE_RATIO * w &&
        a.width - w >= IMAGE_OVERSIZE_MIN_PX
      );
    });
    if (!heavy.length && !oversized.length)
      return pass(
        `All ${count(images.length, "image")} measured are at most ${sizeText(IMAGE_MAX_BYTES)} and no larger than shown.`,
        home(site),
      );
    const parts = [
      ...heavy
        .sort((a, b) => b.bytes - a.bytes)
        .map((a) => `${pathOf(a.url)} is ${a.cut ? "over " : ""}${sizeText(a.bytes)}`),
      ...oversized
        .filter((a) => !heavy.includes(a))
        .map(
          (a) =>
            `${pathOf(a.url)} is ${a.width}×${a.height} pixels, shown ${shown.get(a.url)} wide`,
        ),
    ];
    return fail(
      `${listOf(parts, 4)}. Expected photos of at most ${sizeText(IMAGE_MAX_BYTES)}, sized to how they are shown.`,
      home(site),
    );
  },

  "render-blocking": (site) => {
    const head = site.home.resources.filter((r) => r.inHead && r.blocking);
    const scripts = head.filter((r) => r.kind === "script");
    const sheets = head.filter((r) => r.kind === "stylesheet");
    const bytesOf = (url: string) => site.assets.find((a) => a.url === url)?.bytes;
    const cssBytes = sheets.reduce((n, r) => n + (bytesOf(r.url) ?? 0), 0);
    const describe = (r: (typeof head)[number]) => {
      const b = bytesOf(r.url);
      return `${pathOf(r.url)}${b ? ` (${sizeText(b)})` : ""}`;
    };
    const tooMuchCss =
      sheets.length > RENDER_BLOCKING_STYLESHEETS_MAX || cssBytes > RENDER_BLOCKING_CSS_MAX_BYTES;
    if (!scripts.length && !tooMuchCss)
      return pass(
        `The home page's head loads ${count(sheets.length, "stylesheet")}${cssBytes ? ` (${sizeText(cssBytes)})` : ""} and no script that holds up the page.`,
        home(site),
      );
    const parts = [
      scripts.length
        ? `${count(scripts.length, "script")} without async or defer: ${listOf(scripts.map(describe), 3)}`
        : "",
      tooMuchCss
        ? `${count(sheets.length, "stylesheet")}${cssBytes ? ` (${sizeText(cssBytes)})` : ""}: ${listOf(sheets.map(describe), 3)}`
        : "",
    ].filter(Boolean);
    return fail(
      `The home page's head makes the phone wait for ${parts.join("; and ")} before showing anything.`,
      home(site),
    );
  },

  "mixed-content": (site) => {
    if (!site.home.url.startsWith("https:"))
      return na("The site is not served over https, so nothing on it can be mixed in.");
    const bad: string[] = [];
    let first: string | undefined;
    for (const page of site.pages) {
      if (!page.url.startsWith("https:")) continue;
      const insecure = page.resources.filter((r) => r.url.startsWith("http:"));
      if (!insecure.length) continue;
      first ??= page.url;
      bad.push(
        `${where(site, page)} loads ${listOf(
          insecure.map((r) => `${r.kind} ${quote(r.url, 80)}`),
          2,
        )}`,
      );
    }
    if (!bad.length)
      return pass(`Every file ${readCount(site)} load comes over https.`, home(site));
    return fail(
      `${listOf(bad, 3)} over plain http: browsers block it or mark the page 'Not secure'. Expected https:// for every script, stylesheet, image and frame.`,
      first,
    );
  },

  "redirect-chain": (site) => {
    const hops = site.home.redirects;
    const chain = (list: string[], end: string) =>
      [...list, end].map((u) => quote(u, 60)).join(" → ");
    if (hops.length > 1)
      return fail(
        `The home page takes ${hops.length} redirects to reach: ${chain(hops, site.home.url)}. Expected at most one.`,
        site.home.url,
      );
    const links = site.answers.filter((a) => a.redirects.length > 1);
    if (links.length)
      return fail(
        `${listOf(
          links.map((a) => `${pathOf(a.redirects[0]!)} takes ${a.redirects.length} redirects`),
          3,
        )}. Expected each link to point straight at its page.`,
        links[0]!.url,
      );
    return pass(
      `The home page ${hops.length ? "is one redirect away" : "answers without a redirect"}, and no link read goes through more than one.`,
      site.home.url,
    );
  },

  "image-alt": (site) => {
    const images = site.pages.flatMap((p) =>
      p.images.filter((img) => !img.unseen).map((img) => ({ ...img, page: p.url })),
    );
    if (!images.length) return na("No images were found on the pages checked.");
    const missing = images.filter((img) => img.alt === null);
    const found = `${images.length - missing.length} of ${count(images.length, "image")} on ${count(site.pages.length, "page")} have alt text`;
    if (!missing.length) return pass(`${found}.`);
    const pages = [...new Set(missing.map((img) => pathOf(img.page, site.home.url)))];
    return fail(
      `${found}; ${missing.length === 1 ? "one has" : `${missing.length} have`} none, on ${listOf(pages, 3)}. First without: ${quote(missing[0]!.src || "(no src)")}.`,
      missing[0]!.page,
    );
  },

  "broken-links": (site) => {
    const internal = new Set(site.home.links.map((l) => withoutTrailingSlashes(l.href)));
    const checked = site.answers.filter(
      (p) =>
        internal.has(withoutTrailingSlashes(p.redirects[0] ?? p.url)) ||
        internal.has(withoutTrailingSlashes(p.url)),
    );
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

  "broken-images": (site) => {
    const images = site.assets.filter((a) => a.kind === "image");
    if (!images.length) return na("No image of the site itself was found to open.");
    const broken = images.filter((a) => a.status >= 400);
    if (!broken.length)
      return pass(
        `All ${count(images.length, "image")} of the site that we opened load.`,
        home(site),
      );
    return fail(
      `${listOf(
        broken.map((a) => `${pathOf(a.url)} (${a.status})`),
        4,
      )}: ${broken.length === 1 ? "this image does" : "these images do"} not load, so visitors see a broken picture.`,
      home(site),
    );
  },

  "soft-404": (site) => {
    const p = site.probe;
    if (!p) return na("We could not ask the site for a page that does not exist.");
    if (p.status === 404 || p.status === 410)
      return pass(
        `A made-up address (${pathOf(p.url)}) answered ${p.status}, as it should.`,
        p.url,
      );
    if (p.status >= 200 && p.status < 300) {
      const sameAsHome =
        p.url === site.home.url ||
        (p.page !== null &&
          ((p.page.title ?? "") === (site.home.title ?? "") ||
            p.page.text.slice(0, 2000) === site.home.text.slice(0, 2000)));
      return fail(
        `A made-up address (${pathOf(p.url)}) answered ${p.status} with ${sameAsHome ? "the home page" : "a page"} instead of 404 (not found), so Google may list missing pages as real ones.`,
        p.url,
      );
    }
    return na(`A made-up address answered ${p.status}.`, p.url);
  },

  "duplicate-titles": (site) => duplicates(site, "title", (p) => p.title),

  "duplicate-descriptions": (site) =>
    duplicates(site, "description", (p) => p.meta.get("description") ?? null),

  "javascript-content": (site) => {
    const h = site.home;
    if (site.jsOnly)
      return fail(
        `The home page arrives as an empty shell (${count(h.words, "word")} of text, ${count(h.scripts, "script")}): its content appears only after JavaScript runs, so Google and link previews may see a blank page.`,
        h.url,
      );
    return pass(
      `The home page's text (${count(h.words, "word")}) is in the page as sent, without JavaScript.`,
      h.url,
    );
  },
} satisfies Record<string, Check>;

/** The same title (or description) on two or more of the pages read. */
function duplicates(site: Site, what: string, value: (page: Page) => string | null): Outcome {
  if (site.pages.length < 2) return na(`Only the home page was read, so no ${what} can repeat.`);
  const groups = new Map<string, Page[]>();
  for (const page of site.pages) {
    const v = value(page)?.replace(/\s+/g, " ").trim().toLowerCase();
    if (!v) continue;
    groups.set(v, [...(groups.get(v) ?? []), page]);
  }
  const repeated = [...groups.values()].filter((g) => g.length > 1);
  const withOne = [...groups.values()].reduce((n, g) => n + g.length, 0);
  if (withOne < 2)
    return na(`Fewer than two of the pages read have a ${what}, so none can repeat.`);
  if (!repeated.length)
    return pass(
      `Each of the ${count(withOne, "page")} read with a ${what} has its own.`,
      home(site),
    );
  return fail(
    `${listOf(
      repeated.map(
        (g) =>
          `${listOf(
            g.map((p) => where(site, p)),
            3,
          )} share the ${what} ${quote(value(g[0]!) ?? "", 60)}`,
      ),
      2,
    )}. Expected each page to have its own ${what}.`,
    repeated[0]![0]!.url,
  );
}
