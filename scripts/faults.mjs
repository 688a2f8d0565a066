#!/usr/bin/env node
/**
 * `npm run test:faults`: builds the production server (into BUILD_DIR, default dist/), then runs
 * the fault tests (vitest.faults.config.ts): kill -9 of the server under load, and a PostgreSQL
 * restart under load (pg_ctlcluster, as root), each followed by a full delivery check.
 * INTEGRATION_SKIP_BUILD=1 reuses an existing build. PostgreSQL comes from TEST_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/test); without it those tests are skipped, except
 * under CI=true, where they fail.
 */
import { spawnSync } from "node:child_process";

const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: "1" };
const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (process.env.INTEGRATION_SKIP_BUILD !== "1") run("npm", ["run", "build"]);
run("npx", ["vitest", "run", "-c", "vitest.faults.config.ts", ...process.argv.slice(2)]);
