/**
 * What the checks read: the fetched pages parsed once (htmlparser2, statically: no script of the
 * site ever runs), robots.txt and the sitemap. `buildSite` is pure: the same fetched bytes and
 * the same `now` always give the same Site, so the same score.
 */
import { DomHandler, DomUtils, ElementType, Parser, type parseDocument } from "htmlparser2";
import type { AssetInfo } from "./assets.ts";

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
  /** Every URL that answered with a redirect on the way to this one, in order. */
  redirects?: string[];
  body: string;
}

/** A file the page loads: what mixed-content, render-blocking and the byte counts read. */
export interface Resource {
  kind: "script" | "stylesheet" | "image" | "iframe" | "media";
  /** Absolute URL (without #fragment). */
  url: string;
  /** Inside <head>. */
  inHead: boolean;
  /** Holds up the first paint: a script without async, defer or type=module, a stylesheet for the screen. */
  blocking: boolean;
}

/** One <script type="application/ld+json"> block and what was wrong with it, if anything. */
export interface JsonLdBlock {
  /** 1-based position among the page's JSON-LD blocks. */
  index: number;
  /** null: it parsed; else why not ("does not parse", "has a trailing comma"). */
  error: string | null;
  /** The @types it holds (when it could be read, even leniently). */
  types: string[];
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
  /** src as written, the absolute URL, and the width/height attributes (CSS pixels) when set. */
  images: {
    src: string;
    url: string | null;
    alt: string | null;
    width: number | null;
    height: number | null;
    /** Inside <noscript>, <template> or a hidden element, or a 1×1 pixel: no picture anyone sees. */
    unseen: boolean;
  }[];
  /** Scripts, stylesheets, images, iframes and media the page loads, in order. */
  resources: Resource[];
  forms: FormInfo[];
  iframes: string[];
  scripts: number;
  stylesheets: number;
  /**
   * JSON-LD nodes, @graph and arrays flattened. A block that does not parse is read leniently
   * (trailing commas dropped) so its business type is still seen; `jsonLdBlocks` says so.
   */
  jsonLd: Record<string, unknown>[];
  jsonLdBlocks: JsonLdBlock[];
  /** Redirects on the way to this page. */
  redirects: string[];
  /** Words of visible text. */
  words: number;
  /**
   * An empty JavaScript shell: a mount element (`<div id="root">`…) and scripts, and almost no
   * text without JavaScript.
   */
  shell: boolean;
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
  /** The answer to a made-up address of the site (soft-404); absent: not asked. */
  probe?: { url: string; status: number; body: string; contentType?: string } | null;
  /** Same-site images, stylesheets and scripts asked for (page-weight, image-size…). */
  assets?: AssetInfo[];
  /** Page URLs answered under another name (`/index.html` for `/`): asked, not read twice. */
  duplicates?: { url: string; sameAs: string }[];
  /** Whether robots.txt names our bot's token (then it is obeyed). */
  robotsNamesUs?: boolean;
}

