/**
 * Local checks: what ties the site to the places the business works. Pure functions over the Site.
 */
import { plain, quote } from "../text.ts";
import type { Page, Site } from "../site.ts";
import { count, fail, listOf, na, pass, pathOf, type Check } from "./outcome.ts";
import {
  GENERIC_NAMES,
  HOURS,
  HOURS_24,
  HOURS_RANGE,
  MAP,
  PHONE,
  PHONE_ALL,
  SERVICE_AREA,
  STATE_ZIP,
  STREET,
  STREET_ALL,
  TOWN_STOPWORDS,
  TRADE_WORDS,
} from "./patterns.ts";

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
  // 'Home' or 'Welcome' (a page's title) is not a business name.
  return [
    ...new Set(names.map((n) => n.trim()).filter((n) => n.length >= 3 && !GENERIC_NAMES.test(n))),
  ];
}

/** A phone number's digits, the last ten (a leading 1 and punctuation dropped). */
export const phoneDigits = (text: string): string => text.replace(/\D/g, "").slice(-10);

/** The phone numbers a page shows: written in its text and behind tel: links. */
function phonesOf(page: Page): Set<string> {
  const out = new Set<string>();
  for (const m of page.text.slice(0, 100_000).matchAll(PHONE_ALL)) {
    const d = phoneDigits(m[0]);
    if (d.length === 10) out.add(d);
    if (out.size > 20) break;
  }
  for (const l of telLinks(page)) {
    const d = phoneDigits(l.href);
    if (d.length === 10) out.add(d);
  }
  return out;
}

