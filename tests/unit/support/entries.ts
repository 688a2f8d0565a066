/** Reading the real content entries in plain Vitest tests (no Astro): files, YAML, image(). */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { load } from "js-yaml";
import { z } from "zod";
import type { SchemaContext } from "astro:content";

export const root = join(import.meta.dirname, "../../..");
export const contentDir = join(root, "src/content");

export function files(dir: string, ext: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? files(join(dir, d.name), ext) : ext.test(d.name) ? [join(dir, d.name)] : [],
  );
}

/** Stands in for Astro's image() in a plain test: the referenced file must exist. */
export function contextFor(file: string): SchemaContext {
  const image = () =>
    z.string().refine((p) => existsSync(join(dirname(file), p)), "image file not found");
  return { image } as unknown as SchemaContext;
}

/** Every YAML entry of a content folder, with its id (the file name) and its raw data. */
export const yamlIn = (folder: string) =>
  files(join(contentDir, folder), /\.yaml$/).map((f) => ({
    file: f,
    id: basename(f, ".yaml"),
    data: load(readFileSync(f, "utf8")),
  }));
