/**
 * The text patterns the checks look for, in one place (US and Canadian sites). Links are told
 * apart by their parsed host and path (anchored patterns over short parts), never by a pattern
 * run over a whole href a stranger wrote (issue 36).
 */

/** A link's parsed parts: host in lower case without `www.`, path and query in lower case. */
interface UrlParts {
  host: string;
  path: string;
}

/** A test of a link's address, by its parsed parts: `.test(href)` like a RegExp. */
export interface UrlPattern {
  test(href: string): boolean;
}

/** Longest href parsed for these tests (the parser already cuts them there). */
const HREF_MAX = 2_048;

function urlParts(href: string): UrlParts | null {
  if (href.length > HREF_MAX) return null;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  return {
    host: url.hostname
      .toLowerCase()
      .replace(/^www\./, "")
      .replace(/\.$/, ""),
    path: `${url.pathname}${url.search}`.toLowerCase(),
  };
}

const urlPattern = (match: (parts: UrlParts) => boolean): UrlPattern => ({
  test: (href) => {
    const parts = urlParts(href);
    return parts !== null && match(parts);
  },
});

/** The host is the domain or one of its subdomains. */
const onDomain = (host: string, domain: string): boolean =>
  host === domain || host.endsWith(`.${domain}`);

/** A ten-digit North American phone number as people write it. */
export const PHONE = /(?:\+?1[\s.-]?)?(?:\(\d{3}\)|\b\d{3})[\s.-]?\d{3}[\s.-]?\d{4}\b/;