export interface Site {
  input: string;
  now: Date;
  home: Page;
  /** Every HTML page fetched that answered 2xx, home first. */
  pages: Page[];
  /** Every further page asked for and its status (0: no answer), for broken links. */
  answers: { url: string; status: number; redirects: string[] }[];
  robots: SiteInput["robots"];
  sitemap: { url: string; urls: string[]; lastmods: string[] } | null;
  httpRedirect: SiteInput["httpRedirect"];
  /** Same-site page URLs known from the home page's links and the sitemap. */
  knownPages: string[];
  /** The made-up address's answer, parsed (soft-404); null when not asked. */
  probe: { url: string; status: number; page: Page | null } | null;
  /** Same-site images, stylesheets and scripts asked for; empty when none were. */
  assets: AssetInfo[];
  /** The home page is an empty JavaScript shell: content checks cannot read it. */
  jsOnly: boolean;
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

/**
 * What one page may make the parser read (issue 36): a page a stranger points us at is read in
 * one walk, in time linear in its size, and only this much of it. Past a cap the rest of that
 * kind is left unread, as a crawler's would be.
 */
export const PARSE_LIMITS = Object.freeze({
  /** Elements visited (a 2 MB page of empty elements holds about 200,000). */
  elements: 40_000,
  /** Nesting: elements deeper than this are not read (browsers stop well before). */
  depth: 256,
  /** Links, images, forms, fields per form, iframes, JSON-LD blocks, <time>s kept. */
  links: 2_000,
  images: 1_000,
  forms: 50,
  fields: 100,
  iframes: 100,
  jsonLd: 20,
  times: 200,
  /** Scripts, stylesheets, images, iframes and media kept per page. */
  resources: 1_000,
  /** Characters of an href or src read (longer ones are cut before any pattern sees them). */
  url: 2_048,
  /** Characters of a link's text, a heading, the title, an alt text. */
  label: 300,
  /** Characters of visible text and of header text kept. */
  text: 200_000,
  headerText: 5_000,
  /** Characters of one JSON-LD block parsed. */
  jsonLdBlock: 100_000,
  /** Characters of an attribute value read (meta content, rel, type…). */
  attribute: 2_000,
});

const cut = (
  value: string | undefined,
  max: number = PARSE_LIMITS.attribute,
): string | undefined =>
  value === undefined ? undefined : value.length > max ? value.slice(0, max) : value;

const attr = (el: Element, name: string, max?: number): string | undefined =>
  cut(el.attribs[name], max);

/** Collects text up to a length; `full` once it has it all. */
class TextSink {
  #parts: string[] = [];
  #length = 0;
  readonly max: number;
  constructor(max: number) {
    this.max = max;
  }
  get full(): boolean {
    return this.#length >= this.max;
  }
  push(text: string): void {
    if (this.full) return;
    const part =
      text.length > this.max - this.#length ? text.slice(0, this.max - this.#length) : text;
    this.#parts.push(part);
    this.#length += part.length;
  }
  raw(): string {
    return this.#parts.join("");
  }
  text(): string {
    return collapse(this.raw());
  }
}

const collapse = (text: string): string => text.replace(/\s+/g, " ").trim();

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
  if (depth > 4 || value === null || typeof value !== "object" || out.length >= 200) return;
  if (Array.isArray(value)) {
    for (const item of value.slice(0, 200)) flattenJsonLd(item, out, depth + 1);
    return;
  }
  const node = value as Record<string, unknown>;
  if ("@type" in node) out.push(node);
  if (Array.isArray(node["@graph"])) flattenJsonLd(node["@graph"], out, depth + 1);
}

export const isHtmlType = (contentType: string | undefined, body: string): boolean => {
  if (contentType)
    return /^\s*(text\/html|application\/xhtml\+xml)/i.test(contentType.slice(0, 200));
  return /^\s*(<!doctype html|<html|<head|<body)/i.test(body.slice(0, 512));
};

const STOP = Symbol("parse limit");

/**
 * htmlparser2's DOM builder, stopped at PARSE_LIMITS' elements and depth: htmlparser2 keeps its
 * open elements in an array it shifts at the front, so each open tag costs as much as the depth,
 * and 2 MB of unclosed <div>s took 23 s. The parse ends where a limit is reached; what came
 * before it is the page that is read.
 */
class BoundedHandler extends DomHandler {
  elements = 0;
  override onopentag(name: string, attribs: Record<string, string>): void {
    if (++this.elements > PARSE_LIMITS.elements || this.tagStack.length > PARSE_LIMITS.depth)
      throw STOP;
    super.onopentag(name, attribs);
  }
}

/** The page's DOM, and whether a parse limit cut it. */
export function parseBounded(html: string, xmlMode = false): { doc: Document; cut: boolean } {
  const handler = new BoundedHandler(undefined, { xmlMode });
  const parser = new Parser(handler, { decodeEntities: true, xmlMode });
  try {
    parser.end(html);
    return { doc: handler.root, cut: false };
  } catch (error) {
    if (error !== STOP) throw error;
    return { doc: handler.root, cut: true };
  }
}

