/**
 * Search metadata in the built pages, every page of the sitemap plus /thank-you: unique title and
 * description, canonical URL, Open Graph and Twitter tags with an image that was built, lang,
 * theme colour, no robots block, and JSON-LD that parses and carries what each type needs. (The
 * 404's status and the image's content type are the server's: tests/e2e/seo.spec.ts.)
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { site } from "../../src/config/site";
import { all, built, fileFor, one, page, sitemapPaths, text } from "./support/html";

type Json = Record<string, unknown>;
const ofType = (data: Json[], type: string) => data.filter((d) => d["@type"] === type);

/** A built file behind one of the site's absolute URLs, and its first bytes. */
function builtFileOf(url: string) {
  const { pathname } = new URL(url);
  expect(url.startsWith(`${site.url}/`), url).toBe(true);
  expect(built(pathname), `${pathname} is built`).toBe(true);
  return readFileSync(fileFor(pathname));
}
const isJpeg = (bytes: Buffer) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

function headOf(path: string) {
  const p = page(path);
  const html = one("html", p.doc);
  return {
    lang: html.attribs.lang,
    title: text(one("head > title", p.doc)),
    description: p.meta("description"),
    canonical: all('link[rel="canonical"]', p.doc).map((l) => l.attribs.href),
    robots: p.meta("robots"),
    themeColor: p.meta("theme-color"),
    og: {
      title: p.meta("og:title"),
      description: p.meta("og:description"),
      url: p.meta("og:url"),
      image: p.meta("og:image"),
      type: p.meta("og:type"),
    },
    twitter: { card: p.meta("twitter:card"), image: p.meta("twitter:image") },
    jsonLd: p.jsonLd,
  };
}

