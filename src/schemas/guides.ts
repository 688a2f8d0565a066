/**
 * The free guides (issue 15): Markdown articles for owners of the trades the agency serves, each
 * tagged with the industries and services it is about, written by an author of the `authors`
 * collection, optionally offering a printable checklist (the `checklists` collection).
 */
import { z } from "zod";
import type { reference as astroReference, SchemaContext } from "astro:content";
import { text } from "./common";

const day = z.coerce.date();

/** Who wrote a guide (its byline and the Article's author). */
export const authorSchema = z.object({ name: text, role: text }).strict();

/** A printable checklist: a title, a line on how to use it, and Markdown task lists. */
export const checklistSchema = z.object({ title: z.string().min(5).max(70), intro: text }).strict();

/**
 * A guide. `topics` must be ids of existing industry or service entries (`topicIds`, read from
 * those collections' folders): a wrong one fails the build naming the guide's file and the id.
 * `reference` is Astro's (src/content.config.ts passes it), so the schema itself imports no
 * virtual module and the unit tests check it directly.
 */
export const guideSchema =
  (topicIds: readonly string[], reference: typeof astroReference) =>
  ({ image }: SchemaContext) =>
    z
      .object({
        title: z.string().min(5).max(70),
        description: z.string().min(50).max(160),
        published: day,
        updated: day.optional(),
        topics: z
          .array(
            z.string().refine((id) => topicIds.includes(id), {
              error: (issue) =>
                `"${String(issue.input)}" is not an industry or service id (${topicIds.join(", ")})`,
            }),
          )
          .min(1),
        hero: image(),
        heroAlt: text,
        author: reference("authors"),
        checklist: reference("checklists").optional(),
      })
      .strict()
      .refine((g) => !g.updated || g.updated >= g.published, {
        error: "updated must not be before published",
        path: ["updated"],
      });
