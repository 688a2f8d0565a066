/**
 * The production HTTP server: Astro's Node adapter handler (standalone mode: static files and the
 * on-demand /api routes), wrapped to
 * - send security headers on every response,
 * - answer GET/HEAD for prebuilt text files (pages, CSS, JS, SVG) with the Brotli or gzip copy
 *   made at build time, chosen by Accept-Encoding,
 * - send caching headers: hashed assets immutable for a year, everything else revalidated.
 */
import { createReadStream, existsSync, readFileSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { extname, join, normalize, sep } from "node:path";
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

interface StaticFile {
  path: string;
  type: string;
}

/** Maps a URL path to a prebuilt text file in the client folder, the way the adapter does. */
function findFile(clientDir: string, urlPath: string): StaticFile | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const candidates = decoded.endsWith("/")
    ? [`${decoded}index.html`]
    : [decoded, `${decoded}.html`, `${decoded}/index.html`];
  for (const candidate of candidates) {
    const path = normalize(join(clientDir, candidate));
    if (!path.startsWith(clientDir + sep)) return undefined;
    const type = contentTypes[extname(path)];
    if (!type) continue;
    try {
      if (statSync(path).isFile()) return { path, type };
    } catch {
      /* not this candidate */
    }
  }
  return undefined;
}

function pickEncoding(
  req: IncomingMessage,
  file: string,
): { suffix: string; encoding: string } | undefined {
  const accepted = String(req.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accepted) && existsSync(`${file}.br`)) return { suffix: ".br", encoding: "br" };
  if (/\bgzip\b/.test(accepted) && existsSync(`${file}.gz`))
    return { suffix: ".gz", encoding: "gzip" };
  return undefined;
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
  const root = normalize(clientDir).replace(/[/\\]$/, "");
  // Responses made on demand (the 404 page, the API, the review page) are compressed as they go.
  const compress = compression({ brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } } });
  return (req, res) => {
    for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
    if (contentSecurityPolicy) res.setHeader("Content-Security-Policy", contentSecurityPolicy);
    const url = req.url ?? "/";
    const path = url.split("?")[0]!.split("#")[0]!;
    const immutable = path.startsWith(`/${assetsDir}/`);
    res.setHeader("Cache-Control", immutable ? IMMUTABLE : REVALIDATE);

    if (req.method === "GET" || req.method === "HEAD") {
      // Error pages keep their status: the adapter answers those paths.
      const file = /^\/(404|500)(\.html)?$/.test(path) ? undefined : findFile(root, path);
      if (file && !(path.endsWith("/") && path !== "/")) {
        const encoded = pickEncoding(req, file.path);
        const served = encoded ? `${file.path}${encoded.suffix}` : file.path;
        const stat = statSync(served);
        const etag = `"${stat.size.toString(36)}-${stat.mtimeMs.toString(36)}${encoded ? `-${encoded.encoding}` : ""}"`;
        res.setHeader("Content-Type", file.type);
        res.setHeader("Vary", "Accept-Encoding");
        res.setHeader("ETag", etag);
        if (encoded) res.setHeader("Content-Encoding", encoded.encoding);
        if (req.headers["if-none-match"] === etag) {
          res.statusCode = 304;
          res.end();
          return;
        }
        res.setHeader("Content-Length", stat.size);
        if (req.method === "HEAD") {
          res.end();
          return;
        }
        createReadStream(served).pipe(res);
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
