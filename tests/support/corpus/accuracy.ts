/**
 * Checks every corpus site and compares what fails with what the corpus expects: per site the
 * score, the grade, the missed and the extra failing ids, and whether its bars held; overall
 * recall and precision over failing check ids. Shared by bench/check-accuracy.mjs and
 * tests/integration/audit-corpus.test.ts.
 *
 * Two ways to run the check, the same judging:
 * - `measureAccuracy`: the real command line, as an agency runs it and as the hidden corpus will
 *   (`node cli/leads.ts audit 127.0.0.1:PORT --format json`, typed without a scheme), with
 *   AUDIT_ALLOW_HOSTS naming the corpus's ports and NODE_EXTRA_CA_CERTS the run's throwaway
 *   certificate authority (./serve.ts), paced at 2 requests a second per site.
 * - `measureInProcess`: `runAudit` in this process, the pacing off, every site at once: the same
 *   engine and the same sockets, in seconds instead of minutes (the CA is trusted through
 *   ./serve.ts `trustLocalCa`). What CI runs; one CLI run proves the two agree.
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { runAudit } from "../../../src/audit/run.ts";
import type { CorpusSite, Grade } from "./sites.ts";
import { trustLocalCa, type ServedCorpus, type ServedSite } from "./serve.ts";

const root = join(import.meta.dirname, "../../..");
const gradeOrder: Grade[] = ["A", "B", "C", "D", "F"];

export interface SiteResult {
  id: string;
  hostPort: string;
  outcome: string;
  reason?: string;
  score?: number;
  grade?: string;
  /** Expected failing ids that did not fail. */
  missed: string[];
  /** Failing ids the corpus does not expect (mayFail ids left out). */
  extra: string[];
  /** Expected failing ids that failed. */
  found: string[];
  /** Every failing id of the report, sorted. */
  failing: string[];
  /** Ids the corpus expects to fail that the report does not have at all. */
  absent: string[];
  caps: { rule: string; held: boolean }[];
  durationMs: number;
  /** The CLI's stderr when it did not print a report. */
  error?: string;
}

export interface AccuracyResult {
  sites: SiteResult[];
  recall: number;
  precision: number;
  truePositives: number;
  expected: number;
  reported: number;
  capsHeld: boolean;
  allScored: boolean;
}

export interface Report {
  outcome: string;
  reason?: string;
  score?: number;
  grade?: string;
  checks?: { id: string; status: string }[];
}

interface Run {
  report: Report | null;
  stderr: string;
  ms: number;
}

function runCli(hostPort: string, env: Record<string, string>): Promise<Run> {
  const started = performance.now();
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [
        "--disable-warning=ExperimentalWarning",
        join(root, "cli/leads.ts"),
        "audit",
        hostPort,
        "--format",
        "json",
      ],
      { cwd: root, env, encoding: "utf8", maxBuffer: 16 * 1024 * 1024, timeout: 120_000 },
      (_error, stdout, stderr) => {
        let report: Report | null;
        try {
          report = JSON.parse(stdout) as Report;
        } catch {
          report = null;
        }
        resolve({ report, stderr, ms: Math.round(performance.now() - started) });
      },
    );
  });
}

export function judge(
  site: CorpusSite,
  served: Pick<ServedSite, "hostPort">,
  report: Report | null,
): Omit<SiteResult, "durationMs"> {
  const failing = new Set(
    (report?.checks ?? []).filter((c) => c.status === "fail").map((c) => c.id),
  );
  const present = new Set((report?.checks ?? []).map((c) => c.id));
  const expected = Object.keys(site.fail);
  const tolerated = new Set(Object.keys(site.mayFail ?? {}));
  const caps: SiteResult["caps"] = [];
  const grade = report?.grade as Grade | undefined;
  if (site.minScore !== undefined)
    caps.push({ rule: `score >= ${site.minScore}`, held: (report?.score ?? -1) >= site.minScore });
  if (site.maxScore !== undefined)
    caps.push({
      rule: `score <= ${site.maxScore}`,
      held: report?.score !== undefined && report.score <= site.maxScore,
    });
  if (site.maxGrade !== undefined)
    caps.push({
      rule: `grade ${site.maxGrade} or worse`,
      held: !!grade && gradeOrder.indexOf(grade) >= gradeOrder.indexOf(site.maxGrade),
    });
  return {
    id: site.id,
    hostPort: served.hostPort,
    outcome: report?.outcome ?? "no report",
    ...(report?.reason ? { reason: report.reason } : {}),
    ...(report?.score !== undefined ? { score: report.score } : {}),
    ...(report?.grade ? { grade: report.grade } : {}),
    found: expected.filter((id) => failing.has(id)),
    failing: [...failing].sort(),
    missed: expected.filter((id) => !failing.has(id)),
    extra: [...failing].filter((id) => !site.fail[id] && !tolerated.has(id)).sort(),
    absent: expected.filter((id) => !present.has(id)),
    caps,
  };
}

/** The environment the command line runs in: the corpus's ports let through, its CA trusted. */
export function cliEnv(
  corpus: ServedCorpus,
  siteUrl = "https://agency.example",
): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "",
    NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? "",
    NODE_EXTRA_CA_CERTS: corpus.ca.caFile,
    AUDIT_ALLOW_HOSTS: corpus.sites.map((s) => s.hostPort).join(","),
    SITE_URL: siteUrl,
    ...(process.env.AUDIT_RENDER ? { AUDIT_RENDER: process.env.AUDIT_RENDER } : {}),
  };
}

