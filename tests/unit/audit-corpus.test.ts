/**
 * The accuracy corpus itself (tests/support/corpus/): before it can judge the website check, its
 * sites must be what they say. The well-made sites really are (one h1, a viewport, a canonical to
 * itself, unique titles and descriptions, JSON-LD that parses with the business's name, phone,
 * address and towns, no broken link or image, light images shown at their size, this year's
 * copyright, no script in the way); each defect site plants its defect, and differs from the
 * well-made site it copies only where the defect is. The images are real files of the size and
 * weight they claim.
 */
import { inflateSync } from "node:zlib";
import { DomUtils, parseDocument } from "htmlparser2";
import type { Element } from "domhandler";
import { describe, expect, it } from "vitest";
import { imageSize, jpeg, png } from "../support/corpus/images";
import { blindCorpus } from "../support/corpus/blind/index";
import { corpus, type CorpusSite, type SiteRoutes } from "../support/corpus/sites";

const origin = "https://127.0.0.1:9";
const now = new Date("2026-11-28T12:00:00Z");
const site = (id: string) => corpus.find((s) => s.id === id)!;
const build = (s: CorpusSite) =>
  s.build({ origin: s.scheme === "http" ? origin.replace("https", "http") : origin, now });

const htmlPages = (routes: SiteRoutes) =>
  Object.entries(routes.pages).filter(
    ([, r]) => typeof r.body === "string" && r.body.startsWith("<!") && (r.status ?? 200) === 200,
  ) as [string, { body: string; headers?: Record<string, string> }][];

const bytesOf = (routes: SiteRoutes, path: string) => {
  const body = routes.pages[path]?.body;
  return body === undefined ? -1 : Buffer.byteLength(body);
};

function read(html: string) {
  const doc = parseDocument(html);
  const all = (name: string) => DomUtils.getElementsByTagName(name, doc.children, true);
  const meta = (name: string) =>
    all("meta").find((m) => m.attribs.name === name || m.attribs.property === name)?.attribs
      .content;
  const head = all("head")[0]!;
  return {
    all,
    meta,
    title: DomUtils.textContent(all("title")[0] ?? doc).trim(),
    h1s: all("h1"),
    canonical: all("link").find((l) => l.attribs.rel === "canonical")?.attribs.href,
    jsonLd: all("script")
      .filter((s) => s.attribs.type === "application/ld+json")
      .map((s) => DomUtils.textContent(s)),
    headScripts: DomUtils.getElementsByTagName("script", head.children, true),
    text: DomUtils.textContent(all("body")[0] ?? doc).replace(/\s+/g, " "),
  };
}

/** The path a same-site href or src names, else null. */
function localPath(ref: string, pageUrl: string): string | null {
  const url = new URL(ref, pageUrl);
  return url.origin === new URL(pageUrl).origin ? url.pathname : null;
}

