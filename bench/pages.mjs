#!/usr/bin/env node
/**
 * `npm run bench:pages`: requests per second and latency for the home page and a hashed asset,
 * from our production server (scripts/start.mjs) and, in the same run, from nginx serving the
 * same built files (gzip_static, the same precompressed bytes), both on loopback. Prints both and
 * the ratio. Installs Debian's nginx when missing and running as root; builds when there is no
 * build. Not a test: figures vary with the machine.
 *
 * Env: BUILD_DIR (default dist), BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 32),
 * NGINX_WORKERS (default 1, one core like our one Node process; "auto" for all cores).
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import autocannon from "autocannon";
import { startServer } from "./server.mjs";

const outDir = resolve(process.env.BUILD_DIR || "dist");
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const workers = process.env.NGINX_WORKERS ?? "1";

function which(cmd) {
  return spawnSync("sh", ["-c", `command -v ${cmd}`], { encoding: "utf8" }).stdout.trim();
}

let nginx = which("nginx") || (existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "");
if (!nginx) {
  if (process.getuid?.() !== 0) {
    console.error(
      "nginx is not installed: apt-get install -y nginx-light (as root), then run again.",
    );
    process.exit(1);
  }
  console.log("Installing Debian's nginx-light…");
  spawnSync("apt-get", ["install", "-y", "-qq", "nginx-light"], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  nginx = "/usr/sbin/nginx";
}

if (!existsSync(join(outDir, "server/entry.mjs"))) {
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const asset = `/_astro/${readdirSync(join(outDir, "client/_astro")).find((f) => f.endsWith(".js") && !f.endsWith(".br") && !f.endsWith(".gz"))}`;
const ourPort = 4700 + Math.floor(Math.random() * 100);
const nginxPort = ourPort + 100;

// Our server.
const ours = await startServer({ outDir, port: ourPort });

// nginx with the same files and the same precompressed copies.
const work = mkdtempSync(join(tmpdir(), "bench-nginx-"));
writeFileSync(
  join(work, "nginx.conf"),
  `worker_processes ${workers};
daemon off;
pid ${work}/nginx.pid;
error_log ${work}/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_body_temp_path ${work}/body;
  proxy_temp_path ${work}/proxy;
  fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi;
  scgi_temp_path ${work}/scgi;
  server {
    listen 127.0.0.1:${nginxPort};
    root ${join(outDir, "client")};
    gzip_static on;
    location / { try_files $uri $uri/index.html =404; }
    location /_astro/ { add_header Cache-Control "public, max-age=31536000, immutable"; }
  }
}
`,
);
const ng = spawn(nginx, ["-c", join(work, "nginx.conf"), "-e", join(work, "error.log")], {
  stdio: "inherit",
});
await new Promise((r) => setTimeout(r, 500));

async function measure(url) {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { "accept-encoding": "gzip" },
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

const rows = [];
try {
  for (const [label, path] of [
    ["home page", "/"],
    ["hashed asset", asset],
  ]) {
    const our = await measure(`http://127.0.0.1:${ourPort}${path}`);
    const theirs = await measure(`http://127.0.0.1:${nginxPort}${path}`);
    rows.push({ label, path, our, theirs });
  }
} finally {
  ng.kill();
  await ours.stop();
}

console.log(
  `\n${connections} connections, ${seconds} s each, Accept-Encoding: gzip, nginx worker_processes ${workers}\n`,
);
console.log(
  "| what | our req/s | our p50/p99 ms | nginx req/s | nginx p50/p99 ms | ratio (ours/nginx) |",
);
console.log("|---|---|---|---|---|---|");
for (const { label, path, our, theirs } of rows) {
  console.log(
    `| ${label} (${path}) | ${our.rps} | ${our.p50}/${our.p99} | ${theirs.rps} | ${theirs.p50}/${theirs.p99} | ${(our.rps / theirs.rps).toFixed(2)} |`,
  );
}
