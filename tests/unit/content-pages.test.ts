/**
 * The content pages carry what the spec lists (section 2 and section 9): card, feature, benefit
 * and step counts per service page, industry detail pages, case-study figures and timelines, and
 * the legal terms. Runs over the real entries.
 */
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { describe, expect, it } from "vitest";
import { routes } from "../../src/config/routes";
import {
  caseStudySchema,
  industrySchema,
  legalSchema,
  pageSchema,
  servicePageSchema,
  uiSchema,
  type ServicePage,
} from "../../src/schemas/collections";
import { contentDir, contextFor, files, root, yamlIn } from "./support/entries";
import { caseStudySpec, legalSpec, legalUpdated, serviceSpec } from "../specFigures";

const services = Object.fromEntries(
  yamlIn("services").map(({ id, data }) => [id, servicePageSchema.parse(data)]),
) as Record<string, ServicePage>;
const service = (id: string) => {
  const page = services[id];
  if (!page) throw new Error(`no service entry ${id}`);
  return page;
};
const values = (stats: { value: string }[]) => stats.map((s) => s.value);
const titles = (items: { title: string }[]) => items.map((i) => i.title);

describe("service pages", () => {
  it("has one entry per service route, and every entry id is a route", () => {
    const ui = uiSchema.parse(yamlIn("ui")[0]!.data);
    const serviceRoutes = ui.header.services.map((s) => routes[s.to]).sort();
    expect(
      Object.keys(services)
        .map((id) => `/${id}`)
        .sort(),
    ).toEqual(serviceRoutes);
    expect(serviceRoutes).toHaveLength(7);
  });

  it("gives every page four benefits, three assurances and a real secondary action", () => {
    for (const [id, page] of Object.entries(services)) {
      expect(page.benefits.items, id).toHaveLength(4);
      expect(page.cta.assurances, id).toHaveLength(3);
      for (const cta of [page.hero.primaryCta, page.hero.secondaryCta, page.cta.primary])
        expect(["freeAudit", "bookCall", "contactUs"], `${id} ${cta.label}`).toContain(cta.to);
      expect(page.offer.heading + page.offer.text, id).toContain("{auditValue}");
    }
  });

  for (const [id, spec] of Object.entries(serviceSpec)) {
    it(`${id}: the spec's cards, features, benefits, steps and figures`, () => {
      const page = service(id);
      expect(page.services.cards).toHaveLength(spec.cards);
      if (spec.cardTitles) expect(titles(page.services.cards)).toEqual(spec.cardTitles);
      if (spec.featuresPerCard)
        for (const card of page.services.cards)
          expect(card.features, card.title).toHaveLength(spec.featuresPerCard);
      if (spec.benefits) expect(titles(page.benefits.items)).toEqual(spec.benefits);
      if (typeof spec.steps === "number") expect(page.process?.steps.length ?? 0).toBe(spec.steps);
      else expect(page.process && titles(page.process.steps)).toEqual(spec.steps);
      expect(values(page.results.stats)).toEqual(spec.stats);
      expect(page.hero.primaryCta.to).toBe(spec.primary);
    });
  }

  it("website design promises 99.9% uptime; advertising money back and no setup fees", () => {
    const features = service("website-design").services.cards.flatMap((c) => c.features);
    expect(features).toContain("99.9% uptime");
    expect(service("digital-advertising").cta.assurances).toEqual(
      expect.arrayContaining(["100% money-back guarantee", "No setup fees"]),
    );
  });

  it("complete solutions opens with a quote attributed to a person and a company", () => {
    const { quote } = service("complete-solutions").hero;
    expect(quote?.text).toBeTruthy();
    expect(quote?.person).toBeTruthy();
    expect(quote?.company).toBeTruthy();
  });

  it("recruitment: the 100% staffing statement, reasons to choose and a call line", () => {
    const page = service("recruitment-services");
    expect(page.hero.statement?.value).toBe("100%");
    expect(page.hero.statement?.label).toMatch(/staffing/);
    expect(page.reasons?.items.length).toBeGreaterThanOrEqual(3);
    expect(page.cta.callLabel).toBeTruthy();
  });
});

