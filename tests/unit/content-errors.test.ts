/**
 * Invalid content must fail the build with a message naming the file and the field. This runs
 * Astro's real content sync on a copy of the project with one broken entry.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
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
  symlinkSync(join(root, "node_modules"), join(work, "node_modules"), "dir");
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
