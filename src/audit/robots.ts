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
