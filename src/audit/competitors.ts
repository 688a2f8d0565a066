/**
 * Competitors beside a website check (issue 38, 'Beyond the peers'): staff add up to
 * COMPETITORS_MAX competitors' sites to a prospect's check (a lead's, or one from /admin/checks);
 * each is an ordinary check in the queue (./jobs.ts `queueCompetitorCheck`), linked to the
 * prospect's. This module is pure: what staff may type, the staff panel's rows, and the
 * side-by-side the report page, the PDF and the caller's talking points show, check by check,
 * in the owner's words ('Green Acres shows reviews on its site; you do not').
 */
import { competitorPhrases } from "./copy.ts";
import { siteKey } from "./jobs.ts";
import { auditMessages } from "./messages.ts";
import type { AuditCategory, AuditReport, CheckStatus } from "./report.ts";
import type { CheckId } from "./score.ts";
import { readCheckUrl } from "./staffChecks.ts";
import type { AuditJob } from "./store/types.ts";
import { plainLine, rankedChecks, siteName } from "./summary.ts";
import { auditLinks } from "./token.ts";
import { auditState, type AuditState } from "./view.ts";

/** Competitors one check may have. */
export const COMPETITORS_MAX = 3;
/** The longest name staff may give a competitor. */
export const COMPETITOR_NAME_MAX = 60;
/** Sentences each list shows (most valuable first); the table below has every check. */
export const SENTENCES_SHOWN = 5;

export type CompetitorInput =
  | { ok: true; url: string; site: string; label: string | null }
  | { ok: false; status: 409 | 422; message: string; field: "url" | "name" };

/**
 * What staff typed to add a competitor beside `check`: a website address (as /admin/checks
 * reads one), not the prospect's own site, not one of its competitors already, and at most
 * COMPETITORS_MAX of them; an optional name, one line of at most COMPETITOR_NAME_MAX characters.
 */
export function readCompetitorInput(
  input: { url: unknown; name: unknown },
  check: Pick<AuditJob, "url" | "report">,
  existing: readonly Pick<AuditJob, "url">[],
): CompetitorInput {
  const copy = auditMessages.competitors;
  if (existing.length >= COMPETITORS_MAX) {
    return { ok: false, status: 409, message: copy.tooMany(COMPETITORS_MAX), field: "url" };
  }
  const read = readCheckUrl(input.url);
  const bad = (message: string, field: "url" | "name" = "url") =>
    ({ ok: false, status: 422, message, field }) as const;
  if (!read.ok) return bad(copy.badUrl);
  const own = [check.url, check.report?.finalUrl].map((u) => (u ? siteKey(u) : null));
  if (own.includes(read.site)) return bad(copy.ownSite);
  if (existing.some((c) => siteKey(c.url) === read.site)) return bad(copy.duplicate);
  const typed = typeof input.name === "string" ? plainLine(input.name, 10_000) : "";
  if (typed.length > COMPETITOR_NAME_MAX) return bad(copy.nameTooLong(COMPETITOR_NAME_MAX), "name");
  return { ok: true, url: read.url, site: read.site, label: typed || null };
}

/** A competitor's name as every reader shows it: the name staff gave, else its site. */
export const competitorName = (job: Pick<AuditJob, "label" | "url" | "report">): string =>
  job.label ?? siteName(job.report ?? { url: job.url });

/** A competitor as the staff panel lists it. */
export interface CompetitorRow {
  id: string;
  name: string;
  site: string;
  state: AuditState;
  stateLabel: string;
  score: string;
  reportHref: string;
}

export function competitorRows(jobs: readonly AuditJob[], secret: string): CompetitorRow[] {
  const states = auditMessages.staffChecks.states;
  return jobs.map((job) => {
    const state = auditState(job);
    const report = job.report;
    return {
      id: job.id,
      name: competitorName(job),
      site: siteName(report ?? { url: job.url }),
      state,
      stateLabel: states[state],
      score:
        state === "ready" && report?.score !== undefined
          ? `${report.score}/100${report.grade ? ` (${report.grade})` : ""}`
          : "",
      reportHref: auditLinks(job.id, secret).report,
    };
  });
}

/** One site in the side-by-side: the prospect ('you') or a competitor, with its score. */
export interface ComparedSite {
  name: string;
  you: boolean;
  score: number;
  grade: string | undefined;
}

/** One check's row: its status on the prospect's site, then on each competitor's. */
export interface ComparisonRow {
  id: string;
  title: string;
  category: AuditCategory;
  /** Statuses in the order of `sites` (null: that site's report has no such check). */
  statuses: (CheckStatus | null)[];
}

