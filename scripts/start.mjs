#!/usr/bin/env node
/**
 * `npm start`: serves the production build on HOST:PORT (default 0.0.0.0:4321), building it first
 * when there is none yet, so `npm install && npm start` works on a fresh clone. The adapter's
 * handler is wrapped by server/serve.ts (security and caching headers, precompressed files).
 *
 * It loads only the build: dist/server/entry.mjs (the Astro app) and dist/server/root.mjs (the
 * composition root, src/app/root.ts), two entries of one bundle sharing their modules, so
 * the process holds one copy of every module and one instance of every service.
 */
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { join, resolve } from "node:path";

const root = fileURLToPath(new URL("..", import.meta.url));
const outDir = resolve(root, process.env.BUILD_DIR || "dist");
const entry = join(outDir, "server/entry.mjs");
const rootEntry = join(outDir, "server/root.mjs");

if (!existsSync(entry) || !existsSync(rootEntry)) {
  console.log(
    "No production build yet: building it once first (npm run build, about 2-3 minutes), then serving…",
  );
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.ASTRO_NODE_AUTOSTART = "disabled";
// Where the build is, for routes that read its files outside the public folder (the checklists).
process.env.SITE_OUT_DIR = outDir;
const { handler } = await import(pathToFileURL(entry).href);
const { serverRoot } = await import(pathToFileURL(rootEntry).href);
const { serve, readContentSecurityPolicy, connectionLimits, forwardedScheme } =
  await import("../server/serve.ts");

const services = serverRoot();
const host = process.env.HOST || "0.0.0.0";
const port = Number(process.env.PORT ?? 4321);
const limits = connectionLimits();
const policies = readContentSecurityPolicy(outDir);
// JSON lead posts skip Astro's page pipeline (src/leads/node.ts; same code as /api/leads).
const handle = services.leadsFastPath(handler);
const server = await serve({
  // Behind a TLS-terminating proxy named in TRUST_PROXY, requests are https as the proxy reports.
  handler: services.trustedProxy ? forwardedScheme(handle, services.trustedProxy) : handle,
  // Page-view beacons too (src/analytics/node.ts): answered at once, written in batches.
  early: services.eventsEarly(),
  clientDir: join(outDir, "client"),
  contentSecurityPolicy: policies?.header,
  policiesByPath: policies?.paths,
  // Metrics (/api/metrics): every response's time by route family, and the outbox counts.
  onResponse: (req, res, seconds) =>
    services.metrics.observeRequest(
      services.routeFamily(req.url ?? "/"),
      req.method ?? "",
      res.statusCode,
      seconds,
    ),
  host,
  port,
  limits,
  // One log line at most every 10 s while sockets are refused.
  onFull: (dropped) =>
    services.log.warn(
      { event: "connections_full", maxConnections: limits.maxConnections, dropped },
      "connection limit reached: new connections refused (SERVER_MAX_CONNECTIONS)",
    ),
});
const address = server.address();
const shown = host === "0.0.0.0" || host === "::" ? "localhost" : host;
const listening = `http://${shown.includes(":") ? `[${shown}]` : shown}:${typeof address === "object" && address ? address.port : port}`;
console.log(`Server listening on ${listening}`);
// The first hour: with no owner yet, a one-time link (24 h) to set the first owner's password,
// on the address this server listens on (src/admin/firstRun.ts).
try {
  const link = await services.firstOwnerLink(listening);
  if (link) {
    console.log(
      `No owner account yet. Open this one-time link (valid 24 h) to create the first owner's account; the inbox is at ${listening}/admin:\n  ${link}`,
    );
  }
} catch (error) {
  services.log.warn(
    {
      event: "first_owner_link_failed",
      err: error instanceof Error ? error.message : String(error),
    },
    "could not make the first owner's link (run npm run admin -- invite EMAIL --role owner)",
  );
}

// On stop, the lead outbox finishes or gives back its deliveries in flight before the exit.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => server.close(() => services.stop().finally(() => process.exit(0))));
}
