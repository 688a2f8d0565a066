#!/usr/bin/env node
/**
 * `npm run bench:lighthouse [-- /route …]`: builds the production site (unless SKIP_BUILD=1),
 * serves it, and runs Lighthouse (mobile emulation, default simulated throttling) 3 times
 * (LIGHTHOUSE_RUNS) on every route of the spec plus the 404 page and a website check's report,
 * and reports the median of each figure per route. The route `/audit/report` stands for a real
 * report page: a loopback fixture site is checked by the engine, the result stored in the
 * server's store, and its signed /audit/<token> measured (`npm run bench:lighthouse --
 * /audit/report` measures only that). Writes
 * docs/lighthouse/report.json and docs/lighthouse/report.md and prints the table.
 * Chromium: CHROME_PATH, else /usr/bin/chromium.
 *
 * Requests to other hosts (all https: the scheduling provider's script and frame) are blocked, as
 * in the browser tests: these machines have no outside network, and a failed DNS lookup would be
 * logged as a console error of ours. Lighthouse ignores requests it blocked itself, so the
 * provider's own weight is not in the /book-call and /thank-you figures.
 *
 * The 404 page answers with status 404, so it fails two audits by definition: SEO's "page has a
 * successful HTTP status code" and Best Practices' console check (the browser logs the 404
 * response). The report names that instead of counting it as a miss.
 *
 * A control page (a heading and a sentence, nothing else) is measured in the same run, so the
 * report shows the blocking time Lighthouse and this machine give a page with nothing in it.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { queueStaffCheck } from "../src/audit/jobs.ts";
import { runAudit } from "../src/audit/run.ts";
import { auditJobStoreFor } from "../src/audit/store/index.ts";
import { auditLinks } from "../src/audit/token.ts";
import { SqliteLeadStore } from "../src/leads/store/sqlite.ts";
import { serveSite, strongSite } from "../tests/support/auditSites.ts";
import { benchmarkPaths, NOT_FOUND_PATH, startServer } from "./server.mjs";

/** The route argument standing for a real website check's report page (/audit/<token>). */
const AUDIT_REPORT = "/audit/report";

/**
 * A real report to measure: the engine checks a loopback fixture site (the browser tests' strong
 * landscaper site), and the result is stored in the server's store as its worker would store it.
 * Resolves the report page's path, signed with the server's salt.
 */
async function seedAuditReport(dataDir, secret) {
  const site = await serveSite((origin) => strongSite(origin));
  try {
    const report = await runAudit(site.origin, { allowHosts: [site.hostPort] });
    if (report.outcome !== "ok") throw new Error(`fixture site not checked: ${report.reason}`);
    const leads = new SqliteLeadStore(join(dataDir, "leads.db"));
    try {
      const queued = await queueStaffCheck(leads, {
        url: site.origin,
        leadId: null,
        staffId: "bench",
      });
      if (!queued.ok) throw new Error(`check not queued: ${queued.reason}`);
      const id = queued.id;
      const jobs = auditJobStoreFor(leads);
      await jobs.claim({
        owner: "bench",
        now: new Date(),
        leaseMs: 60_000,
        limit: 1,
        queueMax: 200,
        clientMax: 2,
      });
      const kept = await jobs.finish(
        id,
        "bench",
        { status: "done", site: site.hostPort, report },
        new Date(),
      );
      if (!kept) throw new Error("the seeded check was not recorded");
      console.log(`${AUDIT_REPORT}: a check of a loopback fixture site, scored ${report.score}`);
      return auditLinks(id, secret).report;
    } finally {
      await leads.close();
    }
  } finally {
    await site.close();
  }
}

const root = fileURLToPath(new URL("..", import.meta.url));
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const outDir = process.env.BUILD_DIR || "dist";

