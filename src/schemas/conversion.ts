/**
 * The conversion pages (spec section 2): /free-audit, /thank-you, /book-call, /contact-us,
 * /testimonial and /landscape-business-growth-initiation, plus the copy of the scheduling widget
 * that two of them share. One entry per page in src/content/conversion/, its id the URL segment;
 * `template` picks the shape. Form labels live in src/content/forms/, agency facts in the config.
 */
import { z } from "zod";
import type { SchemaContext } from "astro:content";
import {
  ctaSchema,
  headingBlockSchema,
  reasonSchema,
  seoSchema,
  statisticSchema,
  text,
} from "./common";
import { ctaBandSchema, offerBannerSchema } from "./sections";
import { videoKeys } from "./videos";

/** The top of a conversion page: optional badge, the page's only h1 and a lead. */
export const conversionHeroSchema = z
  .object({ badge: text.optional(), headline: text, lead: text })
  .strict();
export type ConversionHero = z.infer<typeof conversionHeroSchema>;

/** A button that takes the visitor to the page's own form (its target is the form's anchor). */
export const formCtaSchema = z.object({ label: text }).strict();

const videoSchema = (image: SchemaContext["image"]) =>
  z.object({ key: z.enum(videoKeys), title: text, poster: image() }).strict();

/** Copy of the scheduling widget (BookingEmbed): its loading state and the fallback. */
const bookingSchema = z
  .object({
    template: z.literal("booking"),
    /** Accessible name of the widget's frame and region. */
    title: text,
    loading: text,
    fallback: z
      .object({
        heading: text,
        text,
        link: text,
        /** Said to screen readers after the link: it opens in a new tab. */
        newTab: text,
        /** Text before the phone number. */
        call: text,
        /** Shown above the fallback when the widget could not load (not without JavaScript). */
        failed: text,
      })
      .strict(),
  })
  .strict();
export type BookingCopy = z.infer<typeof bookingSchema>;

const freeAuditSchema = z
  .object({
    template: z.literal("freeAudit"),
    seo: seoSchema,
    /** `formCta`: the button under the lead that jumps to the form (screens narrower than 1024 px). */
    hero: conversionHeroSchema.extend({ formCta: formCtaSchema }).strict(),
    /** The 'LIMITED TIME OFFER' banner; the value is quoted from the config as {auditValue}. */
    offer: offerBannerSchema,
    request: headingBlockSchema.extend({ benefits: z.array(reasonSchema).length(3) }).strict(),
  })
  .strict();

/**
 * The forms that land on /thank-you, each named in the page's `?form=` (src/lib/thankYou.ts) so
 * the page can thank the visitor for what they actually sent.
 */
export const thankYouForms = ["audit", "contact", "testimonial", "quick", "growth"] as const;
export type ThankYouForm = (typeof thankYouForms)[number];

/** What /thank-you says after one form: the hero's badge, headline and lead, the call's intro. */
const thankYouTextSchema = z
  .object({ badge: text, headline: text, lead: text, scheduleIntro: text })
  .strict();

const thankYouSchema = z
  .object({
    template: z.literal("thankYou"),
    seo: seoSchema,
    /** The default: right whichever form was sent (no `?form=`, an unknown one, no JavaScript). */
    hero: conversionHeroSchema,
    schedule: headingBlockSchema,
    /** Per form, shown instead of the default by the page's small script. */
    forms: z.record(z.enum(thankYouForms), thankYouTextSchema),
    links: ctaBandSchema,
  })
  .strict();

const bookCallSchema = (image: SchemaContext["image"]) =>
  z
    .object({
      template: z.literal("bookCall"),
      seo: seoSchema,
      hero: conversionHeroSchema,
      schedule: headingBlockSchema,
      /** Shown on large screens only. */
      stories: headingBlockSchema.extend({ video: videoSchema(image) }).strict(),
      expect: headingBlockSchema.extend({ items: z.array(reasonSchema).length(3) }).strict(),
      links: ctaBandSchema,
    })
    .strict();

const contactUsSchema = z
  .object({
    template: z.literal("contactUs"),
    seo: seoSchema,
    hero: conversionHeroSchema,
    contact: headingBlockSchema
      .extend({
        phoneLabel: text,
        emailLabel: text,
        hoursLabel: text,
        areaLabel: text,
        reasonsHeading: text,
        reasons: z.array(reasonSchema).length(4),
      })
      .strict(),
    other: headingBlockSchema
      .extend({
        call: z.object({ title: text, text }).strict(),
        book: z.object({ title: text, text, cta: ctaSchema }).strict(),
      })
      .strict(),
  })
  .strict();

const testimonialSchema = (image: SchemaContext["image"]) =>
  z
    .object({
      template: z.literal("testimonial"),
      seo: seoSchema,
      hero: conversionHeroSchema.extend({ badge: text }).strict(),
      video: videoSchema(image),
      stats: z.array(statisticSchema).length(3),
      /** The line under the form. */
      privacyNote: text,
    })
    .strict();

/** A block of the growth page: heading, paragraphs, optional checklist, optional form button. */
const pitchSchema = headingBlockSchema
  .extend({
    paragraphs: z.array(text).optional(),
    checklist: z.array(text).min(2).optional(),
    cta: formCtaSchema.optional(),
  })
  .strict();

const growthSchema = (image: SchemaContext["image"]) =>
  z
    .object({
      template: z.literal("growth"),
      seo: seoSchema,
      hero: conversionHeroSchema.extend({ footnote: text }).strict(),
      video: videoSchema(image),
      pitch: pitchSchema.extend({ cta: formCtaSchema }).strict(),
      identity: pitchSchema.extend({ cta: formCtaSchema }).strict(),
      caseStudies: headingBlockSchema.extend({ linkLabel: text, newTabLabel: text }).strict(),
      services: pitchSchema
        .extend({ items: z.array(reasonSchema).length(8), cta: formCtaSchema })
        .strict(),
      guarantee: pitchSchema.extend({ cta: formCtaSchema }).strict(),
      why: headingBlockSchema.extend({ items: z.array(reasonSchema).min(3).max(6) }).strict(),
      audit: headingBlockSchema.extend({ cta: formCtaSchema }).strict(),
    })
    .strict();

export const conversionSchema = ({ image }: SchemaContext) =>
  z.discriminatedUnion("template", [
    bookingSchema,
    freeAuditSchema,
    thankYouSchema,
    bookCallSchema(image),
    contactUsSchema,
    testimonialSchema(image),
    growthSchema(image),
  ]);

export type ConversionContent = z.infer<ReturnType<typeof conversionSchema>>;
export type ConversionTemplate = ConversionContent["template"];