/** An element whose own text is wanted (a link, the title, a heading, a JSON-LD block). */
interface Capture {
  sink: TextSink;
  /** Hidden elements around it when it began: text under a further hidden one is not its text. */
  hidden: number;
  /** All text, hidden or not (the title, a script's JSON). */
  raw: boolean;
  done: (text: string) => void;
}

/** The walk's frame: an element being read, and what to undo when it ends. */
interface Frame {
  el: Element;
  next: number;
  depth: number;
  header: boolean;
  head: boolean;
  hidden: boolean;
  block: boolean;
  form: FormInfo | null;
  capture: Capture | null;
}

/**
 * A fetched page, parsed once (htmlparser2) and read in one walk of its elements: linear in
 * its size whatever its shape (nested headers, links or forms cost no more than flat ones),
 * bounded by PARSE_LIMITS.
 */
export function parsePage(input: PageInput): Page {
  const isHtml = isHtmlType(input.contentType, input.body);
  const { doc } = parseBounded(isHtml ? input.body : "");
  const L = PARSE_LIMITS;

  const meta = new Map<string, string>();
  let baseHref: string | undefined;
  let canonicalHref: string | undefined;
  let lang: string | null = null;
  let sawHtml = false;
  let title: string | null = null;
  let sawTitle = false;
  let body: Element | null = null;
  const h1s: string[] = [];
  const rawLinks: { href: string; text: string; label: string; inHeader: boolean }[] = [];
  const images: Page["images"] = [];
  const rawResources: {
    kind: Resource["kind"];
    href: string;
    inHead: boolean;
    blocking: boolean;
  }[] = [];
  const forms: FormInfo[] = [];
  const iframes: string[] = [];
  const jsonLdText: string[] = [];
  const times: string[] = [];
  let scripts = 0;
  let stylesheets = 0;
  let inlineScripts = 0;
  let mountPoint = false;
  /** A mount element with no text inside: what the scripts fill in. */
  let emptyMount = false;
  let mountsRead = 0;
  let headDepth = 0;

  // The visible text (no script, style, template, noscript or svg; a space where a block ends):
  // the body's, or, on a page without one, the whole document's.
  const text = new TextSink(L.text);
  const noBodyText = new TextSink(L.text);
  const headerText = new TextSink(L.headerText);
  // Captures still taking text. A text node feeds the raw ones (at most the title and the JSON-LD
  // blocks) and those begun at its own level of hidden elements; a full one leaves its list. So
  // the work they cost is bounded by their sizes, not by how deeply they nest.
  const openRaw: Capture[] = [];
  const openByLevel = new Map<number, Capture[]>();
  let headerDepth = 0;
  let hiddenDepth = 0;
  let inBody = 0;
  let elements = 0;

  const listOf = (c: Capture): Capture[] => {
    if (c.raw) return openRaw;
    let list = openByLevel.get(c.hidden);
    if (!list) openByLevel.set(c.hidden, (list = []));
    return list;
  };
  const close = (c: Capture) => {
    const list = listOf(c);
    if (list[list.length - 1] === c) list.pop();
    else {
      const at = list.indexOf(c);
      if (at >= 0) list.splice(at, 1);
    }
  };
  const capture = (max: number, raw: boolean, done: (t: string) => void) => {
    const c: Capture = { sink: new TextSink(max), hidden: hiddenDepth, raw, done };
    listOf(c).push(c);
    return c;
  };
  const feed = (list: Capture[] | undefined, data: string) => {
    if (!list?.length) return;
    let full = false;
    for (const c of list) {
      c.sink.push(data);
      if (c.sink.full) full = true;
    }
    if (full) {
      const keep = list.filter((c) => !c.sink.full);
      list.length = 0;
      list.push(...keep);
    }
  };
  const pushText = (data: string) => {
    if (hiddenDepth === 0 && inBody) text.push(data);
    if (hiddenDepth === 0 && !body) noBodyText.push(data);
    if (hiddenDepth === 0 && headerDepth > 0) headerText.push(data);
    feed(openRaw, data);
    feed(openByLevel.get(hiddenDepth), data);
  };

  const enter = (el: Element, depth: number, parentForm: FormInfo | null): Frame => {
    const name = el.name;
    const frame: Frame = {
      el,
      next: 0,
      depth,
      header: false,
      head: false,
      hidden: false,
      block: BLOCK.test(name),
      form: parentForm,
      capture: null,
    };
    const role = (attr(el, "role", 40) ?? "").toLowerCase();
    if (name === "header" || role === "banner") {
      frame.header = true;
      headerDepth++;
    }
    const hidden = HIDDEN.has(name) || el.attribs.hidden !== undefined;
    if (name === "head") {
      frame.head = true;
      headDepth++;
    }
    const id = attr(el, "id", 60);
    if (
      (id !== undefined && MOUNT_ID.test(id)) ||
      name === "app-root" ||
      attr(el, "data-reactroot", 10) !== undefined
    ) {
      mountPoint = true;
      // Bounded: at most 5 mount elements' subtrees are read (hostile pages may repeat the id).
      if (!emptyMount && mountsRead++ < 5 && !DomUtils.textContent(el).trim()) emptyMount = true;
    }
    const resource = (kind: Resource["kind"], href: string | undefined, blocking = false) => {
      if (href && rawResources.length < L.resources)
        rawResources.push({ kind, href, inHead: headDepth > 0, blocking });
    };
    switch (name) {
      case "html":
        if (!sawHtml) lang = attr(el, "lang", 40) ?? null;
        sawHtml = true;
        break;
      case "body":
        body ??= el;
        if (body === el) inBody++;
        break;
      case "base":
        baseHref ??= attr(el, "href", L.url);
        break;
      case "meta": {
        const key = (
          attr(el, "name", 100) ??
          attr(el, "property", 100) ??
          attr(el, "http-equiv", 100)
        )?.toLowerCase();
        const content = attr(el, "content");
        if (key && content !== undefined && !meta.has(key) && meta.size < 200)
          meta.set(key, content);
        break;
      }
      case "link": {
        const rel = (attr(el, "rel", 200) ?? "").toLowerCase();
        if (canonicalHref === undefined && rel.split(/\s+/).includes("canonical"))
          canonicalHref = attr(el, "href", L.url) ?? "";
        const rels = rel.split(/\s+/);
        if (rels.includes("stylesheet") && !rels.includes("alternate")) {
          stylesheets++;
          const media = (attr(el, "media", 100) ?? "").trim().toLowerCase();
          const forScreen = !media || media === "all" || media === "screen";
          resource(
            "stylesheet",
            attr(el, "href", L.url),
            forScreen && el.attribs.disabled === undefined,
          );
        }
        break;
      }
      case "title":
        if (!sawTitle) {
          sawTitle = true;
          frame.capture = capture(L.label, true, (t) => (title = collapse(t)));
        }
        break;
      case "h1":
        if (h1s.length < 50) {
          const at = h1s.push("") - 1;
          frame.capture = capture(L.label, false, (t) => (h1s[at] = collapse(t)));
        }
        break;
      case "a": {
        const raw = attr(el, "href", L.url);
        if (raw && rawLinks.length < L.links) {
          const link = {
            href: raw,
            text: "",
            label: attr(el, "aria-label", L.label) || attr(el, "title", L.label) || "",
            inHeader: headerDepth > 0,
          };
          rawLinks.push(link);
          frame.capture = capture(L.label, false, (t) => (link.text = collapse(t)));
        }
        break;
      }
      case "img":
        if (images.length < L.images)
          images.push({
            src: attr(el, "src", L.url) ?? "",
            url: null,
            alt: attr(el, "alt", L.label) ?? null,
            width: pixels(attr(el, "width", 20)),
            height: pixels(attr(el, "height", 20)),
            unseen: hidden || hiddenDepth > 0,
          });
        if (images.length && images[images.length - 1]!.width !== null) {
          const img = images[images.length - 1]!;
          if ((img.width ?? 9) <= 2 && (img.height ?? 9) <= 2) img.unseen = true;
        }
        resource("image", attr(el, "src", L.url));
        if (!hidden && el.attribs.alt) pushText(` ${cut(el.attribs.alt, L.label)} `);
        break;
      case "form":
        if (forms.length < L.forms) {
          frame.form = { role: (attr(el, "role", 40) ?? "").toLowerCase(), fields: [] };
          forms.push(frame.form);
        }
        break;
      case "input":
      case "textarea":
      case "select":
        if (parentForm && parentForm.fields.length < L.fields)
          parentForm.fields.push({
            type: name === "input" ? (attr(el, "type", 40) ?? "text").toLowerCase() : name,
            name: (attr(el, "name", 100) ?? attr(el, "id", 100) ?? "").toLowerCase(),
          });
        break;
      case "iframe":
        if (iframes.length < L.iframes) iframes.push(attr(el, "src", L.url) ?? "");
        resource("iframe", attr(el, "src", L.url));
        break;
      case "video":
      case "audio":
      case "source":
      case "embed":
        resource("media", attr(el, "src", L.url));
        break;
      case "script": {
        const type = (attr(el, "type", 60) ?? "").toLowerCase().trim();
        const js =
          !type || type === "module" || /^(text|application)\/(java|ecma)script$/.test(type);
        if (el.attribs.src) {
          scripts++;
          resource(
            "script",
            attr(el, "src", L.url),
            js &&
              type !== "module" &&
              headDepth > 0 &&
              el.attribs.async === undefined &&
              el.attribs.defer === undefined,
          );
        } else if (js) inlineScripts++;
        if (
          (attr(el, "type", 60) ?? "").toLowerCase().trim() === "application/ld+json" &&
          jsonLdText.length < L.jsonLd
        ) {
          const at = jsonLdText.push("") - 1;
          frame.capture = capture(L.jsonLdBlock + 1, true, (t) => (jsonLdText[at] = t));
        }
        break;
      }
      case "time": {
        const datetime = attr(el, "datetime", 100);
        if (datetime && times.length < L.times) times.push(datetime);
        break;
      }
    }
    if (hidden) {
      frame.hidden = true;
      hiddenDepth++;
    }
    return frame;
  };

  const leave = (frame: Frame) => {
    if (frame.header) headerDepth--;
    if (frame.head) headDepth--;
    if (frame.hidden) hiddenDepth--;
    if (frame.block && !frame.hidden) pushText(" ");
    if (frame.el === body) inBody--;
    if (frame.capture) {
      close(frame.capture);
      frame.capture.done(frame.capture.sink.raw());
    }
  };

  // The walk: an explicit stack (a deeply nested page cannot overflow the call stack).
  const root: Frame = {
    el: doc as unknown as Element,
    next: 0,
    depth: 0,
    header: false,
    head: false,
    hidden: false,
    block: false,
    form: null,
    capture: null,
  };
  const stack: Frame[] = [root];
  while (stack.length) {
    const frame = stack[stack.length - 1]!;
    const children = frame.el.children as Node[];
    if (frame.next >= children.length || elements >= L.elements) {
      stack.pop();
      if (frame !== root) leave(frame);
      continue;
    }
    const child = children[frame.next++]!;
    if (isText(child)) {
      pushText(child.data);
    } else if (isElement(child)) {
      elements++;
      if (frame.depth + 1 > L.depth) continue;
      stack.push(enter(child, frame.depth + 1, frame.form));
    }
  }

  const base = absolute(baseHref ?? "", input.url) ?? input.url;
  const links: Link[] = [];
  for (const raw of rawLinks) {
    const href = /^\s*(tel|mailto|sms|javascript):/i.test(raw.href)
      ? raw.href.trim()
      : absolute(raw.href, base);
    if (!href) continue;
    links.push({ href, text: raw.text || raw.label, inHeader: raw.inHeader, index: links.length });
  }

  for (const img of images) img.url = img.src ? absolute(img.src, base) : null;
  const resources: Resource[] = [];
  for (const r of rawResources) {
    const url = absolute(r.href, base);
    if (url && /^https?:/i.test(url)) resources.push({ ...r, url });
  }

  const jsonLd: Record<string, unknown>[] = [];
  const jsonLdBlocks: JsonLdBlock[] = [];
  jsonLdText.forEach((block, i) => {
    const entry: JsonLdBlock = { index: i + 1, error: null, types: [] };
    jsonLdBlocks.push(entry);
    if (block.length > L.jsonLdBlock) {
      entry.error = "is too long to read";
      return;
    }
    const before = jsonLd.length;
    try {
      flattenJsonLd(JSON.parse(block), jsonLd);
    } catch {
      // Read leniently (trailing commas dropped), so the owner is not told to add what is there.
      try {
        flattenJsonLd(JSON.parse(withoutTrailingCommas(block)), jsonLd);
        entry.error = /,\s*[}\]]/.test(block)
          ? "has a trailing comma, so it is not valid JSON"
          : "is not valid JSON (a comment or a line break inside a text)";
      } catch {
        entry.error = "does not parse as JSON";
        // What it meant to say, as written: its types, for the owner and local-business-schema.
        for (const m of block.matchAll(/"@type"\s*:\s*"([^"\\]{1,80})"/g)) {
          entry.types.push(m[1]!);
          if (entry.types.length >= 20) break;
        }
        return;
      }
    }
    entry.types = jsonLd
      .slice(before)
      .flatMap((n) => [n["@type"]].flat())
      .filter((t): t is string => typeof t === "string");
  });
  const textOut = body ? text.text() : noBodyText.text();
  const wordCount = countWords(textOut);

  return {
    url: input.url,
    status: input.status,
    ms: input.ms,
    bytes: input.bytes,
    truncated: input.truncated ?? false,
    contentType: input.contentType,
    xRobotsTag: input.headers?.xRobotsTag,
    isHtml,
    lang,
    title,
    meta,
    canonical: canonicalHref !== undefined ? (absolute(canonicalHref, base) ?? "") : null,
    h1s,
    text: textOut,
    headerText: headerText.text(),
    links,
    images,
    forms,
    iframes,
    resources,
    scripts,
    stylesheets,
    jsonLd,
    jsonLdBlocks,
    times,
    redirects: input.redirects ?? [],
    words: wordCount,
    shell:
      isHtml &&
      scripts + inlineScripts > 0 &&
      ((mountPoint && wordCount < SHELL_MAX_WORDS) ||
        (emptyMount && wordCount < SHELL_MAX_WORDS_AROUND_MOUNT) ||
        wordCount < 5),
  };
}