describe("search metadata", () => {
  it("the sitemap lists every public route and not /thank-you; robots.txt points to it", () => {
    const paths = sitemapPaths();
    // 28 pages, /guides, its 8 guides and the 14 topics they cover.
    expect(paths.length).toBe(28 + 1 + 8 + 14);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).not.toContain("/thank-you");
    for (const path of [
      "/",
      "/free-audit",
      "/industries/pest-control",
      "/case-study/puretek-llc",
      "/cookie-policy",
      "/guides",
      "/guides/google-business-profile-lawn-care",
      "/guides/topic/seo-optimization",
    ])
      expect(paths).toContain(path);
    for (const path of paths) expect(built(path), `${path} is built`).toBe(true);
    const robots = readFileSync(fileFor("/robots.txt"), "utf8");
    expect(robots).toContain(`Sitemap: ${site.url}/sitemap.xml`);
    expect(robots).toMatch(/^User-agent: \*/m);
  });

  it("every page has a unique title and description, a canonical URL, Open Graph and Twitter tags", () => {
    const paths = [...sitemapPaths(), "/thank-you"];
    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    for (const path of paths) {
      const head = headOf(path);
      expect(head.lang, path).toBe("en");
      expect(head.title.length, `${path} title`).toBeGreaterThanOrEqual(10);
      expect(head.description?.length ?? 0, `${path} description`).toBeGreaterThanOrEqual(50);
      expect(titles.get(head.title), `${path} repeats the title of`).toBeUndefined();
      expect(
        descriptions.get(head.description!),
        `${path} repeats the description of`,
      ).toBeUndefined();
      titles.set(head.title, path);
      descriptions.set(head.description!, path);
      expect(head.canonical, path).toEqual([new URL(path, `${site.url}/`).href]);
      expect(head.themeColor, path).toMatch(/^#[0-9a-f]{6}$/i);
      expect(head.og, path).toMatchObject({
        title: head.title,
        description: head.description,
        url: head.canonical[0],
      });
      // The site's share picture, or a guide's own with its title.
      expect(head.og.image, path).toMatch(
        path.startsWith("/guides/") && !path.startsWith("/guides/topic/")
          ? new RegExp(`^${site.url}${path}/og\\.jpg$`)
          : new RegExp(`^${site.url}/_astro/.+\\.jpg$`),
      );
      expect(isJpeg(builtFileOf(head.og.image!)), `${path} share image is a JPEG`).toBe(true);
      expect(head.twitter, path).toEqual({ card: "summary_large_image", image: head.og.image });
      // No page blocks indexing: /thank-you is kept out of the sitemap instead (decisions.md).
      expect(head.robots, path).toBeUndefined();
    }
  });

  it("the 404 page's title says the page was not found", () => {
    expect(headOf("/404").title).toMatch(/not found|couldn't find/i);
  });

  it("every page describes the agency as a ProfessionalService with contact point, hours and area", () => {
    for (const path of sitemapPaths()) {
      const [org, ...more] = ofType(headOf(path).jsonLd, "ProfessionalService");
      expect(more, path).toEqual([]);
      expect(org, path).toMatchObject({
        "@context": "https://schema.org",
        "@id": `${site.url}/#organization`,
        name: site.name,
        url: `${site.url}/`,
        telephone: site.phone,
        email: site.email,
        areaServed: { "@type": "Country", name: "United States" },
      });
      expect(org!.contactPoint, path).toEqual([
        expect.objectContaining({
          "@type": "ContactPoint",
          telephone: site.phone,
          email: site.email,
        }),
      ]);
      expect(org!.openingHoursSpecification, path).toEqual([
        expect.objectContaining({
          opens: site.hours.opens,
          closes: site.hours.closes,
          dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        }),
      ]);
    }
  });

  it("service pages describe their Service, provided by the agency", () => {
    const services = {
      "/complete-solutions": "Complete Solutions",
      "/website-design": "Website Design",
      "/seo-optimization": "SEO Optimization",
      "/digital-advertising": "Digital Advertising",
      "/social-media": "Social Media",
      "/brand-development": "Brand Development",
      "/recruitment-services": "Recruitment Services",
    };
    for (const [path, name] of Object.entries(services)) {
      const [service, ...more] = ofType(headOf(path).jsonLd, "Service");
      expect(more, path).toEqual([]);
      expect(service, path).toMatchObject({
        name,
        url: `${site.url}${path}`,
        provider: { "@id": `${site.url}/#organization` },
      });
      expect(String(service!.description).length).toBeGreaterThan(50);
    }
  });

  it("nested pages carry a BreadcrumbList from the home page down", () => {
    const expected = {
      "/industries/outdoor-lighting": ["Home", "Industries", "Outdoor Lighting"],
      "/case-study/romans-roofing-llc": ["Home", "Case Studies", "Roman's Roofing LLC"],
    };
    for (const [path, names] of Object.entries(expected)) {
      const [crumbs] = ofType(headOf(path).jsonLd, "BreadcrumbList");
      const items = crumbs!.itemListElement as Json[];
      expect(
        items.map((i) => i.name),
        path,
      ).toEqual(names);
      expect(items.map((i) => i.position)).toEqual([1, 2, 3]);
      expect(items.at(-1)!.item).toBe(`${site.url}${path}`);
      expect(items[0]!.item).toBe(`${site.url}/`);
    }
    const nested = sitemapPaths().filter((p) => /^\/(industries|case-study)\/.+/.test(p));
    expect(nested).toHaveLength(10);
    for (const path of nested)
      expect(ofType(headOf(path).jsonLd, "BreadcrumbList"), path).toHaveLength(1);
  });

  it("case studies are articles with headline, image, date and the agency as author", () => {
    for (const path of ["/case-study/puretek-llc", "/case-study/romans-roofing-llc"]) {
      const head = headOf(path);
      expect(head.og.type).toBe("article");
      const [article] = ofType(head.jsonLd, "Article");
      expect(article, path).toMatchObject({
        url: `${site.url}${path}`,
        author: { "@id": `${site.url}/#organization` },
        publisher: { "@id": `${site.url}/#organization` },
      });
      expect(String(article!.headline).length).toBeGreaterThan(10);
      expect(article!.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(builtFileOf(String(article!.image)).length, `${path} article image`).toBeGreaterThan(
        1000,
      );
    }
  });
});
