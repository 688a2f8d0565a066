/**
 * The free guides as built (issue 15): /guides lists every guide newest first with a topic filter
 * of plain links; a page per topic lists exactly that topic's guides; a guide page has its table
 * of contents, dates, reading time, related guides, the call to action, Article and
 * BreadcrumbList JSON-LD, a canonical URL and its own 1200×630 share picture, and no script; the
 * RSS feed lists every guide and every page announces it; home, industry and service pages lead
 * to their guides; a guide offers its checklist. Search, the checklist form, axe and the phone
 * layout stay in tests/e2e (guides, checklist-form).
 */
import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  all,
  expectOneH1AndLandmarks,
  fileFor,
  hrefs,
  links,
  named,
  one,
  page,
  sitemapPaths,
  text,
  texts,
} from "./support/html";

const dir = resolve(import.meta.dirname, "../../src/content/guides");

/** The guides as written: id, title, published day and topics, newest first. */
const guides = readdirSync(dir)
  .filter((f) => f.endsWith(".md"))
  .map((f) => {
    const front = /^---\n([\s\S]*?)\n---/.exec(readFileSync(join(dir, f), "utf8"))![1]!;
    const field = (k: string) =>
      new RegExp(`^${k}: *(.*)$`, "m").exec(front)![1]!.replace(/^"|"$/g, "");
    return {
      id: f.replace(/\.md$/, ""),
      title: field("title"),
      published: field("published"),
      topics: field("topics")
        .replace(/[[\]]/g, "")
        .split(",")
        .map((t) => t.trim()),
    };
  })
  .sort((a, b) => b.published.localeCompare(a.published) || a.id.localeCompare(b.id));

const cardLinks = (path: string) => hrefs("#guides article h3 a", page(path).doc);
const topicFilter = (path: string) => named("nav", page(path).doc, "Guides by topic", true)[0]!;

