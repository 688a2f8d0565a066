/**
 * What the checks read: the fetched pages parsed once (htmlparser2, statically: no script of the
 * site ever runs), robots.txt and the sitemap. `buildSite` is pure: the same fetched bytes and
 * the same `now` always give the same Site, so the same score.
 */
import { DomUtils, ElementType, parseDocument } from "htmlparser2";

type Document = ReturnType<typeof parseDocument>;
type Node = Document["children"][number];
type Element = ReturnType<typeof DomUtils.getElementsByTagName>[number];

/** A fetched answer as the checks need it (a subset of fetch.ts's FetchedPage). */
export interface PageInput {
  url: string;
  status: number;
  ms: number;
  bytes: number;
  truncated?: boolean;
  contentType?: string;
  headers?: { xRobotsTag?: string; lastModified?: string };
  body: string;
}

export interface Link {
  /** Absolute URL (without #fragment), or the raw href for tel:, mailto: and the like. */
  href: string;
  text: string;
  /** Inside a <header>, a role=banner or <nav> at the top of the page. */
  inHeader: boolean;
  /** Position among the page's links, from 0. */
  index: number;
}

export interface FormInfo {
  /** Input types and names, e.g. `email:email`, `tel:phone`, `textarea:message`. */
  fields: { type: string; name: string }[];
  role: string;
}

export interface Page {
  url: string;
  status: number;
  ms: number;
  bytes: number;
  truncated: boolean;
  contentType: string | undefined;
  xRobotsTag: string | undefined;
  isHtml: boolean;
  lang: string | null;
  title: string | null;
  /** <meta name=…> and <meta property=…>, keys in lower case; the first of each. */
  meta: Map<string, string>;
  canonical: string | null;
  h1s: string[];
  /** The visible text (no script, style, template, noscript or svg), white space collapsed. */
  text: string;
  /** The text of <header> / role=banner elements. */
  headerText: string;
  links: Link[];
  images: { src: string; alt: string | null }[];
  forms: FormInfo[];
  iframes: string[];
  scripts: number;
  stylesheets: number;
  /** JSON-LD nodes, @graph and arrays flattened; unparsable blocks skipped. */
  jsonLd: Record<string, unknown>[];
  /** <time datetime> values. */
  times: string[];
}

export interface SitemapInput {
  url: string;
  status: number;
  body: string;
}

export interface SiteInput {
  /** What the prospect typed. */
  input: string;
  /** When the check ran: fresh-content counts back from it. */
  now: Date;
  home: PageInput;
  /** Further same-site pages fetched (not the home page). */
  pages: PageInput[];
  /** robots.txt of the home page's origin: null when it could not be fetched at all. */
  robots: { url: string; status: number; body: string } | null;
  sitemaps: SitemapInput[];
  /** Whether http:// on the same host answers with a redirect to https:// (null: not known). */
  httpRedirect: { url: string; toHttps: boolean; status: number | null } | null;
}

export interface Site {
  input: string;
  now: Date;
  home: Page;
  /** Every HTML page fetched that answered 2xx, home first. */
  pages: Page[];
  /** Every further page asked for and its status (0: no answer), for broken links. */
  answers: { url: string; status: number }[];
  robots: SiteInput["robots"];
  sitemap: { url: string; urls: string[]; lastmods: string[] } | null;
  httpRedirect: SiteInput["httpRedirect"];
  /** Same-site page URLs known from the home page's links and the sitemap. */
  knownPages: string[];
}

const HIDDEN = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "svg",
  "head",
  "iframe",
  "object",
]);
const BLOCK =
  /^(p|div|section|article|header|footer|nav|main|aside|li|ul|ol|h[1-6]|br|tr|td|th|table|form|label|button|address|blockquote|figure|figcaption|dd|dt)$/;

const isElement = (node: Node): node is Element => ElementType.isTag(node);
const isText = (node: Node): node is Node & { data: string } => node.type === ElementType.Text;

/** Visible text of a node: words, with a space where a block ends. */
function textOf(node: Node, out: string[]): void {
  if (isText(node)) {
    out.push(node.data);
    return;
  }
  if (!isElement(node)) {
    if ("children" in node) for (const child of node.children) textOf(child as Node, out);
    return;
  }
  if (HIDDEN.has(node.name) || node.attribs.hidden !== undefined) return;
  if (node.name === "img" && node.attribs.alt) out.push(` ${node.attribs.alt} `);
  for (const child of node.children) textOf(child as Node, out);
  if (BLOCK.test(node.name)) out.push(" ");
}

