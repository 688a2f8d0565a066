/**
 * The shared header and footer as built: the links the spec lists, the phone, both dropdowns'
 * items, and the footer's lists, contact details, copyright and legal links. Hover, keyboard,
 * the mobile menu and the header's layout at every width stay in tests/e2e/layout.spec.ts and
 * tests/e2e/header.spec.ts.
 */
import { describe, expect, it } from "vitest";
import { formatPhone } from "../../src/lib/format";
import { site } from "../../src/config/site";
import {
  all,
  hrefs,
  links,
  named,
  one,
  page,
  sitemapPaths,
  text,
  type Element,
} from "./support/html";

const serviceRoutes = [
  "/complete-solutions",
  "/website-design",
  "/seo-optimization",
  "/digital-advertising",
  "/social-media",
  "/brand-development",
  "/recruitment-services",
];
const industryRoutes = [
  "/industries/turf-lawn-care",
  "/industries/lawn-maintenance",
  "/industries/landscape-design",
  "/industries/hardscape-outdoor-living",
  "/industries/outdoor-lighting",
  "/industries/pest-control",
  "/industries/arborist-tree-services",
  "/industries/sprinkler-irrigation",
];

/** The site header and footer, children of the body (or of its one wrapper). */
const banner = () => one("body > header, body > * > header", page("/").doc);
const footer = () => one("body > footer, body > * > footer", page("/").doc);
const nav = (scope: Element, label: string) => {
  const [found, ...more] = named("nav", scope, label, true);
  if (!found || more.length) throw new Error(`not one navigation named ${label}`);
  return found;
};

describe("header", () => {
  it("links to every page the spec lists and shows the phone", () => {
    const linked = hrefs("a", banner());
    for (const href of [
      "/",
      "/industries",
      "/case-studies",
      "/contact-us",
      ...serviceRoutes,
      ...industryRoutes,
    ])
      expect(linked, href).toContain(href);
    const phone = links(banner(), formatPhone(site.phone));
    expect(phone.length).toBeGreaterThan(0);
    expect(phone[0]!.attribs.href).toBe(`tel:${site.phone}`);
  });

  it("the Services dropdown lists the seven services, the Industries one the eight industries", () => {
    const main = nav(banner(), "Main");
    expect(hrefs("a", one("#menu-services", main))).toEqual(serviceRoutes);
    expect(hrefs("a", one("#menu-industries", main))).toEqual(industryRoutes);
  });
});

describe("footer", () => {
  it("has the blurb, social link, both link lists, contact details, copyright and legal links", () => {
    const f = footer();
    const instagram = links(f, /Instagram/);
    expect(instagram.map((a) => [a.attribs.href, a.attribs.rel])).toEqual([
      [site.social.url, "noopener noreferrer"],
    ]);
    expect(hrefs("a", nav(f, "Services"))).toEqual([
      "/complete-solutions",
      "/website-design",
      "/seo-optimization",
      "/digital-advertising",
      "/recruitment-services",
    ]);
    expect(hrefs("a", nav(f, "Company"))).toEqual([
      "/#about",
      "/industries",
      "/case-studies",
      "/guides",
      "/contact-us",
    ]);
    expect(links(f, formatPhone(site.phone)).map((a) => a.attribs.href)).toEqual([
      `tel:${site.phone}`,
    ]);
    expect(links(f, site.email).map((a) => a.attribs.href)).toEqual([`mailto:${site.email}`]);
    expect(text(f)).toContain("Monday to Friday 9:00 AM to 6:00 PM EST");
    // The build's year: the footer is prerendered.
    expect(text(f)).toContain(`© ${new Date().getFullYear()} ${site.name}`);
    expect(hrefs("a", nav(f, "Legal"))).toEqual([
      "/privacy-policy",
      "/terms-of-service",
      "/cookie-policy",
    ]);
  });

  it("every page has the same header and footer as the home page", () => {
    const outer = (el: Element) => text(el);
    for (const path of ["/industries", "/case-study/puretek-llc", "/guides", "/privacy-policy"]) {
      const doc = page(path).doc;
      expect(text(all("body > header, body > * > header", doc)), path).toBe(outer(banner()));
      expect(text(all("body > footer, body > * > footer", doc)), path).toBe(outer(footer()));
    }
  });
});

describe("public pages", () => {
  it("carry nothing of the inbox: no admin stylesheet, script or link", () => {
    const paths = [...sitemapPaths(), "/thank-you", "/404"];
    expect(paths.length).toBeGreaterThan(50);
    for (const path of paths) {
      const { doc } = page(path);
      const assets = [
        ...hrefs('link[rel="stylesheet"]', doc),
        ...all("script[src]", doc).map((s) => s.attribs.src),
      ];
      expect(
        assets.filter((href) => /admin/i.test(href ?? "")),
        path,
      ).toEqual([]);
      expect(hrefs('a[href^="/admin"]', doc), path).toEqual([]);
    }
  });
});