/** One site through the real command line (typed without a scheme): its report, or null. */
export async function checkWithCli(corpus: ServedCorpus, served: ServedSite): Promise<Run> {
  return runCli(served.hostPort, cliEnv(corpus));
}

/** The user agent the in-process checks send (what the CLI sends for SITE_URL agency.example). */
const IN_PROCESS_AGENT = "GreenlineGrowthAuditBot/1.0 (+https://agency.example/audit-bot)";

/**
 * One site through `runAudit` in this process, typed without a scheme, the pacing off (no gap
 * between requests, no Crawl-delay). The caller trusts the corpus's CA (`trustLocalCa`).
 */
export async function checkInProcess(corpus: ServedCorpus, served: ServedSite): Promise<Run> {
  const started = performance.now();
  const report = await runAudit(served.hostPort, {
    allowHosts: corpus.sites.map((s) => s.hostPort),
    userAgent: IN_PROCESS_AGENT,
    limits: { minIntervalMs: 0, maxCrawlDelayMs: 0 },
  });
  return { report, stderr: "", ms: Math.round(performance.now() - started) };
}

async function measure(
  corpus: ServedCorpus,
  check: (corpus: ServedCorpus, served: ServedSite) => Promise<Run>,
  options: { concurrency?: number; onSite?: (r: SiteResult) => void },
): Promise<AccuracyResult> {
  const results: SiteResult[] = new Array(corpus.sites.length);
  let next = 0;
  const worker = async () => {
    while (next < corpus.sites.length) {
      const i = next++;
      const served = corpus.sites[i]!;
      const run = await check(corpus, served);
      const result: SiteResult = {
        ...judge(served.site, served, run.report),
        durationMs: run.ms,
        ...(run.report ? {} : { error: run.stderr.trim().slice(-600) }),
      };
      results[i] = result;
      options.onSite?.(result);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 6 }, worker));
  return summarise(results);
}

/** Recall, precision and the bars over a list of judged sites. */
export function summarise(results: SiteResult[]): AccuracyResult {
  const expected = results.reduce((n, r) => n + r.found.length + r.missed.length, 0);
  const truePositives = results.reduce((n, r) => n + r.found.length, 0);
  const reported = truePositives + results.reduce((n, r) => n + r.extra.length, 0);
  return {
    sites: results,
    recall: expected ? truePositives / expected : 1,
    precision: reported ? truePositives / reported : 1,
    truePositives,
    expected,
    reported,
    capsHeld: results.every((r) => r.caps.every((c) => c.held)),
    allScored: results.every((r) => r.outcome === "ok" && typeof r.score === "number"),
  };
}

/** Checks every served site through the command line, `concurrency` at once (paced). */
export function measureAccuracy(
  corpus: ServedCorpus,
  options: { concurrency?: number; onSite?: (r: SiteResult) => void } = {},
): Promise<AccuracyResult> {
  return measure(corpus, checkWithCli, options);
}

/**
 * Checks in this process at once by default. Not every site: `response-time` is wall-clock, and
 * one process serving and checking 34 sites (each request a TLS handshake on both ends) delayed
 * loopback home pages past its 1.5 s at load average 15-20 (the two sites with redirect chains
 * failed it); 8 at once did not, and took no longer.
 */
export const IN_PROCESS_CONCURRENCY = 8;

/**
 * Checks every served site in this process with the pacing off, IN_PROCESS_CONCURRENCY at once
 * unless `concurrency` says otherwise; the corpus's CA is trusted for the run and forgotten after.
 */
export async function measureInProcess(
  corpus: ServedCorpus,
  options: { concurrency?: number; onSite?: (r: SiteResult) => void } = {},
): Promise<AccuracyResult> {
  const untrust = trustLocalCa(corpus.ca);
  try {
    return await measure(corpus, checkInProcess, {
      ...options,
      concurrency: options.concurrency ?? IN_PROCESS_CONCURRENCY,
    });
  } finally {
    untrust();
  }
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

/** The bench's printout of one site. */
export function siteLine(r: SiteResult): string {
  const head = `${r.id.padEnd(20)} ${r.outcome === "ok" ? `${String(r.score).padStart(3)}/100 ${r.grade}` : `${r.outcome}${r.reason ? ` (${r.reason})` : ""}`}`;
  const lines = [head];
  lines.push(`    expected failing: ${[...r.found, ...r.missed].join(", ") || "(none)"}`);
  if (r.missed.length)
    lines.push(
      `    missed: ${r.missed.join(", ")}${r.absent.length ? ` (no such check in the report: ${r.absent.join(", ")})` : ""}`,
    );
  if (r.extra.length) lines.push(`    extra (false failures): ${r.extra.join(", ")}`);
  for (const cap of r.caps) lines.push(`    ${cap.held ? "held" : "BROKEN"}: ${cap.rule}`);
  if (r.error) lines.push(`    error: ${r.error.replace(/\n/g, " | ")}`);
  return lines.join("\n");
}

/** The bench's closing lines. */
export function summaryLines(a: AccuracyResult): string[] {
  return [
    `recall ${pct(a.recall)} (${a.truePositives} of ${a.expected} planted defects failed their check)`,
    `precision ${pct(a.precision)} (${a.truePositives} of ${a.reported} failing checks were planted)`,
    `caps and minimum scores: ${a.capsHeld ? "all held" : "some broken"}`,
    `every site scored: ${a.allScored ? "yes" : "no"}`,
  ];
}
