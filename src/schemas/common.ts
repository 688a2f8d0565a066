/** Schemas shared by every content collection: the shapes of spec section 3. */
import { z } from "zod";
import { routeKeys } from "../config/routes";
import { iconNames } from "./icons";

export const text = z.string().trim().min(1, "must not be empty");

export const iconSchema = z.enum(iconNames);

/** A search snippet: bounded so titles and descriptions fit search results. */
export const seoSchema = z
  .object({
    title: z.string().min(10).max(70),
    description: z.string().min(50).max(170),
  })
  .strict();
export type Seo = z.infer<typeof seoSchema>;

/** A call to action that points to one of the site's routes, by key (never `#` or empty). */
export const ctaSchema = z.object({ label: text, to: z.enum(routeKeys) }).strict();
export type Cta = z.infer<typeof ctaSchema>;

/** A statistic: number, label, optional icon. */
export const statisticSchema = z
  .object({ value: text, label: text, icon: iconSchema.optional() })
  .strict();
export type Statistic = z.infer<typeof statisticSchema>;

/** A reason or benefit: icon, title, description. */
export const reasonSchema = z.object({ icon: iconSchema, title: text, description: text }).strict();
export type Reason = z.infer<typeof reasonSchema>;

/** A service card: icon, title, description, features. */
export const serviceCardSchema = z
  .object({
    icon: iconSchema,
    title: text,
    description: text,
    features: z.array(text).min(2).max(8),
  })
  .strict();
export type ServiceCard = z.infer<typeof serviceCardSchema>;

/** A process step: title and description (the number is its position). */
export const stepSchema = z.object({ title: text, description: text }).strict();
export type Step = z.infer<typeof stepSchema>;

/** A solution card of a case study: icon, title, description, results list. */
export const solutionCardSchema = z
  .object({ icon: iconSchema, title: text, description: text, results: z.array(text).min(1) })
  .strict();
export type SolutionCard = z.infer<typeof solutionCardSchema>;

/** A range of campaign months, first and last inclusive (a single month when equal). */
export const monthRangeSchema = z
  .object({ from: z.number().int().min(1), to: z.number().int().min(1) })
  .strict()
  .refine((r) => r.to >= r.from, "`to` must not be before `from`");
export type MonthRange = z.infer<typeof monthRangeSchema>;

/** A timeline step of a case study: month range, title, description, achievements. */
export const timelineStepSchema = z
  .object({
    months: monthRangeSchema,
    title: text,
    description: text,
    achievements: z.array(text).min(1),
  })
  .strict();
export type TimelineStep = z.infer<typeof timelineStepSchema>;

/** Section heading block: optional eyebrow, heading, optional intro paragraph. */
export const headingBlockSchema = z
  .object({ eyebrow: text.optional(), heading: text, intro: text.optional() })
  .strict();
export type HeadingBlock = z.infer<typeof headingBlockSchema>;
