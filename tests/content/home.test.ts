/**
 * The home page as built: its sections and anchors, the six services, eight industries, four
 * values, both case studies, the calls to action, the contact details, the two forms' fields and
 * where they post, and how its pictures load. The forms' native validation, the video dialogs,
 * the hero loop, axe and the phone layout stay in tests/e2e/home.spec.ts.
 */
import { describe, expect, it } from "vitest";
import { formatPhone } from "../../src/lib/format";
import { site } from "../../src/config/site";
import {
  all,
  controls,
  expectOneH1AndLandmarks,
  hrefs,
  links,
  one,
  page,
  text,
  texts,
} from "./support/html";

const home = () => page("/");

describe("home page", () => {
  it("has one h1, the landmarks and every in-page anchor", () => {
    expectOneH1AndLandmarks(home());
    for (const id of ["home", "services", "about", "guides", "portfolio", "contact"])
      expect(all(`#${id}`, home().doc), `#${id}`).toHaveLength(1);
  });

  it("shows the six services with four features each, eight industries and four values", () => {
    const { doc } = home();
    const services = all("#services > div > ul > li", doc);
    expect(services).toHaveLength(6);
    for (const service of services) expect(all("ul > li", service)).toHaveLength(4);
    expect(texts("#services h3", doc)).toEqual([
      "Search Engine Optimization",
      "Professional Web Design",
      "Content Marketing",
      "Pay-Per-Click Advertising",
      "Social Media Marketing",
      "Marketing Automation",
    ]);
    expect(hrefs("#industries ul > li > a", doc)).toEqual([
      "/industries/turf-lawn-care",
      "/industries/lawn-maintenance",
      "/industries/landscape-design",
      "/industries/hardscape-outdoor-living",
      "/industries/outdoor-lighting",
      "/industries/pest-control",
      "/industries/arborist-tree-services",
      "/industries/sprinkler-irrigation",
    ]);
    expect(
      links(one("#industries", doc), "View All Industries").map((a) => a.attribs.href),
    ).toEqual(["/industries"]);
    expect(texts("#about h3", doc)).toEqual([
      "Expert Team",
      "Targeted Approach",
      "Proven Results",
      "Growth Focus",
    ]);
  });

  it("shows both case studies with their figures and links", () => {
    const cards = all("#portfolio article", home().doc);
    expect(cards).toHaveLength(2);
    const [first, second] = cards.map((c) => text(c));
    for (const figure of ["Epoxy Flooring", "$679,000", "76", "Challenge", "Solution", "Outcome"])
      expect(first).toContain(figure);
    for (const figure of ["285%", "200+"]) expect(second).toContain(figure);
    expect(cards.map((c) => links(c, /View Full Case Study/).map((a) => a.attribs.href))).toEqual([
      ["/case-study/puretek-llc"],
      ["/case-study/romans-roofing-llc"],
    ]);
  });

  it("hero and closing call to action lead to the audit and the booking pages", () => {
    const { doc } = home();
    const href = (scope: string, name: string) =>
      links(one(scope, doc), name).map((a) => a.attribs.href);
    expect(href("#home", "Get Your Free Growth Audit")).toEqual(["/free-audit"]);
    expect(href("#get-started", "Get Your Free Growth Audit")).toEqual(["/free-audit"]);
    expect(href("#get-started", "Book a Strategy Call")).toEqual(["/book-call"]);
  });

  it("contact section shows phone, email, area and hours", () => {
    const contact = one("#contact", home().doc);
    expect(text(one("#contact-title", contact))).toContain("Free Consultation");
    expect(links(contact, formatPhone(site.phone)).map((a) => a.attribs.href)).toEqual([
      `tel:${site.phone}`,
    ]);
    expect(links(contact, site.email).map((a) => a.attribs.href)).toEqual([`mailto:${site.email}`]);
    expect(text(contact)).toContain("Serving Landscape Businesses Nationwide");
    expect(text(contact)).toContain("Mon-Fri 9:00 AM-6:00 PM EST");
  });

  it("the audit and contact forms have the spec's fields and required marks, and post to /api/leads", () => {
    const { doc } = home();
    const form = (name: string) => one(`form[data-lead-form="${name}"]`, doc);
    expect(controls(form("audit"))).toEqual([
      "companyName:text:required",
      "ownerName:text:required",
      "website:text:required",
      "email:email:required",
      "message:textarea:optional",
    ]);
    expect(one("textarea[name=message]", form("audit")).attribs.rows).toBe("3");
    expect(controls(form("contact"))).toEqual([
      "full-name:text:required",
      "email:email:required",
      "phone:tel:optional",
      "company:text:optional",
      "message:textarea:required",
    ]);
    expect(one("textarea[name=message]", form("contact")).attribs.rows).toBe("5");
    // Required labels carry an asterisk.
    expect(text(one('label[for="hero-audit-companyName"]', doc))).toMatch(/\*$/);
    expect(text(one('label[for="hero-audit-message"]', doc))).not.toMatch(/\*$/);
    for (const name of ["audit", "contact"]) {
      expect(form(name).attribs).toMatchObject({ action: "/api/leads", method: "post" });
      expect(one("input[name=_next]", form(name)).attribs.value).toBe(`/thank-you?form=${name}`);
    }
    expect(one("input[name=_subject]", form("audit")).attribs.value).toBe(
      "Free Marketing Audit Request",
    );
    expect(one("input[name=_subject]", form("contact")).attribs.value).toBe(
      "Contact Form Submission",
    );
  });

  it("images carry their size; the hero picture loads first, the rest lazily", () => {
    const { doc } = home();
    const images = all("main img", doc).map((img) => ({
      w: img.attribs.width,
      h: img.attribs.height,
      loading: img.attribs.loading,
      priority: img.attribs.fetchpriority,
      src: img.attribs.src,
    }));
    expect(images.length).toBeGreaterThan(10);
    for (const img of images) {
      expect(Number(img.w)).toBeGreaterThan(0);
      expect(Number(img.h)).toBeGreaterThan(0);
      expect(img.src).toMatch(/^\/_astro\//);
    }
    expect(images[0]).toMatchObject({ loading: "eager", priority: "high" });
    expect(images.slice(1).every((i) => i.loading === "lazy")).toBe(true);
    expect(all("source", one("main picture", doc)).map((s) => s.attribs.type)).toEqual([
      "image/avif",
      "image/webp",
    ]);
  });
});
