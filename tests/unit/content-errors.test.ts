/**
 * Invalid content must fail the build with a message naming the file and the field. This runs
 * Astro's real content sync on a copy of the project with one broken entry.
 */
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

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

describe("invalid guides", () => {
  const guide = (front: Record<string, string>) =>
    [
      "---",
      ...Object.entries({
        title: '"Winter Prep for Irrigation Companies"',
        description:
          '"What an irrigation company should do before the first frost, from blowouts to booking spring starts early."',
        published: "2026-10-01",
        topics: "[sprinkler-irrigation, seo-optimization]",
        hero: "../../assets/industries/sprinkler-irrigation.jpg",
        heroAlt: '"Sprinkler heads watering a lawn"',
        author: "test-author",
        ...front,
      }).map(([k, v]) => `${k}: ${v}`),
      "---",
      "",
      "## Blowouts",
      "",
      "Book them before the first frost.",
    ].join("\n");

  function withGuide(front: Record<string, string>) {
    copyProject();
    const authors = join(work, "src/content/authors");
    const guides = join(work, "src/content/guides");
    mkdirSync(authors, { recursive: true });
    mkdirSync(guides, { recursive: true });
    writeFileSync(join(authors, "test-author.yaml"), "name: Test Author\nrole: Writer\n");
    writeFileSync(join(guides, "winter-prep.md"), guide(front));
    return sync();
  }

  it("accepts a valid guide", () => {
    expect(withGuide({}).status).toBe(0);
  });

  it("rejects a topic that is no industry or service, naming the file and the id", () => {
    const { status, output } = withGuide({ topics: "[sprinkler-irrigation, snow-plowing]" });
    expect(status).not.toBe(0);
    expect(output).toMatch(/winter-prep/);
    expect(output).toMatch(/"snow-plowing" is not an industry or service id/);
  });

  it("rejects a title longer than 70 characters, naming the field", () => {
    const { status, output } = withGuide({
      title: `"${"A very long title about irrigation winterization ".repeat(2)}"`,
    });
    expect(status).not.toBe(0);
    expect(output).toMatch(/winter-prep/);
    expect(output).toMatch(/title/);
  });
});
