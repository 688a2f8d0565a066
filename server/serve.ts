/**
 * The production HTTP server: Astro's Node adapter handler (standalone mode: static files and the
 * on-demand /api routes), wrapped to
 * - send security headers on every response,
 * - answer GET/HEAD for prebuilt text files (pages, CSS, JS, SVG) with the Brotli or gzip copy
 *   made at build time, chosen by Accept-Encoding,
 * - send caching headers: hashed assets immutable for a year, everything else revalidated,
 * - answer methods the site does not know with 405,
 * - bound connections: how many at once, and how long idle or slow ones may stay open,
 * - time every response for whoever asks (`onResponse`: the metrics, scripts/start.mjs).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { extname, join, normalize, relative, sep } from "node:path";
import { constants } from "node:zlib";
import compression from "compression";

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export const securityHeaders: Record<string, string> = {
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains; preload",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy":
    "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
  "X-Frame-Options": "DENY",
};

/**
 * The opener policy of the prebuilt public pages (decisions.md D216); every other response (staff
 * pages, website-check reports, the API, pages made on demand) keeps `same-origin` from
 * `securityHeaders`. A `same-origin` page opened from a tab's blank first page, as Lighthouse and
 * PageSpeed Insights open a page, needs a new browsing context group and so a new renderer
 * process, whose first task Lighthouse's 4× simulation turns into most of the page's blocking
 * time. These pages hold nothing of a visitor's to isolate, and they cannot be framed
 * (X-Frame-Options, frame-ancestors).
 */
export const PUBLIC_PAGE_OPENER_POLICY = "unsafe-none";

/**
 * Methods the pages answer. The API routes (/api/…) get the other ordinary methods too and answer
 * 405 themselves where they have no handler. Anything else (TRACE and CONNECT among them, which
 * cannot even become a web Request in the adapter: it threw, a 500 with a stack trace) is
 * answered 405 here, with nothing logged.
 */
export const SITE_METHODS = "GET, HEAD, POST";
const PAGE_METHODS = new Set(SITE_METHODS.split(", "));
const API_METHODS = new Set([...PAGE_METHODS, "PUT", "PATCH", "DELETE", "OPTIONS"]);

function methodAllowed(method: string | undefined, url: string): boolean {
  if (!method) return false;
  return (url.startsWith("/api/") ? API_METHODS : PAGE_METHODS).has(method);
}

function refuseMethod(res: ServerResponse) {
  res.writeHead(405, {
    Allow: SITE_METHODS,
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "no-store",
  });
  res.end("Method not allowed.\n");
}

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

export const IMMUTABLE = "public, max-age=31536000, immutable";
export const REVALIDATE = "public, max-age=0, must-revalidate";

/** One prebuilt text file, held in memory with its precompressed copies. */
interface StaticFile {
  type: string;
  identity: Buffer;
  br?: Buffer | undefined;
  gzip?: Buffer | undefined;
  etag: string;
}

/**
 * Reads every prebuilt text file of the client folder (pages, CSS, JS, SVG, XML) and its .br and
 * .gz copies into memory, keyed by the URL paths that serve it ("/about" and "/about/" for
 * about/index.html). A build's text is a few megabytes at most; serving it from memory keeps the
 * per-request work to a map lookup.
 */
export function loadStaticFiles(clientDir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(path);
        continue;
      }
      const type = contentTypes[extname(entry.name)];
      if (!type) continue;
      const optional = (suffix: string) =>
        existsSync(path + suffix) ? readFileSync(path + suffix) : undefined;
      const identity = readFileSync(path);
      const file: StaticFile = {
        type,
        identity,
        br: optional(".br"),
        gzip: optional(".gz"),
        etag: `"${createHash("sha1").update(identity).digest("base64url").slice(0, 16)}"`,
      };
      const url = `/${relative(clientDir, path).split(sep).join("/")}`;
      files.set(url, file);
      if (url.endsWith("/index.html")) {
        const dirUrl = url.slice(0, -"index.html".length);
        files.set(dirUrl, file);
        if (dirUrl !== "/") files.set(dirUrl.slice(0, -1), file);
      }
    }
  };
  walk(clientDir);
  return files;
}

function pickBody(req: IncomingMessage, file: StaticFile): { body: Buffer; encoding?: string } {
  const accepted = String(req.headers["accept-encoding"] ?? "");
  if (file.br && /\bbr\b/.test(accepted)) return { body: file.br, encoding: "br" };
  if (file.gzip && /\bgzip\b/.test(accepted)) return { body: file.gzip, encoding: "gzip" };
  return { body: file.identity };
}