if (process.env.SKIP_BUILD !== "1") {
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = 4600 + Math.floor(Math.random() * 300);
// The report page needs a signed link: a salt of the run's own. The server runs no checks: the
// one report is made here (below), so the page is the same whoever measures it.
const salt = randomBytes(24).toString("hex");
const server = await startServer({
  outDir,
  port,
  env: { IP_HASH_SALT: salt, AUDIT_CONCURRENCY: "0" },
});
const asked = process.argv.slice(2);
const routes = asked.length ? asked : [...(await benchmarkPaths(server.origin)), AUDIT_REPORT];
/** What each measured route is called in the report (the report's token changes every run). */
const shown = new Map();
if (routes.includes(AUDIT_REPORT)) {
  const path = await seedAuditReport(server.dataDir, salt);
  routes[routes.indexOf(AUDIT_REPORT)] = path;
  shown.set(path, AUDIT_REPORT);
}

const chromePath = [process.env.CHROME_PATH, "/usr/bin/chromium"].find((p) => p && existsSync(p));
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
  ],
});

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Lighthouse's own figures for one run of `url`. */
async function runOnce(url) {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    // The 404 page is measured too; Lighthouse otherwise refuses a 404 answer.
    ignoreStatusCode: true,
    blockedUrlPatterns: ["https://*"],
  });
  const lhr = result.lhr;
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const network = lhr.audits["network-requests"]?.details?.items ?? [];
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    bestPractices: Math.round(lhr.categories["best-practices"].score * 100),
    seo: Math.round(lhr.categories.seo.score * 100),
    lcp: audit("largest-contentful-paint"),
    fcp: audit("first-contentful-paint"),
    tbt: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
    speedIndex: audit("speed-index"),
    transferBytes: network.reduce((n, r) => n + (r.transferSize ?? 0), 0),
    jsBytes: network
      .filter((r) => r.resourceType === "Script")
      .reduce((n, r) => n + (r.transferSize ?? 0), 0),
    requests: network.length,
    // Lighthouse's CPU benchmark for the run (its phone model assumes a fast host).
    benchmarkIndex: lhr.environment.benchmarkIndex,
    // Weighted audits below 1 that cost the best-practices and SEO scores.
    categoryMisses: ["best-practices", "seo"].flatMap((c) =>
      lhr.categories[c].auditRefs
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id),
    ),
    failing: Object.values(lhr.audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 1 &&
          a.scoreDisplayMode !== "informative" &&
          a.scoreDisplayMode !== "notApplicable" &&
          a.scoreDisplayMode !== "manual",
      )
      .map((a) => a.id),
  };
}

/**
 * `runs` measured runs of `url`. Now and then Lighthouse sees no paint at all on this machine
 * (no FCP, every metric NaN): such a run measured nothing, so it is repeated, at most 3 times.
 */
async function measure(url) {
  const samples = [];
  let retries = 0;
  while (samples.length < runs) {
    const sample = await runOnce(url);
    if (Number.isFinite(sample.fcp) || retries >= 3) samples.push(sample);
    else retries++;
  }
  return { samples, retries };
}

/**
 * One figure per measure over a URL's runs: each figure is the median of its own runs (a run's
 * blocking time and its largest paint vary independently); an audit is listed as failing when it
 * failed in most runs.
 */
function summarise(samples) {
  const chosen = Object.fromEntries(
    Object.keys(samples[0])
      .filter((key) => typeof samples[0][key] === "number")
      .map((key) => [key, median(samples.map((s) => s[key]))]),
  );
  const inMostRuns = (key) =>
    [...new Set(samples.flatMap((s) => s[key]))].filter(
      (id) => samples.filter((s) => s[key].includes(id)).length * 2 > samples.length,
    );
  chosen.categoryMisses = inMostRuns("categoryMisses");
  chosen.failing = inMostRuns("failing");
  return chosen;
}

const results = [];
for (const route of routes) {
  const { samples, retries } = await measure(`http://127.0.0.1:${port}${route}`);
  const chosen = summarise(samples);
  results.push({ route: shown.get(route) ?? route, runs, retries, ...chosen, samples });
  console.log(
    `${shown.get(route) ?? route}: ${chosen.performance}/${chosen.accessibility}/${chosen.bestPractices}/${chosen.seo} LCP ${Math.round(chosen.lcp)} ms`,
  );
}

/**
 * The instrument's floor: a page with nothing but a heading and a sentence (no style sheet, image
 * or script), served on loopback and measured like the routes. What it scores is Lighthouse and
 * this machine, not the site.
 */
const CONTROL_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Control page</title><meta name="description" content="A page with nothing to load."></head><body><h1>Control page</h1><p>No style sheet, image or script.</p></body></html>';
const controlServer = createServer((_, res) => {
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  res.end(CONTROL_HTML);
});
await new Promise((resolve) => controlServer.listen(0, "127.0.0.1", resolve));
const control = await measure(`http://127.0.0.1:${controlServer.address().port}/`);
const controlSummary = summarise(control.samples);
controlServer.close();

await chrome.kill();
server.stop();

const targets = {
  performance: 99,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcp: 1500,
  tbt: 50,
  cls: 0.02,
};
/** Audits a page answering 404 fails because it answers 404 (see the header comment). */
const NOT_FOUND_AUDITS = new Set(["http-status-code", "errors-in-console"]);
const isNotFound = (r) => r.route === NOT_FOUND_PATH;
/**
 * A website check's report is one prospect's, so it is noindex on purpose (issue 26): SEO's
 * "page is not blocked from indexing" fails by definition, as the 404's status audits do.
 */
const NOINDEX_AUDITS = new Set(["is-crawlable"]);
const meetsAsNoindex = (r) =>
  r.route === AUDIT_REPORT &&
  meetsMetrics(r) &&
  r.bestPractices >= targets.bestPractices &&
  r.categoryMisses.every((id) => NOINDEX_AUDITS.has(id));
const meetsMetrics = (r) =>
  r.performance >= targets.performance &&
  r.accessibility >= targets.accessibility &&
  r.lcp <= targets.lcp &&
  r.tbt <= targets.tbt &&
  r.cls <= targets.cls;
