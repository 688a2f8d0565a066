/**
 * The production HTTP server: Astro's Node adapter handler (standalone mode: static files and the
 * on-demand /api routes), wrapped to
 * - send security headers on every response,
 * - answer GET/HEAD for prebuilt text files (pages, CSS, JS, SVG) with the Brotli or gzip copy
 *   made at build time, chosen by Accept-Encoding,
 * - send caching headers: hashed assets immutable for a year, everything else revalidated.
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
  "X-Frame-Options": "DENY",
};

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
  /** The Content-Security-Policy sent with every response (see integrations/csp.ts). */
  contentSecurityPolicy?: string | undefined;
}

export function createRequestListener({
  handler,
  clientDir,
  assetsDir = "_astro",
  contentSecurityPolicy,
}: ServeOptions): Handler {
  const files = loadStaticFiles(normalize(clientDir).replace(/[/\\]$/, ""));
  // Responses made on demand (the 404 page, the API, the review page) are compressed as they go.
  const compress = compression({ brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } } });
  return (req, res) => {
    for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
    if (contentSecurityPolicy) res.setHeader("Content-Security-Policy", contentSecurityPolicy);
    const url = req.url ?? "/";
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
    compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () =>
      handler(req, res),
    );
  };
}

export function serve(options: ServeOptions & { host: string; port: number }): Promise<Server> {
  const server = createServer(createRequestListener(options));
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve(server));
  });
}

/** Reads the policy the build wrote (integrations/csp.ts); undefined when the build has none. */
export function readContentSecurityPolicy(outDir: string): string | undefined {
  const file = join(outDir, "csp.json");
  if (!existsSync(file)) return undefined;
  return (JSON.parse(readFileSync(file, "utf8")) as { header: string }).header;
}
