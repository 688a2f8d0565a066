/**
 * What the spec (sections 2 and 9) lists for each content page: names, counts and figures. The
 * unit tests check the content entries against it, the browser tests check the rendered pages.
 */
import type { RouteKey } from "../src/config/routes";

export interface ServiceSpec {
  cards: number;
  /** Card titles, where the spec names them. */
  cardTitles?: string[];
  /** Features per card, where the spec counts them. */
  featuresPerCard?: number;
  /** Benefit titles, where the spec names them. */
  benefits?: string[];
  /** The four-step process: its step titles where the spec names them, else the step count. */
  steps: string[] | number;
  stats: string[];
  /** Where the hero's primary button leads (the spec's link, or ours for inert buttons). */
  primary: RouteKey;
}

export const serviceSpec: Record<string, ServiceSpec> = {
  "complete-solutions": {
    cards: 6,
    cardTitles: [
      "Website",
      "SEO",
      "Digital Advertising",
      "Social Media",
      "Brand Identity",
      "Analytics",
    ],
    featuresPerCard: 6,
    steps: 0,
    stats: ["500+", "95%", "24/7"],
    primary: "freeAudit",
  },
  "website-design": {
    cards: 6,
    steps: [
      "Discovery & Strategy",
      "Design & Development",
      "Optimization & Testing",
      "Launch & Growth",
    ],
    stats: ["Under 2 sec", "100%", "15%+", "95+"],
    primary: "freeAudit",
  },
  "seo-optimization": {
    cards: 4,
    cardTitles: ["Local SEO", "Keyword Research", "Technical SEO", "Content Optimization"],
    featuresPerCard: 6,
    steps: 0,
    stats: ["300%+", "#1", "250%+", "90%"],
    primary: "freeAudit",
  },
  "digital-advertising": {
    cards: 4,
    benefits: ["Leads Within 24 Hours", "Precision Targeting", "Measurable ROI", "Budget Control"],
    steps: 0,
    stats: ["400%+"],
    primary: "freeAudit",
  },
  "social-media": {
    cards: 4,
    steps: 0,
    stats: ["150%+", "300%+", "50+", "85%"],
    primary: "freeAudit",
  },
  "brand-development": {
    cards: 4,
    cardTitles: [
      "Logo & Visual Identity",
      "Brand Strategy",
      "Messaging & Voice",
      "Marketing Material Design",
    ],
    steps: 4,
    stats: ["400%+", "85%", "25%+", "60%"],
    primary: "bookCall",
  },
  "recruitment-services": {
    cards: 4,
    cardTitles: [
      "Job Posting to 100+ Job Boards",
      "Candidate Screening",
      "Targeted Talent Acquisition",
      "Year-Round Recruitment",
    ],
    steps: [
      "Requirements Discussion",
      "Job Description Creation",
      "Posting to 100+ Job Boards",
      "Candidate Screening & Recommendations",
    ],
    stats: ["100+", "85%", "60%", "40%"],
    primary: "contactUs",
  },
};

/** Where buttons the spec leaves without action may lead (docs/decisions.md). */
export const conversionRouteKeys: RouteKey[] = ["freeAudit", "bookCall", "contactUs"];

export interface CaseStudySpec {
  client: string;
  /** The headline results, in order. */
  results: string[];
  before: string[];
  timeline: string;
  investment: string;
  /** Month ranges of the campaign's phases. */
  phases: [number, number][];
}

export const caseStudySpec: Record<string, CaseStudySpec> = {
  "puretek-llc": {
    client: "PureTek LLC",
    results: ["76", "$679,000", "300%", "#1"],
    before: ["Page 3+", "5-10"],
    timeline: "6 months",
    investment: "$3,500 per month",
    phases: [
      [1, 2],
      [3, 4],
      [5, 6],
    ],
  },
  "romans-roofing-llc": {
    client: "Roman's Roofing LLC",
    results: ["200+", "285%", "#1", "12 months"],
    before: ["10-15"],
    timeline: "12 months",
    investment: "$3,800 per month",
    phases: [
      [1, 3],
      [4, 6],
      [7, 9],
      [10, 12],
    ],
  },
};

/** The eight industries, in the order the site lists them. */
export const industrySpec = [
  ["turf-lawn-care", "Turf & Lawn Care"],
  ["lawn-maintenance", "Lawn Maintenance"],
  ["landscape-design", "Landscape Design"],
  ["hardscape-outdoor-living", "Hardscape & Outdoor Living"],
  ["outdoor-lighting", "Outdoor Lighting"],
  ["pest-control", "Pest Control"],
  ["arborist-tree-services", "Arborist & Tree Services"],
  ["sprinkler-irrigation", "Sprinkler & Irrigation"],
] as const;

export const legalSpec = [
  ["privacy-policy", "Privacy Policy"],
  ["terms-of-service", "Terms of Service"],
  ["cookie-policy", "Cookie Policy"],
] as const;

/**
 * When each legal page was last updated: the spec's January 2025, except the two policies that
 * first-party visit counting changed (issue 16; docs/decisions.md), which say so.
 */
export const legalUpdated: Record<(typeof legalSpec)[number][0], { month: string; text: string }> =
  {
    "privacy-policy": { month: "2026-11", text: "November 2026" },
    "terms-of-service": { month: "2025-01", text: "January 2025" },
    "cookie-policy": { month: "2026-11", text: "November 2026" },
  };

/** The 22 routes of issue 4. */
export const contentRoutes = [
  ...Object.keys(serviceSpec).map((id) => `/${id}`),
  "/industries",
  ...industrySpec.map(([id]) => `/industries/${id}`),
  "/case-studies",
  ...Object.keys(caseStudySpec).map((id) => `/case-study/${id}`),
  ...legalSpec.map(([id]) => `/${id}`),
];
