import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { browserLaunchOptions } from "./tests/e2e/browser";
import { E2E_MIN_FILL_MS } from "./tests/e2e/fillTime";

const port = Number(process.env.E2E_PORT ?? 4399);
/** The audit funnel's fixture website (tests/e2e/auditSite.ts), as prospects' leads name it. */
const auditSitePort = port + 1;
const AUDIT_SITE_HOST = "lawnpros.loopback.test";
/** Two sites of the accuracy corpus (tests/e2e/corpusSites.ts): http-only, and a JavaScript app. */
const corpusSitePort = port + 2;
const CORPUS_SITE_HOSTS = [
  `greenacres.loopback.test:${corpusSitePort}`,
  `jsapp.loopback.test:${corpusSitePort + 1}`,
];
/** The specs whose tests wait on website checks of the fixture sites. */
const PACED_SPECS = [
  "**/audit-admin.spec.ts",
  "**/audit-callback.spec.ts",
  "**/audit-competitors.spec.ts",
  "**/audit-corpus.spec.ts",
  "**/audit-funnel.spec.ts",
];
// A fresh lead store per run, shared with the workers (they inherit the environment) so tests can
// read leads back through the CLI. Outside test-results/, which Playwright empties at start.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), `leads-e2e-${port}-`));

/** Browser tests run against the production build (built by scripts/e2e.mjs) in real Chromium. */
export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  // Three on two cores: a website check's test waits on the fixture site's pacing (2 requests a
  // second) and leaves its worker's core idle. 237 s against 268 s with two, one run each.
  workers: 3,
  // The website check's specs wait on the fixture sites' pacing (2 requests a second, one check
  // of a site at a time: about 10 s a check), so they start first, on one of the three workers,
  // beside the other specs, which use the cores. In file order they all came together after the
  // staff specs, and the two cores sat a third busy for about 25 s: 189 s a run before, 171 s
  // after (four workers, one of them paced: 175 s).
  projects: [
    { name: "paced", testMatch: PACED_SPECS, workers: 1 },
    { name: "site", testIgnore: PACED_SPECS },
  ],
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [["list"]],
  timeout: 60_000,
  // A web-first assertion waits up to 10 s, not Playwright's 5: on a 2-core machine shared with
  // other builds (load 15-25), an island's hydration after a click took longer than 5 s.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    ...devices["Desktop Chrome"],
    launchOptions: browserLaunchOptions(),
    trace: "off",
  },
  webServer: [
    {
      // The website the audit funnel's check fetches (tests/e2e/auditSite.ts), loopback only.
      command: "node tests/e2e/auditSite.ts",
      url: `http://127.0.0.1:${auditSitePort}/`,
      reuseExistingServer: false,
      env: { AUDIT_SITE_PORT: String(auditSitePort) },
    },
    {
      // Corpus sites on plain http (tests/e2e/corpusSites.ts), loopback only.
      command: "node tests/e2e/corpusSites.ts",
      url: `http://127.0.0.1:${corpusSitePort}/`,
      reuseExistingServer: false,
      env: { CORPUS_SITE_PORT: String(corpusSitePort) },
    },
    {
      command: "node scripts/start.mjs",
      url: `http://127.0.0.1:${port}/`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: process.env.E2E_DATA_DIR,
        // Many tests post from one address; the limiter itself is tested in tests/integration.
        LEADS_RATE_LIMIT_POINTS: "10000",
        // Tests that act as a person wait just past this (tests/e2e/fillTime.ts), not 2.5 s.
        LEADS_MIN_FILL_MS: String(E2E_MIN_FILL_MS),
        // Every page view of every test comes from 127.0.0.1: no per-client limit on beacons.
        ANALYTICS_RATE_LIMIT: "off",
        LOG_LEVEL: "warn",
        // Website checks reach the fixture site by a name (tests/support/loopbackNames.mjs; any
        // other .test name does not resolve), and only it through the address guard.
        NODE_OPTIONS: `--import ${join(import.meta.dirname, "tests/support/loopbackNames.mjs")}`,
        AUDIT_ALLOW_HOSTS: [`${AUDIT_SITE_HOST}:${auditSitePort}`, ...CORPUS_SITE_HOSTS].join(","),
        AUDIT_POLL_MS: "200",
      },
    },
  ],
});
