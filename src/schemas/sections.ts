/**
 * Schemas of the page sections that content pages share (service, industry, case-study, legal
 * and overview pages): one schema per section type, each `.strict()`.
 */
import { z } from "zod";
import {
  ctaSchema,
  headingBlockSchema,
  reasonSchema,
  statisticSchema,
  stepSchema,
  text,
} from "./common";

/** The top of a content page: optional badge, the page's single h1, a lead and its actions. */
export const pageHeroSchema = z
  .object({
    badge: text.optional(),
    headline: text,
    lead: text,
    primaryCta: ctaSchema,
    secondaryCta: ctaSchema.optional(),
  })
  .strict();
export type PageHero = z.infer<typeof pageHeroSchema>;

/** A quote of a client, attributed to a person and a company. */
export const quoteSchema = z.object({ text, person: text, role: text, company: text }).strict();
export type Quote = z.infer<typeof quoteSchema>;

/** The limited-time free-audit offer; the value is quoted from the config as `{auditValue}`. */
export const offerBannerSchema = z
  .object({ badge: text, heading: text, text, cta: ctaSchema })
  .strict();
export type OfferBanner = z.infer<typeof offerBannerSchema>;

/** A results or stats panel: a heading and up to four figures. */
export const statsPanelSchema = headingBlockSchema
  .extend({ stats: z.array(statisticSchema).min(1).max(4) })
  .strict();
export type StatsPanel = z.infer<typeof statsPanelSchema>;

/** A four-step process. */
export const processSchema = headingBlockSchema
  .extend({ steps: z.array(stepSchema).length(4) })
  .strict();
export type Process = z.infer<typeof processSchema>;

/** A 'why' block: four benefits or reasons. */
export const reasonGridSchema = headingBlockSchema
  .extend({ items: z.array(reasonSchema).length(4) })
  .strict();
export type ReasonGrid = z.infer<typeof reasonGridSchema>;

/** The labels of a case-study card (home, /case-studies). */
export const caseStudyCardLabelsSchema = z
  .object({
    viewLabel: text,
    videoLabel: text,
    resultsLabel: text,
    challengeLabel: text,
    solutionLabel: text,
    outcomeLabel: text,
  })
  .strict();
export type CaseStudyCardLabels = z.infer<typeof caseStudyCardLabelsSchema>;

/** The labels of the agency's contact details (phone, email, hours, service area). */
export const contactLabelsSchema = z
  .object({ phoneLabel: text, emailLabel: text, hoursLabel: text, areaLabel: text })
  .strict();

/** A closing call to action: real links, optional assurances, optional call line (tel: link). */
export const ctaBandSchema = headingBlockSchema
  .extend({
    primary: ctaSchema,
    secondary: ctaSchema.optional(),
    assurances: z.array(text).length(3).optional(),
    /** Text before the agency phone number (the number itself comes from the config). */
    callLabel: text.optional(),
  })
  .strict();
export type CtaBandContent = z.infer<typeof ctaBandSchema>;
