/**
 * One schema per collection. Each is `.strict()`, so a mistyped key fails the build and the
 * error names the entry file and the field.
 */
import { z } from "zod";
import type { SchemaContext } from "astro:content";
import {
  ctaSchema,
  headingBlockSchema,
  iconSchema,
  reasonSchema,
  seoSchema,
  serviceCardSchema,
  solutionCardSchema,
  statisticSchema,
  text,
  timelineStepSchema,
} from "./common";
import { videoKeys } from "./videos";
import { externalLinkKeys } from "./links";
import {
  caseStudyCardLabelsSchema,
  contactLabelsSchema,
  ctaBandSchema,
  offerBannerSchema,
  pageHeroSchema,
  processSchema,
  quoteSchema,
  reasonGridSchema,
  statsPanelSchema,
} from "./sections";

/** An industry: the tile on the home page, the card on /industries and its own detail page. */
export const industrySchema = ({ image }: SchemaContext) =>
  z
    .object({
      order: z.number().int(),
      title: text,
      /** Short label for menus. */
      navLabel: text,
      description: text,
      image: image(),
      imageAlt: text,
      icon: iconSchema,
      features: z.array(text).length(4),
      // The detail page /industries/<id>; its closing call to action is shared (pages/industries).
      seo: seoSchema,
      hero: pageHeroSchema.extend({ badge: text }).strict(),
      services: headingBlockSchema
        .extend({
          cards: z
            .array(serviceCardSchema.extend({ features: z.array(text).length(4) }).strict())
            .length(4),
        })
        .strict(),
      why: reasonGridSchema,
      /** The trade-specific paragraph of the closing call to action. */
      closing: text,
    })
    .strict();

/** A case study of a client. */
export const caseStudySchema = ({ image }: SchemaContext) =>
  z
    .object({
      order: z.number().int(),
      /** When the case study was published (YYYY-MM-DD), for its Article structured data. */
      published: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date like 2025-01-15"),
      client: text,
      title: text,
      category: text,
      image: image(),
      imageAlt: text,
      timeline: text,
      investment: text,
      results: z.array(statisticSchema).length(4),
      description: text,
      details: z.object({ challenge: text, solution: text, outcome: text }).strict(),
      video: z
        .object({ key: z.enum(videoKeys), title: text, blurb: text, poster: image() })
        .strict(),
      // The detail page /case-study/<id>.
      seo: seoSchema,
      /** Where the client stood before the campaign. */
      before: z.array(statisticSchema).min(1).max(4),
      solutions: z.array(solutionCardSchema).min(2).max(6),
      timelineSteps: z
        .array(timelineStepSchema)
        .min(2)
        .refine(
          (steps) => steps.every((s, i) => s.months.from === (steps[i - 1]?.months.to ?? 0) + 1),
          "timeline steps must follow each other month by month, starting at month 1",
        ),
      /** A page outside the site (the PDF, the client's website), its URL from the config. */
      externalLink: z.object({ label: text, key: z.enum(externalLinkKeys) }).strict(),
    })
    .strict();

/** A service page: one entry per top-level service route, its id the URL segment. */
export const servicePageSchema = z
  .object({
    order: z.number().int(),
    seo: seoSchema,
    hero: pageHeroSchema
      .extend({
        secondaryCta: ctaSchema,
        /** A headline figure beside the lead (recruitment: 100% see staffing as their concern). */
        statement: statisticSchema.optional(),
        /** A client quote in the hero (complete solutions). */
        quote: quoteSchema.optional(),
      })
      .strict(),
    offer: offerBannerSchema,
    services: headingBlockSchema
      .extend({ cards: z.array(serviceCardSchema).min(4).max(6) })
      .strict(),
    process: processSchema.optional(),
    benefits: reasonGridSchema,
    /** Further reasons to choose the agency (recruitment). */
    reasons: headingBlockSchema
      .extend({ items: z.array(reasonSchema).min(3).max(6) })
      .strict()
      .optional(),
    results: statsPanelSchema,
    cta: ctaBandSchema.extend({ assurances: z.array(text).length(3) }).strict(),
  })
  .strict();
export type ServicePage = z.infer<typeof servicePageSchema>;