export const visibleText = (node: Node | Node[]): string => {
  const out: string[] = [];
  for (const n of Array.isArray(node) ? node : [node]) textOf(n, out);
  return out.join("").replace(/\s+/g, " ").trim();
};

const attr = (el: Element, name: string): string | undefined => el.attribs[name];

function absolute(href: string, base: string): string | null {
  try {
    const url = new URL(href.trim(), base);
    url.hash = "";
    return url.href;
  } catch {
    return null;
  }
}

function flattenJsonLd(value: unknown, out: Record<string, unknown>[], depth = 0): void {
  if (depth > 4 || value === null || typeof value !== "object") return;
  if (Array.isArray(value)) {
    for (const item of value) flattenJsonLd(item, out, depth + 1);
    return;
  }
  const node = value as Record<string, unknown>;
  if ("@type" in node) out.push(node);
  if (Array.isArray(node["@graph"])) flattenJsonLd(node["@graph"], out, depth + 1);
}

export const isHtmlType = (contentType: string | undefined, body: string): boolean => {
  if (contentType) return /^\s*(text\/html|application\/xhtml\+xml)/i.test(contentType);
  return /^\s*(<!doctype html|<html|<head|<body)/i.test(body.slice(0, 512));
};

export function parsePage(input: PageInput): Page {
  const isHtml = isHtmlType(input.contentType, input.body);
  const doc = parseDocument(isHtml ? input.body : "", { decodeEntities: true });
  const all = DomUtils.getElementsByTagName(() => true, doc.children, true);
  const byTag = (tag: string) => all.filter((el) => el.name === tag);
  const base =
    absolute(attr(byTag("base")[0] ?? ({ attribs: {} } as Element), "href") ?? "", input.url) ??
    input.url;

  const meta = new Map<string, string>();
  for (const el of byTag("meta")) {
    const key = (attr(el, "name") ?? attr(el, "property") ?? attr(el, "http-equiv"))?.toLowerCase();
    const content = attr(el, "content");
    if (key && content !== undefined && !meta.has(key)) meta.set(key, content);
  }
  const canonicalEl = byTag("link").find((el) =>
    (attr(el, "rel") ?? "").toLowerCase().split(/\s+/).includes("canonical"),
  );
  const headers = all.filter(
    (el) => el.name === "header" || (attr(el, "role") ?? "").toLowerCase() === "banner",
  );
  const inHeader = (el: Element): boolean => {
    for (let p = el.parent; p; p = p.parent) if (headers.includes(p as Element)) return true;
    return false;
  };

  const links: Link[] = [];
  for (const el of byTag("a")) {
    const raw = attr(el, "href");
    if (!raw) continue;
    const href = /^\s*(tel|mailto|sms|javascript):/i.test(raw) ? raw.trim() : absolute(raw, base);
    if (!href) continue;
    links.push({
      href,
      text: visibleText(el) || attr(el, "aria-label") || attr(el, "title") || "",
      inHeader: inHeader(el),
      index: links.length,
    });
  }

  const jsonLd: Record<string, unknown>[] = [];
  for (const el of byTag("script")) {
    if ((attr(el, "type") ?? "").toLowerCase().trim() !== "application/ld+json") continue;
    try {
      flattenJsonLd(JSON.parse(DomUtils.textContent(el)), jsonLd);
    } catch {
      // A broken block is as good as none: local-business-schema says so.
    }
  }

  const forms: FormInfo[] = byTag("form").map((form) => ({
    role: (attr(form, "role") ?? "").toLowerCase(),
    fields: DomUtils.getElementsByTagName(
      (name) => name === "input" || name === "textarea" || name === "select",
      form.children,
      true,
    ).map((field) => ({
      type: field.name === "input" ? (attr(field, "type") ?? "text").toLowerCase() : field.name,
      name: (attr(field, "name") ?? attr(field, "id") ?? "").toLowerCase(),
    })),
  }));

  const body = byTag("body")[0];
  return {
    url: input.url,
    status: input.status,
    ms: input.ms,
    bytes: input.bytes,
    truncated: input.truncated ?? false,
    contentType: input.contentType,
    xRobotsTag: input.headers?.xRobotsTag,
    isHtml,
    lang: attr(byTag("html")[0] ?? ({ attribs: {} } as Element), "lang") ?? null,
    title: byTag("title")[0] ? visibleTitle(byTag("title")[0]!) : null,
    meta,
    canonical: canonicalEl ? (absolute(attr(canonicalEl, "href") ?? "", base) ?? "") : null,
    h1s: byTag("h1").map((el) => visibleText(el)),
    text: visibleText(body ?? doc),
    headerText: visibleText(headers),
    links,
    images: byTag("img").map((el) => ({
      src: attr(el, "src") ?? "",
      alt: attr(el, "alt") ?? null,
    })),
    forms,
    iframes: byTag("iframe").map((el) => attr(el, "src") ?? ""),
    scripts: byTag("script").filter((el) => attr(el, "src")).length,
    stylesheets: byTag("link").filter(
      (el) => (attr(el, "rel") ?? "").toLowerCase() === "stylesheet",
    ).length,
    jsonLd,
    times: byTag("time")
      .map((el) => attr(el, "datetime") ?? "")
      .filter(Boolean),
  };
}

