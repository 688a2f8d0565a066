#!/usr/bin/env node
/**
 * `npm start`: serves the production build on HOST:PORT (default 0.0.0.0:4321), building it
 * first when there is none yet, so `npm install && npm start` works on a fresh clone.
 */
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const outDir = process.env.BUILD_DIR || "dist";
const entry = `${root}${outDir}/server/entry.mjs`;

if (!existsSync(entry)) {
  console.log("No production build yet: building it first (npm run build)…");
  const result = spawnSync("npm", ["run", "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.PORT ??= "4321";
await import(entry);
