#!/usr/bin/env node
/**
 * `npm run bench:bytes [-- /route …]`: loads pages of the production build in Chromium (phone
 * viewport, no interaction) and prints what each loads before interaction (bench/pageWeight.ts).
 * Without routes: every page of the sitemap, /thank-you and the 404. Serves $BUILD_DIR (default
 * dist) on a free port; build first.
 */
import { existsSync } from "node:fs";
import { chromium } from "playwright-core";
import { measurePage, weightTable } from "./pageWeight.ts";
import { benchmarkPaths, startServer } from "./server.mjs";

const outDir = process.env.BUILD_DIR || "dist";
if (!existsSync(`${outDir}/server/entry.mjs`)) {
  console.error(`No build in ${outDir}/: run npm run build first.`);
  process.exit(1);
}

const port = 4500 + Math.floor(Math.random() * 400);
const origin = `http://127.0.0.1:${port}`;
const server = await startServer({ outDir, port });

const routes = process.argv.slice(2).length ? process.argv.slice(2) : await benchmarkPaths(origin);

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
const rows = [];
for (const route of routes) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  await context.route(
    (url) => url.origin !== origin,
    (r) => r.abort(),
  );
  rows.push(await measurePage(context, origin, route));
  await context.close();
}
await browser.close();
await server.stop();
console.log(weightTable(rows));
