import { defineConfig } from "vitest/config";

/**
 * Fault tests (`npm run test:faults`): kill -9 of the server and a PostgreSQL restart under load,
 * against the built server with real SMTP and webhook receivers. One file at a time; they time
 * things on a 2-core machine and restart the shared PostgreSQL.
 */
export default defineConfig({
  test: {
    include: ["tests/faults/**/*.test.ts"],
    environment: "node",
    testTimeout: 180_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
