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

/** An industry: the tile on the home page and the card on /industries. */
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
    })
    .strict();

/** A case study of a client. */
export const caseStudySchema = ({ image }: SchemaContext) =>
  z
    .object({
      order: z.number().int(),
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
      solutions: z.array(solutionCardSchema).optional(),
      timelineSteps: z.array(timelineStepSchema).optional(),
    })
    .strict();

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
    success: z.object({ title: text, message: text, again: text.optional() }).strict().optional(),
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
        closeMenuLabel: text,
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
    video: z.object({ play: text, close: text, watchOnProvider: text, dialogLabel: text }).strict(),
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
      about: headingBlockSchema
        .extend({ mission: z.array(text).min(1), values: z.array(reasonSchema).length(4) })
        .strict(),
      caseStudies: headingBlockSchema
        .extend({
          viewLabel: text,
          videoLabel: text,
          resultsLabel: text,
          challengeLabel: text,
          solutionLabel: text,
          outcomeLabel: text,
        })
        .strict(),
      cta: headingBlockSchema.extend({ primary: ctaSchema, secondary: ctaSchema }).strict(),
      contact: headingBlockSchema
        .extend({
          phoneLabel: text,
          emailLabel: text,
          areaLabel: text,
          hoursLabel: text,
        })
        .strict(),
    })
    .strict();
