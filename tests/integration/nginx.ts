/**
 * nginx in front of app servers, for tests/integration/proxy.test.ts and `npm run
 * bench:observatory`: the shipped site file deploy/nginx/greenline.conf with its ports,
 * certificate and log path swapped for a test's, inside a main config shaped like Debian's
 * /etc/nginx/nginx.conf (gzip on, TLS 1.0–1.3 allowed), run as a child process under a temporary
 * prefix: no system config, no port 80 or 443, nothing but 127.0.0.1. No vitest import, so a
 * plain Node script can use it too.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, Socket } from "node:net";
import { join, resolve } from "node:path";

export const siteConfigPath = resolve(import.meta.dirname, "../../deploy/nginx/greenline.conf");

/** The nginx binary: on PATH, else Debian's /usr/sbin/nginx; null when there is none. */
export function findNginx(): string | null {
  const onPath = spawnSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" }).stdout.trim();
  if (onPath) return onPath;
  return existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : null;
}

/** A port the OS says is free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * A self-signed certificate for localhost and 127.0.0.1 (openssl), written into `dir`; its
 * certificate doubles as the CA a client trusts.
 */
export function selfSignedCertificate(dir: string): { cert: string; key: string } {
  const cert = join(dir, "cert.pem");
  const key = join(dir, "key.pem");
  const result = spawnSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "2",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
      "-keyout",
      key,
      "-out",
      cert,
    ],
    { encoding: "utf8" },
  );
  if (result.status !== 0) {
    throw new Error(
      `openssl could not make a certificate: ${result.error?.message ?? result.stderr}`,
    );
  }
  return { cert, key };
}

export interface ProxySettings {
  /** Ports of the app servers on 127.0.0.1, in place of the file's 4321 and 4322. */
  upstreams: [number, number];
  httpsPort: number;
  httpPort: number;
  cert: string;
  key: string;
  /** The access log, in place of /var/log/nginx/greenline.access.log. */
  accessLog: string;
}

/**
 * The shipped site file with a test's values. Every swapped line must be found as many times as
 * expected, so a change to the file that the test would silently stop covering fails here.
 */
export function renderSiteConfig(s: ProxySettings): string {
  let text = readFileSync(siteConfigPath, "utf8");
  const swap = (from: string, to: string, times: number) => {
    const found = text.split(from).length - 1;
    if (found !== times) {
      throw new Error(
        `deploy/nginx/greenline.conf: expected "${from}" ${times} time(s), found ${found}; update tests/integration/nginx.ts`,
      );
    }
    text = text.split(from).join(to);
  };
  swap("server 127.0.0.1:4321 ", `server 127.0.0.1:${s.upstreams[0]} `, 1);
  swap("server 127.0.0.1:4322 ", `server 127.0.0.1:${s.upstreams[1]} `, 1);
  swap("listen 443 ssl http2;", `listen 127.0.0.1:${s.httpsPort} ssl http2;`, 1);
  swap("listen [::]:443 ssl http2;", "", 1);
  swap("listen 80;", `listen 127.0.0.1:${s.httpPort};`, 1);
  swap("listen [::]:80;", "", 1);
  // Off the standard port, the redirect must name the test's https port.
  swap(
    "return 301 https://$host$request_uri;",
    `return 301 https://$host:${s.httpsPort}$request_uri;`,
    1,
  );
  swap("/etc/letsencrypt/live/greenline.example/fullchain.pem", s.cert, 1);
  swap("/etc/letsencrypt/live/greenline.example/privkey.pem", s.key, 1);
  swap("/var/log/nginx/greenline.access.log", s.accessLog, 2);
  return text;
}

export interface RunningProxy {
  httpsUrl: string;
  httpUrl: string;
  prefix: string;
  /** The access log so far (format greenline: `upstream=127.0.0.1:PORT` per request). */
  accessLog: () => string;
  /** nginx's error log so far. */
  errorLog: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts nginx in the foreground under `prefix` (a fresh folder) with the shipped site file, and
 * waits until it answers on the https port.
 */
export async function startProxy(
  nginx: string,
  prefix: string,
  s: Omit<ProxySettings, "accessLog">,
): Promise<RunningProxy> {
  const accessLog = join(prefix, "access.log");
  const errorLog = join(prefix, "error.log");
  for (const dir of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
    mkdirSync(join(prefix, dir), { recursive: true });
  }
  writeFileSync(join(prefix, "greenline.conf"), renderSiteConfig({ ...s, accessLog }));
  const mimeTypes = existsSync("/etc/nginx/mime.types")
    ? "include /etc/nginx/mime.types;"
    : "types { text/html html; }";
  // Started as root (CI), nginx would run its workers as "nobody", who cannot write request
  // bodies into this private folder: they stay root here, as the test's own processes.
  const root = process.getuid?.() === 0 ? "user root;\n" : "";
  // Debian's nginx.conf, less what needs root (user, /run, /var/log) and the system's sites.
  writeFileSync(
    join(prefix, "nginx.conf"),
    `${root}worker_processes 1;
events { worker_connections 768; }
http {
  sendfile on;
  tcp_nopush on;
  types_hash_max_size 2048;
  ${mimeTypes}
  default_type application/octet-stream;
  ssl_protocols TLSv1 TLSv1.1 TLSv1.2 TLSv1.3;
  ssl_prefer_server_ciphers on;
  access_log ${accessLog};
  gzip on;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  include ${prefix}/greenline.conf;
}
`,
  );
  const args = [
    "-p",
    prefix,
    "-c",
    join(prefix, "nginx.conf"),
    "-e",
    errorLog,
    "-g",
    `daemon off; master_process on; pid ${join(prefix, "nginx.pid")}; error_log ${errorLog} info;`,
  ];
  const check = spawnSync(nginx, ["-t", ...args], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`nginx -t failed:\n${check.stderr}`);
  const child: ChildProcess = spawn(nginx, args, { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  const read = (file: string) => (existsSync(file) ? readFileSync(file, "utf8") : "");
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited:\n${stderr}${read(errorLog)}`);
    const listening = await new Promise<boolean>((r) => {
      const socket = new Socket();
      socket.once("connect", () => (socket.destroy(), r(true)));
      socket.once("error", () => r(false));
      socket.connect(s.httpsPort, "127.0.0.1");
    });
    if (listening) break;
    if (Date.now() > deadline) throw new Error(`nginx did not listen:\n${read(errorLog)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    httpsUrl: `https://127.0.0.1:${s.httpsPort}`,
    httpUrl: `http://127.0.0.1:${s.httpPort}`,
    prefix,
    accessLog: () => read(accessLog),
    errorLog: () => read(errorLog),
    stop: async () => {
      // SIGQUIT: nginx's graceful stop (SIGTERM is its fast one; either ends the workers).
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGQUIT");
      await exited;
    },
  };
}
