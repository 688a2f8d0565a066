/**
 * Search metadata on every page of the sitemap (plus /thank-you and the 404): unique title and
 * description, canonical URL, Open Graph and Twitter tags with an image, lang, theme colour, and
 * JSON-LD that parses and carries the properties each type needs.
 */
import type { APIRequestContext } from "@playwright/test";
import { test, expect } from "./fixtures";
import { site } from "../../src/config/site";

type Json = Record<string, unknown>;

async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const xml = await (await request.get("/sitemap.xml")).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
}

/** The head of a page, read from the served HTML (what a crawler sees). */
async function headOf(request: APIRequestContext, path: string) {
  const res = await request.get(path);
  const html = await res.text();
  const decode = (text: string) =>
    text
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  const attr = (re: RegExp) => {
    const value = re.exec(html)?.[1];
    return value === undefined ? undefined : decode(value);
  };
  const meta = (key: string) =>
    attr(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`)) ??
    attr(new RegExp(`<meta content="([^"]*)" (?:name|property)="${key}"`));
  const jsonLd = [
    ...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g),
  ].map((m) => JSON.parse(m[1]!) as Json);
  return {
    status: res.status(),
    lang: attr(/<html lang="([^"]+)"/),
    title: attr(/<title>([^<]*)<\/title>/),
    description: meta("description"),
    canonical: attr(/<link rel="canonical" href="([^"]+)"/),
    robots: meta("robots"),
    themeColor: meta("theme-color"),
    og: {
      title: meta("og:title"),
      description: meta("og:description"),
      url: meta("og:url"),
      image: meta("og:image"),
      type: meta("og:type"),
    },
    twitter: { card: meta("twitter:card"), image: meta("twitter:image") },
    jsonLd,
  };
}

const ofType = (data: Json[], type: string) => data.filter((d) => d["@type"] === type);

test.describe("search metadata", () => {
  test("the sitemap lists every public route and not /thank-you; robots.txt points to it", async ({
    request,
  }) => {
    const paths = await sitemapPaths(request);
    // 28 pages, /guides, its 8 guides and the 14 topics they cover.
    expect(paths.length).toBe(28 + 1 + 8 + 14);
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
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${site.url}/sitemap.xml`);
    expect(robots).toMatch(/^User-agent: \*/m);
  });

  test("every page has a unique title and description, a canonical URL, Open Graph and Twitter tags", async ({
    request,
  }) => {
    const paths = [...(await sitemapPaths(request)), "/thank-you"];
    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    for (const path of paths) {
      const head = await headOf(request, path);
      expect(head.status, path).toBe(200);
      expect(head.lang, path).toBe("en");
      expect(head.title?.length ?? 0, `${path} title`).toBeGreaterThanOrEqual(10);
      expect(head.description?.length ?? 0, `${path} description`).toBeGreaterThanOrEqual(50);
      expect(titles.get(head.title!), `${path} repeats the title of`).toBeUndefined();
      expect(
        descriptions.get(head.description!),
        `${path} repeats the description of`,
      ).toBeUndefined();
      titles.set(head.title!, path);
      descriptions.set(head.description!, path);
      expect(head.canonical, path).toBe(new URL(path, `${site.url}/`).href);
      expect(head.themeColor, path).toMatch(/^#[0-9a-f]{6}$/i);
      expect(head.og, path).toMatchObject({
        title: head.title,
        description: head.description,
        url: head.canonical,
      });
      // The site's share picture, or a guide's own with its title.
      expect(head.og.image, path).toMatch(
        path.startsWith("/guides/") && !path.startsWith("/guides/topic/")
          ? new RegExp(`^${site.url}${path}/og\\.jpg$`)
          : new RegExp(`^${site.url}/_astro/.+\\.jpg$`),
      );
      expect(head.twitter, path).toEqual({ card: "summary_large_image", image: head.og.image });
      // No page blocks indexing: /thank-you is kept out of the sitemap instead (decisions.md).
      expect(head.robots, path).toBeUndefined();
    }
    // The share image exists on this server.
    const image = (await headOf(request, "/")).og.image!;
    const res = await request.get(new URL(image).pathname);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toMatch(/^image\/jpeg/);
  });

  test("the 404 page answers 404, which is what keeps it out of search results", async ({
    request,
  }) => {
    const head = await headOf(request, "/no-such-page");
    expect(head.status).toBe(404);
    expect(head.title).toMatch(/not found|couldn't find/i);
  });

  test("every page describes the agency as a ProfessionalService with contact point, hours and area", async ({
    request,
  }) => {
    for (const path of await sitemapPaths(request)) {
      const [org, ...more] = ofType((await headOf(request, path)).jsonLd, "ProfessionalService");
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

  test("service pages describe their Service, provided by the agency", async ({ request }) => {
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
      const [service] = ofType((await headOf(request, path)).jsonLd, "Service");
      expect(service, path).toMatchObject({
        name,
        url: `${site.url}${path}`,
        provider: { "@id": `${site.url}/#organization` },
      });
      expect(String(service!.description).length).toBeGreaterThan(50);
    }
  });

  test("nested pages carry a BreadcrumbList from the home page down", async ({ request }) => {
    const expected = {
      "/industries/outdoor-lighting": ["Home", "Industries", "Outdoor Lighting"],
      "/case-study/romans-roofing-llc": ["Home", "Case Studies", "Roman's Roofing LLC"],
    };
    for (const [path, names] of Object.entries(expected)) {
      const [crumbs] = ofType((await headOf(request, path)).jsonLd, "BreadcrumbList");
      const items = crumbs!.itemListElement as Json[];
      expect(
        items.map((i) => i.name),
        path,
      ).toEqual(names);
      expect(items.map((i) => i.position)).toEqual([1, 2, 3]);
      expect(items.at(-1)!.item).toBe(`${site.url}${path}`);
      expect(items[0]!.item).toBe(`${site.url}/`);
    }
    const nested = (await sitemapPaths(request)).filter((p) =>
      /^\/(industries|case-study)\/.+/.test(p),
    );
    expect(nested).toHaveLength(10);
    for (const path of nested)
      expect(ofType((await headOf(request, path)).jsonLd, "BreadcrumbList"), path).toHaveLength(1);
  });

  test("case studies are articles with headline, image, date and the agency as author", async ({
    request,
  }) => {
    for (const path of ["/case-study/puretek-llc", "/case-study/romans-roofing-llc"]) {
      const head = await headOf(request, path);
      expect(head.og.type).toBe("article");
      const [article] = ofType(head.jsonLd, "Article");
      expect(article, path).toMatchObject({
        url: `${site.url}${path}`,
        author: { "@id": `${site.url}/#organization` },
        publisher: { "@id": `${site.url}/#organization` },
      });
      expect(String(article!.headline).length).toBeGreaterThan(10);
      expect(article!.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const image = await request.get(new URL(String(article!.image)).pathname);
      expect(image.status(), `${path} article image`).toBe(200);
    }
  });
});
