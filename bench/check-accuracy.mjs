#!/usr/bin/env node
/**
 * `npm run bench:check-accuracy`: how well the website check finds what is wrong with a site.
 *
 * Serves the accuracy corpus (tests/support/corpus/sites.ts: good landscaper sites and copies of
 * them with planted defects) on loopback, https with a throwaway certificate authority made with
 * `openssl` (the http-only site on plain http), runs the real command line on each
 * (`node cli/leads.ts audit 127.0.0.1:PORT --format json`, typed without a scheme) and prints per
 * site the score, the grade, the expected failing check ids, the missed and the extra ones and
 * whether its caps held; then recall and precision over failing check ids.
 *
 *   --strict           exit 1 below recall 90 % or precision 95 %, when a cap or minimum score
 *                      breaks, or when a site is not scored
 *   --site ID[,ID]     only these sites
 *   --concurrency N    checks at once (default 6; each check paces itself at 2 requests a second)
 *   --json             print the results as JSON instead
 * AUDIT_RENDER is passed on to the checks when set. docs/website-check.md, 'Accuracy: the corpus'.
 */
import { parseArgs } from "node:util";
import { measureAccuracy, siteLine, summaryLines } from "../tests/support/corpus/accuracy.ts";
import { serveCorpus } from "../tests/support/corpus/serve.ts";
import { corpus } from "../tests/support/corpus/sites.ts";

const { values } = parseArgs({
  options: {
    strict: { type: "boolean", default: false },
    site: { type: "string" },
    concurrency: { type: "string", default: "6" },
    json: { type: "boolean", default: false },
  },
});

const only = values.site ? new Set(values.site.split(",")) : null;
const sites = only ? corpus.filter((s) => only.has(s.id)) : corpus;
if (!sites.length) {
  console.error(
    `No corpus site named ${values.site}; known: ${corpus.map((s) => s.id).join(", ")}`,
  );
  process.exit(2);
}

const served = await serveCorpus(sites);
const started = performance.now();
if (!values.json)
  console.log(`Checking ${sites.length} corpus sites (${values.concurrency} at once)…\n`);
let result;
try {
  result = await measureAccuracy(served, {
    concurrency: Math.max(1, Number(values.concurrency) || 6),
    onSite: values.json ? undefined : (r) => console.log(`${siteLine(r)}\n`),
  });
} finally {
  await served.close();
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (values.json) {
  console.log(JSON.stringify({ ...result, seconds: Number(seconds) }, null, 2));
} else {
  console.log(summaryLines(result).join("\n"));
  console.log(`${sites.length} sites in ${seconds} s`);
}
const ok = result.recall >= 0.9 && result.precision >= 0.95 && result.capsHeld && result.allScored;
if (values.strict && !ok) {
  if (!values.json)
    console.log("\n--strict: below recall 90 % / precision 95 %, a cap broken or a site unscored");
  process.exit(1);
}
