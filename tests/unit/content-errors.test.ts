/**
 * Invalid content must fail the build with a message naming the file and the field. The first
 * test runs Astro's real content sync on a copy of the project with one broken entry (naming the
 * file is Astro's part); the guide rules are then checked on the schema directly, in milliseconds.
 */
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { guideSchema } from "../../src/schemas/guides";
import { contextFor } from "./support/entries";

const root = join(import.meta.dirname, "../..");
const work = mkdtempSync(join(tmpdir(), "content-errors-"));

function copyProject() {
  for (const item of [
    "src",
    "public",
    "integrations",
    "astro.config.ts",
    "tsconfig.json",
    "package.json",
  ])
    cpSync(join(root, item), join(work, item), { recursive: true });
  if (!existsSync(join(work, "node_modules"))) {
    symlinkSync(join(root, "node_modules"), join(work, "node_modules"), "dir");
  }
}

function sync() {
  const result = spawnSync(
    process.execPath,
    [join(root, "node_modules/astro/bin/astro.mjs"), "sync"],
    {
      cwd: work,
      encoding: "utf8",
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: "1", BUILD_DIR: "" },
    },
  );
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("invalid content", () => {
  it("fails the content sync naming the entry file and the field", () => {
    copyProject();
    const file = join(work, "src/content/industries/pest-control.yaml");
    writeFileSync(file, readFileSync(file, "utf8").replace(/^title: .*$/m, "titel: Pest Control"));
    const { status, output } = sync();
    expect(status).not.toBe(0);
    expect(output).toMatch(/pest-control/);
    expect(output).toMatch(/title/);
  });
});

/** The guide schema itself, with Astro's image() and reference() stood in for (./support). */
describe("invalid guides", () => {
  const topics = ["sprinkler-irrigation", "seo-optimization"];
  const reference = (() => z.string()) as unknown as Parameters<typeof guideSchema>[1];
  const heroFile = join(root, "src/content/guides/any-guide.md");
  const check = (front: Record<string, unknown>) =>
    guideSchema(
      topics,
      reference,
    )(contextFor(heroFile)).safeParse({
      title: "Winter Prep for Irrigation Companies",
      description:
        "What an irrigation company should do before the first frost, from blowouts to booking spring starts early.",
      published: "2026-10-01",
      topics: ["sprinkler-irrigation", "seo-optimization"],
      hero: "../../assets/industries/sprinkler-irrigation.jpg",
      heroAlt: "Sprinkler heads watering a lawn",
      author: "test-author",
      ...front,
    });
  const messages = (front: Record<string, unknown>) => {
    const result = check(front);
    return result.success
      ? []
      : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };

  it("accepts a valid guide", () => {
    expect(messages({})).toEqual([]);
  });

  it("rejects a topic that is no industry or service, naming the id", () => {
    expect(messages({ topics: ["sprinkler-irrigation", "snow-plowing"] })).toEqual([
      expect.stringMatching(/^topics\.1: "snow-plowing" is not an industry or service id/),
    ]);
  });

  it("rejects a title longer than 70 characters, naming the field", () => {
    const title = "A very long title about irrigation winterization ".repeat(2);
    expect(messages({ title })).toEqual([expect.stringMatching(/^title: /)]);
  });

  it("rejects a hero picture that does not exist and an update before publication", () => {
    expect(messages({ hero: "../../assets/none.jpg" })).toEqual([
      expect.stringMatching(/^hero: image file not found/),
    ]);
    expect(messages({ updated: "2026-09-01" })).toEqual([
      expect.stringMatching(/^updated: updated must not be before published/),
    ]);
  });
});
