import { defineConfig } from "vitest/config";
import WaitingFilesSpread from "./tests/support/waitingFilesSpread";

/**
 * Files that time things on a 2-core machine: they run after the others, with none of the busy
 * files beside them. Those that mostly wait on the clock (a kill -9 mid-check and its lease,
 * delivery retries and their give-up age, a silent socket cut after 5 s) run side by side, and
 * beside them, one after another in one file, those that time work under load (kill -9 under
 * load, a 503 within a bound, a check within 2.5 s: timed.test.ts). Together they use a quarter
 * to two fifths of the cores; one after another they were two minutes of idle machine in CI.
 */
const timed = [
  "tests/integration/audit-jobs-engine-sqlite.test.ts",
  "tests/integration/audit-jobs-engine-postgres.test.ts",
  "tests/integration/notify-delivery.test.ts",
  "tests/integration/slow-clients.test.ts",
  "tests/integration/timed.test.ts",
];

/**
 * Integration tests: real HTTP against the built server, real SQLite files, real PostgreSQL.
 * Beside them, the content tests (tests/content) parse the build's prerendered HTML: a third
 * project of this run, not a stage of its own, because they need the same build and take about
 * 2 s, less than a Vitest process of their own would take to start (D223).
 */
export default defineConfig({
  test: {
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 60_000,
    setupFiles: ["tests/support/freshConnections.ts"],
    // Vitest's order, with the files that wait on a fixture site spread through the run.
    sequence: { sequencer: WaitingFilesSpread },
    projects: [
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          exclude: timed,
          // Each file starts its own servers and PostgreSQL schemas; much of their time is spent
          // waiting on servers and timers. Four files at once, with those that wait on a fixture
          // site's pacing spread through the run (tests/support/waitingFilesSpread.ts), keep the
          // two cores busy to the end: 158 s for the stage with three in Vitest's order, 150 s
          // with three spread, 137-141 s with four spread (one run each, a quiet machine).
          maxWorkers: 4,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          // The built pages, parsed: no server, no database, no timers. One worker whose files
          // share their modules, so each page is read and parsed once for all of them; a group
          // of its own (Vitest wants one maxWorkers per group), first: 2 s, and a wrong page
          // fails before the servers start.
          name: "content",
          include: ["tests/content/**/*.test.ts"],
          isolate: false,
          maxWorkers: 1,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "timed",
          include: timed,
          maxWorkers: timed.length,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