export interface ServeOptions {
  /** The adapter's handler (static files and on-demand routes). */
  handler: Handler;
  /** Absolute path of the build's client folder. */
  clientDir: string;
  /** The folder of hashed assets under the client folder. */
  assetsDir?: string;
  /** The Content-Security-Policy sent with every response (see integrations/csp.ts)… */
  contentSecurityPolicy?: string | undefined;
  /** …except at these paths and below them, which get their own (the guides' search). */
  policiesByPath?: Record<string, string> | undefined;
  /**
   * Answers a request before the page headers and compression, or passes it on with `next`:
   * the page-view beacon (src/analytics/node.ts), whose empty 204, thousands a second, needs
   * neither a Content-Security-Policy nor a compressor (they were a fifth of its cost).
   */
  early?: ((req: IncomingMessage, res: ServerResponse, next: () => void) => void) | undefined;
  /** Told of every finished response and how long it took since the request arrived (metrics). */
  onResponse?: ((req: IncomingMessage, res: ServerResponse, seconds: number) => void) | undefined;
}

export function createRequestListener({
  handler,
  clientDir,
  assetsDir = "_astro",
  contentSecurityPolicy,
  policiesByPath = {},
  early,
  onResponse,
}: ServeOptions): Handler {
  const special = Object.entries(policiesByPath);
  const policyFor = (url: string) => {
    const path = url.split("?")[0]!;
    for (const [prefix, header] of special) {
      if (path === prefix || path.startsWith(`${prefix}/`)) return header;
    }
    return contentSecurityPolicy;
  };
  const files = loadStaticFiles(normalize(clientDir).replace(/[/\\]$/, ""));
  // Responses made on demand (the 404 page, the API, the review page) are compressed as they go.
  const compress = compression({ brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } } });
  const listener: Handler = (req, res) => {
    for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
    const url = req.url ?? "/";
    const csp = policyFor(url);
    if (csp) res.setHeader("Content-Security-Policy", csp);
    const immutable = url.startsWith(`/${assetsDir}/`);
    res.setHeader("Cache-Control", immutable ? IMMUTABLE : REVALIDATE);

    if (req.method === "GET" || req.method === "HEAD") {
      let path = url.split("?")[0]!;
      try {
        path = decodeURIComponent(path);
      } catch {
        /* left as sent: it matches no file */
      }
      // Error pages keep their status, and /about/ redirects to /about: the adapter answers those.
      const file =
        /^\/(404|500)(\/|\.html)?$/.test(path) || (path.endsWith("/") && path !== "/")
          ? undefined
          : files.get(path);
      if (file) {
        const { body, encoding } = pickBody(req, file);
        const etag = encoding ? `${file.etag.slice(0, -1)}-${encoding}"` : file.etag;
        res.setHeader("Content-Type", file.type);
        if (file.type.startsWith("text/html"))
          res.setHeader("Cross-Origin-Opener-Policy", PUBLIC_PAGE_OPENER_POLICY);
        res.setHeader("Vary", "Accept-Encoding");
        res.setHeader("ETag", etag);
        if (encoding) res.setHeader("Content-Encoding", encoding);
        if (req.headers["if-none-match"] === etag) {
          res.statusCode = 304;
          res.end();
          return;
        }
        res.setHeader("Content-Length", body.length);
        res.end(req.method === "HEAD" ? undefined : body);
        return;
      }
    }
    if (!methodAllowed(req.method, url)) return refuseMethod(res);
    compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () =>
      handler(req, res),
    );
  };
  const answer: Handler = early
    ? (req, res) => early(req, res, () => listener(req, res))
    : listener;
  if (!onResponse) return answer;
  return (req, res) => {
    const start = process.hrtime.bigint();
    res.once("finish", () => onResponse(req, res, Number(process.hrtime.bigint() - start) / 1e9));
    answer(req, res);
  };
}

/**
 * Behind a TLS-terminating proxy the app's socket is plain HTTP, so Astro, which takes the scheme
 * from `socket.encrypted`, would build http:// URLs: a same-site form post (its Origin https://…)
 * would be refused as cross-site (403), and `Astro.url` would name the wrong scheme. For a
 * request whose TCP peer is a trusted proxy (TRUST_PROXY), this makes the scheme the one the
 * proxy reports in X-Forwarded-Proto (its first value); from any other peer the header changes
 * nothing. The socket is the proxy's keep-alive connection, so it is set on every request.
 */
export function forwardedScheme(
  handler: Handler,
  isTrustedProxy: (address: string) => boolean,
): Handler {
  return (req, res) => {
    const peer = req.socket.remoteAddress;
    if (peer && isTrustedProxy(peer)) {
      const proto = String(req.headers["x-forwarded-proto"] ?? "")
        .split(",")[0]!
        .trim()
        .toLowerCase();
      Object.defineProperty(req.socket, "encrypted", {
        value: proto === "https",
        configurable: true,
        writable: true,
      });
    }
    handler(req, res);
  };
}

/**
 * Bounds on connections, so idle or slow clients cannot hold every file descriptor (README,
 * "Security"). The values suit a site of static pages and a lead form with a 64 KiB body.
 */
