/**
 * What a page view may name (issue 23: analytics that cannot be poisoned). A beacon says which
 * page it was sent from, and anyone can send one, so the report would list whatever path,
 * source or campaign a flood chose. Paths are counted only when they are pages of the site: the
 * built sitemap (every public route) and the pages rendered on demand that carry the site's
 * script; any other path counts as OTHER. Sources and campaigns are cut to VALUE_MAX characters,
 * and each server takes at most DISTINCT_PER_DAY distinct sources and campaigns a day; later new
 * ones count as OTHER.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { routes } from "../config/routes.ts";
import { CHECKLIST_READY_PATH } from "../leads/checklists.ts";
import { REVIEW_PAGE } from "../leads/http.ts";
import { SEARCH_PAGE } from "../lib/guideSearch.ts";

/** What stands for every value not counted by name. */
export const OTHER = "other";
/** Longest source or campaign counted, in characters. */
export const VALUE_MAX = 100;
/** Distinct sources (and campaigns) a server counts by name per day. */
export const DISTINCT_PER_DAY = 100;

/** Pages rendered on demand that carry the site's script (not in the sitemap). */
const ON_DEMAND = [routes.thankYou, REVIEW_PAGE, CHECKLIST_READY_PATH, SEARCH_PAGE];

const trimmed = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);

/**
 * The site's pages, from the build's sitemap (`SITE_OUT_DIR`, set by scripts/start.mjs), or null
 * when there is no build to read (`astro dev`): then every path counts.
 */
export function sitePages(outDir: string | undefined): ReadonlySet<string> | null {
  if (!outDir) return null;
  let xml: string;
  try {
    xml = readFileSync(join(outDir, "client", "sitemap.xml"), "utf8");
  } catch {
    return null;
  }
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => {
    try {
      return trimmed(new URL(m[1]!).pathname);
    } catch {
      return "";
    }
  });
  return new Set([...paths, ...ON_DEMAND].filter(Boolean).map(trimmed));
}

/** The path a page view counts under: itself when it is a page of the site, else OTHER. */
export function countedPath(path: string, pages: ReadonlySet<string> | null): string {
  const p = trimmed(path);
  return !pages || pages.has(p) ? p : OTHER;
}

/**
 * Per day (the event's, the agency's), the distinct values of one dimension counted by name: the first `cap` new values
 * of a day are kept, later new ones become OTHER. One per dimension and server.
 */
export function distinctCap(cap = DISTINCT_PER_DAY) {
  let day = "";
  const seen = new Set<string>();
  return (value: string, on: string): string => {
    if (!value) return value;
    if (on !== day) {
      day = on;
      seen.clear();
    }
    if (seen.has(value)) return value;
    if (seen.size >= cap) return OTHER;
    seen.add(value);
    return value;
  };
}
