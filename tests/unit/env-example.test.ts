/**
 * .env.example lists every setting: each environment variable the server, the build and the
 * CLIs read appears in it (as `KEY=` or `# KEY=`), and it lists none the code does not read.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");

/** What runs in production or builds it; the test and benchmark scripts have their own knobs. */
const sources = ["src", "server", "cli", "integrations", "scripts/start.mjs", "astro.config.ts"];

/** Read by the code, yet no setting: scripts/start.mjs sets them for the code it loads. */
const internal = new Set(["ASTRO_NODE_AUTOSTART", "SITE_OUT_DIR"]);

function files(path: string): string[] {
  const full = join(root, path);
  if (statSync(full).isFile()) return [full];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? files(join(path, entry.name))
      : /\.(ts|tsx|mjs|js|astro)$/.test(entry.name)
        ? [join(full, entry.name)]
        : [],
  );
}

/** `env.NAME`, `env["NAME"]` and serve.ts's `read("NAME", …)`, by file. */
function variablesRead(): Map<string, string> {
  const found = new Map<string, string>();
  const patterns = [
    /\benv\.([A-Z][A-Z0-9_]+)/g,
    /\benv\[["']([A-Z][A-Z0-9_]+)["']\]/g,
    /\bread\("([A-Z][A-Z0-9_]+)"/g,
  ];
  for (const file of sources.flatMap(files)) {
    const text = readFileSync(file, "utf8");
    for (const pattern of patterns) {
      for (const m of text.matchAll(pattern)) {
        if (!found.has(m[1]!)) found.set(m[1]!, relative(root, file));
      }
    }
  }
  return found;
}

const listed = new Set(
  [...readFileSync(join(root, ".env.example"), "utf8").matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map(
    (m) => m[1]!,
  ),
);

describe(".env.example", () => {
  const read = variablesRead();

  it("finds the settings the code reads", () => {
    // A sanity check on the patterns: a few from each part.
    for (const name of ["PORT", "DATABASE_URL", "TRUST_PROXY", "SERVER_MAX_CONNECTIONS"]) {
      expect(read.has(name), name).toBe(true);
    }
    for (const name of ["SITE_URL", "SMTP_URL", "ADMIN_SIGNIN_WINDOW", "BUILD_DIR"]) {
      expect(read.has(name), name).toBe(true);
    }
  });

  it("lists every variable the code reads", () => {
    const missing = [...read]
      .filter(([name]) => !internal.has(name) && !listed.has(name))
      .map(([name, file]) => `${name} (read in ${file})`);
    expect(missing).toEqual([]);
  });

  it("lists nothing the code does not read", () => {
    const unknown = [...listed].filter((name) => !read.has(name));
    expect(unknown).toEqual([]);
  });
});