/** A page with fewer words than this, a mount element and scripts is an empty shell. */
export const SHELL_MAX_WORDS = 25;
/** An empty mount element and scripts, with a static header and footer of fewer words than this. */
export const SHELL_MAX_WORDS_AROUND_MOUNT = 120;
const MOUNT_ID =
  /^(?:root|app|__next|__nuxt|___gatsby|svelte|application|main-app|app-root|react-root|vue-app)$/i;

/** Words of a text: runs of non-space holding a letter or a digit. */
export const countWords = (text: string): number => {
  let n = 0;
  for (const w of text.split(/\s+/)) if (/[\p{L}\p{N}]/u.test(w)) n++;
  return n;
};

/** A width or height attribute in CSS pixels ("300", "300px"); null when absent or relative. */
function pixels(value: string | undefined): number | null {
  const m = /^(\d{1,5})(?:\.\d+)?(?:px)?$/i.exec((value ?? "").trim());
  return m ? Number(m[1]) : null;
}

/**
 * JSON as hand-edited JSON-LD often is, made valid: the commas before a closing `}` or `]`
 * dropped, comments removed, raw line breaks and tabs inside strings escaped. One linear pass.
 */
export function withoutTrailingCommas(json: string): string {
  const out: string[] = [];
  let inString = false;
  let pendingComma = -1;
  for (let i = 0; i < json.length; i++) {
    const c = json[i]!;
    if (inString) {
      if (c === "\n" || c === "\r" || c === "\t") {
        out.push(c === "\n" ? "\\n" : c === "\r" ? "\\r" : "\\t");
        continue;
      }
      out.push(c);
      if (c === "\\") {
        out.push(json[i + 1] ?? "");
        i++;
      } else if (c === '"') inString = false;
      continue;
    }
    // A comment (// to the end of the line, /* … */) is dropped.
    if (c === "/" && json[i + 1] === "/") {
      const end = json.indexOf("\n", i);
      i = end < 0 ? json.length : end - 1;
      continue;
    }
    if (c === "/" && json[i + 1] === "*") {
      const end = json.indexOf("*/", i + 2);
      i = end < 0 ? json.length : end + 1;
      continue;
    }
    if (c === '"') {
      pendingComma = -1;
      inString = true;
    } else if (c === ",") {
      pendingComma = out.length;
    } else if ((c === "}" || c === "]") && pendingComma >= 0) {
      out[pendingComma] = "";
      pendingComma = -1;
    } else if (c !== " " && c !== "\n" && c !== "\r" && c !== "\t") {
      pendingComma = -1;
    }
    out.push(c);
  }
  return out.join("");
}

