import { defineConfig } from "vitest/config";

/** Integration tests: real HTTP against the built server, real SQLite files, real PostgreSQL. */
export default defineConfig({
  test: {
    include: ["tests/integration/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One file at a time: the crash and rate-limit tests time things on a 2-core machine.
    fileParallelism: false,
  },
});
