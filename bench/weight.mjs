#!/usr/bin/env node
/**
 * `npm run bench:bytes [-- /route …]`: loads pages of the production build in Chromium (phone
 * viewport, no interaction) and prints what each loads before interaction: requests, and bytes per
 * type, raw and gzip-compressed (what a compressing server or CDN sends).
 * Starts its own server from $BUILD_DIR (default dist) on a free port; build first.
 */
import { spawn } from "node:child_process";
import { gzipSync } from "node:zlib";
import { once } from "node:events";
import { chromium } from "playwright-core";
import { existsSync } from "node:fs";

const routes = process.argv.slice(2).length ? process.argv.slice(2) : ["/"];
const outDir = process.env.BUILD_DIR || "dist";
if (!existsSync(`${outDir}/server/entry.mjs`)) {
  console.error(`No build in ${outDir}/: run npm run build first.`);
  process.exit(1);
}

const port = 4500 + Math.floor(Math.random() * 400);
const server = spawn(process.execPath, [`${outDir}/server/entry.mjs`], {
  env: { ...process.env, HOST: "127.0.0.1", PORT: String(port) },
  stdio: ["ignore", "pipe", "inherit"],
});
await once(server.stdout, "data");

const executablePath = [process.env.CHROME_PATH, "/usr/bin/chromium"].find(
  (p) => p && existsSync(p),
);
const browser = await chromium.launch({
  executablePath,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
  ],
});

const kind = (type) =>
  type === "script"
    ? "js"
    : type === "stylesheet"
      ? "css"
      : type === "document"
        ? "html"
        : type === "font"
          ? "font"
          : type === "image"
            ? "img"
            : type === "media"
              ? "media"
              : "other";

const rows = [];
for (const route of routes) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const external = [];
  await context.route(
    (url) => url.hostname !== "127.0.0.1",
    (r) => {
      external.push(r.request().url());
      return r.abort();
    },
  );
  const entries = [];
  page.on("response", async (response) => {
    const req = response.request();
    try {
      const body = await response.body();
      entries.push({
        url: req.url(),
        kind: kind(req.resourceType()),
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
      });
    } catch {
      /* redirects and aborted requests have no body */
    }
  });
  await page.goto(`http://127.0.0.1:${port}${route}`, { waitUntil: "load" });
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(300);
  const sum = (k, f) => entries.filter((e) => !k || e.kind === k).reduce((n, e) => n + e[f], 0);
  rows.push({
    route,
    requests: entries.length,
    htmlGz: sum("html", "gzip"),
    cssGz: sum("css", "gzip"),
    jsGz: sum("js", "gzip"),
    jsRaw: sum("js", "raw"),
    fonts: entries.filter((e) => e.kind === "font").length,
    img: sum("img", "raw"),
    media: sum("media", "raw"),
    totalGz: entries.reduce(
      (n, e) => n + (["img", "font", "media"].includes(e.kind) ? e.raw : e.gzip),
      0,
    ),
    external: external.length,
  });
  await context.close();
}
await browser.close();
server.kill();

const kb = (n) => (n / 1024).toFixed(1);
console.log(
  "| route | requests | HTML gz KB | CSS gz KB | JS gz KB | JS raw KB | fonts | images KB | media KB | total KB (text gz) | external |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|---|");
for (const r of rows) {
  console.log(
    `| ${r.route} | ${r.requests} | ${kb(r.htmlGz)} | ${kb(r.cssGz)} | ${kb(r.jsGz)} | ${kb(r.jsRaw)} | ${r.fonts} | ${kb(r.img)} | ${kb(r.media)} | ${kb(r.totalGz)} | ${r.external} |`,
  );
}
