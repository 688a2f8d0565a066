/**
 * scripts/cycles.mjs (issue 37, `npm run lint`): on a tiny tree it finds the two-way pairs of
 * src/'s folders (relative, `~/`, type and dynamic imports, .astro frontmatter), a longer loop,
 * src/leads/ importing a folder above it, and run-time code importing integrations/; imports in
 * comments and imports within a folder do not count.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { analyse } from "../../scripts/cycles.mjs";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A repository with these files (path → text). */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "cycles-"));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe("scripts/cycles.mjs", () => {
  it("finds a two-way pair at any depth, with one file each way", () => {
    const { pairs, problems } = analyse(
      tree({
        "src/server/db.ts": "export const db = 1;\n",
        "src/server/deep/root.ts": 'import { work } from "../../leads/store/x/work.ts";\n',
        "src/leads/store/x/work.ts":
          'import type { db } from "~/server/db";\nexport const work = 1;\n',
      }),
    );
    expect(pairs).toEqual([
      ["leads", "server", "src/leads/store/x/work.ts", "src/server/deep/root.ts"],
    ]);
    expect(problems).toEqual([]);
  });

  it("counts dynamic imports and .astro frontmatter, not comments or arrows inside a folder", () => {
    const { pairs, edges } = analyse(
      tree({
        "src/a/one.ts":
          '// import x from "../b/two";\nexport const f = () => import("../a/own");\n',
        "src/a/own.ts": "export {};\n",
        "src/b/two.ts": "export const s = \"from '../a/one'\";\n",
        "src/pages/p.astro": '---\nimport { f } from "../a/one";\n---\n<p>{f}</p>\n',
        "src/c/x.ts": 'export const load = () => import("../pages/p.astro");\n',
      }),
    );
    expect(pairs).toEqual([]);
    expect([...edges.keys()].sort()).toEqual(["c→pages", "pages→a"]);
  });

  it("finds a loop of three folders", () => {
    const { pairs, loops } = analyse(
      tree({
        "src/a/x.ts": 'import "../b/x";\n',
        "src/b/x.ts": 'import "../c/x";\n',
        "src/c/x.ts": 'import "../a/x";\n',
      }),
    );
    expect(pairs).toEqual([]);
    expect(loops).toEqual([["a", "b", "c", "a"]]);
  });

  it("refuses src/leads importing components and run-time code importing integrations/", () => {
    const { problems } = analyse(
      tree({
        "src/leads/notify/n.ts": 'import { E } from "../../components/email/E.tsx";\n',
        "src/components/email/E.tsx": "export const E = 1;\n",
        "src/middleware.ts": 'import { h } from "../integrations/csp";\n',
      }),
    );
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^src\/leads\/notify\/n\.ts imports src\/components\//);
    expect(problems[1]).toMatch(/^src\/middleware\.ts imports integrations\//);
  });
});
