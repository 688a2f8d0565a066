/**
 * The text patterns the checks look for, in one place (US and Canadian sites).
 */

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

/** A call to action for a quote or a call. */
export const CTA =
  /\b(?:free (?:quote|estimate|consultation|assessment)s?|(?:get|request|book|schedule)\s+(?:a|an|my|your)?\s*(?:free\s+)?(?:quote|estimate|consultation|appointment|service|visit)|call (?:us|now|today)|contact us|get started|book (?:now|online)|schedule (?:now|online|service))\b/i;

/** Reviews and ratings. */
export const REVIEWS =
  /\b(?:testimonials?|reviews?|what (?:our )?(?:customers|clients) say|rated \d(?:\.\d)?|\d(?:\.\d)? stars?|five[- ]star|5[- ]star)\b|★/i;
export const REVIEW_SITES =
  /(?:google\.[a-z.]+\/(?:maps|search).*review|g\.page|yelp\.com|angi\.com|homeadvisor\.com|nextdoor\.com|bbb\.org|houzz\.com|thumbtack\.com)/i;

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
  { trade: "trees and shrubs", pattern: /tree|shrub|hedge|prun|trim/i },
  { trade: "maintenance", pattern: /mainten|clean[-_ ]?up|mulch|leaf|leaves/i },
  { trade: "snow removal", pattern: /snow|plow/i },
  { trade: "lighting", pattern: /landscape[-_ ]lighting|outdoor[-_ ]lighting/i },
  { trade: "fencing and decks", pattern: /fenc|deck|pergola/i },
];

/** Social networks a local business links to. */
export const SOCIAL =
  /^https?:\/\/(?:[a-z0-9-]+\.)*(?:facebook\.com|fb\.com|instagram\.com|youtube\.com|youtu\.be|linkedin\.com|twitter\.com|x\.com|tiktok\.com|nextdoor\.com|pinterest\.com|houzz\.com)\//i;

/** Map and directions links and embeds. */
export const MAP =
  /^https?:\/\/(?:(?:www\.)?google\.[a-z.]+\/maps|maps\.google\.[a-z.]+|goo\.gl\/maps|maps\.app\.goo\.gl|g\.page|(?:www\.)?bing\.com\/maps|maps\.apple\.com|(?:www\.)?openstreetmap\.org)/i;
