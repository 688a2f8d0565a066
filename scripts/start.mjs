#!/usr/bin/env node
/**
 * `npm start`: serves the production build on HOST:PORT (default 0.0.0.0:4321), building it first
 * when there is none yet, so `npm install && npm start` works on a fresh clone. The adapter's
 * handler is wrapped by server/serve.ts (security and caching headers, precompressed files).
 */
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { join, resolve } from "node:path";

const root = fileURLToPath(new URL("..", import.meta.url));
const outDir = resolve(root, process.env.BUILD_DIR || "dist");
const entry = join(outDir, "server/entry.mjs");

if (!existsSync(entry)) {
  console.log(
    "No production build yet: building it once first (npm run build, about a minute), then serving…",
  );
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.ASTRO_NODE_AUTOSTART = "disabled";
// Where the build is, for routes that read its files outside the public folder (the checklists).
process.env.SITE_OUT_DIR = outDir;
const { handler } = await import(entry);
const { serve, readContentSecurityPolicy, connectionLimits, forwardedScheme } =
  await import("../server/serve.ts");
// JSON lead posts skip Astro's page pipeline (src/leads/node.ts; same code as /api/leads).
const { leadsFastPath, stopLeads } = await import("../src/leads/node.ts");
const { leadLog } = await import("../src/leads/log.ts");
// Page-view beacons too (src/analytics/node.ts): answered at once, written in batches.
const { eventsEarly, stopAnalytics } = await import("../src/analytics/node.ts");
const { parseTrustProxy, plainAddress } = await import("../src/leads/clientAddress.ts");
// Metrics (/api/metrics): every response's time by route family, and the outbox counts.
const { leadMetrics, routeFamily } = await import("../src/leads/metrics.ts");
const { leadService } = await import("../src/leads/server.ts");
// The website check's engine (src/audit/run.ts) runs the audit leads' checks in this server
// (src/audit/jobs.ts); the lead service starts its worker with the outbox.
const { runAudit } = await import("../src/audit/run.ts");
leadService().useAuditRunner((input, { signal }) => runAudit(input, { signal }));
const metrics = leadMetrics();
metrics.watchStore(() => leadService().store());

const host = process.env.HOST || "0.0.0.0";
const port = Number(process.env.PORT ?? 4321);
const limits = connectionLimits();
const policies = readContentSecurityPolicy(outDir);
// Behind a TLS-terminating proxy named in TRUST_PROXY, requests are https as the proxy reports.
const proxies = parseTrustProxy(process.env.TRUST_PROXY);
const handle = leadsFastPath(handler);
const server = await serve({
  handler: proxies
    ? forwardedScheme(handle, (address) => proxies.trust(plainAddress(address), 0))
    : handle,
  early: eventsEarly(),
  clientDir: join(outDir, "client"),
  contentSecurityPolicy: policies?.header,
  policiesByPath: policies?.paths,
  onResponse: (req, res, seconds) =>
    metrics.observeRequest(routeFamily(req.url ?? "/"), req.method ?? "", res.statusCode, seconds),
  host,
  port,
  limits,
  // One log line at most every 10 s while sockets are refused.
  onFull: (dropped) =>
    leadLog.warn(
      { event: "connections_full", maxConnections: limits.maxConnections, dropped },
      "connection limit reached: new connections refused (SERVER_MAX_CONNECTIONS)",
    ),
});
// The website check's address guard lets these through (tests and staging only): say so loudly.
const { auditAllowHosts } = await import("../src/audit/config.ts");
const auditAllowed = auditAllowHosts();
if (auditAllowed.length) {
  leadLog.warn(
    { event: "audit_allow_hosts", hosts: auditAllowed },
    "AUDIT_ALLOW_HOSTS is set: the website check may fetch these non-public hosts (tests and staging only)",
  );
}
const address = server.address();
const shown = host === "0.0.0.0" ? "localhost" : host;
console.log(
  `Server listening on http://${shown}:${typeof address === "object" && address ? address.port : port}`,
);

// On stop, the lead outbox finishes or gives back its deliveries in flight before the exit.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () =>
    server.close(() =>
      stopAnalytics()
        .catch(() => {})
        .then(() => stopLeads())
        .finally(() => process.exit(0)),
    ),
  );
}
