/**
 * The website check, end to end: `runAudit(input)` reads the site as typed (`lawnpros.com`,
 * `www.lawnpros.com/`, `https://…`), fetches robots.txt, the home page, the sitemap and up to 20
 * more same-site pages (./fetch.ts: the address guard and the limits), parses them (./site.ts),
 * runs every check (./checks/) and scores them (./score.ts). docs/website-check.md describes it.
 *
 * It never throws for a bad or unreachable site: the report says `unreachable` with a reason.
 * It rejects only when `options.signal` aborts (with the signal's reason), so a job runner that
 * stops can give its job back.
 */
import { auditAllowHosts, auditUserAgent, defaultAuditLimits, type AuditLimits } from "./config.ts";
import { unreachableCopy } from "./copy.ts";
import {
  Fetcher,
  type FetchedPage,
  type FetchFailure,
  type FetchResult,
  type Resolver,
} from "./fetch.ts";
import {
  auditReportSchema,
  type AuditReport,
  type FetchedPageSummary,
  type UnreachableReason,
} from "./report.ts";
import { namesAgent, robotsFor, type Robots } from "./robots.ts";
import { imageSize, type AssetInfo } from "./assets.ts";
import { randomBytes } from "node:crypto";
import { runChecks } from "./checks/index.ts";
import { scoreChecks } from "./score.ts";
import {
  buildSite,
  isHtmlType,
  pageCandidates,
  pageKey,
  parsePage,
  parseSitemap,
  sameSite,
  type PageInput,
  type SiteInput,
  type SitemapInput,
} from "./site.ts";
import { plain } from "./text.ts";
import { bareHost, isIpLiteral } from "./address.ts";

export interface AuditOptions {
  /** Default: `<AgencyName>AuditBot/1.0 (+SITE_URL/audit-bot)` (./config.ts). */
  userAgent?: string;
  /** `host:port` entries let through the address guard. Default: AUDIT_ALLOW_HOSTS. */
  allowHosts?: string[];
  /** Aborting it stops the check: runAudit then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** The check's clock (fetchedAt, fresh-content). Default: now. */
  now?: Date;
  /** Tighter or looser limits (tests, the benchmark). */
  limits?: Partial<AuditLimits>;
  /** Name resolution (tests answer names with loopback addresses). Default: node:dns lookup. */
  resolver?: Resolver;
}

const REPORT_URL_MAX = 2048;

class Unreachable extends Error {
  readonly reason: UnreachableReason;
  readonly detail: string;
  readonly host: string;
  constructor(reason: UnreachableReason, detail: string, host: string) {
    super(detail);
    this.reason = reason;
    this.detail = detail;
    this.host = host;
  }
}

const reasonFor = (failure: FetchFailure): UnreachableReason =>
  failure === "aborted" ? "timeout" : failure;

/**
 * The URLs to try for what was typed: with a scheme, that one; without, https then http (as a
 * browser does). Null when it cannot be a website address.
 */
