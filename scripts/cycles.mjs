/**
 * Arrows one way (issue 37): reads every source file under src/, maps each import to the
 * top-level folder of src/ it lands in (a file directly under src/, such as middleware.ts, is a
 * node of its own), and fails when
 *
 * - two folders import each other (each pair printed with one importing file each way);
 * - folders import each other round a longer loop (a → b → c → a: printed as one cycle);
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
 * Reads src/ under root and returns { edges, pairs, loops, problems }: edges maps "a→b" to the
 * first importing file (repository-relative), pairs lists [a, b, fileAB, fileBA], loops the
 * cycles of three folders or more (each a list of folders, the first repeated at the end),
 * problems the other rule breaks, one line each.
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
  return { edges, pairs, loops: longerLoops(edges), problems };
}

/**
 * One cycle through each group of folders that reach each other only round three or more
 * arrows (a group that holds a two-way pair is reported as that pair). Tarjan's strongly
 * connected components, then a shortest way back to the group's first folder.
 */
function longerLoops(edges) {
  const next = new Map();
  for (const key of edges.keys()) {
    const [a, b] = key.split("→");
    if (!next.has(a)) next.set(a, []);
    next.get(a).push(b);
  }
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (v) => {
    index.set(v, index.size);
    low.set(v, index.get(v));
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) visit(v);
  const loops = [];
  for (const group of groups) {
    const inGroup = new Set(group);
    const hasPair = group.some((a) =>
      (next.get(a) ?? []).some((b) => inGroup.has(b) && edges.has(`${b}→${a}`)),
    );
    if (hasPair) continue;
    // Breadth-first from the first folder back to itself, inside the group.
    const start = group[0];
    const from = new Map();
    const queue = [start];
    let end;
    while (queue.length && end === undefined) {
      const v = queue.shift();
      for (const w of (next.get(v) ?? []).filter((x) => inGroup.has(x)).sort()) {
        if (w === start) {
          end = v;
          break;
        }
        if (!from.has(w)) {
          from.set(w, v);
          queue.push(w);
        }
      }
    }
    const path = [start];
    for (let v = end; v !== start; v = from.get(v)) path.splice(1, 0, v);
    loops.push([...path, start]);
  }
  return loops;
}

function main() {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const root = path.resolve(process.argv[2] ?? path.join(here, ".."));
  const { edges, pairs, loops, problems } = analyse(root);
  for (const [a, b, ab, ba] of pairs)
    console.log(`${a} ↔ ${b}\n  ${a} → ${b}: ${ab}\n  ${b} → ${a}: ${ba}`);
  for (const loop of loops) {
    console.log(loop.join(" → "));
    for (let i = 0; i + 1 < loop.length; i++)
      console.log(`  ${loop[i]} → ${loop[i + 1]}: ${edges.get(`${loop[i]}→${loop[i + 1]}`)}`);
  }
  for (const line of problems) console.log(line);
  if (pairs.length || loops.length || problems.length) {
    console.log(
      `cycles: ${pairs.length} two-way pair(s), ${loops.length} longer loop(s), ` +
        `${problems.length} other break(s) of the layers (docs/architecture.md, Zones)`,
    );
    process.exit(1);
  }
  console.log(`cycles: none (${edges.size} arrows between the folders of src/)`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