describe("the corpus's files", () => {
  it("JPEG headers and PNGs state the size they claim, at the weight asked for", () => {
    const photo = jpeg(4000, 2667, 1_250_000);
    expect(photo.length).toBe(1_250_000);
    expect(imageSize(photo)).toEqual({ width: 4000, height: 2667 });
    expect(photo.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(photo.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    const logo = png(220, 64, 6144);
    expect(logo.length).toBe(6144);
    expect(imageSize(logo)).toEqual({ width: 220, height: 64 });
    // The pixels decode: IDAT inflates to 64 rows of a filter byte and 220 RGB pixels.
    const idat = logo.indexOf("IDAT");
    const length = logo.readUInt32BE(idat - 4);
    expect(inflateSync(logo.subarray(idat + 4, idat + 4 + length)).length).toBe(64 * (1 + 220 * 3));
  });
});

describe.each(["good-landscaper", "good-tree-service"])("the well-made site %s", (id) => {
  const routes = build(site(id));
  const pages = htmlPages(routes);
  const read1 = pages.map(([path, r]) => ({
    path,
    url: new URL(path, origin).href,
    ...read(r.body),
  }));

  it("has every page a phone can read, once each: viewport, one h1, a canonical to itself, a title and a description of its own", () => {
    expect(pages.length).toBeGreaterThanOrEqual(8);
    for (const p of read1) {
      expect(p.meta("viewport"), p.path).toContain("width=device-width");
      expect(p.h1s, p.path).toHaveLength(1);
      expect(p.canonical, p.path).toBe(p.url);
      expect(p.title.length, p.path).toBeGreaterThanOrEqual(10);
      expect(p.title.length, p.path).toBeLessThanOrEqual(65);
      expect(p.meta("description")!.length, p.path).toBeGreaterThanOrEqual(50);
      expect(p.meta("description")!.length, p.path).toBeLessThanOrEqual(170);
      expect(p.text, p.path).toContain(`© ${now.getUTCFullYear()}`);
      expect(
        p.headScripts.every(
          (s) => !s.attribs.src || "defer" in s.attribs || s.attribs.type === "module",
        ),
        p.path,
      ).toBe(true);
    }
    expect(new Set(read1.map((p) => p.title)).size).toBe(read1.length);
    expect(new Set(read1.map((p) => p.meta("description"))).size).toBe(read1.length);
  });

  it("names the business in JSON-LD that parses, with its name, phone, address and towns; the title and h1 name a trade and a town", () => {
    const home = read1.find((p) => p.path === "/")!;
    const nodes = home.jsonLd.flatMap((text) => {
      const data = JSON.parse(text) as Record<string, unknown>;
      return (data["@graph"] as Record<string, unknown>[] | undefined) ?? [data];
    });
    const business = nodes.find((n) => /Business/.test(String(n["@type"])))!;
    expect(business).toMatchObject({
      name: expect.any(String),
      telephone: expect.any(String),
      address: expect.objectContaining({
        streetAddress: expect.any(String),
        addressLocality: expect.any(String),
      }),
    });
    expect((business.areaServed as unknown[]).length).toBeGreaterThanOrEqual(3);
    const digits = String(business.telephone).replace(/\D/g, "").slice(-10);
    const tel = home.all("a").find((a) => a.attribs.href?.startsWith("tel:"))!;
    expect(tel.attribs.href!.replace(/\D/g, "").slice(-10)).toBe(digits);
    expect(home.title).toMatch(/(Lawn Care|Tree Removal).* in (Austin|Boise)/);
    expect(DomUtils.textContent(home.h1s[0]!)).toMatch(
      /(lawn care|tree removal).* in (Austin|Boise)/i,
    );
    expect(
      home
        .all("form")
        .some((f) => DomUtils.getElementsByTagName("textarea", f.children, true).length),
    ).toBe(true);
  });

  it("links only to pages and files that answer, and shows light images at their own size", () => {
    let homeImageBytes = 0;
    for (const p of read1) {
      const refs = [
        ...p.all("a").map((a) => a.attribs.href),
        ...p.all("img").map((i) => i.attribs.src),
        ...p.all("link").map((l) => l.attribs.href),
        ...p.all("script").map((s) => s.attribs.src),
      ].filter((r): r is string => !!r && !/^(tel|mailto):/.test(r));
      for (const ref of refs) {
        expect(ref, p.path).not.toMatch(/^http:/);
        const path = localPath(ref, p.url);
        if (!path) continue;
        const route = routes.pages[path];
        expect(route, `${p.path} → ${ref}`).toBeDefined();
        if (route!.status === 301)
          expect(routes.pages[new URL(route!.headers!.location!).pathname]).toBeDefined();
      }
      for (const img of p.all("img") as Element[]) {
        const file = routes.pages[localPath(img.attribs.src!, p.url)!]!.body as Buffer;
        expect(file.length, img.attribs.src).toBeLessThanOrEqual(300 * 1024);
        expect(imageSize(file)?.width, img.attribs.src).toBe(Number(img.attribs.width));
        expect(img.attribs.alt, img.attribs.src).toBeTruthy();
        if (p.path === "/") homeImageBytes += file.length;
      }
    }
    expect(homeImageBytes).toBeLessThan(1024 * 1024);
    expect(routes.notFound).toBeUndefined();
    expect(String(routes.pages["/robots.txt"]!.body)).toMatch(
      /^User-agent: \*\n(Allow: \/|Disallow: \/wp-admin\/)\n/,
    );
  });
});

describe("the defect sites", () => {
  const good = build(site("good-landscaper"));
  /** Paths whose answer differs from the well-made site's. */
  const differing = (id: string) => {
    const routes = build(site(id));
    const paths = new Set([...Object.keys(good.pages), ...Object.keys(routes.pages)]);
    return [...paths]
      .filter((p) => {
        const a = good.pages[p];
        const b = routes.pages[p];
        return (
          !a ||
          !b ||
          String(a.body) !== String(b.body) ||
          a.status !== b.status ||
          a.delayMs !== b.delayMs ||
          JSON.stringify(a.headers) !== JSON.stringify(b.headers)
        );
      })
      .sort();
  };

  it("are copies of Green Acres that differ only where the defect is planted", () => {
    expect(differing("mixed-content")).toEqual(["/", "/js/reviews-widget.js"]);
    expect(differing("broken-json-ld")).toEqual(["/"]);
    expect(differing("indexing-trap")).toEqual(["/"]);
    expect(differing("broken-images")).toEqual(["/"]);
    expect(differing("no-local-keywords")).toEqual(["/"]);
    expect(differing("inconsistent-nap")).toEqual(["/", "/contact"]);
    expect(differing("staging-robots")).toEqual(["/robots.txt"]);
    expect(differing("soft-404")).toEqual([]);
    expect(differing("no-http-redirect")).toEqual([]);
    expect(differing("slow-home")).toEqual(["/"]);
    expect(differing("broken-link")).toEqual(["/"]);
    expect(differing("stale-content")).toEqual([
      "/",
      "/blog/spring-lawn-checklist",
      "/sitemap.xml",
    ]);
    expect(differing("heavy-images")).toEqual([
      "/images/crew.jpg",
      "/images/hero-patio.jpg",
      "/images/lawn-stripes.jpg",
      "/images/retaining-wall.jpg",
    ]);
    expect(differing("inner-page-defects")).toEqual(["/about", "/hardscaping", "/irrigation"]);
    expect(differing("noindex-services")).toEqual([
      "/hardscaping",
      "/irrigation",
      "/landscape-design",
      "/lawn-care",
    ]);
    expect(differing("http-only")).toHaveLength(htmlPages(good).length + 2); // every page's own URLs, robots.txt, the sitemap
  });

  it("plant what they say", () => {
    const home = (id: string) => String(build(site(id)).pages["/"]!.body);
    expect(() => JSON.parse(read(home("broken-json-ld")).jsonLd[0]!)).toThrow();
    expect(read(home("indexing-trap")).meta("robots")).toContain("noindex");
    expect(read(home("indexing-trap")).canonical).toBe("https://greenacres-landscaping.example/");
    expect(home("mixed-content")).toMatch(
      /<script src="http:\/\/127\.0\.0\.1:9\/js\/reviews-widget\.js"/,
    );
    expect(String(build(site("staging-robots")).pages["/robots.txt"]!.body)).toBe(
      "User-agent: *\nDisallow: /\n",
    );
    expect(build(site("soft-404")).notFound).toMatchObject({ status: 200, body: home("soft-404") });

    const heavy = build(site("heavy-images"));
    const heavyHome = read(String(heavy.pages["/"]!.body));
    const weight = heavyHome.all("img").reduce((n, i) => n + bytesOf(heavy, i.attribs.src!), 0);
    expect(weight).toBeGreaterThan(5 * 1024 * 1024);

    const chain = build(site("redirect-chain")).pages;
    expect(chain["/"]).toMatchObject({ status: 301, headers: { location: `${origin}/home` } });
    expect(chain["/home"]).toMatchObject({ status: 301, headers: { location: `${origin}/en/` } });
    expect(read(String(chain["/en/"]!.body)).canonical).toBe(`${origin}/en/`);

    const dup = htmlPages(build(site("duplicate-titles"))).map(([, r]) => read(r.body));
    expect(new Set(dup.map((p) => p.title)).size).toBe(1);
    expect(new Set(dup.map((p) => p.meta("description"))).size).toBe(1);

    const nap = build(site("inconsistent-nap")).pages;
    expect(read(String(nap["/"]!.body)).jsonLd[0]).toContain('"telephone": "+1-512-555-0199"');
    expect(String(nap["/contact"]!.body)).toContain("(512) 555-0143");
    expect(String(nap["/"]!.body)).toContain("(512) 555-0187");

    const shell = read(home("javascript-shell"));
    expect(shell.h1s).toHaveLength(0);
    expect(shell.text.trim()).toBe("You need to enable JavaScript to run this app.");
    expect(
      String(build(site("javascript-shell")).pages["/assets/index-4f9c2a.js"]!.body),
    ).toContain("Lawn care and hardscaping in Austin, TX");

    expect(build(site("slow-home")).pages["/"]!.delayMs).toBe(2_500);
    expect(site("no-http-redirect").plainHttp).toBe("serve");
    expect(home("broken-link")).toContain('href="/patio-gallery"');
    expect(build(site("broken-link")).pages["/patio-gallery"]).toBeUndefined();
    const stale = build(site("stale-content"));
    const dates = [
      ...String(stale.pages["/sitemap.xml"]!.body).matchAll(/<lastmod>([\d-]+)<\/lastmod>/g),
      ...String(stale.pages["/blog/spring-lawn-checklist"]!.body).matchAll(/datetime="([\d-]+)"/g),
    ].map((m) => new Date(m[1]!).getTime());
    expect(dates.length).toBeGreaterThan(9);
    expect(Math.max(...dates)).toBeLessThan(now.getTime() - 365 * 86_400_000);

    const weak = read(home("weak-site"));
    expect(weak.meta("viewport")).toBeUndefined();
    expect(weak.h1s).toHaveLength(0);
    expect(weak.all("form")).toHaveLength(0);
    expect(weak.all("a").some((a) => a.attribs.href?.startsWith("tel:"))).toBe(false);
    expect(weak.text).toContain("© 2017");
    expect(weak.all("img").every((i) => !("alt" in i.attribs))).toBe(true);
  });
});

describe.each(["blind-squarespace-snow-good", "blind-wp-pool-good"])(
  "the blind corpus's well-made site %s",
  (id) => {
    const s = blindCorpus.find((c) => c.id === id)!;
    const routes = build(s);
    const pages = htmlPages(routes).map(([path, r]) => ({
      path,
      url: new URL(path, origin).href,
      ...read(r.body),
    }));

    it("has on every page a viewport, one h1, a canonical to itself, a title and a description of its own, JSON-LD that parses", () => {
      expect(pages.length).toBeGreaterThanOrEqual(7);
      for (const p of pages) {
        expect(p.meta("viewport"), p.path).toContain("width=device-width");
        expect(p.h1s, p.path).toHaveLength(1);
        expect(p.canonical, p.path).toBe(p.url);
        expect(p.title.length, p.path).toBeLessThanOrEqual(70);
        expect(p.meta("description")!.length, p.path).toBeGreaterThanOrEqual(50);
        expect(p.text, p.path).toContain(`© ${now.getUTCFullYear()}`);
        for (const block of p.jsonLd) expect(() => JSON.parse(block), p.path).not.toThrow();
      }
      expect(new Set(pages.map((p) => p.title)).size).toBe(pages.length);
      expect(new Set(pages.map((p) => p.meta("description"))).size).toBe(pages.length);
    });

    it("links only to pages and files that answer, and shows its own images light and at their size", () => {
      for (const p of pages) {
        const refs = [
          ...p.all("a").map((a) => a.attribs.href),
          ...p.all("img").map((i) => i.attribs.src),
          ...p.all("link").map((l) => l.attribs.href),
          ...p.all("script").map((x) => x.attribs.src),
        ].filter((r): r is string => !!r && !/^(tel|mailto):/.test(r));
        for (const ref of refs) {
          const path = localPath(ref, p.url);
          if (!path) continue;
          expect(routes.pages[path], `${p.path} → ${ref}`).toBeDefined();
        }
        for (const img of p.all("img") as Element[]) {
          expect(img.attribs.alt, img.attribs.src).toBeTruthy();
          const path = localPath(img.attribs.src!, p.url);
          if (!path) continue;
          const file = routes.pages[path]!.body as Buffer;
          expect(file.length, img.attribs.src).toBeLessThanOrEqual(300 * 1024);
          expect(imageSize(file)?.width, img.attribs.src).toBe(Number(img.attribs.width));
        }
      }
    });
  },
);

describe("the blind corpus", () => {
  it("has its own sites, two well made and two that must score 50 or less, each failing more than one id on average", () => {
    const ids = blindCorpus.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((i) => corpus.some((c) => c.id === i))).toEqual([]);
    expect(blindCorpus.filter((s) => !Object.keys(s.fail).length)).toHaveLength(2);
    expect(blindCorpus.filter((s) => s.maxScore !== undefined && s.maxScore <= 50)).toHaveLength(2);
    const failing = blindCorpus.reduce((n, s) => n + Object.keys(s.fail).length, 0);
    expect(failing / blindCorpus.length).toBeGreaterThan(2);
  });
});