describe("industry pages", () => {
  const industries = yamlIn("industries").map(({ file, id, data }) => ({
    id,
    data: industrySchema(contextFor(file)).parse(data),
  }));

  it("give every industry an audit button, four cards of four features and a four-item why grid", () => {
    for (const { id, data } of industries) {
      expect(data.hero.badge, id).toBeTruthy();
      expect(data.hero.primaryCta.to, id).toBe("freeAudit");
      expect(data.hero.primaryCta.label, id).toMatch(/audit/i);
      expect(data.services.cards, id).toHaveLength(4);
      expect(
        data.services.cards.every((c) => c.features.length === 4),
        id,
      ).toBe(true);
      expect(data.why.items, id).toHaveLength(4);
    }
  });

  it("write trade-specific copy: no two industries share a headline, card or closing text", () => {
    const seen = industries.flatMap(({ data }) => [
      data.hero.headline,
      data.closing,
      ...titles(data.services.cards),
    ]);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("cover the themes the spec names for five trades", () => {
    const cards = (id: string) =>
      titles(industries.find((i) => i.id === id)!.data.services.cards).join(" | ");
    expect(cards("pest-control")).toMatch(
      /Comprehensive Management.*Preventive Protection.*Emergency Response.*Specialised Solutions/,
    );
    expect(cards("arborist-tree-services")).toMatch(/Health.*Pruning.*Emergency.*Risk Assessment/);
    expect(cards("sprinkler-irrigation")).toMatch(
      /Installation.*Maintenance & Repair.*Smart Irrigation.*Water Conservation/,
    );
    expect(cards("outdoor-lighting")).toMatch(/Landscape.*Security.*Entertainment.*Smart/);
    expect(cards("hardscape-outdoor-living")).toMatch(
      /Patios.*Outdoor Kitchens.*Premium.*Commercial/,
    );
  });

  it("share the closing call to action START YOUR MARKETING TODAY and the overview figures", () => {
    const page = pageSchema.parse(yamlIn("pages").find((p) => p.id === "industries")!.data);
    if (page.template !== "industries") throw new Error("pages/industries.yaml: wrong template");
    expect(page.detailCta.heading).toBe("START YOUR MARKETING TODAY");
    expect(values(page.stats.stats)).toEqual(["500+", "95%", "24/7"]);
  });
});

describe("case studies", () => {
  const studies = Object.fromEntries(
    yamlIn("case-studies").map(({ file, id, data }) => [
      id,
      caseStudySchema(contextFor(file)).parse(data),
    ]),
  );

  for (const [id, spec] of Object.entries(caseStudySpec)) {
    it(`${id}: ${spec.timeline} at ${spec.investment} in ${spec.phases.length} phases, with the spec's figures`, () => {
      const s = studies[id]!;
      expect([s.client, s.timeline, s.investment]).toEqual([
        spec.client,
        spec.timeline,
        spec.investment,
      ]);
      expect(s.timelineSteps.map((t) => [t.months.from, t.months.to])).toEqual(spec.phases);
      expect(values(s.results)).toEqual(spec.results);
      expect(values(s.before)).toEqual(spec.before);
    });
  }

  it("link the epoxy page to its PDF and the roofing page to the client's website", () => {
    expect(studies["puretek-llc"]!.externalLink.key).toBe("puretekCaseStudyPdf");
    expect(studies["romans-roofing-llc"]!.externalLink.key).toBe("romansRoofingWebsite");
  });

  it("give every solution card an icon, title, description and results", () => {
    for (const s of Object.values(studies))
      for (const card of s.solutions) expect(card.results.length).toBeGreaterThan(0);
  });

  it("never show the stray $89,000 figure (the site shows $679,000; docs/decisions.md)", () => {
    const offenders = files(contentDir, /\.ya?ml$/).filter((f) =>
      /89,000/.test(readFileSync(f, "utf8")),
    );
    expect(offenders.map((f) => relative(root, f))).toEqual([]);
  });
});

describe("legal pages", () => {
  const docs = Object.fromEntries(
    yamlIn("legal").map(({ id, data }) => [id, legalSchema.parse(data)]),
  );
  const text = (id: string) => JSON.stringify(docs[id]!.sections) + JSON.stringify(docs[id]!.intro);

  it("are the three legal routes, each last updated when its text last changed", () => {
    expect(Object.keys(docs).sort()).toEqual(legalSpec.map(([id]) => id).sort());
    const routePaths = Object.values(routes) as string[];
    for (const [id, title] of legalSpec) {
      expect(routePaths).toContain(`/${id}`);
      expect(docs[id]!.title).toBe(title);
      expect(docs[id]!.updated.toISOString().slice(0, 7), id).toBe(legalUpdated[id].month);
    }
  });

  it("state the terms of spec section 9", () => {
    const terms = text("terms-of-service");
    expect(terms).toContain("billed monthly in advance");
    expect(terms).toContain("within 30 days of the invoice");
    expect(terms).toContain("30 days written notice");
    expect(terms).toContain("United States");
  });

  it("describe what the site really does: own server, salted IP hash, providers on request, no cookies", () => {
    const privacy = text("privacy-policy");
    expect(privacy).toMatch(/own server/);
    expect(privacy).toMatch(/No third party receives your form data before it is stored/);
    expect(privacy).toMatch(/salted, one-way hash of your IP address/);
    expect(privacy).toMatch(/youtube-nocookie\.com/);
    expect(privacy).toMatch(/Calendly/);
    expect(privacy).toMatch(/sets no cookies/);
    // The visit count (issue 16): what is kept, the daily hash, no IP, 30 days, GPC.
    expect(privacy).toMatch(/Your IP address is not stored/);
    expect(privacy).toMatch(/random value that changes every\s+day/);
    expect(privacy).toMatch(/deleted after 30 days/);
    expect(privacy).toMatch(/Global Privacy\s+Control/);
    const cookies = text("cookie-policy");
    expect(cookies).toMatch(/does not set cookies/);
    expect(cookies).toMatch(/no cookie, no local storage/);
    expect(cookies).toMatch(/Until you press play/);
  });
});
