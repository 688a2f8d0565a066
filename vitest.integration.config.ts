import { defineConfig } from "vitest/config";

/**
 * Files that time things on a 2-core machine: they run after the others, with none of the busy
 * files beside them. Those that mostly wait on the clock (a kill -9 mid-check and its lease,
 * delivery retries and their give-up age, a silent socket cut after 5 s) run side by side: they
 * use a quarter of the cores between them, and one after another they were a minute and a half
 * of idle machine in CI.
 */
const waiting = [
  "tests/integration/audit-jobs-engine-sqlite.test.ts",
  "tests/integration/audit-jobs-engine-postgres.test.ts",
  "tests/integration/notify-delivery.test.ts",
  "tests/integration/slow-clients.test.ts",
];
/** Those that time work under load (a 503 within a bound, kill -9 under load, a check within
 * 2.5 s) run last, one at a time, with nothing beside them. */
const alone = [
  "tests/integration/crash.test.ts",
  "tests/integration/limits.test.ts",
  "tests/integration/audit-fetch.test.ts",
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
          exclude: [...waiting, ...alone],
          // Each file starts its own servers and PostgreSQL schemas; most of their time is spent
          // waiting on servers and timers, so three files at once fit a 2-core machine.
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "waiting",
          include: waiting,
          maxWorkers: waiting.length,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: "timed",
          include: alone,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
