/**
 * Arrows one way (issue 37): reads every source file under src/, maps each import to the
 * top-level folder of src/ it lands in (a file directly under src/, such as middleware.ts, is a
 * node of its own), and fails when
 *
 * - two folders import each other (each pair printed with one importing file each way);
 * - src/leads/ imports src/audit/, src/admin/, src/analytics/ or src/components/;
 * - any file under src/ imports integrations/ (build-time code, never run by the server).
 *
 * Imports are read by TypeScript's own scanner (`ts.preProcessFile`: static imports, re-exports,
 * `import type`, `import("…")` including inside types), so comments and strings never count. An
 * .astro file is read in its frontmatter and its <script> tags. Specifiers resolved: relative
 * ones and tsconfig's `~/*` alias (→ src/*); packages are ignored.
 *
 *   node scripts/cycles.mjs [root]   (root defaults to the repository; tests pass a fixture)
 *
 * Type imports count: a type that points back up the graph is an arrow like any other.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const EXTENSIONS = /\.(?:ts|tsx|astro|mjs|js)$/;

/** Folders src/leads/ may never import (the lead domain is the core the others build on). */
export const LEADS_FORBIDDEN = ["audit", "admin", "analytics", "components"];

/** Every source file under dir (absolute paths), sorted. */
function sourceFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (EXTENSIONS.test(entry.name)) out.push(full);
  }
  return out.sort();
}

/** The script parts of a file: all of it, or an .astro file's frontmatter and <script> bodies. */
function scriptText(file, text) {
  if (!file.endsWith(".astro")) return [text];
  const parts = [];
  const front = /^\s*---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  if (front) parts.push(front[1]);
  for (const match of text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) parts.push(match[1]);
  return parts;
}

/** The module specifiers a file imports. */
export function specifiers(file, text) {
  const found = [];
  for (const part of scriptText(file, text)) {
    const info = ts.preProcessFile(part, true, true);
    for (const ref of info.importedFiles) found.push(ref.fileName);
  }
  return found;
}

/**
 * Where an import lands: { kind: "src", node } for a top-level node of src/, { kind: "outside",
 * top } for another folder of the repository, or null for a package.
 */
function target(root, fromFile, spec) {
  let resolved;
  if (spec.startsWith("~/")) resolved = path.join(root, "src", spec.slice(2));
  else if (spec.startsWith("./") || spec.startsWith("../"))
    resolved = path.resolve(path.dirname(fromFile), spec);
  else if (spec.startsWith("/src/")) resolved = path.join(root, spec);
  else return null;
  const rel = path.relative(root, resolved).split(path.sep);
  if (rel[0] === "..") return null;
  if (rel[0] !== "src") return { kind: "outside", top: rel[0] };
  if (rel.length === 2) return { kind: "src", node: rel[1].replace(/\?.*$/, "") };
  return { kind: "src", node: rel[1] };
}

/** The node of src/ a file belongs to: its top-level folder, or its own name. */
function nodeOf(root, file) {
  return path.relative(path.join(root, "src"), file).split(path.sep)[0];
}

/**
 * Reads src/ under root and returns { edges, pairs, problems }: edges maps "a→b" to the first
 * importing file (repository-relative), pairs lists [a, b, fileAB, fileBA], problems the rule
 * breaks other than pairs, one line each.
 */
export function analyse(root) {
  const edges = new Map();
  const problems = [];
  for (const file of sourceFiles(path.join(root, "src"))) {
    const from = nodeOf(root, file);
    const relFile = path.relative(root, file).split(path.sep).join("/");
    for (const spec of specifiers(file, readFileSync(file, "utf8"))) {
      const to = target(root, file, spec);
      if (!to) continue;
      if (to.kind === "outside") {
        if (to.top === "integrations")
          problems.push(`${relFile} imports integrations/ ("${spec}"): build-time code only`);
        continue;
      }
      if (to.node === from) continue;
      const key = `${from}→${to.node}`;
      if (!edges.has(key)) edges.set(key, relFile);
      if (from === "leads" && LEADS_FORBIDDEN.includes(to.node))
        problems.push(`${relFile} imports src/${to.node}/ ("${spec}"): src/leads/ may not`);
    }
  }
  const pairs = [];
  for (const [key, file] of edges) {
    const [a, b] = key.split("→");
    if (a < b && edges.has(`${b}→${a}`)) pairs.push([a, b, file, edges.get(`${b}→${a}`)]);
  }
  pairs.sort((x, y) => (x[0] + x[1]).localeCompare(y[0] + y[1]));
  return { edges, pairs, problems };
}

function main() {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const root = path.resolve(process.argv[2] ?? path.join(here, ".."));
  const { edges, pairs, problems } = analyse(root);
  for (const [a, b, ab, ba] of pairs)
    console.log(`${a} ↔ ${b}\n  ${a} → ${b}: ${ab}\n  ${b} → ${a}: ${ba}`);
  for (const line of problems) console.log(line);
  if (pairs.length || problems.length) {
    console.log(
      `cycles: ${pairs.length} two-way pair(s), ${problems.length} other break(s) of the layers ` +
        "(docs/architecture.md, Zones)",
    );
    process.exit(1);
  }
  console.log(`cycles: none (${edges.size} arrows between the folders of src/)`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
