/**
 * What a page loads before the visitor interacts: every response until the load event and a
 * quiet network, grouped by type. Text is counted gzip-compressed (level 9, deterministic),
 * binaries as sent. Shared by the byte-budget test and `npm run bench:bytes`.
 */
import { gzipSync } from "node:zlib";
import type { BrowserContext } from "playwright-core";

export interface PageWeight {
  path: string;
  status: number;
  requests: number;
  htmlGz: number;
  cssGz: number;
  jsGz: number;
  jsRaw: number;
  fonts: number;
  imageBytes: number;
  mediaBytes: number;
  /** Text gzip-compressed plus binaries as sent. */
  totalBytes: number;
  /** Requests to other hosts (blocked in tests, listed here). */
  external: string[];
  /** The page holds a form, a dialog or the booking widget (the larger JavaScript budget applies). */
  interactive: boolean;
}

type Kind = "html" | "css" | "js" | "font" | "image" | "media" | "other";
const kindOf: Record<string, Kind> = {
  document: "html",
  stylesheet: "css",
  script: "js",
  font: "font",
  image: "image",
  media: "media",
};

export async function measurePage(
  context: BrowserContext,
  origin: string,
  path: string,
): Promise<PageWeight> {
  const page = await context.newPage();
  const external: string[] = [];
  const entries: { kind: Kind; raw: number; gz: number }[] = [];
  const pending: Promise<void>[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).origin !== origin) external.push(request.url());
  });
  page.on("response", (response) => {
    if (new URL(response.url()).origin !== origin) return;
    pending.push(
      response.body().then(
        (body) => {
          const kind = kindOf[response.request().resourceType()] ?? "other";
          entries.push({ kind, raw: body.length, gz: gzipSync(body, { level: 9 }).length });
        },
        () => undefined, // redirects and aborted requests have no body
      ),
    );
  });
  const response = await page.goto(new URL(path, origin).href, { waitUntil: "load" });
  await page.waitForLoadState("networkidle");
  await Promise.all(pending);
  const interactive = await page.evaluate(
    () => !!document.querySelector("main form, dialog, [data-booking]"),
  );
  await page.close();

  const sum = (kind: Kind, field: "raw" | "gz") =>
    entries.filter((e) => e.kind === kind).reduce((n, e) => n + e[field], 0);
  const binary = new Set<Kind>(["font", "image", "media"]);
  return {
    path,
    status: response?.status() ?? 0,
    requests: entries.length,
    htmlGz: sum("html", "gz"),
    cssGz: sum("css", "gz"),
    jsGz: sum("js", "gz"),
    jsRaw: sum("js", "raw"),
    fonts: entries.filter((e) => e.kind === "font").length,
    imageBytes: sum("image", "raw"),
    mediaBytes: sum("media", "raw"),
    totalBytes: entries.reduce((n, e) => n + (binary.has(e.kind) ? e.raw : e.gz), 0),
    external,
    interactive,
  };
}

const kb = (n: number) => (n / 1024).toFixed(1);

export function weightTable(rows: PageWeight[]): string {
  return [
    "| route | requests | HTML gz KB | CSS gz KB | JS gz KB | fonts | images KB | media KB | total KB | form/dialog | external |",
    "|---|---|---|---|---|---|---|---|---|---|---|",
    ...rows.map(
      (r) =>
        `| ${r.path} | ${r.requests} | ${kb(r.htmlGz)} | ${kb(r.cssGz)} | ${kb(r.jsGz)} | ${r.fonts} | ${kb(r.imageBytes)} | ${kb(r.mediaBytes)} | ${kb(r.totalBytes)} | ${r.interactive ? "yes" : "no"} | ${r.external.length} |`,
    ),
  ].join("\n");
}