export function candidateUrls(
  input: string,
  allowHosts: readonly string[] = [],
): { urls: string[]; host: string } | Unreachable {
  const typed = input.trim();
  const shown = plain(typed, 80) || "(empty)";
  if (!typed || typed.length > REPORT_URL_MAX || /\s/.test(typed))
    return new Unreachable("invalid-url", "not a web address", shown);
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(typed);
  if (!hasScheme && /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(typed))
    return new Unreachable("blocked", "only http and https addresses are checked", shown);
  const rest = typed.replace(/^\/\//, "");
  const urls = hasScheme ? [typed] : [`https://${rest}`, `http://${rest}`];
  const parsed = Fetcher.checkUrl(urls[0]!);
  if (!(parsed instanceof URL))
    return new Unreachable(
      parsed.failure === "blocked" ? "blocked" : "invalid-url",
      parsed.message,
      shown,
    );
  const host = bareHost(parsed.hostname);
  const port = parsed.port || (parsed.protocol === "https:" ? "443" : "80");
  if (
    !host.includes(".") &&
    !isIpLiteral(host) &&
    host !== "localhost" &&
    !allowHosts.includes(`${parsed.hostname}:${port}`)
  )
    return new Unreachable("invalid-url", "a website address has a dot in its name", shown);
  // The home page: whatever path was typed, the check starts at the site's root.
  return { urls: urls.map((u) => new URL("/", u).href), host: parsed.host };
}

const summary = (page: FetchedPage): FetchedPageSummary => ({
  url: plain(page.url, REPORT_URL_MAX),
  status: page.status,
  ms: page.ms,
  bytes: page.bytes,
  ...(page.contentType ? { contentType: plain(page.contentType, 100) } : {}),
});

const failedSummary = (url: string): FetchedPageSummary => ({
  url: plain(url, REPORT_URL_MAX),
  status: 0,
  ms: 0,
  bytes: 0,
});

const asInput = (page: FetchedPage): PageInput => ({
  url: page.url,
  redirects: page.redirects,
  status: page.status,
  ms: page.ms,
  bytes: page.bytes,
  truncated: page.truncated,
  contentType: page.contentType,
  headers: page.headers,
  body: page.body,
});

/**
 * The report of a site that could not be checked: `reason`'s plain sentence for the prospect,
 * `detail` for the agency. The sandbox (./sandbox.ts) writes `too-slow` ones with it.
 */
export function unreachableReport(
  input: string,
  reason: UnreachableReason,
  detail: string,
  extra: { now: Date; durationMs: number; pages?: FetchedPageSummary[]; host?: string },
): AuditReport {
  const siteOf = () => {
    const typed = candidateUrls(input);
    return typed instanceof Unreachable ? typed.host : plain(typed.host, 80);
  };
  const host = extra.host ?? siteOf();
  return auditReportSchema.parse({
    url: plain(input, REPORT_URL_MAX),
    fetchedAt: extra.now.toISOString(),
    outcome: "unreachable",
    reason,
    message: unreachableCopy[reason].replace("{site}", host),
    detail: plain(detail, 300),
    categories: [],
    checks: [],
    pages: extra.pages ?? [],
    durationMs: extra.durationMs,
  });
}

/**
 * Measures same-site images, stylesheets and scripts, each asked for once per check (paced like
 * every request): its size from Content-Length (the file is not downloaded past its first
 * bytes), else counted within the check's byte budget; an image's pixel size from its header.
 * Stops at the limit's count, or when too little of the check is left. Called for the home
 * page's files first (before the other pages, so a slow site still has its page weight), then
 * for the other pages' images.
 */
function assetMeter(fetcher: Fetcher, homeUrl: string, limits: AuditLimits, left: () => number) {
  const out: AssetInfo[] = [];
  const asked = new Set<string>();
  let budget = limits.assetBytesBudget;
  return {
    out,
    async measure(resources: readonly { url: string; kind: string }[]): Promise<void> {
      const wanted = new Map<string, AssetInfo["kind"]>();
      for (const r of resources) {
        if (r.kind !== "image" && r.kind !== "stylesheet" && r.kind !== "script") continue;
        if (asked.has(r.url) || !sameSite(r.url, homeUrl)) continue;
        if (asked.size >= limits.maxAssets) break;
        asked.add(r.url);
        wanted.set(r.url, r.kind);
      }
      budget = await measureEach(fetcher, wanted, limits, left, budget, out);
    },
  };
}

async function measureEach(
  fetcher: Fetcher,
  wanted: Map<string, AssetInfo["kind"]>,
  limits: AuditLimits,
  left: () => number,
  startBudget: number,
  out: AssetInfo[],
): Promise<number> {
  let budget = startBudget;
  for (const [url, kind] of wanted) {
    if (left() < limits.assetsReserveMs) break;
    const r = await fetcher.get(url, {
      accept: kind === "image" ? "image/*,*/*;q=0.5" : "*/*",
      maxBytes: limits.assetHeadBytes,
      measure: { countMax: Math.max(limits.assetHeadBytes, budget) },
    });
    if (!r.ok) {
      if (r.failure === "aborted") break;
      out.push({ url, kind, status: 0, bytes: 0, cut: false });
      continue;
    }
    const t = r.page.transfer;
    const bytes = t?.bytes ?? r.page.bytes;
    if (t?.counted) budget = Math.max(0, budget - bytes);
    const size = kind === "image" && t && r.page.status < 300 ? imageSize(t.head) : null;
    out.push({
      url,
      kind,
      status: r.page.status,
      bytes: r.page.status < 300 ? bytes : 0,
      cut: t?.cut ?? false,
      ...(size ? size : {}),
    });
  }
  return budget;
}

export async function runAudit(input: string, options: AuditOptions = {}): Promise<AuditReport> {
  const started = performance.now();
  const now = options.now ?? new Date();
  const limits: AuditLimits = { ...defaultAuditLimits, ...options.limits };
  const allowHosts = (options.allowHosts ?? auditAllowHosts()).map((h) => h.toLowerCase());
  const userAgent = options.userAgent ?? auditUserAgent();
  const deadline = AbortSignal.timeout(limits.checkTimeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  const fetcher = new Fetcher({
    userAgent,
    allowHosts,
    limits,
    signal,
    resolver: options.resolver,
  });
  const pages: FetchedPageSummary[] = [];
  const base = { url: plain(input, REPORT_URL_MAX), fetchedAt: now.toISOString() };
  const elapsed = () => Math.round(performance.now() - started);

  /** A GET; what answered is listed in the report's pages (a page with no answer as status 0). */
  const get = async (
    url: string,
    accept?: string,
    maxBytes?: number,
    followRedirects = true,
    listFailure = false,
    timeoutMs?: number,
  ): Promise<FetchResult> => {
    const result = await fetcher.get(url, { accept, maxBytes, followRedirects, timeoutMs });
    if (options.signal?.aborted) throw options.signal.reason;
    if (result.ok) pages.push(summary(result.page));
    else if (listFailure) pages.push(failedSummary(url));
    return result;
  };

  try {
    const candidates = candidateUrls(input, allowHosts);
    if (candidates instanceof Unreachable) throw candidates;
    const shown = plain(candidates.host, 80);
    // Our robots.txt product token: a group naming it is the documented opt-out (D241).
    const token = userAgent.split("/")[0]!.trim();
    const getRobots = (url: string) => get(url, "text/plain,*/*;q=0.5", limits.maxTextBytes);
    /** robots.txt as answered (or not); the check stops here when it disallows `page`. */
    const readRobots = (url: string, r: FetchResult, page: string) => {
      const status = r.ok ? r.page.status : null;
      const body = r.ok && r.page.status < 300 ? r.page.body : "";
      // RFC 9309 §2.3.1.2: a robots.txt lost in redirects counts as none (everything allowed).
      const robots = robotsFor(url, !r.ok && r.failure === "redirects" ? 404 : status, body);
      // A check someone asked for is a user-triggered fetch: robots.txt is obeyed when it names
      // our bot; a block for every robot (`User-agent: *`) is reported, not obeyed (D241).
      const namesUs = namesAgent(body, token);
      if (namesUs && robots.isAllowed(page, userAgent) === false) {
        const answer = status ?? "no answer";
        throw new Unreachable(
          "robots",
          `robots.txt (${answer}) disallows ${page} for our user agent`,
          shown,
        );
      }
      return { robots, url, status: status ?? 0, body, namesUs };
    };

    // robots.txt, then the home page, on https and else http when no scheme was typed.
    let robots: {
      robots: Robots;
      url: string;
      status: number;
      body: string;
      namesUs: boolean;
    } | null = null;
    let home: FetchedPage | null = null;
    let lastFailure: Unreachable | null = null;
    for (const origin of candidates.urls) {
      const robotsUrl = new URL("/robots.txt", origin).href;
      const r = await getRobots(robotsUrl);
      if (!r.ok && ["dns", "blocked", "invalid-url", "aborted"].includes(r.failure))
        throw new Unreachable(reasonFor(r.failure), r.detail, shown);
      if (!r.ok && r.failure !== "redirects") {
        lastFailure = new Unreachable(reasonFor(r.failure), r.detail, shown);
        continue;
      }
      robots = readRobots(robotsUrl, r, origin);
      const h = await get(origin);
      if (h.ok) {
        home = h.page;
        break;
      }
      lastFailure = new Unreachable(reasonFor(h.failure), h.detail, shown);
      if (!["refused", "tls", "timeout"].includes(h.failure)) break;
    }
    if (!home || !robots) throw lastFailure ?? new Unreachable("refused", "no answer", shown);
    if (home.status >= 400 || home.status < 200)
      throw new Unreachable("http-error", `the home page answered ${home.status}`, shown);
    if (!isHtmlType(home.contentType, home.body))
      throw new Unreachable(
        "not-html",
        `the home page is ${plain(home.contentType ?? "of no declared type", 60)}`,
        shown,
      );

    // Redirected to another origin (lawnpros.com → www.lawnpros.com): that origin's robots.txt rules.
    const origin = new URL(home.url).origin;
    if (new URL(robots.url).origin !== origin) {
      const robotsUrl = `${origin}/robots.txt`;
      robots = readRobots(robotsUrl, await getRobots(robotsUrl), home.url);
    }
    fetcher.setCrawlDelay(robots.robots.getCrawlDelay(userAgent));

    // The sitemap robots.txt names (same site), else /sitemap.xml; one level of sitemap index.
    const sitemaps: SitemapInput[] = [];
    const named = robots.robots
      .getSitemaps()
      .filter((u) => sameSite(u, home.url))
      .slice(0, 2);
    const sitemapQueue = named.length ? named : [`${origin}/sitemap.xml`];
    for (let i = 0; i < sitemapQueue.length && i < 3 && !signal.aborted; i++) {
      const s = await get(sitemapQueue[i]!, "application/xml,text/xml;q=0.9,*/*;q=0.5");
      if (!s.ok || !sameSite(s.page.url, home.url)) continue;
      sitemaps.push({ url: s.page.url, status: s.page.status, body: s.page.body });
      const parsed = s.page.status < 300 ? parseSitemap(s.page.body) : null;
      if (parsed?.index) {
        const child = parsed.urls.find((u) => sameSite(u, home.url));
        if (child && sitemapQueue.length < 3) sitemapQueue.push(child);
      }
    }
    const sitemapUrls = sitemaps
      .flatMap((s) => (s.status < 300 ? parseSitemap(s.body) : { urls: [], index: false }))
      .filter((p) => !p.index)
      .flatMap((p) => p.urls);

    // Does http:// send visitors to https://?
    let httpRedirect: { url: string; toHttps: boolean; status: number | null } | null = null;
    if (home.url.startsWith("https:") && !signal.aborted) {
      const httpUrl = `http://${new URL(home.url).host}/`;
      const r = await get(httpUrl, undefined, undefined, false);
      httpRedirect = r.ok
        ? { url: httpUrl, status: r.page.status, toHttps: /^https:/i.test(r.page.location ?? "") }
        : { url: httpUrl, status: null, toHttps: false };
    }

    // Up to 20 more same-site pages: the home page's links first, then the sitemap's. A page
    // already read under another name (`/index.html`, a redirect's target) is not read again.
    const extra: PageInput[] = [];
    const homePage = parsePage(asInput(home));

    // What a phone downloads beside the HTML: the home page's same-site images, stylesheets
    // and scripts, before the other pages, so that a slow site still has its page weight.
    const meter = assetMeter(fetcher, home.url, limits, () =>
      Math.max(0, limits.checkTimeoutMs - elapsed()),
    );
    await meter.measure(homePage.resources);
    if (options.signal?.aborted) throw options.signal.reason;

    const read = new Set([home.requestedUrl, home.url, ...home.redirects].map(pageKey));
    const ours = robots;
    const wanted = pageCandidates(homePage, sitemapUrls)
      .filter((u) => !ours.namesUs || ours.robots.isAllowed(u, userAgent) !== false)
      .filter((u) => !read.has(pageKey(u)))
      .slice(0, limits.maxExtraPages);
    const budgetFrom = fetcher.requestMs;
    for (const url of wanted) {
      const left = limits.extraPagesBudgetMs - (fetcher.requestMs - budgetFrom);
      if (signal.aborted || left <= 0) break;
      if (read.has(pageKey(url))) continue;
      const r = await get(url, undefined, undefined, true, true, left);
      if (r.ok) {
        if (!sameSite(r.page.url, home.url)) continue;
        const key = pageKey(r.page.url);
        if (read.has(key)) {
          // Answered, but it is a page already read: its status counts for broken links only.
          extra.push({ ...asInput(r.page), body: "", contentType: undefined });
          continue;
        }
        read.add(key);
        extra.push(
          isHtmlType(r.page.contentType, r.page.body)
            ? asInput(r.page)
            : { ...asInput(r.page), body: "" },
        );
      } else if (r.failure === "timeout" && left < limits.pageTimeoutMs) {
        break; // the slow site's budget ran out during this page: not a broken page
      } else if (r.failure !== "aborted") {
        extra.push({ url, status: 0, ms: 0, bytes: 0, body: "" });
      }
    }

    // A made-up address of the site (soft-404): a real 404 is expected.
    let probe: SiteInput["probe"] = null;
    if (!signal.aborted) {
      const url = `${origin}/this-page-does-not-exist-${randomBytes(5).toString("hex")}`;
      const r = await fetcher.get(url, { maxBytes: limits.maxPageBytes / 4 });
      if (options.signal?.aborted) throw options.signal.reason;
      if (r.ok)
        probe = {
          url: r.page.url,
          status: r.page.status,
          body: r.page.body,
          contentType: r.page.contentType,
        };
    }

    // The other pages' images (their size and whether they load).
    for (const page of extra) {
      if (signal.aborted) break;
      if (!page.body || page.status < 200 || page.status >= 300) continue;
      await meter.measure(parsePage(page).resources.filter((r) => r.kind === "image"));
    }
    if (options.signal?.aborted) throw options.signal.reason;
    const assets = meter.out;

    const site = buildSite(
      {
        input,
        now,
        home: asInput(home),
        pages: extra,
        robots: { url: robots.url, status: robots.status, body: robots.body },
        sitemaps,
        httpRedirect,
        probe,
        assets,
        robotsNamesUs: robots.namesUs,
      },
      homePage,
    );
    const checks = runChecks(site);
    const score = scoreChecks(checks);
    return auditReportSchema.parse({
      ...base,
      finalUrl: plain(home.url, REPORT_URL_MAX),
      outcome: "ok",
      ...score,
      checks,
      pages,
      durationMs: elapsed(),
    });
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (!(error instanceof Unreachable)) throw error;
    return unreachableReport(input, error.reason, error.detail, {
      now,
      durationMs: elapsed(),
      pages,
      host: error.host,
    });
  }
}