/** <loc> and <lastmod> of a sitemap or sitemap index. */
export function parseSitemap(xml: string): { urls: string[]; lastmods: string[]; index: boolean } {
  const { doc } = parseBounded(xml, true);
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
  const seen = new Set<string>([pageKey(home.url)]);
  const out: string[] = [];
  const add = (href: string) => {
    if (!/^https?:/i.test(href) || !sameSite(href, home.url)) return;
    if (
      /\.(pdf|jpe?g|png|gif|webp|svg|zip|mp4|mp3|docx?|xlsx?|ics|xml|txt)$/i.test(
        new URL(href).pathname,
      )
    )
      return;
    const key = pageKey(href);
    if (seen.has(key)) return;
    seen.add(key);
    out.push(href);
  };
  for (const link of home.links) add(link.href);
  for (const url of sitemapUrls) add(url);
  return out;
}

/** The text without the slashes it ends with (a loop: a pattern would cost quadratic time). */
export function withoutTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 47) end--;
  return text.slice(0, end);
}

/** A URL's identity for de-duplication: host without www, path without a trailing slash, query. */
function normalisePath(href: string): string {
  const url = new URL(href);
  return `${siteHost(href)}${withoutTrailingSlashes(url.pathname) || "/"}${url.search}`;
}

/** The Site of what was fetched; `home` is input.home already parsed, when the caller has it. */
export function buildSite(input: SiteInput, home: Page = parsePage(input.home)): Site {
  // A page answered under two names (`/` and `/index.html`, a redirect's target) is read once.
  const read = new Set<string>([pageKey(home.url)]);
  const pages = [home];
  for (const p of input.pages) {
    if (p.status < 200 || p.status >= 300 || !isHtmlType(p.contentType, p.body)) continue;
    const key = pageKey(p.url);
    if (read.has(key)) continue;
    read.add(key);
    pages.push(parsePage(p));
  }
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
    answers: input.pages.map((p) => ({
      url: p.url,
      status: p.status,
      redirects: p.redirects ?? [],
    })),
    robots: input.robots,
    sitemap,
    httpRedirect: input.httpRedirect,
    knownPages: pageCandidates(home, sitemap?.urls ?? []),
    probe: input.probe
      ? {
          url: input.probe.url,
          status: input.probe.status,
          page:
            input.probe.status >= 200 &&
            input.probe.status < 300 &&
            isHtmlType(input.probe.contentType, input.probe.body)
              ? parsePage({ ...input.probe, ms: 0, bytes: input.probe.body.length })
              : null,
        }
      : null,
    assets: input.assets ?? [],
    jsOnly: home.shell,
  };
}

/**
 * A page's identity among those read: normalisePath with a final `index.html` (or .htm, .php)
 * dropped, so `/` and `/index.html` are one page.
 */
export function pageKey(href: string): string {
  try {
    const url = new URL(href);
    url.pathname = url.pathname.replace(/\/index\.(?:html?|php)$/i, "/");
    return normalisePath(url.href);
  } catch {
    return href;
  }
}
