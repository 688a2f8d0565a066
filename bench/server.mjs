/** Starts the production server (scripts/start.mjs) for a benchmark and resolves once it listens. */
import { spawn } from "node:child_process";

export async function startServer({ outDir = process.env.BUILD_DIR || "dist", port, env = {} }) {
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env: { ...process.env, HOST: "127.0.0.1", PORT: String(port), BUILD_DIR: outDir, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
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
  return { origin: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

/** A path no page has: the 404 page, measured with the others. */
export const NOT_FOUND_PATH = "/this-page-does-not-exist";

/** Every page a benchmark measures: the sitemap's, /thank-you (not in it on purpose) and a 404. */
export async function benchmarkPaths(origin) {
  const xml = await (await fetch(`${origin}/sitemap.xml`)).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  return [...paths, "/thank-you", NOT_FOUND_PATH];
}
