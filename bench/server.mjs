/**
 * Starts the production server (scripts/start.mjs) for a benchmark and resolves once it listens.
 * Its lead store is a SQLite file in a temporary folder of its own (never ./data in the checkout,
 * nor the DATA_DIR or DATABASE_URL of the shell), removed when the server stops or the benchmark
 * exits; pass `env` to override.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

export async function startServer({ outDir = process.env.BUILD_DIR || "dist", port, env = {} }) {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-data-"));
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      BUILD_DIR: outDir,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  // A benchmark that stops early (an error, Ctrl-C) leaves neither the server nor the folder.
  const onExit = () => {
    child.kill();
    removeData();
  };
  process.once("exit", onExit);
  await new Promise((resolve, reject) => {
    let output = "";
    const onData = (chunk) => {
      output += chunk;
      if (output.includes("Server listening")) {
        child.stdout.off("data", onData);
        child.stdout.resume(); // keep draining the server's logs
        resolve();
      }
    };
    child.stdout.on("data", onData);
    child.once("exit", (code) =>
      reject(new Error(`server exited with ${code} before listening:\n${output}`)),
    );
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    dataDir,
    /** Stops the server; resolves once it has exited and its data folder is gone. */
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill();
      await exited;
      removeData();
      process.off("exit", onExit);
    },
  };
}

/** A path no page has: the 404 page, measured with the others. */
export const NOT_FOUND_PATH = "/this-page-does-not-exist";

/** Every page a benchmark measures: the sitemap's, /thank-you (not in it on purpose) and a 404. */
export async function benchmarkPaths(origin) {
  const xml = await (await fetch(`${origin}/sitemap.xml`)).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  return [...paths, "/thank-you", NOT_FOUND_PATH];
}

/**
 * Starts `scripts/start.mjs` on a free port with exactly `env` (plus PATH, HOST, PORT and
 * BUILD_DIR), for the intake benchmarks (leads, events); resolves with the child, its `port` set,
 * once it listens.
 */
export function startIntakeServer(env, buildDir = process.env.BUILD_DIR || "dist") {
  const child = spawn(process.execPath, [join(root, "scripts/start.mjs")], {
    cwd: root,
    env: { PATH: process.env.PATH, HOST: "127.0.0.1", PORT: "0", BUILD_DIR: buildDir, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 30_000);
    child.stderr.on("data", (d) => (out += d));
    child.stdout.on("data", (d) => {
      if (out.length < 100_000) out += d;
      const m = /listening on http:\/\/[^\s:]+:(\d+)/.exec(out);
      if (m && !child.port) {
        child.port = Number(m[1]);
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.on("exit", (code) => reject(new Error(`server exited ${code}:\n${out}`)));
  });
}
