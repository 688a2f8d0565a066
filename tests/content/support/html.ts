/**
 * The built site's prerendered pages, as a crawler or a browser without JavaScript receives them:
 * each page read once from BUILD_DIR/client (default dist/client) and parsed with htmlparser2,
 * queried with CSS selectors (css-select). No server and no browser: the checks that need
 * layout, focus, scripts or a server's answer stay in tests/e2e.
 *
 * Queries skip what a browser's querySelector does not see: the contents of <template> (a
 * document fragment) and of <noscript> (plain text when scripts run).
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { DomUtils, parseDocument } from "htmlparser2";
import { selectAll } from "css-select";
import { expect } from "vitest";

type Document = ReturnType<typeof parseDocument>;
/** An element of a parsed page (htmlparser2's domhandler Element). */
export type Element = ReturnType<typeof DomUtils.getElementsByTagName>[number];
type Scope = Document | Element | Element[];

export const root = resolve(import.meta.dirname, "../../..");
export const clientDir = resolve(root, process.env.BUILD_DIR || "dist", "client");

/** The file the server sends for a prerendered path ("/" → index.html, "/x" → x/index.html). */
export function fileFor(path: string): string {
  const clean = path.replace(/[?#].*$/, "").replace(/\/$/, "");
  if (clean === "") return join(clientDir, "index.html");
  if (clean === "/404") return join(clientDir, "404.html");
  const direct = join(clientDir, clean);
  if (/\.[a-z0-9]+$/i.test(clean)) return direct;
  return join(direct, "index.html");
}

/** True when the build holds a file for the path (a page, or an asset such as /robots.txt). */
export const built = (path: string) => existsSync(fileFor(path));

const hidden = new Set(["template", "noscript"]);
const insideHidden = (el: Element) => {
  for (let p = el.parent; p; p = p.parent)
    if (p.type === "tag" && hidden.has((p as Element).name)) return true;
  return false;
};

/** Every element matching `selector` inside `scope`, in document order. */
export function all(selector: string, scope: Scope): Element[] {
  return (selectAll(selector, scope as never) as unknown as Element[]).filter(
    (el) => !insideHidden(el),
  );
}

/** The one element matching `selector`; fails the test naming the selector when it is missing. */
export function one(selector: string, scope: Scope): Element {
  const [el] = all(selector, scope);
  if (!el) throw new Error(`nothing matches ${selector}`);
  return el;
}

/** Text content with white space collapsed and trimmed, as Playwright's toHaveText compares it. */
export function text(el: Element | Element[]): string {
  const els = Array.isArray(el) ? el : [el];
  return els
    .map((e) => DomUtils.textContent(e))
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
}

/** The texts of every match, one string each. */
export const texts = (selector: string, scope: Scope) => all(selector, scope).map((e) => text(e));

export const attr = (el: Element, name: string): string | undefined => el.attribs[name];

/** The href of every match. */
export const hrefs = (selector: string, scope: Scope) =>
  all(selector, scope).map((a) => a.attribs.href);

/** The document an element belongs to. */
const rootOf = (el: Element): Document => {
  let node = el as unknown as { parent: unknown };
  while (node.parent) node = node.parent as { parent: unknown };
  return node as unknown as Document;
};

/**
 * An element's accessible name as far as the tests need it: the text of the elements its
 * aria-labelledby names, else its aria-label, else its text.
 */
export function accessibleName(el: Element): string {
  const ids = el.attribs["aria-labelledby"];
  if (ids) {
    const doc = rootOf(el);
    return ids
      .split(/\s+/)
      .map((id) => text(all(`[id="${id}"]`, doc)))
      .join(" ")
      .trim();
  }
  return el.attribs["aria-label"] ?? text(el);
}

/**
 * Elements matching `selector` whose accessible name matches `name`, as Playwright's getByRole
 * matches it: a string anywhere in the name, ignoring case, unless `exact`; a RegExp as it is.
 */
export function named(selector: string, scope: Scope, name: RegExp | string, exact = false) {
  return all(selector, scope).filter((el) => {
    const accessible = accessibleName(el);
    if (typeof name !== "string") return name.test(accessible);
    return exact ? accessible === name : accessible.toLowerCase().includes(name.toLowerCase());
  });
}

/** Links inside `scope` whose accessible name matches `name` (see named). */
export const links = (scope: Scope, name: RegExp | string, exact = false) =>
  named("a[href]", scope, name, exact);

export interface Page {
  path: string;
  html: string;
  doc: Document;
  /** The page's JSON-LD objects, parsed. */
  jsonLd: Record<string, unknown>[];
  /** A <meta name|property=key> value. */
  meta(key: string): string | undefined;
}

const cache = new Map<string, Page>();

/** The prerendered page at `path`, parsed once per test file. */
export function page(path: string): Page {
  const cached = cache.get(path);
  if (cached) return cached;
  const file = fileFor(path);
  if (!existsSync(file))
    throw new Error(`${path}: no ${file}; build first (npm run build, BUILD_DIR=${clientDir})`);
  const html = readFileSync(file, "utf8");
  const doc = parseDocument(html);
  const metas = new Map<string, string | undefined>();
  for (const m of all("meta", doc)) {
    const key = m.attribs.name ?? m.attribs.property;
    if (key && !metas.has(key)) metas.set(key, m.attribs.content);
  }
  const parsed: Page = {
    path,
    html,
    doc,
    jsonLd: all('script[type="application/ld+json"]', doc).map(
      (s) => JSON.parse(DomUtils.textContent(s)) as Record<string, unknown>,
    ),
    meta: (key) => metas.get(key),
  };
  cache.set(path, parsed);
  return parsed;
}

/** The paths of the built sitemap, in its order. */
export function sitemapPaths(): string[] {
  const xml = readFileSync(fileFor("/sitemap.xml"), "utf8");
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
}

const landmarkScopes = new Set(["article", "aside", "main", "nav", "section"]);
const insideSection = (el: Element) => {
  for (let p = el.parent; p && p.type === "tag"; p = p.parent)
    if (landmarkScopes.has((p as Element).name)) return true;
  return false;
};

/** Landmarks by role: explicit roles, and header/footer only outside sectioning content. */
function landmarks(doc: Document, role: "banner" | "main" | "contentinfo") {
  if (role === "main") return all("main, [role=main]", doc);
  const tag = role === "banner" ? "header" : "footer";
  return all(`${tag}, [role=${role}]`, doc).filter(
    (el) => el.attribs.role === role || (!el.attribs.role && !insideSection(el)),
  );
}

/** Exactly one non-empty h1, one banner, one main and one contentinfo landmark, h1 in main. */
export function expectOneH1AndLandmarks(p: Page) {
  const h1 = all("h1", p.doc);
  expect(h1, `${p.path} h1`).toHaveLength(1);
  expect(text(h1[0]!), `${p.path} h1 text`).not.toBe("");
  expect(all("main h1", p.doc), `${p.path} h1 in main`).toHaveLength(1);
  expect(landmarks(p.doc, "banner"), `${p.path} banner`).toHaveLength(1);
  expect(landmarks(p.doc, "main"), `${p.path} main`).toHaveLength(1);
  expect(landmarks(p.doc, "contentinfo"), `${p.path} contentinfo`).toHaveLength(1);
}

/** A button's form owner: the form its form="" names, else its nearest form ancestor. */
function formOwner(doc: Document, button: Element) {
  const id = button.attribs.form;
  if (id) return all(`form[id="${id}"]`, doc)[0];
  for (let p = button.parent; p && p.type === "tag"; p = p.parent)
    if ((p as Element).name === "form") return p as Element;
  return undefined;
}

/**
 * No dead ends: every link has a real destination (no missing, empty, `#` or javascript: href),
 * and every button in the main content opens a dialog that exists, or submits a form.
 */
export function deadControls(p: Page): string[] {
  const found: string[] = [];
  for (const a of all("a", p.doc)) {
    const href = a.attribs.href;
    if (href === undefined || href.trim() === "" || href === "#" || /^javascript:/i.test(href))
      found.push(`link "${text(a)}" has href ${JSON.stringify(href ?? null)}`);
  }
  for (const b of all("main button", p.doc)) {
    const target = b.attribs.commandfor;
    const label = text(b) || b.attribs["aria-label"];
    // HTMLButtonElement.type: a missing or unknown type is "submit".
    const raw = (b.attribs.type ?? "").toLowerCase();
    const type = ["reset", "button"].includes(raw) ? raw : "submit";
    if (target) {
      if (all(`dialog[id="${target}"]`, p.doc).length !== 1)
        found.push(`button "${label}" controls missing dialog #${target}`);
    } else if (!formOwner(p.doc, b) || type !== "submit") {
      found.push(`button "${label}" does nothing`);
    }
  }
  return found;
}

/**
 * Links to other sites open in a new tab without giving that tab access to this page. Every
 * absolute http(s) link counts: the page is served from another origin than the site's own URL
 * in the tests, as it was for the browser check this replaces.
 */
export function unsafeExternalLinks(p: Page): string[] {
  return all("a[href^='http']", p.doc)
    .filter((a) => {
      const rel = (a.attribs.rel ?? "").split(/\s+/);
      return (
        a.attribs.target !== "_blank" || !rel.includes("noopener") || !rel.includes("noreferrer")
      );
    })
    .map((a) => a.attribs.href!);
}

/** The two checks every content page shares, as the browser tests ran them. */
export function expectNoDeadEnds(p: Page) {
  expect(deadControls(p), p.path).toEqual([]);
  expect(unsafeExternalLinks(p), p.path).toEqual([]);
}

/** name:type:required-or-optional of every visible control of a form, as the browser reads them. */
export function controls(form: Element): string[] {
  const hiddenByAria = (el: Element) => {
    for (let p: Element | null = el; p && p.type === "tag"; p = p.parent as Element | null)
      if (p.attribs["aria-hidden"] === "true") return true;
    return false;
  };
  return all("input:not([type=hidden]), textarea, select", form)
    .filter((el) => !hiddenByAria(el))
    .map((el) => {
      const type =
        el.name === "input"
          ? (el.attribs.type ?? "text").toLowerCase()
          : el.name === "select"
            ? el.attribs.multiple === undefined
              ? "select-one"
              : "select-multiple"
            : el.name;
      const required = el.attribs.required !== undefined ? "required" : "optional";
      return `${el.attribs.name}:${type}:${required}`;
    });
}
