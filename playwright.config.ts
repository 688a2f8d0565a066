import { defineConfig, devices } from "@playwright/test";
import { browserLaunchOptions } from "./tests/e2e/browser";

const port = Number(process.env.E2E_PORT ?? 4399);

/** Browser tests run against the production build (built by scripts/e2e.mjs) in real Chromium. */
export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [["list"]],
  timeout: 30_000,
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
    env: { PORT: String(port), HOST: "127.0.0.1" },
  },
});
