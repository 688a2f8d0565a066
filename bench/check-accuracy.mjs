#!/usr/bin/env node
/**
 * `npm run bench:check-accuracy`: how well the website check finds what is wrong with a site.
 *
 * Serves a corpus on loopback, https with a throwaway certificate authority made with `openssl`
 * (an http-only site on plain http), checks each site and prints per site the score, the grade,
 * the expected failing check ids, the missed and the extra ones and whether its bars held; then
 * recall and precision over failing check ids.
 *
 * The corpora (docs/website-check.md, 'Accuracy: the corpus'):
 *   first  tests/support/corpus/sites.ts: two good sites and copies of one with planted defects
 *   blind  tests/support/corpus/blind/: eleven sites of different builders, none a copy
 *
 *   --corpus NAME      first (default), blind, or both (each summed apart, then together)
 *   --blind            the same as --corpus blind
 *   --in-process       run the engine in this process, the pacing off, 8 sites at once
 *                      (seconds; what CI runs) instead of the real command line typed without a
 *                      scheme, 2 requests a second per site (minutes; what the hidden corpus runs)
 *   --strict           exit 1 below recall 90 % or precision 95 %, when a bar breaks, or when a
 *                      site is not scored
 *   --site ID[,ID]     only these sites
 *   --concurrency N    checks at once (default 6 through the command line, 8 in-process)
 *   --json             print the results as JSON instead
 * AUDIT_RENDER is passed on to the command line when set.
 */
import { parseArgs } from "node:util";
import {
  IN_PROCESS_CONCURRENCY,
  measureAccuracy,
  measureInProcess,
  siteLine,
  summarise,
  summaryLines,
} from "../tests/support/corpus/accuracy.ts";
import { blindCorpus } from "../tests/support/corpus/blind/index.ts";
import { serveCorpus } from "../tests/support/corpus/serve.ts";
import { corpus } from "../tests/support/corpus/sites.ts";

const { values } = parseArgs({
  options: {
    strict: { type: "boolean", default: false },
    site: { type: "string" },
    corpus: { type: "string", default: "first" },
    blind: { type: "boolean", default: false },
    "in-process": { type: "boolean", default: false },
    concurrency: { type: "string" },
    json: { type: "boolean", default: false },
  },
});

const which = values.blind ? "blind" : values.corpus;
const corpora = { first: corpus, blind: blindCorpus };
if (!["first", "blind", "both"].includes(which)) {
  console.error(`--corpus is first, blind or both, not ${which}`);
  process.exit(2);
}
const names = which === "both" ? ["first", "blind"] : [which];
const only = values.site ? new Set(values.site.split(",")) : null;
const chosen = names.map((name) => ({
  name,
  sites: corpora[name].filter((s) => !only || only.has(s.id)),
}));
const all = chosen.flatMap((c) => c.sites);
if (!all.length) {
  const known = names.flatMap((n) => corpora[n].map((s) => s.id));
  console.error(`No corpus site named ${values.site}; known: ${known.join(", ")}`);
  process.exit(2);
}

const inProcess = values["in-process"];
const concurrency = values.concurrency
  ? Math.max(1, Number(values.concurrency) || 1)
  : inProcess
    ? IN_PROCESS_CONCURRENCY
    : 6;
const served = await serveCorpus(all);
const started = performance.now();
if (!values.json)
  console.log(
    `Checking ${all.length} sites of the ${names.join(" and ")} corpus${names.length > 1 ? "es" : ""} ${inProcess ? "in-process, unpaced" : "through the command line"} (${concurrency} at once)…\n`,
  );
let result;
try {
  const options = {
    concurrency,
    onSite: values.json ? undefined : (r) => console.log(`${siteLine(r)}\n`),
  };
  result = inProcess
    ? await measureInProcess(served, options)
    : await measureAccuracy(served, options);
} finally {
  await served.close();
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const parts = chosen.map((c) => {
  const ids = new Set(c.sites.map((s) => s.id));
  return { name: c.name, result: summarise(result.sites.filter((r) => ids.has(r.id))) };
});
if (values.json) {
  console.log(
    JSON.stringify(
      {
        ...result,
        seconds: Number(seconds),
        corpora: Object.fromEntries(parts.map((p) => [p.name, p.result])),
      },
      null,
      2,
    ),
  );
} else {
  for (const part of parts) {
    console.log(`${part.name} corpus (${part.result.sites.length} sites):`);
    for (const r of part.result.sites)
      console.log(
        `  ${r.id.padEnd(30)} ${r.outcome === "ok" ? `${String(r.score).padStart(3)} ${r.grade}` : r.outcome}`,
      );
    console.log(
      summaryLines(part.result)
        .map((l) => `  ${l}`)
        .join("\n"),
    );
  }
  if (parts.length > 1)
    console.log(
      `together:\n${summaryLines(result)
        .map((l) => `  ${l}`)
        .join("\n")}`,
    );
  console.log(`${all.length} sites in ${seconds} s`);
}
const ok = parts.every(
  ({ result: r }) => r.recall >= 0.9 && r.precision >= 0.95 && r.capsHeld && r.allScored,
);
if (values.strict && !ok) {
  if (!values.json)
    console.log("\n--strict: below recall 90 % / precision 95 %, a bar broken or a site unscored");
  process.exit(1);
}
