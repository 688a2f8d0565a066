import { defineConfig } from "vitest/config";

/**
 * Files that time things on a 2-core machine (a 503 within a bound, a silent socket cut after
 * 5 s, a check within 2.5 s, a kill -9 mid-check and its lease): they run last, one at a time,
 * with nothing beside them.
 */
const timed = [
  "tests/integration/crash.test.ts",
  "tests/integration/limits.test.ts",
  "tests/integration/slow-clients.test.ts",
  "tests/integration/audit-fetch.test.ts",
  "tests/integration/audit-jobs-engine.test.ts",
  "tests/integration/notify-delivery.test.ts",
];

/** Integration tests: real HTTP against the built server, real SQLite files, real PostgreSQL. */
export default defineConfig({
  test: {
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 60_000,
    setupFiles: ["tests/support/freshConnections.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          exclude: timed,
          // Each file starts its own servers and PostgreSQL schemas; most of their time is spent
          // waiting on servers and timers, so three files at once fit a 2-core machine.
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "timed",
          include: timed,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