describe("free guides", () => {
  it("there are the eight guides the sitemap lists", () => {
    expect(guides).toHaveLength(8);
    const listed = sitemapPaths().filter((p) => /^\/guides\/(?!topic\/)[^/]+$/.test(p));
    expect(listed.sort()).toEqual(guides.map((g) => `/guides/${g.id}`).sort());
  });

  it("/guides lists every guide newest first, with a topic filter of plain links", () => {
    expectOneH1AndLandmarks(page("/guides"));
    expect(cardLinks("/guides")).toEqual(guides.map((g) => `/guides/${g.id}`));
    const all_ = links(topicFilter("/guides"), "All guides");
    expect(all_.map((a) => a.attribs["aria-current"])).toEqual(["page"]);
  });

  it("each topic page lists exactly that topic's guides", () => {
    const topicHrefs = hrefs("a", topicFilter("/guides")).filter((h) => h !== "/guides");
    const used = new Set(guides.flatMap((g) => g.topics));
    expect(used.size).toBe(14);
    expect([...topicHrefs].sort()).toEqual([...used].map((t) => `/guides/topic/${t}`).sort());
    for (const href of topicHrefs) {
      const topic = href!.split("/").pop()!;
      expect(cardLinks(href!), href).toEqual(
        guides.filter((g) => g.topics.includes(topic)).map((g) => `/guides/${g.id}`),
      );
      expect(hrefs('[aria-current="page"]', topicFilter(href!)), href).toEqual([href]);
    }
  });

  it("a guide has its contents, dates, reading time, related guides, call to action and JSON-LD", async () => {
    const guide = guides[0]!;
    const path = `/guides/${guide.id}`;
    const p = page(path);
    expectOneH1AndLandmarks(p);
    expect(texts("h1", p.doc)).toEqual([guide.title]);
    const article = one("main > article", p.doc);
    expect(text(article)).toMatch(/\d+ min read/);
    expect(all(`time[datetime="${guide.published}"]`, article)).toHaveLength(1);
    // Every entry of the table of contents jumps to a heading of the guide.
    const [toc] = named("nav", p.doc, "On this page", true);
    const contents = hrefs("a", toc!);
    expect(contents.length).toBeGreaterThanOrEqual(4);
    for (const href of contents) expect(all(`.guide-body h2${href}`, p.doc), href).toHaveLength(1);
    expect(all("#related article", p.doc)).toHaveLength(3);
    expect(links(one("#get-started", p.doc), /Free Growth Audit/)[0]?.attribs.href).toBe(
      "/free-audit",
    );
    expect(hrefs('link[rel="canonical"]', p.doc)).toEqual([
      expect.stringMatching(new RegExp(`/guides/${guide.id}$`)),
    ]);
    const articleData = p.jsonLd.find((d) => d["@type"] === "Article")!;
    expect(articleData).toMatchObject({ headline: guide.title, datePublished: guide.published });
    const crumbs = p.jsonLd.find((d) => d["@type"] === "BreadcrumbList") as {
      itemListElement: { name: string }[];
    };
    expect(crumbs.itemListElement.map((i) => i.name)).toEqual(["Home", "Free Guides", guide.title]);
    // Its own share picture: the title on the site's green, 1200×630.
    const og = p.meta("og:image")!;
    expect(og).toMatch(new RegExp(`/guides/${guide.id}/og\\.jpg$`));
    const meta = await sharp(readFileSync(fileFor(new URL(og).pathname))).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, 630]);
    // Nothing runs before the visitor does something.
    expect(all("script[src]", p.doc)).toEqual([]);
  });

  it("every guide has its own 1200×630 share picture", async () => {
    for (const g of guides) {
      const meta = await sharp(readFileSync(fileFor(`/guides/${g.id}/og.jpg`))).metadata();
      expect([meta.format, meta.width, meta.height], g.id).toEqual(["jpeg", 1200, 630]);
    }
  });

  it("the RSS feed lists every guide, and every page announces it", () => {
    const xml = readFileSync(fileFor("/guides/rss.xml"), "utf8");
    for (const g of guides) expect(xml).toContain(`/guides/${g.id}</link>`);
    expect(xml.match(/<item>/g)).toHaveLength(guides.length);
    for (const path of ["/", "/guides", "/contact-us"])
      expect(
        hrefs('link[rel="alternate"][type="application/rss+xml"]', page(path).doc),
        path,
      ).toEqual(["/guides/rss.xml"]);
  });

  it("home shows the three newest guides; industries and services link to theirs", () => {
    expect(cardLinks("/")).toEqual(guides.slice(0, 3).map((g) => `/guides/${g.id}`));
    expect(
      links(one("#guides", page("/").doc), "All Free Guides").map((a) => a.attribs.href),
    ).toEqual(["/guides"]);
    for (const [path, topic] of [
      ["/industries/lawn-maintenance", "lawn-maintenance"],
      ["/seo-optimization", "seo-optimization"],
    ] as const) {
      const expected = guides.filter((g) => g.topics.includes(topic)).slice(0, 3);
      expect(expected.length, path).toBeGreaterThan(0);
      expect(cardLinks(path), path).toEqual(expected.map((g) => `/guides/${g.id}`));
      expect(
        links(one("#guides", page(path).doc), /^All guides on /).map((a) => a.attribs.href),
      ).toEqual([`/guides/topic/${topic}`]);
    }
  });

  it("a guide offers its checklist: what is inside, and the further-emails box unticked", () => {
    const { doc } = page("/guides/google-business-profile-lawn-care");
    const offer = one("#checklist", doc);
    expect(texts("h2", offer)).toEqual(["Google Business Profile checklist"]);
    expect(text(offer)).toMatch(/Set up: \d+ steps/);
    const box = all('form[data-lead-form="guide"] input[type=checkbox]', doc);
    expect(box).toHaveLength(1);
    expect(box[0]!.attribs.checked).toBeUndefined();
  });
});