/** A legal page: Last updated date (required) and its sections. */
export const legalSchema = z
  .object({
    title: text,
    seo: seoSchema,
    updated: z.coerce.date(),
    intro: z.array(text).min(1),
    sections: z
      .array(
        z
          .object({
            heading: text,
            paragraphs: z.array(text).min(1),
            items: z.array(text).min(1).optional(),
            links: z.array(ctaSchema).min(1).optional(),
          })
          .strict(),
      )
      .min(3),
  })
  .strict();
export type LegalDocument = z.infer<typeof legalSchema>;

/** Copy of the one-off pages; `template` names the page and picks the shape. */
export const pageSchema = z.discriminatedUnion("template", [
  z
    .object({
      template: z.literal("guides"),
      seo: seoSchema,
      hero: pageHeroSchema,
      /** A topic's own list page: `[topic]` is the industry's or service's name. */
      topicSeo: seoSchema,
      topicHeadline: text,
      topicLead: text,
      /** The link from an industry's or service's page to its guides. */
      topicAll: text,
      list: z
        .object({
          heading: text,
          filterLabel: text,
          allTopics: text,
          readLabel: text,
          empty: text,
        })
        .strict(),
      /** `[minutes]`: the reading time. */
      readingTime: text,
      published: text,
      updated: text,
      byline: text,
      contents: text,
      related: text,
      topicsLabel: text,
      feedTitle: text,
      /**
       * The search over the guides (Pagefind, loaded on use): `[query]` is what was searched,
       * `[count]` how many guides matched. /guides/search answers without JavaScript.
       */
      search: z
        .object({
          label: text,
          placeholder: text,
          button: text,
          loading: text,
          results: text,
          resultsOne: text,
          none: text,
          failed: text,
          seo: seoSchema,
          headline: text,
        })
        .strict(),
      /** A guide's checklist offer (section #checklist): `[count]` is a section's item count. */
      checklist: z.object({ eyebrow: text, inside: text, steps: text }).strict(),
      /**
       * /checklists/ready: where the checklist form lands without JavaScript. `[title]` is the
       * checklist's title, `[date]` the day its link stops working.
       */
      ready: z
        .object({
          seo: seoSchema,
          badge: text,
          headline: text,
          lead: text,
          emailed: text,
          download: text,
          back: text,
        })
        .strict(),
      /**
       * The page a checklist link answers when it is not valid (403), has expired, or its lead
       * was erased; it offers the checklist's form again when the link names one.
       */
      badLink: z
        .object({
          seo: seoSchema,
          hero: pageHeroSchema,
          expired: text,
          invalid: text,
          erased: text,
          unavailable: text,
        })
        .strict(),
      cta: ctaBandSchema,
    })
    .strict(),
  z
    .object({
      template: z.literal("industries"),
      seo: seoSchema,
      hero: pageHeroSchema,
      stats: statsPanelSchema,
      list: headingBlockSchema.extend({ linkLabel: text }).strict(),
      cta: ctaBandSchema,
      /** The closing call to action of every industry detail page. */
      detailCta: ctaBandSchema,
    })
    .strict(),
  z
    .object({
      template: z.literal("caseStudies"),
      seo: seoSchema,
      hero: pageHeroSchema,
      list: headingBlockSchema
        .extend({
          ...caseStudyCardLabelsSchema.shape,
          timelineLabel: text,
          investmentLabel: text,
        })
        .strict(),
      cta: ctaBandSchema,
    })
    .strict(),
  z
    .object({
      template: z.literal("caseStudy"),
      /** Labels shared by every case-study page. */
      videoLabel: text,
      timelineLabel: text,
      investmentLabel: text,
      results: headingBlockSchema,
      challenge: headingBlockSchema.extend({ beforeLabel: text }).strict(),
      solutions: headingBlockSchema.extend({ resultsLabel: text }).strict(),
      timeline: headingBlockSchema
        .extend({ monthsLabel: text, monthLabel: text, achievementsLabel: text })
        .strict(),
      externalLinkNote: text,
      cta: ctaBandSchema,
    })
    .strict(),
  z
    .object({
      template: z.literal("legal"),
      updatedLabel: text,
      contact: headingBlockSchema.extend(contactLabelsSchema.shape).strict(),
    })
    .strict(),
  /** /audit-bot: what the website check's robot does and how to opt out, shaped like a legal text. */
  legalSchema.extend({ template: z.literal("auditBot") }).strict(),
  z
    .object({
      template: z.literal("notFound"),
      seo: seoSchema,
      hero: pageHeroSchema,
      links: headingBlockSchema.extend({ items: z.array(ctaSchema).min(3) }).strict(),
      services: headingBlockSchema,
      callLabel: text,
    })
    .strict(),
]);
export type PageContent = z.infer<typeof pageSchema>;
export type PageTemplate = PageContent["template"];