/** A street address (number, words, street type) or a state and ZIP code. */
export const STREET =
  /\b\d{1,6}\s+(?:[A-Za-z0-9.'-]+\s+){0,4}(?:street|st|avenue|ave|road|rd|boulevard|blvd|lane|ln|drive|dr|court|ct|way|highway|hwy|parkway|pkwy|place|pl|circle|cir|trail|trl|pike|route|rte)\b/i;
export const STATE_ZIP = /\b[A-Z]{2},?\s+\d{5}(?:-\d{4})?\b/;

/** Words that say where the business works. */
export const SERVICE_AREA =
  /\b(?:serving|we serve|areas? (?:we )?serve[ds]?|service areas?|servicing|proudly serv\w+|located in|based in)\b/i;

/** Opening hours written out: a day and a time. */
export const HOURS =
  /\b(?:mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)\b[^.]{0,40}?\b\d{1,2}(?::\d{2})?\s*(?:a\.?m\.?|p\.?m\.?)/i;
export const HOURS_24 = /\b(?:open 24\/7|24 hours|24\/7)\b/i;
/** A day and a range of 24-hour times, as tables often write hours: 'Mon–Fri 07:00–17:00'. */
export const HOURS_RANGE =
  /\b(?:mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)\b[^.\d]{0,40}\b[0-2]?\d[:.h][0-5]\d\s*(?:-|–|—|to)\s*[0-2]?\d[:.h][0-5]\d\b/i;

/** A call to action for a quote or a call. */
export const CTA =
  /\b(?:free (?:quote|estimate|consultation|assessment)s?|(?:get|request|book|schedule)\s+(?:(?:a|an|my|your)\s+)?(?:free\s+)?(?:quote|estimate|consultation|appointment|service|visit)|call (?:us|now|today)|contact us|get started|book (?:now|online)|schedule (?:now|online|service))\b/i;

/** Reviews and ratings. */
export const REVIEWS =
  /\b(?:testimonials?|reviews?|what (?:our )?(?:customers|clients) say|rated \d(?:\.\d)?|\d(?:\.\d)? stars?|five[- ]star|5[- ]star)\b|★/i;
export const REVIEW_SITES: UrlPattern = urlPattern(
  ({ host, path }) =>
    (/^google\.[a-z.]{2,12}$/.test(host) &&
      /^\/(?:maps|search)\b/.test(path) &&
      path.includes("review")) ||
    host === "g.page" ||
    [
      "yelp.com",
      "angi.com",
      "homeadvisor.com",
      "nextdoor.com",
      "bbb.org",
      "houzz.com",
      "thumbtack.com",
    ].some((d) => onDomain(host, d)),
);

/** Trust signals, by kind: a site shows a kind or not. */
export const TRUST_KINDS: readonly { kind: string; pattern: RegExp }[] = [
  { kind: "licensed or insured", pattern: /\b(?:licensed|insured|bonded|fully insured)\b/i },
  {
    kind: "years in business",
    pattern:
      /\b(?:since (?:19|20)\d{2}|\d{1,3}\+? years(?: of)? (?:experience|in business|serving)|established (?:in )?(?:19|20)\d{2}|family[- ]owned)\b/i,
  },
  { kind: "guarantee", pattern: /\b(?:guarantee[ds]?|warrant(?:y|ies)|satisfaction)\b/i },
  {
    kind: "certified or accredited",
    pattern: /\b(?:certified|accredited|bbb|award[- ]winning|member of)\b/i,
  },
];

/** The trades a landscaping business offers, as they appear in a page's address or title. */
export const TRADES: readonly { trade: string; pattern: RegExp }[] = [
  { trade: "lawn care", pattern: /lawn|mow|turf|sod|aerat|overseed|fertili[sz]|weed/i },
  {
    trade: "landscape design",
    pattern: /landscap(?:e|ing)[-_ ]?(?:design|install|construct)|garden[-_ ]design|planting/i,
  },
  {
    trade: "hardscaping",
    pattern: /hardscap|patio|paver|retaining|walkway|outdoor[-_ ]?kitchen|fire[-_ ]?pit|stonework/i,
  },
  { trade: "irrigation", pattern: /irrigat|sprinkler|drainage|water[-_ ]?feature/i },
  { trade: "trees and shrubs", pattern: /tree|shrub|hedge|prun|trim|stump|arborist/i },
  { trade: "maintenance", pattern: /mainten|clean[-_ ]?up|mulch|leaf|leaves/i },
  {
    trade: "snow removal",
    // 'ice' and 'salt' as words of the path: 'services' and 'office' hold no ice.
    pattern: /snow|plow|(?:^|[-_/])(?:ice|salt|salting|de-?icing)(?:$|[-_/.])/i,
  },
  {
    trade: "pool and spa",
    pattern: /pool|(?:^|[-_/])(?:spas?|hot-?tubs?)(?:$|[-_/.])/i,
  },
  { trade: "lighting", pattern: /landscape[-_ ]lighting|outdoor[-_ ]lighting/i },
  { trade: "fencing and decks", pattern: /fenc|deck|pergola/i },
];

/** Social networks a local business links to (a page of theirs, not the home page's root). */
const SOCIAL_DOMAINS = [
  "facebook.com",
  "fb.com",
  "instagram.com",
  "youtube.com",
  "youtu.be",
  "linkedin.com",
  "twitter.com",
  "x.com",
  "tiktok.com",
  "nextdoor.com",
  "pinterest.com",
  "houzz.com",
];
export const SOCIAL: UrlPattern = urlPattern(({ host }) =>
  SOCIAL_DOMAINS.some((d) => onDomain(host, d)),
);

/** Map and directions links and embeds. */
export const MAP: UrlPattern = urlPattern(
  ({ host, path }) =>
    (/^google\.[a-z.]{2,12}$/.test(host) && /^\/maps\b/.test(path)) ||
    /^maps\.google\.[a-z.]{2,12}$/.test(host) ||
    (host === "goo.gl" && /^\/maps\b/.test(path)) ||
    host === "maps.app.goo.gl" ||
    host === "g.page" ||
    (host === "bing.com" && /^\/maps\b/.test(path)) ||
    host === "maps.apple.com" ||
    host === "openstreetmap.org",
);

/** Every phone number of a text (PHONE, global). */
export const PHONE_ALL = new RegExp(PHONE.source, "g");
/** Every street address of a text (STREET, global). */
export const STREET_ALL = new RegExp(STREET.source, "gi");

/** Page titles and headings that are no business name ('Home', 'Welcome'). */
export const GENERIC_NAMES =
  /^(?:home|home ?page|welcome|index|untitled|main|about(?: us)?|contact(?: us)?|services?|blog|page)$/i;

/**
 * The words of the trades a landscaper offers, as a title or a heading says them (local-keywords):
 * 'Lawn Care & Hardscaping in Austin, TX' names one, 'Home' does not.
 */
export const TRADE_WORDS =
  /\b(?:lawns?|landscap\w*|hardscap\w*|xeriscap\w*|gardens?|gardening|yards?|trees?|shrubs?|hedges?|irrigation|sprinklers?|snow|plowing|mowing|mow|patios?|pavers?|turf|sod|mulch\w*|retaining walls?|outdoor living|outdoor lighting|landscape lighting|fenc\w+|decks?|drainage|arborists?|stumps?|pruning|grounds|weed control|fertili[sz]\w*|masonry|stonework|plantings?|flower beds?|pools?|spas?|hot tubs?|ice management|salting|de-?icing)\b/i;

/** Capitalised words that start no town name ('Serving Our Community', 'The Greater…'). */
export const TOWN_STOPWORDS = new Set([
  "we",
  "our",
  "the",
  "all",
  "your",
  "and",
  "in",
  "of",
  "a",
  "an",
  "for",
  "to",
  "with",
  "from",
  "surrounding",
  "nearby",
  "local",
  "greater",
  "area",
  "areas",
  "community",
  "communities",
  "customers",
  "clients",
  "homeowners",
  "residential",
  "commercial",
  "since",
  "over",
  "every",
  "proudly",
  "serving",
  "call",
  "contact",
  "free",
  "get",
  "request",
  "lawn",
  "landscaping",
  "services",
  "service",
  "home",
  "homes",
  "family",
  "quality",
  "professional",
  "you",
  "us",
  "this",
  "that",
  "these",
  "those",
  "it",
  "is",
  "are",
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
  "mon",
  "fri",
  "sat",
  "sun",
]);

/** A copyright notice and its year(s): '© 2019', 'Copyright 2015–2019', '(c) 2024'. */
export const COPYRIGHT =
  /(?:©|\(c\)|copyright)\s*(?:(?:19|20)\d{2}\s*[-–—]\s*)?((?:19|20)\d{2})\b/gi;
