import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
    testTimeout: 120_000,
    // Vitest's default is one worker less than the cores: one on a 2-core machine. Two: alone,
    // the suite took 15-17 s against 26-27 s with one (two rounds each); beside the build in
    // `npm test`, the build's image cache leaves it most of the machine.
    maxWorkers: 2,
    // The files share the modules they import (each file is still loaded afresh): 14.8 s and
    // 18.4 CPU-s alone with a fresh module graph per file, 8.2 s and 9.4 CPU-s without. No file
    // depends on another's state: the suite passed with the files in four shuffled orders
    // (--sequence.shuffle.files, seeds 111-444).
    isolate: false,
  },
});