/** Copy of a form: title, intro, label per field name, submit label. Fields come from src/leads. */
export const formCopySchema = z
  .object({
    title: text,
    intro: text.optional(),
    labels: z.record(z.string(), text),
    placeholders: z.record(z.string(), text).optional(),
    submit: text,
    submitting: text,
    requiredNote: text,
    /** Forms that send in place (islands): the view after success and the error box. */
    success: z
      .object({
        title: text,
        message: text,
        again: text.optional(),
        /** A guide's checklist: the download button, and the line when the link was emailed. */
        download: text.optional(),
        emailed: text.optional(),
      })
      .strict()
      .optional(),
    error: text.optional(),
    /** A form in steps: a title per step, the Next button, progress words, the step-1 alert. */
    steps: z
      .object({
        titles: z.array(text).min(2),
        next: text,
        /** "Step" and "of" in "Step 2 of 3". */
        step: text,
        of: text,
        progressLabel: text,
        /** Alert when a required field of the step is empty. */
        incomplete: text,
      })
      .strict()
      .optional(),
  })
  .strict();
export type FormCopy = z.infer<typeof formCopySchema>;

const navItemSchema = z
  .object({
    label: text,
    to: ctaSchema.shape.to,
    /** A dropdown: "services" lists service routes, "industries" lists the industry entries. */
    menu: z.enum(["services", "industries"]).optional(),
  })
  .strict();

/** Copy shared by every page: header, footer, skip link, video and dialog labels. */
export const uiSchema = z
  .object({
    skipLink: text,
    homeLabel: text,
    header: z
      .object({
        navLabel: text,
        menuLabel: text,
        callLabel: text,
        nav: z.array(navItemSchema).min(3),
        services: z.array(ctaSchema).min(1),
        mobileExtras: z.array(ctaSchema),
        cta: ctaSchema,
      })
      .strict(),
    footer: z
      .object({
        blurb: text,
        socialLabel: text,
        servicesHeading: text,
        services: z.array(ctaSchema).min(1),
        companyHeading: text,
        company: z.array(ctaSchema).min(1),
        contactHeading: text,
        copyright: text,
        legalLabel: text,
        legal: z.array(ctaSchema).min(1),
      })
      .strict(),
    video: z
      .object({
        play: text,
        close: text,
        watchOnProvider: text,
        dialogLabel: text,
        /** Over the poster while the player loads. */
        loading: text,
        /** When the player could not load (offline, blocked): the poster, this and the link. */
        failed: text,
      })
      .strict(),
  })
  .strict();
export type Ui = z.infer<typeof uiSchema>;

/** The home page: six stacked sections and the contact section. */
export const homePageSchema = ({ image }: SchemaContext) =>
  z
    .object({
      template: z.literal("home"),
      seo: seoSchema,
      hero: z
        .object({
          eyebrow: text,
          headline: text,
          lead: text,
          image: image(),
          primaryCta: ctaSchema,
          videoCta: text,
          video: z
            .object({
              key: z.enum(videoKeys),
              title: text,
              blurb: text,
              poster: image(),
              bookCta: ctaSchema,
            })
            .strict(),
          proof: z.array(statisticSchema).max(4),
        })
        .strict(),
      services: headingBlockSchema.extend({ cards: z.array(serviceCardSchema).length(6) }).strict(),
      industries: headingBlockSchema.extend({ viewAll: ctaSchema }).strict(),
      /** The three newest free guides (anchor #guides). */
      guides: headingBlockSchema.extend({ viewAll: ctaSchema }).strict(),
      about: headingBlockSchema
        .extend({ mission: z.array(text).min(1), values: z.array(reasonSchema).length(4) })
        .strict(),
      caseStudies: headingBlockSchema.extend(caseStudyCardLabelsSchema.shape).strict(),
      cta: headingBlockSchema.extend({ primary: ctaSchema, secondary: ctaSchema }).strict(),
      contact: headingBlockSchema.extend(contactLabelsSchema.shape).strict(),
    })
    .strict();
