#!/usr/bin/env node
/**
 * `npm test`, the gate CI runs (.ci/run): every stage of the README's table, in an order that
 * keeps a 2-core machine busy. Two stages that each use about one core run side by side:
 *
 *   1. `check` (astro check) beside `lint` (scripts/cycles.mjs, ESLint, Prettier);
 *   2. `test:unit` beside the one `build` the next three stages share;
 *   3. `test:integration`, then `test:faults`, then `test:e2e`, one at a time (they time things).
 *
 * `check` and `build` both write .astro/ (content sync), so they never run together. The output
 * of stages that run side by side is printed whole, one stage after the other, when both are done.
 * The first group with a failed stage stops the run with that stage's exit code, as `&&` did.
 * Stage times are printed at the end (docs/ci-time.md: what each stage took, run by run).
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
// Node's compile cache for every process of the run: a run starts hundreds (each test server, each
// leads or admin command line, tools), and each would otherwise compile the same modules again
// (about half of a command line's start). The tests pass it on (tests/support/childEnv.ts).
process.env.NODE_COMPILE_CACHE ||= join(root, "node_modules/.cache/node-compile-cache");

/** @type {{ name: string, env?: Record<string, string> }[][]} */
const groups = [
  [{ name: "check" }, { name: "lint" }],
  [{ name: "test:unit" }, { name: "build" }],
  [{ name: "test:integration", env: { INTEGRATION_SKIP_BUILD: "1" } }],
  [{ name: "test:faults", env: { INTEGRATION_SKIP_BUILD: "1" } }],
  [{ name: "test:e2e", env: { E2E_SKIP_BUILD: "1" } }],
];

const times = [];

/** Runs `npm run <name>`; alone it inherits the terminal, beside another its output is kept. */
function run({ name, env = {} }, alone) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", name], {
      stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...env },
    });
    let output = "";
    if (!alone) {
      child.stdout.on("data", (d) => (output += d));
      child.stderr.on("data", (d) => (output += d));
    }
    child.on("close", (code, signal) => {
      const seconds = (Date.now() - started) / 1000;
      times.push(`${name.padEnd(18)} ${seconds.toFixed(1).padStart(7)} s`);
      resolve({ name, code: code ?? (signal ? 1 : 0), output });
    });
  });
}

const total = Date.now();
for (const group of groups) {
  const alone = group.length === 1;
  const results = await Promise.all(group.map((stage) => run(stage, alone)));
  for (const result of results) {
    if (!alone) process.stdout.write(`\n> npm run ${result.name}\n${result.output}`);
  }
  const failed = results.find((r) => r.code !== 0);
  if (failed) {
    console.error(`\nnpm test: ${failed.name} failed (exit ${failed.code})`);
    process.exit(failed.code);
  }
}
console.log(`\nStage times:\n${times.join("\n")}`);
console.log(`total              ${((Date.now() - total) / 1000).toFixed(1).padStart(7)} s`);