export interface ConnectionLimits {
  /** SERVER_MAX_CONNECTIONS: open sockets at once; more are refused (and logged). */
  maxConnections: number;
  /** SERVER_IDLE_TIMEOUT_MS: a socket with no traffic for this long is closed. */
  idleTimeoutMs: number;
  /** SERVER_HEADERS_TIMEOUT_MS: the whole request head must arrive within this. */
  headersTimeoutMs: number;
  /** SERVER_REQUEST_TIMEOUT_MS: the whole request (head and body) must arrive within this. */
  requestTimeoutMs: number;
  /** SERVER_KEEP_ALIVE_TIMEOUT_MS: an idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
}

export const defaultConnectionLimits: ConnectionLimits = {
  maxConnections: 4096,
  idleTimeoutMs: 30_000,
  // 5 s (was 10, issue 23): a browser sends its head in one packet, and every second a silent
  // or trickling socket may stay is a second an attacker's connections count against the limit.
  headersTimeoutMs: 5_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
};

/** The limits from the environment (README, "Security"), each a whole number ≥ its minimum. */
export function connectionLimits(
  env: Record<string, string | undefined> = process.env,
): ConnectionLimits {
  const read = (name: string, fallback: number, min: number) => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer ≥ ${min}`);
    return n;
  };
  const d = defaultConnectionLimits;
  const limits = {
    maxConnections: read("SERVER_MAX_CONNECTIONS", d.maxConnections, 1),
    idleTimeoutMs: read("SERVER_IDLE_TIMEOUT_MS", d.idleTimeoutMs, 100),
    headersTimeoutMs: read("SERVER_HEADERS_TIMEOUT_MS", d.headersTimeoutMs, 100),
    requestTimeoutMs: read("SERVER_REQUEST_TIMEOUT_MS", d.requestTimeoutMs, 100),
    keepAliveTimeoutMs: read("SERVER_KEEP_ALIVE_TIMEOUT_MS", d.keepAliveTimeoutMs, 100),
  };
  // Node requires the head's limit to fit in the whole request's.
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) {
    throw new Error("SERVER_HEADERS_TIMEOUT_MS must not exceed SERVER_REQUEST_TIMEOUT_MS");
  }
  return limits;
}

/** Applies the limits to a server; `onFull` is told (at most every 10 s) when sockets are refused. */
export function limitConnections(
  server: Server,
  limits: ConnectionLimits,
  onFull: (dropped: number) => void,
) {
  server.maxConnections = limits.maxConnections;
  server.timeout = limits.idleTimeoutMs;
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  // Node's head timeout starts with a request's first byte, so a socket that sends nothing
  // (half-open) would stay until the idle timeout: every socket must start a request (its head
  // complete) within the head's limit, or it is cut (issue 23).
  const unstarted = new WeakMap<object, NodeJS.Timeout>();
  server.on("connection", (socket: import("node:net").Socket) => {
    const cut = setTimeout(() => socket.destroy(), limits.headersTimeoutMs);
    cut.unref();
    unstarted.set(socket, cut);
    socket.once("close", () => clearTimeout(cut));
  });
  server.on("request", (req: IncomingMessage) => {
    clearTimeout(unstarted.get(req.socket));
    unstarted.delete(req.socket);
  });
  let dropped = 0;
  let timer: NodeJS.Timeout | null = null;
  server.on("drop", () => {
    dropped += 1;
    if (timer) return;
    onFull(dropped);
    dropped = 0;
    timer = setTimeout(() => {
      timer = null;
      if (dropped) onFull(dropped);
      dropped = 0;
    }, 10_000);
    timer.unref();
  });
  server.on("close", () => {
    if (timer) clearTimeout(timer);
  });
}

export function serve(
  options: ServeOptions & {
    host: string;
    port: number;
    limits?: ConnectionLimits;
    onFull?: (dropped: number) => void;
  },
): Promise<Server> {
  const limits = options.limits ?? defaultConnectionLimits;
  // connectionsCheckingInterval: how often Node enforces the head and request timeouts.
  const server = createServer(
    { connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs) },
    createRequestListener(options),
  );
  limitConnections(server, limits, options.onFull ?? (() => {}));
  // CONNECT never reaches the request listener: answer it like any other unknown method.
  server.on("connect", (_req: IncomingMessage, socket: import("node:stream").Duplex) => {
    socket.end(
      "HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, POST\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
    );
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve(server));
  });
}

/**
 * Reads the policies the build wrote (integrations/csp.ts): the site's, and those of the paths
 * with their own; undefined when the build has none.
 */
export function readContentSecurityPolicy(
  outDir: string,
): { header: string; paths: Record<string, string> } | undefined {
  const file = join(outDir, "csp.json");
  if (!existsSync(file)) return undefined;
  const read = JSON.parse(readFileSync(file, "utf8")) as {
    header: string;
    paths?: Record<string, string>;
  };
  return { header: read.header, paths: read.paths ?? {} };
}
