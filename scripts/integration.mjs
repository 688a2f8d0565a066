#!/usr/bin/env node
/**
 * `npm run test:integration`: builds the production server (into BUILD_DIR, default dist/), then
 * runs the integration tests (vitest.integration.config.ts) against it. INTEGRATION_SKIP_BUILD=1
 * reuses an existing build. PostgreSQL comes from TEST_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test); without it the PostgreSQL tests are skipped, except
 * under CI=true, where they fail.
 */
import { spawnSync } from "node:child_process";

const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: "1" };
const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (process.env.INTEGRATION_SKIP_BUILD !== "1") run("npm", ["run", "build"]);
run("npx", ["vitest", "run", "-c", "vitest.integration.config.ts", ...process.argv.slice(2)]);
