#!/usr/bin/env node
/**
 * `npm run test:e2e`: builds the production site, then runs the Playwright browser tests in real
 * Chromium: the one tests/e2e/browser.ts picks (CHROME_PATH, else Debian's headless shell, else
 * /usr/bin/chromium; D283). Without a browser it explains how to get one and skips, except under
 * CI=true, where a missing browser fails the run.
 */
import { spawnSync } from "node:child_process";
import { chromiumPath } from "../tests/e2e/browser.ts";

const browser = chromiumPath();
if (!browser) {
  const help =
    "No Chromium found for the browser tests. Install Debian's package (apt-get install -y chromium) " +
    "(or chromium-headless-shell, which the tests prefer) or point CHROME_PATH at a Chromium or Chrome binary.";
  if (process.env.CI === "true") {
    console.error(`${help}\nCI=true: failing instead of skipping.`);
    process.exit(1);
  }
  console.warn(`${help}\nBrowser tests SKIPPED.`);
  process.exit(0);
}

const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: "1" };
const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (process.env.E2E_SKIP_BUILD !== "1") run("npm", ["run", "build"]);
run("npx", ["playwright", "test", ...process.argv.slice(2)]);
