/**
 * Local checks: what ties the site to the places the business works. Pure functions over the Site.
 */
import { plain, quote } from "../text.ts";
import type { Page, Site } from "../site.ts";
import { fail, na, pass, type Check } from "./outcome.ts";
import { HOURS, HOURS_24, MAP, PHONE, SERVICE_AREA, STATE_ZIP, STREET } from "./patterns.ts";

/** schema.org LocalBusiness and the subtypes a landscaper or a trade next to it would use. */
export const LOCAL_BUSINESS_TYPES = new Set(
  [
    "LocalBusiness",
    "HomeAndConstructionBusiness",
    "GeneralContractor",
    "Landscaper",
    "LandscapingBusiness",
    "HousePainter",
    "RoofingContractor",
    "Plumber",
    "Electrician",
    "HVACBusiness",
    "Locksmith",
    "MovingCompany",
    "ProfessionalService",
    "GardenStore",
    "HomeGoodsStore",
    "HardwareStore",
    "Store",
    "EmergencyService",
  ].map((t) => t.toLowerCase()),
);

/** A JSON-LD node's types as written, without a schema.org prefix. */
export const typesOf = (node: Record<string, unknown>): string[] =>
  [node["@type"]]
    .flat()
    .filter((t): t is string => typeof t === "string")
    .map((t) => plain(t.replace(/^https?:\/\/schema\.org\//i, ""), 60));

const isLocalBusiness = (node: Record<string, unknown>) =>
  typesOf(node).some((t) => LOCAL_BUSINESS_TYPES.has(t.toLowerCase()));

/** The LocalBusiness nodes of the pages, home first. */
export function localBusinessNodes(site: Site): { node: Record<string, unknown>; page: Page }[] {
  return site.pages.flatMap((page) =>
    page.jsonLd.filter(isLocalBusiness).map((node) => ({ node, page })),
  );
}

const filled = (value: unknown): boolean =>
  typeof value === "string"
    ? value.trim() !== ""
    : Array.isArray(value)
      ? value.length > 0
      : !!value && typeof value === "object";

/** Business names the site gives itself: structured data, og:site_name, the title's parts. */
export function businessNames(site: Site): string[] {
  const names = localBusinessNodes(site)
    .map(({ node }) => node.name)
    .filter((n): n is string => typeof n === "string");
  const siteName = site.home.meta.get("og:site_name");
  if (siteName) names.push(siteName);
  if (site.home.title) names.push(...site.home.title.split(/ [|–—:-] | ?\| ?/));
  return [...new Set(names.map((n) => n.trim()).filter((n) => n.length >= 3))];
}

const telLinks = (page: Page) => page.links.filter((l) => /^tel:/i.test(l.href));

export const localChecks = {
  "local-business-schema": (site) => {
    const found = localBusinessNodes(site);
    if (!found.length) {
      const types = site.pages.flatMap((p) => p.jsonLd.flatMap(typesOf));
      return fail(
        types.length
          ? `Structured data was found (${[...new Set(types)].slice(0, 4).join(", ")}) but no LocalBusiness or a subtype of it. Expected LocalBusiness with name, phone and address or area served.`
          : "No LocalBusiness structured data (JSON-LD) on the pages checked. Expected one with name, phone and address or area served.",
        site.home.url,
      );
    }
    const best =
      found.find(
        ({ node }) =>
          filled(node.name) &&
          filled(node.telephone) &&
          (filled(node.address) || filled(node.areaServed)),
      ) ?? found[0]!;
    const { node, page } = best;
    const missing = [
      filled(node.name) ? null : "name",
      filled(node.telephone) ? null : "telephone",
      filled(node.address) || filled(node.areaServed) ? null : "address or areaServed",
    ].filter(Boolean);
    const what = `${typesOf(node)[0]} on ${plain(page.url)}`;
    return missing.length
      ? fail(
          `${what} lacks ${missing.join(", ")}. Expected name, telephone and address or areaServed.`,
          page.url,
        )
      : pass(
          `${what} with name ${quote(String(node.name))}, telephone and ${filled(node.address) ? "address" : "area served"}.`,
          page.url,
        );
  },

  "tel-link": (site) => {
    const page = site.pages.find((p) => telLinks(p).length) ?? null;
    if (!page)
      return fail(
        'No tap-to-call link (href="tel:…") on the pages checked. Expected one on the home page.',
        site.home.url,
      );
    const link = telLinks(page)[0]!;
    const where = page === site.home ? "the home page" : plain(page.url);
    return page === site.home
      ? pass(`Tap-to-call link ${quote(link.href, 40)} on ${where}.`, page.url)
      : fail(
          `A tap-to-call link is on ${where} but not on the home page. Expected one on the home page.`,
          site.home.url,
        );
  },

  "nap-visible": (site) => {
    const text = site.home.text;
    const name = businessNames(site).find((n) => text.toLowerCase().includes(n.toLowerCase()));
    const phone = PHONE.exec(text)?.[0];
    const address = STREET.exec(text)?.[0] ?? STATE_ZIP.exec(text)?.[0];
    const area = SERVICE_AREA.exec(text)?.[0];
    const parts = [
      name ? `name ${quote(name, 60)}` : "no business name",
      phone ? `phone ${quote(phone, 30)}` : "no phone number",
      address
        ? `address ${quote(address, 60)}`
        : area
          ? `service area (${quote(area, 40)})`
          : "no address or service area",
    ];
    const evidence = `The home page's text shows ${parts.join(", ")}.`;
    return name && phone && (address || area)
      ? pass(evidence, site.home.url)
      : fail(`${evidence} Expected all three as text.`, site.home.url);
  },

  "service-area": (site) => {
    const schema = localBusinessNodes(site).find(({ node }) => filled(node.areaServed));
    if (schema)
      return pass(
        `Area served is named in the structured data on ${plain(schema.page.url)}.`,
        schema.page.url,
      );
    for (const page of site.pages) {
      const m = SERVICE_AREA.exec(page.text);
      if (m) {
        const around = page.text.slice(m.index, m.index + 100);
        return pass(`${plain(page.url)} says ${quote(around, 100)}.`, page.url);
      }
    }
    return fail(
      "None of the pages checked says which towns you serve (e.g. 'Serving Austin and Round Rock'), and the structured data has no areaServed.",
      site.home.url,
    );
  },

  "map-link": (site) => {
    for (const page of site.pages) {
      const link = page.links.find((l) => MAP.test(l.href));
      if (link) return pass(`Map link ${quote(link.href, 80)} on ${plain(page.url)}.`, page.url);
      const frame = page.iframes.find((src) => MAP.test(src));
      if (frame) return pass(`Embedded map on ${plain(page.url)}.`, page.url);
    }
    const hasMap = localBusinessNodes(site).find(({ node }) => typeof node.hasMap === "string");
    if (hasMap)
      return pass(
        `Map link (hasMap) in the structured data on ${plain(hasMap.page.url)}.`,
        hasMap.page.url,
      );
    return fail(
      "No link to Google Maps or another map, and no embedded map, on the pages checked.",
      site.home.url,
    );
  },

  "opening-hours": (site) => {
    const schema = localBusinessNodes(site).find(
      ({ node }) => filled(node.openingHours) || filled(node.openingHoursSpecification),
    );
    if (schema)
      return pass(
        `Opening hours in the structured data on ${plain(schema.page.url)}.`,
        schema.page.url,
      );
    for (const page of site.pages) {
      const m = HOURS.exec(page.text) ?? HOURS_24.exec(page.text);
      if (m) return pass(`${plain(page.url)} shows hours: ${quote(m[0], 60)}.`, page.url);
    }
    if (!site.pages.length) return na("No page could be read.");
    return fail("No opening hours on the pages checked or in the structured data.", site.home.url);
  },
} satisfies Record<string, Check>;