function visibleTitle(el: Element): string {
  return DomUtils.textContent(el).replace(/\s+/g, " ").trim();
}

/** <loc> and <lastmod> of a sitemap or sitemap index. */
export function parseSitemap(xml: string): { urls: string[]; lastmods: string[]; index: boolean } {
  const doc = parseDocument(xml, { xmlMode: true });
  const text = (tag: string) =>
    DomUtils.getElementsByTagName(tag, doc.children, true).map((el) =>
      DomUtils.textContent(el).trim(),
    );
  const index = DomUtils.getElementsByTagName("sitemapindex", doc.children, true).length > 0;
  return { urls: text("loc").filter(Boolean), lastmods: text("lastmod").filter(Boolean), index };
}

/** Host without a leading `www.`: lawnpros.com and www.lawnpros.com are one site. */
export const siteHost = (url: string): string | null => {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return null;
  }
};

export const sameSite = (a: string, b: string): boolean => {
  const host = siteHost(a);
  return host !== null && host === siteHost(b);
};

/** Same-site page URLs a crawler would follow from the home page's links and the sitemap. */
export function pageCandidates(home: Page, sitemapUrls: string[]): string[] {
  const seen = new Set<string>([normalisePath(home.url)]);
  const out: string[] = [];
  const add = (href: string) => {
    if (!/^https?:/i.test(href) || !sameSite(href, home.url)) return;
    if (
      /\.(pdf|jpe?g|png|gif|webp|svg|zip|mp4|mp3|docx?|xlsx?|ics|xml|txt)$/i.test(
        new URL(href).pathname,
      )
    )
      return;
    const key = normalisePath(href);
    if (seen.has(key)) return;
    seen.add(key);
    out.push(href);
  };
  for (const link of home.links) add(link.href);
  for (const url of sitemapUrls) add(url);
  return out;
}

/** A URL's identity for de-duplication: host without www, path without a trailing slash, query. */
function normalisePath(href: string): string {
  const url = new URL(href);
  return `${siteHost(href)}${url.pathname.replace(/\/+$/, "") || "/"}${url.search}`;
}

export function buildSite(input: SiteInput): Site {
  const home = parsePage(input.home);
  const pages = [
    home,
    ...input.pages
      .filter((p) => p.status >= 200 && p.status < 300 && isHtmlType(p.contentType, p.body))
      .map(parsePage),
  ];
  let sitemap: Site["sitemap"] = null;
  for (const s of input.sitemaps) {
    if (s.status < 200 || s.status >= 300) continue;
    const parsed = parseSitemap(s.body);
    if (!parsed.urls.length) continue;
    if (!sitemap) sitemap = { url: s.url, urls: [], lastmods: [] };
    if (!parsed.index) sitemap.urls.push(...parsed.urls);
    sitemap.lastmods.push(...parsed.lastmods);
  }
  return {
    input: input.input,
    now: input.now,
    home,
    pages,
    answers: input.pages.map((p) => ({ url: p.url, status: p.status })),
    robots: input.robots,
    sitemap,
    httpRedirect: input.httpRedirect,
    knownPages: pageCandidates(home, sitemap?.urls ?? []),
  };
}