export interface Comparison {
  /** The prospect's site first, then each competitor that was scored. */
  sites: ComparedSite[];
  /** The checks where a site passed and another failed: the prospect's failures first, by value. */
  rows: ComparisonRow[];
  /** How many checks every site got the same result on. */
  same: number;
  /** 'Green Acres shows reviews on its site; you do not.' Most valuable first. */
  behind: string[];
  /** 'You show reviews on your site; Green Acres does not.' Most valuable first. */
  ahead: string[];
}

/** 'A', 'A and B', 'A, B and C'. */
const joinNames = (names: readonly string[]): string =>
  names.length < 2 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

/** 'Green Acres shows reviews on its site[, as does B | as do B and C]; you do not.' */
export function behindSentence(id: CheckId, names: readonly string[]): string {
  const phrase = competitorPhrases[id].it;
  const rest = names.slice(1);
  const also = rest.length ? `, as ${rest.length > 1 ? "do" : "does"} ${joinNames(rest)}` : "";
  return `${names[0]} ${phrase}${also}; you do not.`;
}

/** 'You show reviews on your site; Green Acres [and B] do(es) not.' */
export function aheadSentence(id: CheckId, names: readonly string[]): string {
  const phrase = competitorPhrases[id].you;
  return `You ${phrase}; ${joinNames(names)} ${names.length > 1 ? "do" : "does"} not.`;
}

const isCheckId = (id: string): id is CheckId => Object.hasOwn(competitorPhrases, id);

/**
 * The prospect's report beside its competitors' (each already named): their scores, the checks
 * where the sites differ (a pass beside a fail; 'not applicable' differs from neither) and the
 * sentences for what each side does that the other does not, the prospect's most valuable
 * checks first. Competitors that were not scored are left out.
 */
export function compareSites(
  prospect: AuditReport,
  competitors: readonly { name: string; report: AuditReport | null }[],
): Comparison {
  const scored = competitors.filter(
    (c): c is { name: string; report: AuditReport } =>
      c.report?.outcome === "ok" && c.report.score !== undefined,
  );
  const sites: ComparedSite[] = [
    {
      name: auditMessages.competitors.you,
      you: true,
      score: prospect.score ?? 0,
      grade: prospect.grade,
    },
    ...scored.map((c) => ({
      name: c.name,
      you: false,
      score: c.report.score ?? 0,
      grade: c.report.grade,
    })),
  ];
  const theirs = scored.map((c) => new Map(c.report.checks.map((x) => [x.id, x.status])));
  // The prospect's checks by what they are worth to the prospect, most first.
  const ranked = rankedChecks(prospect)
    .map((check, index) => ({ check, index }))
    .sort((a, b) => b.check.points - a.check.points || a.index - b.index)
    .map(({ check }) => check);
  const rows: ComparisonRow[] = [];
  const behind: string[] = [];
  const ahead: string[] = [];
  let same = 0;
  for (const check of ranked) {
    const statuses = [check.status, ...theirs.map((m) => m.get(check.id) ?? null)];
    const differs = statuses.includes("pass") && statuses.includes("fail");
    if (!differs) {
      same++;
      continue;
    }
    rows.push({ id: check.id, title: check.title, category: check.category, statuses });
    if (!isCheckId(check.id)) continue;
    const passing = scored.filter((_, i) => theirs[i]!.get(check.id) === "pass").map((c) => c.name);
    const failing = scored.filter((_, i) => theirs[i]!.get(check.id) === "fail").map((c) => c.name);
    if (check.status === "fail" && passing.length) behind.push(behindSentence(check.id, passing));
    if (check.status === "pass" && failing.length) ahead.push(aheadSentence(check.id, failing));
  }
  // The prospect's failures first, then its passes, each by value (the order of `ranked`).
  const order = { fail: 0, pass: 1, na: 2 } as const;
  rows.sort((a, b) => order[a.statuses[0] ?? "na"] - order[b.statuses[0] ?? "na"]);
  return { sites, rows, same, behind, ahead };
}

/**
 * The side-by-side of a prospect's check and its competitors' checks (staff pages: always; the
 * prospect's report: when staff chose to show them), or null when the prospect's check has no
 * score or no competitor was scored.
 */
export function comparisonOf(
  check: Pick<AuditJob, "report">,
  competitors: readonly AuditJob[],
): Comparison | null {
  const report = check.report;
  if (report?.outcome !== "ok" || report.score === undefined) return null;
  const compared = compareSites(
    report,
    competitors.map((c) => ({ name: competitorName(c), report: c.report })),
  );
  return compared.sites.length > 1 ? compared : null;
}
