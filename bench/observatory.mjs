#!/usr/bin/env node
/**
 * `npm run bench:observatory`: the Mozilla HTTP Observatory (npm @mdn/mdn-http-observatory, run
 * here, not the hosted service) scans the site as deployed: two production servers behind the
 * shipped nginx site file (deploy/nginx/greenline.conf, as tests/integration/proxy.test.ts runs
 * it) with a self-signed certificate for localhost that the scanner is told to trust
 * (NODE_EXTRA_CA_CERTS). Prints the grade, the score and every test, failing ones first. Builds
 * when there is no build. Needs nginx and openssl; talks to 127.0.0.1 only.
 *
 * The scanner's own command line runs unchanged, with one import hooked so it asks the test's
 * ports instead of 80 and 443 (bench/observatory-ports.mjs). Its install script, which downloads
 * Chromium's HSTS preload list, is switched off (package.json allowScripts, docs/decisions.md):
 * without the list an empty one is written, which changes nothing for localhost.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { startServer } from "./server.mjs";
import {
  findNginx,
  freePort,
  selfSignedCertificate,
  startProxy,
} from "../tests/integration/nginx.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const outDir = resolve(root, process.env.BUILD_DIR || "dist");
const nginx = findNginx();
if (!nginx) {
  console.error("nginx is not installed: apt-get install -y nginx (as root), then run again.");
  process.exit(1);
}
if (!existsSync(join(outDir, "server/entry.mjs"))) {
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const packageDir = dirname(
  createRequire(import.meta.url).resolve("@mdn/mdn-http-observatory/package.json"),
);
const preloadList = join(packageDir, "conf/hsts-preload.json");
if (!existsSync(preloadList)) {
  console.log(
    "No HSTS preload list in the scanner (not downloaded at install): using an empty one.",
  );
  writeFileSync(preloadList, "{}\n");
}

const work = mkdtempSync(join(tmpdir(), "observatory-"));
const { cert, key } = selfSignedCertificate(work);
const env = { TRUST_PROXY: "127.0.0.1", LOG_LEVEL: "warn" };
const servers = [];
let proxy;
let report;
try {
  for (let i = 0; i < 2; i++) {
    servers.push(await startServer({ outDir, port: await freePort(), env }));
  }
  proxy = await startProxy(nginx, join(work, "nginx"), {
    upstreams: servers.map((s) => Number(new URL(s.origin).port)),
    httpsPort: await freePort(),
    httpPort: await freePort(),
    cert,
    key,
  });
  const scan = spawnSync(
    process.execPath,
    [
      "--import",
      join(root, "bench/observatory-ports.mjs"),
      join(packageDir, "src/scan.js"),
      "localhost",
    ],
    {
      cwd: root,
      encoding: "utf8",
      env: {
        ...process.env,
        NODE_EXTRA_CA_CERTS: cert,
        OBSERVATORY_HTTP_PORT: new URL(proxy.httpUrl).port,
        OBSERVATORY_HTTPS_PORT: new URL(proxy.httpsUrl).port,
      },
    },
  );
  try {
    report = JSON.parse(scan.stdout);
  } catch {
    throw new Error(`The scan printed no JSON:\n${scan.stdout}\n${scan.stderr}`);
  }
} finally {
  await proxy?.stop();
  await Promise.all(servers.map((s) => s.stop()));
  rmSync(work, { recursive: true, force: true });
}

if (report.error) {
  console.error(`The scan failed: ${report.error}`);
  process.exit(1);
}
const { grade, score, testsPassed, testsQuantity } = report.scan;
console.log(
  `\nMDN HTTP Observatory (algorithm ${report.scan.algorithmVersion}), https://localhost behind nginx`,
);
console.log(`Grade ${grade}, score ${score}, ${testsPassed} of ${testsQuantity} tests passed\n`);
const tests = Object.entries(report.tests).sort(([, a], [, b]) => Number(a.pass) - Number(b.pass));
console.log("| test | passed | result | score |");
console.log("|---|---|---|---|");
for (const [name, t] of tests) {
  const modifier = t.scoreModifier > 0 ? `+${t.scoreModifier}` : String(t.scoreModifier);
  console.log(`| ${name} | ${t.pass ? "yes" : "NO"} | ${t.result} | ${modifier} |`);
}
const failed = tests.filter(([, t]) => !t.pass);
if (failed.length) console.log(`\nFailing: ${failed.map(([name]) => name).join(", ")}`);
