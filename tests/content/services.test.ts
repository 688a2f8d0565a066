/**
 * The seven service pages as built: the spec's cards, benefits, steps and figures, the offer
 * banner, real buttons and the closing call to action (tests/specFigures.ts). That the figures
 * show, and axe and the phone layout, stay in tests/e2e/services.spec.ts.
 */
import { describe, expect, it } from "vitest";
import { formatPhone, formatUsd, phoneHref } from "../../src/lib/format";
import { site } from "../../src/config/site";
import { routes } from "../../src/config/routes";
import { conversionRouteKeys, serviceSpec } from "../specFigures";
import { all, expectNoDeadEnds, hrefs, one, page, text, texts } from "./support/html";

const conversionPages = conversionRouteKeys.map((key) => routes[key]);

for (const [id, s] of Object.entries(serviceSpec)) {
  const path = `/${id}`;
  describe(path, () => {
    it("shows the spec's cards, benefits, steps and figures", () => {
      const { doc } = page(path);
      const cards = all("#services > div > ul > li", doc);
      expect(cards).toHaveLength(s.cards);
      if (s.cardTitles) expect(texts("h3", cards)).toEqual(s.cardTitles);
      for (const card of cards) {
        const features = all("ul > li", card);
        if (s.featuresPerCard) expect(features).toHaveLength(s.featuresPerCard);
        else expect(features.length).toBeGreaterThanOrEqual(2);
      }
      const benefits = all("#why ul > li", doc);
      expect(benefits).toHaveLength(4);
      if (s.benefits) expect(texts("h3", benefits)).toEqual(s.benefits);
      const steps = all("#process ol > li", doc);
      if (typeof s.steps === "number") expect(steps).toHaveLength(s.steps);
      else expect(texts("h3", steps)).toEqual(s.steps);
      expect(texts("#results dd", doc)).toEqual(s.stats);
    });

    it("has the offer banner, real buttons and a closing call to action with three assurances", () => {
      const p = page(path);
      const offer = one("#offer", p.doc);
      expect(text(offer)).toMatch(/limited time offer/i);
      expect(text(offer)).toContain(formatUsd(site.offers.auditValue));
      expect(hrefs("a", offer)).toEqual(["/free-audit"]);

      const heroLinks = hrefs("#hero a", p.doc);
      expect(heroLinks).toHaveLength(2);
      expect(heroLinks[0]).toBe(routes[s.primary]);
      expect(conversionPages).toContain(heroLinks[1]);

      const closing = one("#get-started", p.doc);
      expect(all("h2", closing)).toHaveLength(1);
      expect(all("ul > li", closing)).toHaveLength(3);
      const closingLinks = hrefs("a:not([href^='tel:'])", closing);
      expect(closingLinks.length).toBeGreaterThan(0);
      for (const href of closingLinks) expect(conversionPages).toContain(href);

      expectNoDeadEnds(p);
    });
  });
}

describe("pages with their own lines", () => {
  it("recruitment states the 100% staffing concern, gives reasons to choose, and a tel: call link", () => {
    const { doc } = page("/recruitment-services");
    const hero = text(one("#hero", doc));
    expect(hero).toContain("100%");
    expect(hero).toMatch(/staffing as their primary concern/);
    expect(all("#reasons ul > li", doc)).toHaveLength(4);
    expect(text(one("#services", doc))).toMatch(/current SEO and online advertising/);
    const call = all(`#get-started a[href="${phoneHref(site.phone)}"]`, doc);
    expect(call.map((a) => text(a))).toEqual([formatPhone(site.phone)]);
  });

  it("complete solutions opens with a client quote attributed to a person and company", () => {
    const quote = one("#hero figure", page("/complete-solutions").doc);
    expect(text(one("blockquote", quote))).not.toBe("");
    const caption = text(one("figcaption", quote));
    expect(caption).toContain("Marcus Bell");
    expect(caption).toContain("Bell Brothers Landscaping");
  });

  it("website design promises 99.9% uptime", () => {
    const features = texts("#services > div > ul > li ul > li", page("/website-design").doc);
    expect(features).toContain("99.9% uptime");
  });

  it("digital advertising promises money back and no setup fees", () => {
    const { doc } = page("/digital-advertising");
    const assurances = text(one("#get-started ul", doc));
    expect(assurances).toContain("100% money-back guarantee");
    expect(assurances).toContain("No setup fees");
    expect(text(one("#results", doc))).toContain("Average return on ad spend");
  });
});