const meets = (r) =>
  meetsMetrics(r) && r.bestPractices >= targets.bestPractices && r.seo >= targets.seo;
/** The 404 page meets everything except the audits its status fails by definition. */
const meetsAsNotFound = (r) =>
  isNotFound(r) && meetsMetrics(r) && r.categoryMisses.every((id) => NOT_FOUND_AUDITS.has(id));
const verdict = (r) =>
  meets(r)
    ? "yes"
    : meetsAsNotFound(r)
      ? "yes, as a 404 (note 2)"
      : meetsAsNoindex(r)
        ? "yes, noindex (note 5)"
        : "no";

const kb = (n) => (n / 1024).toFixed(1);
const benchmarks = [...results.flatMap((r) => r.samples), ...control.samples].map(
  (c) => c.benchmarkIndex,
);
const retried = results.reduce((n, r) => n + r.retries, control.retries);
const lines = [
  "# Lighthouse report",
  "",
  `Generated ${new Date().toISOString()} by \`npm run bench:lighthouse\`: Lighthouse (mobile emulation, simulated throttling), the median of ${runs} runs for each figure, production build served by \`npm start\`.`,
  "",
  "1. Requests to other hosts are blocked: this machine has no outside network. The scheduling provider's script and frame on /book-call and /thank-you are therefore not in their figures.",
  "2. The 404 page answers with status 404, so it fails two audits by definition: SEO's \"successful HTTP status code\" and Best Practices' console check (the browser logs the 404 response). It counts as meeting the targets when those are the only audits it fails.",
  `3. Control: a page with only a heading and a sentence (no style sheet, image or script), served on loopback and measured the same way in this run, got TBT ${control.samples.map((c) => Math.round(c.tbt)).join(", ")} ms (median ${Math.round(controlSummary.tbt)}) and FCP median ${Math.round(controlSummary.fcp)} ms. That is the floor Lighthouse and this machine put under every route: mostly the navigation's first task (creating the page's script contexts, Lighthouse's included), which the phone model multiplies by 4. Lighthouse's CPU benchmark index over the run: ${Math.round(Math.min(...benchmarks))}-${Math.round(Math.max(...benchmarks))}.`,
  ...(retried
    ? [
        `4. ${retried} run(s) in which Lighthouse saw no paint at all (every metric empty) were repeated.`,
      ]
    : []),
  ...(results.some((r) => r.route === AUDIT_REPORT)
    ? [
        `5. ${AUDIT_REPORT} is a real website check's report (/audit/<signed token>): a loopback fixture site checked by the engine in this run. A report belongs to one prospect and is noindex on purpose, so SEO's "page is not blocked from indexing" (is-crawlable) fails by definition; it counts as meeting the targets when that is its only miss.`,
      ]
    : []),
  "",
  `Targets: performance ≥ ${targets.performance}; accessibility, best practices, SEO = 100; LCP ≤ ${targets.lcp} ms; TBT ≤ ${targets.tbt} ms; CLS ≤ ${targets.cls}.`,
  "",
  "| Route | Perf | A11y | BP | SEO | LCP ms | FCP ms | TBT ms | CLS | SI ms | Transfer KB | JS KB | Requests | Meets |",
  "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
  ...results.map(
    (r) =>
      `| ${r.route} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${Math.round(r.lcp)} | ${Math.round(r.fcp)} | ${Math.round(r.tbt)} | ${r.cls.toFixed(3)} | ${Math.round(r.speedIndex)} | ${kb(r.transferBytes)} | ${kb(r.jsBytes)} | ${r.requests} | ${verdict(r)} |`,
  ),
  "",
];
const failing = results.filter((r) => !meets(r) && !meetsAsNotFound(r) && !meetsAsNoindex(r));
if (failing.length) {
  lines.push("## Routes below target", "");
  for (const r of failing)
    lines.push(`- ${r.route}: audits below 1: ${r.failing.join(", ") || "none"}`);
  lines.push("");
}
const reportDir = `${root}docs/lighthouse`;
mkdirSync(reportDir, { recursive: true });
if (process.argv.slice(2).length === 0) {
  writeFileSync(
    `${reportDir}/report.json`,
    `${JSON.stringify({ generated: new Date().toISOString(), targets, results, control }, null, 2)}\n`,
  );
  writeFileSync(`${reportDir}/report.md`, lines.join("\n"));
}
console.log(lines.join("\n"));
// The worst route: lowest performance, then the furthest over the LCP or TBT target.
const over = (r) => Math.max(r.lcp / targets.lcp, r.tbt / targets.tbt);
const worst = [...results].sort((a, b) => a.performance - b.performance || over(b) - over(a))[0];
console.log(
  `Worst route: ${worst.route} (performance ${worst.performance}, LCP ${Math.round(worst.lcp)} ms, TBT ${Math.round(worst.tbt)} ms). ${failing.length} of ${results.length} routes below target.`,
);
