/**
 * Every internal path of the site as a typed constant. Navigation, footer and content entries
 * refer to routes by key (checked by the content schemas), so a link can never point nowhere.
 */
export const routes = {
  home: "/",
  completeSolutions: "/complete-solutions",
  websiteDesign: "/website-design",
  seoOptimization: "/seo-optimization",
  digitalAdvertising: "/digital-advertising",
  socialMedia: "/social-media",
  brandDevelopment: "/brand-development",
  recruitmentServices: "/recruitment-services",
  industries: "/industries",
  caseStudies: "/case-studies",
  freeAudit: "/free-audit",
  thankYou: "/thank-you",
  bookCall: "/book-call",
  contactUs: "/contact-us",
  privacyPolicy: "/privacy-policy",
  termsOfService: "/terms-of-service",
  cookiePolicy: "/cookie-policy",
  testimonial: "/testimonial",
  growthInitiation: "/landscape-business-growth-initiation",
  guides: "/guides",
  /** What the website check's robot does and how to opt out (its user agent links here). */
  auditBot: "/audit-bot",
  homeServices: "/#services",
  homeAbout: "/#about",
  homeGuides: "/#guides",
  homePortfolio: "/#portfolio",
  homeContact: "/#contact",
} as const;

export type RouteKey = keyof typeof routes;
export const routeKeys = Object.keys(routes) as [RouteKey, ...RouteKey[]];

/** Industry detail pages live under /industries/<entry id>. */
export const industryPath = (id: string) => `${routes.industries}/${id}`;
/** Case-study pages live under /case-study/<entry id>. */
export const caseStudyPath = (id: string) => `/case-study/${id}`;
/** Guides live under /guides/<entry id>, and each topic's list under /guides/topic/<topic id>. */
export const guidePath = (id: string) => `${routes.guides}/${id}`;
export const guideTopicPath = (id: string) => `${routes.guides}/topic/${id}`;
/** The guides' RSS feed. */
export const guidesFeedPath = `${routes.guides}/rss.xml`;
