/**
 * robots.txt, read with robots-parser (RFC 9309 matching: longest rule wins, Allow beats
 * Disallow on a tie, `*` and `$` wildcards, user agents by product token; docs/decisions.md).
 */
import robotsParser from "robots-parser";

export type Robots = ReturnType<typeof robotsParser>;

export const robotsTxt = (url: string, body: string): Robots => robotsParser(url, body);

/**
 * The rules to follow for a robots.txt answer (RFC 9309 §2.3.1): a 2xx body is read; 4xx means
 * no rules (everything allowed); 5xx or no answer means the site is unreachable for crawlers:
 * everything disallowed.
 */
export function robotsFor(url: string, status: number | null, body: string): Robots {
  if (status !== null && status >= 200 && status < 300) return robotsTxt(url, body);
  if (status !== null && status >= 400 && status < 500) return robotsTxt(url, "");
  return robotsTxt(url, "User-agent: *\nDisallow: /\n");
}

/**
 * Whether a robots.txt names this product token in a User-agent line (case-insensitive, as
 * RFC 9309 matches them). A check someone asked for is a user-triggered fetch (D241): it obeys
 * only the rules written for our bot, the documented opt-out, not the `*` group.
 */
export function namesAgent(body: string, token: string): boolean {
  const wanted = token.toLowerCase();
  for (const line of body.split(/\r\n|\r|\n/).slice(0, 5_000)) {
    const m = /^\s*user-agent\s*:\s*([^#\s]+)/i.exec(line.slice(0, 500));
    if (m && m[1]!.toLowerCase() === wanted) return true;
  }
  return false;
}

/**
 * The robots.txt line that keeps a crawler out of `url`, quoted with its group's User-agent
 * line ("User-agent: * / Disallow: /"), or null when that crawler may read it.
 */
export function blockingRule(url: string, body: string, agent: string): string | null {
  const robots = robotsTxt(url, body);
  if (robots.isAllowed(url, agent) !== false) return null;
  const lines = body.split(/\r\n|\r|\n/);
  const at = robots.getMatchingLineNumber(url, agent);
  const rule = at > 0 ? (lines[at - 1] ?? "").trim() : "Disallow: /";
  // The group's User-agent line: the nearest one above the rule.
  let group = `User-agent: ${agent}`;
  for (let i = Math.min(at - 2, lines.length - 1); i >= 0; i--) {
    const m = /^\s*user-agent\s*:\s*(\S+)/i.exec(lines[i]!.slice(0, 500));
    if (m) {
      group = `User-agent: ${m[1]}`;
      break;
    }
  }
  return `${group} / ${rule.slice(0, 200)}`;
}
