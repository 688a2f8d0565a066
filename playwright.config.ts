import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { browserLaunchOptions } from "./tests/e2e/browser";

const port = Number(process.env.E2E_PORT ?? 4399);
// A fresh lead store per run, shared with the workers (they inherit the environment) so tests can
// read leads back through the CLI. Outside test-results/, which Playwright empties at start.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), `leads-e2e-${port}-`));

/** Browser tests run against the production build (built by scripts/e2e.mjs) in real Chromium. */
export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [["list"]],
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    ...devices["Desktop Chrome"],
    launchOptions: browserLaunchOptions(),
    trace: "off",
  },
  webServer: {
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
      // Every page view of every test comes from 127.0.0.1: no per-client limit on beacons.
      ANALYTICS_RATE_LIMIT: "off",
      LOG_LEVEL: "warn",
    },
  },
});