/** "(512) 555-0142" from ten digits. */
const phoneText = (d: string) => `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;

/** A street address's identity: its number and the first word of the street's name. */
function streetKey(text: string): string | null {
  const m = /(\d{1,6})\s+([A-Za-z0-9.'-]+)/.exec(text);
  return m ? `${m[1]} ${m[2]!.toLowerCase().replace(/\.$/, "")}` : null;
}

/** The street addresses a page's text shows, by identity. */
function streetsOf(page: Page): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of page.text.slice(0, 100_000).matchAll(STREET_ALL)) {
    const key = streetKey(m[0]);
    if (key && !out.has(key)) out.set(key, m[0]);
    if (out.size > 10) break;
  }
  return out;
}

/** Strings of a JSON-LD value: a string, an array of them, or objects' `name`. */
function namesIn(value: unknown, depth = 0): string[] {
  if (depth > 3) return [];
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.slice(0, 50).flatMap((v) => namesIn(v, depth + 1));
  if (value && typeof value === "object") {
    const o = value as Record<string, unknown>;
    return [...namesIn(o.name, depth + 1), ...namesIn(o.addressLocality, depth + 1)];
  }
  return [];
}

/** Capitalised place names after words such as 'Serving' ('Serving Austin, Round Rock and…'). */
function townsAfter(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/[A-Z][a-z]+(?:[ -][A-Z][a-z]+){0,2}/g)) {
    const name = m[0];
    if (!TOWN_STOPWORDS.has(name.split(/[ -]/)[0]!.toLowerCase())) out.push(name);
    if (out.length >= 10) break;
  }
  return out;
}

/** The sentence after a service-area phrase, as far as its end (at most 160 characters). */
function areaSentence(text: string, at: number): string {
  const rest = text.slice(at, at + 160);
  const end = rest.search(/[.!?](?:\s|$)/);
  return end > 0 ? rest.slice(0, end) : rest;
}

/** The towns the site says it serves: address locality, areaServed, 'Serving …' sentences, 'Town, ST'. */
export function townsServed(site: Site): string[] {
  const towns: string[] = [];
  for (const { node } of localBusinessNodes(site)) {
    towns.push(...namesIn(node.areaServed));
    towns.push(...namesIn(node.address));
  }
  for (const page of site.pages) {
    const text = page.text.slice(0, 100_000);
    for (const m of text.matchAll(new RegExp(SERVICE_AREA.source, "gi"))) {
      const sentence = areaSentence(text, m.index + m[0].length);
      towns.push(...townsAfter(sentence));
      if (towns.length > 40) break;
    }
    for (const m of text.matchAll(
      /\b([A-Z][a-z]+(?: [A-Z][a-z]+){0,2}),\s*(?:[A-Z]{2}|Texas|Ohio|Florida|California|Colorado|Georgia|Oregon|Washington)\b/g,
    )) {
      towns.push(m[1]!);
      if (towns.length > 60) break;
    }
  }
  return [
    ...new Set(
      towns
        .map((t) => (t.includes(",") ? t.slice(0, t.indexOf(",")) : t).trim())
        .filter(
          (t) =>
            t.length >= 3 &&
            t.length <= 40 &&
            !/\d/.test(t) &&
            !TOWN_STOPWORDS.has(t.toLowerCase()),
        ),
    ),
  ].slice(0, 40);
}

/** A business name for comparison: lower case, '&' as 'and', no punctuation or LLC/Inc/Co. */
const normName = (n: string): string =>
  ` ${n
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, " ")
    .replace(/\b(?:llc|inc|co|ltd|company|corp)\b/g, " ")
    .replace(/\s+/g, " ")
    .trim()} `;

/** Whether a page read shows the name in its text (the logo's alt text counts). */
const nameShown = (site: Site, name: string): boolean => {
  const wanted = normName(name);
  return (
    wanted.trim() !== "" &&
    site.pages.some((p) => normName(p.text.slice(0, 100_000)).includes(wanted))
  );
};

/** The words that tell one business from another: not trades ('landscaping'), not short ones. */
const distinctWords = (n: string): string[] =>
  normName(n)
    .split(" ")
    .filter((w) => w.length >= 4 && w !== "and" && !TRADE_WORDS.test(w));

/**
 * Other names the site shows for the business the structured data names (og:site_name, the
 * title's parts), shown in a page's text and sharing a distinctive word with it: 'Evergreen
 * Outdoor Living' beside 'Evergreen Landscaping Co.', not 'Lawn care in Austin'.
 */
function visibleNames(site: Site, schemaNames: string[]): string[] {
  const schema = new Set(schemaNames.map(normName));
  const words = new Set(schemaNames.flatMap(distinctWords));
  return businessNames(site).filter(
    (n) =>
      !schema.has(normName(n)) && distinctWords(n).some((w) => words.has(w)) && nameShown(site, n),
  );
}

/** The types named by JSON-LD blocks that could not be parsed even leniently. */
const brokenBlockTypes = (site: Site): { types: string[]; page: Page }[] =>
  site.pages.flatMap((page) =>
    page.jsonLdBlocks
      .filter((b) => b.error && b.types.length)
      .map((b) => ({ types: b.types, page })),
  );

const telLinks = (page: Page) => page.links.filter((l) => /^tel:/i.test(l.href));
const home = (site: Site) => site.home.url;

export const localChecks = {
  "local-business-schema": (site) => {
    const found = localBusinessNodes(site);
    if (!found.length) {
      const broken = brokenBlockTypes(site).find(({ types }) =>
        types.some((t) =>
          LOCAL_BUSINESS_TYPES.has(t.replace(/^https?:\/\/schema\.org\//i, "").toLowerCase()),
        ),
      );
      if (broken)
        return na(
          `${plain(broken.page.url)} has a ${broken.types[0]} block that does not parse (see 'Structured data without errors').`,
          broken.page.url,
        );
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
    // Fields it lacks are 'Structured data without errors': here the business is there.
    return missing.length
      ? pass(
          `${what}${filled(node.name) ? ` named ${quote(String(node.name))}` : ""} (it lacks ${missing.join(", ")}: see 'Structured data without errors').`,
          page.url,
        )
      : pass(
          `${what} with name ${quote(String(node.name))}, telephone and ${filled(node.address) ? "address" : "area served"}.`,
          page.url,
        );
  },

  "structured-data-errors": (site) => {
    const blocks = site.pages.flatMap((page) => page.jsonLdBlocks.map((b) => ({ ...b, page })));
    if (!blocks.length) return na("The pages read have no structured data (JSON-LD) to check.");
    const problems: string[] = [];
    let first: string | undefined;
    for (const b of blocks) {
      if (!b.error) continue;
      first ??= b.page.url;
      problems.push(
        `block ${b.index}${b.types.length ? ` (${plain(b.types[0]!, 40)})` : ""} on ${pathOf(b.page.url, site.home.url)} ${b.error}`,
      );
    }
    const seen = new Set<Record<string, unknown>>();
    for (const { node, page } of localBusinessNodes(site)) {
      if (seen.has(node)) continue;
      seen.add(node);
      const missing = [
        filled(node.name) ? null : "name",
        filled(node.address) ? null : "address",
        filled(node.telephone) ? null : "telephone",
      ].filter(Boolean);
      if (missing.length) {
        first ??= page.url;
        problems.push(
          `the ${typesOf(node).find((t) => LOCAL_BUSINESS_TYPES.has(t.toLowerCase())) ?? typesOf(node)[0]} on ${pathOf(page.url, site.home.url)} lacks ${missing.join(", ")}`,
        );
      }
    }
    if (!problems.length)
      return pass(
        `${count(blocks.length, "structured data block")} on the pages read ${blocks.length === 1 ? "parses" : "parse"}, and the business's has name, address and telephone.`,
        home(site),
      );
    return fail(`${listOf(problems, 3)}. Google ignores structured data it cannot read.`, first);
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
    // A number behind a tap-to-call button ('Call now' beside an icon) is shown too: a visitor
    // taps it, and search engines read tel: links.
    const tel = telLinks(site.home).find((l) => phoneDigits(l.href).length === 10);
    const phone = PHONE.exec(text)?.[0] ?? (tel ? phoneText(phoneDigits(tel.href)) : undefined);
    const address = STREET.exec(text)?.[0] ?? STATE_ZIP.exec(text)?.[0];
    const area = SERVICE_AREA.exec(text)?.[0];
    const parts = [
      name ? `name ${quote(name, 60)}` : "no business name",
      phone
        ? `phone ${quote(phone, 30)}${PHONE.test(text) ? "" : " (behind a tap-to-call link)"}`
        : "no phone number",
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
      const text = page.text.slice(0, 100_000);
      // A sentence that names a town: 'We proudly serve our community' names none.
      for (const m of text.matchAll(new RegExp(SERVICE_AREA.source, "gi"))) {
        const sentence = areaSentence(text, m.index + m[0].length);
        if (townsAfter(sentence).length)
          return pass(`${plain(page.url)} says ${quote(`${m[0]}${sentence}`, 100)}.`, page.url);
      }
    }
    return fail(
      "None of the pages checked says which towns you serve (e.g. 'Serving Austin and Round Rock'), and the structured data has no areaServed.",
      site.home.url,
    );
  },

  "nap-consistent": (site) => {
    const shown = site.pages.map((page) => ({
      page,
      phones: phonesOf(page),
      streets: streetsOf(page),
    }));
    const nodes = localBusinessNodes(site);
    const schemaPhones = new Set(
      nodes
        .flatMap(({ node }) => namesIn(node.telephone))
        .map(phoneDigits)
        .filter((d) => d.length === 10),
    );
    const allPhones = new Set([...schemaPhones, ...shown.flatMap((s) => [...s.phones])]);
    const problems: string[] = [];
    let first: string | undefined;
    if (allPhones.size > 1) {
      // The business's number: the structured data's, else the one most pages show.
      const tally = new Map<string, number>();
      for (const s of shown) for (const d of s.phones) tally.set(d, (tally.get(d) ?? 0) + 1);
      const main = [...schemaPhones][0] ?? [...tally].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "";
      const off = shown.filter((s) => s.phones.size && !s.phones.has(main));
      for (const s of off) {
        first ??= s.page.url;
        problems.push(
          `${pathOf(s.page.url, site.home.url)} shows ${listOf([...s.phones].map(phoneText), 2)}`,
        );
      }
      if (problems.length || schemaPhones.size > 1)
        problems.unshift(
          schemaPhones.size
            ? `the structured data says ${listOf([...schemaPhones].map(phoneText), 2)}`
            : `most pages show ${phoneText(main)}`,
        );
      else if (schemaPhones.size && !shown.some((s) => s.phones.has(main))) {
        problems.push(`the structured data says ${phoneText(main)}, which no page shows`);
      }
    }
    // Street addresses: the structured data's and those written on the pages.
    const schemaStreets = new Map<string, string>();
    for (const { node } of nodes) {
      const addr = node.address as Record<string, unknown> | string | undefined;
      const street =
        typeof addr === "string"
          ? addr
          : typeof addr?.streetAddress === "string"
            ? addr.streetAddress
            : null;
      const key = street ? streetKey(street) : null;
      if (key && street) schemaStreets.set(key, street);
    }
    const pageStreets = new Map<string, { text: string; pages: Page[] }>();
    for (const s of shown)
      for (const [key, text] of s.streets) {
        const entry = pageStreets.get(key) ?? { text, pages: [] };
        entry.pages.push(s.page);
        pageStreets.set(key, entry);
      }
    const streets = new Set([...schemaStreets.keys(), ...pageStreets.keys()]);
    if (streets.size > 1) {
      first ??= site.home.url;
      problems.push(
        `the address differs: ${listOf(
          [
            ...[...schemaStreets.values()].map((t) => `${quote(t, 50)} in the structured data`),
            ...[...pageStreets]
              .filter(([k]) => !schemaStreets.has(k) || pageStreets.size > 1)
              .map(
                ([, e]) =>
                  `${quote(e.text, 50)} on ${listOf(
                    e.pages.map((p) => pathOf(p.url, site.home.url)),
                    2,
                  )}`,
              ),
          ],
          3,
        )}`,
      );
    }
    const schemaNames = [
      ...new Set(
        nodes
          .map(({ node }) => node.name)
          .filter((n): n is string => typeof n === "string" && n.trim() !== "")
          .map((n) => n.trim()),
      ),
    ];
    if (schemaNames.length > 1 && new Set(schemaNames.map(normName)).size > 1) {
      first ??= site.home.url;
      problems.push(
        `the structured data names the business ${listOf(
          schemaNames.map((n) => quote(n, 40)),
          3,
        )}`,
      );
    }
    // The structured data's name against the name the pages show (a renamed business whose
    // plugin settings kept the old name): only when the pages show another name of their own.
    const shownNames = visibleNames(site, schemaNames);
    if (schemaNames.length && shownNames.length && !schemaNames.some((n) => nameShown(site, n))) {
      first ??= site.home.url;
      problems.push(
        `the structured data names the business ${listOf(
          schemaNames.map((n) => quote(n, 40)),
          2,
        )}, a name no page shows; the pages say ${quote(shownNames[0]!, 40)}`,
      );
    }
    if (allPhones.size === 0 && streets.size === 0 && schemaNames.length === 0)
      return na("No phone number or address was found to compare across the pages.");
    if (!problems.length)
      return pass(
        `The same ${[allPhones.size ? `phone ${phoneText([...allPhones][0]!)}` : "", streets.size ? "address" : ""].filter(Boolean).join(" and ")}${allPhones.size || streets.size ? "" : "name"} across ${count(site.pages.length, "page")}${nodes.length ? " and the structured data" : ""}.`,
        home(site),
      );
    return fail(`${listOf(problems, 4)}. Expected one name, phone and address everywhere.`, first);
  },

  "local-keywords": (site) => {
    const title = site.home.title?.trim() ?? "";
    const h1 = site.home.h1s.find((h) => h.trim())?.trim() ?? "";
    const both = `${title} ${h1}`;
    const trade = TRADE_WORDS.exec(both)?.[0];
    const towns = townsServed(site);
    const lower = both.toLowerCase();
    const town = towns.find((t) =>
      new RegExp(`\\b${t.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`).test(lower),
    );
    const found = `The home page's title is ${quote(title || "(none)", 70)} and its main heading ${quote(h1 || "(none)", 70)}`;
    if (trade && (town || !towns.length))
      return pass(
        `${found}: ${town ? `they name ${quote(trade, 30)} and ${quote(town, 30)}` : `they name ${quote(trade, 30)} (no town was found on the site to look for)`}.`,
        home(site),
      );
    const lacking = [
      trade ? "" : "what you do (lawn care, landscaping…)",
      town || !towns.length ? "" : `where (${listOf(towns.slice(0, 3), 3)})`,
    ].filter(Boolean);
    return fail(`${found}: neither names ${lacking.join(" or ")}.`, home(site));
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
      const m = HOURS.exec(page.text) ?? HOURS_RANGE.exec(page.text) ?? HOURS_24.exec(page.text);
      if (m) return pass(`${plain(page.url)} shows hours: ${quote(m[0], 60)}.`, page.url);
    }
    if (!site.pages.length) return na("No page could be read.");
    return fail("No opening hours on the pages checked or in the structured data.", site.home.url);
  },
} satisfies Record<string, Check>;
