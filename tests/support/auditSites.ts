/**
 * Fixture websites for the website check, served on loopback only: a strong landscaper site, a
 * weak one, generated farm sites of N pages (bench/audit.mjs), and a canary that counts every
 * connection it is offered (the address guard's tests: it must see none). Usable from Vitest and
 * from plain Node (type stripping): no test-runner imports here.
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { join } from "node:path";

const fixtures = join(import.meta.dirname, "../fixtures/audit");

/** A fixture page's HTML with `{{name}}` filled in. */
export function fixtureHtml(file: string, values: Record<string, string> = {}): string {
  return readFileSync(join(fixtures, file), "utf8").replace(
    /\{\{(\w+)\}\}/g,
    (_, key: string) => values[key] ?? "",
  );
}

export interface Route {
  status?: number;
  /** Content-Type (default text/html; charset=utf-8). */
  type?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Wait this long before answering (ms). */
  delayMs?: number;
  /** Full control of the answer instead. */
  handler?: (req: http.IncomingMessage, res: http.ServerResponse) => void;
}

export type Routes = Record<string, Route>;

export interface FixtureSite {
  /** http://127.0.0.1:PORT */
  origin: string;
  /** 127.0.0.1:PORT, the AUDIT_ALLOW_HOSTS entry. */
  hostPort: string;
  /** Paths requested, in order (query strings included). */
  requests: string[];
  /** The headers of each request. */
  headers: http.IncomingHttpHeaders[];
  /** Times each request started (ms, performance.now()). */
  times: number[];
  close(): Promise<void>;
}

/**
 * Serves the routes `build(origin)` returns on `host` (127.0.0.1 by default) and an OS-assigned
 * port. Unknown paths answer 404.
 */
export async function serveSite(
  build: (origin: string) => Routes,
  host = "127.0.0.1",
  options: { tls?: { key: string | Buffer; cert: string | Buffer }; fallback?: Route } = {},
): Promise<FixtureSite> {
  let routes: Routes = {};
  const requests: string[] = [];
  const headers: http.IncomingHttpHeaders[] = [];
  const times: number[] = [];
  const sockets = new Set<net.Socket>();
  const listener = (req: http.IncomingMessage, res: http.ServerResponse) => {
    requests.push(req.url ?? "");
    headers.push(req.headers);
    times.push(performance.now());
    const route = routes[(req.url ?? "/").split("?")[0]!] ??
      options.fallback ?? {
        status: 404,
        body: "<!doctype html><title>Not found</title><h1>Not found</h1>",
      };
    const answer = () => {
      if (route.handler) return route.handler(req, res);
      res.writeHead(route.status ?? 200, {
        "content-type": route.type ?? "text/html; charset=utf-8",
        ...route.headers,
      });
      res.end(route.body ?? "");
    };
    if (route.delayMs) setTimeout(answer, route.delayMs).unref();
    else answer();
  };
  const server = options.tls
    ? https.createServer(options.tls, listener)
    : http.createServer(listener);
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const hostPort = `${host.includes(":") ? `[${host}]` : host}:${port}`;
  const origin = `${options.tls ? "https" : "http"}://${hostPort}`;
  routes = build(origin);
  return {
    origin,
    hostPort,
    requests,
    headers,
    times,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const html = (body: string): Route => ({ body });

/**
 * A JPEG file of `width`×`height` pixels as its header says (start of image, a baseline frame
 * header), padded to `bytes`: what the check reads of an image (its size on the wire and in
 * pixels), without a real picture.
 */
export function fixtureJpeg(width: number, height: number, bytes = 20_000): Buffer {
  const head = Buffer.from([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0x00,
    0x10,
    0x4a,
    0x46,
    0x49,
    0x46,
    0x00,
    0x01,
    0x01,
    0x00,
    0x00,
    0x01,
    0x00,
    0x01,
    0x00,
    0x00,
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    0x01,
    0x22,
    0x00,
    0x02,
    0x11,
    0x01,
    0x03,
    0x11,
    0x01,
  ]);
  const end = Buffer.from([0xff, 0xd9]);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, bytes - head.length - 2)), end]);
}

/** An image route: a JPEG of that size in pixels and bytes. */
export const jpegRoute = (width: number, height: number, bytes?: number): Route => ({
  type: "image/jpeg",
  body: fixtureJpeg(width, height, bytes),
});

/** The trades of the strong site's service pages: [path, title]. */
export const strongServices: [string, string][] = [
  ["/lawn-care", "Lawn care and mowing"],
  ["/landscape-design", "Landscape design"],
  ["/patios-and-pavers", "Patios and pavers"],
  ["/irrigation", "Irrigation and sprinkler repair"],
];

/** A well-kept landscaper's site: every check passes (fresh-content with now in November 2026). */
export function strongSite(origin: string): Routes {
  const routes: Routes = {
    "/": html(fixtureHtml("strong-home.html", { origin })),
    "/robots.txt": {
      type: "text/plain",
      body: `User-agent: *\nDisallow: /admin/\n\nSitemap: ${origin}/sitemap.xml\n`,
    },
    "/sitemap.xml": {
      type: "application/xml",
      body: `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>${origin}/</loc><lastmod>2026-11-02</lastmod></url>
${strongServices.map(([path]) => `  <url><loc>${origin}${path}</loc><lastmod>2026-09-14</lastmod></url>`).join("\n")}
  <url><loc>${origin}/about</loc></url>
  <url><loc>${origin}/contact</loc></url>
</urlset>`,
    },
    "/about": html(fixtureHtml("service-page.html", { title: "About Lawn Pros", slug: "about" })),
    "/contact": html(fixtureHtml("service-page.html", { title: "Contact us", slug: "contact" })),
    "/blog/fall-aeration": html(
      fixtureHtml("service-page.html", { title: "Fall aeration", slug: "aeration" }),
    ),
  };
  for (const [path, title] of strongServices) {
    routes[path] = html(fixtureHtml("service-page.html", { title, slug: path.slice(1) }));
  }
  // Its photos (light, and sized as shown) and its one small stylesheet.
  for (const name of ["patio", "lawn", "crew", "about", "contact", "aeration"])
    routes[`/img/${name}.jpg`] = jpegRoute(1200, 800, 90_000);
  for (const [path] of strongServices) routes[`/img${path}.jpg`] = jpegRoute(1200, 800, 90_000);
  routes["/style.css"] = { type: "text/css", body: "body{font-family:sans-serif}\n".repeat(200) };
  return routes;
}

/** A neglected site: no robots.txt, no sitemap, a broken link, little of anything. */
export function weakSite(): Routes {
  return {
    "/": html(fixtureHtml("weak-home.html")),
    "/about.html": html(
      "<html><head><title>About</title></head><body><p>About us.</p></body></html>",
    ),
  };
}

/**
 * A generated landscaper site of `pages` pages besides the home page (the benchmark's farm):
 * the strong home page, a sitemap listing every page, each page a service page.
 */
export function farmSite(origin: string, pages = 20): Routes {
  const routes: Routes = {
    "/": html(fixtureHtml("strong-home.html", { origin })),
    "/robots.txt": {
      type: "text/plain",
      body: `User-agent: *\nAllow: /\nSitemap: ${origin}/sitemap.xml\n`,
    },
  };
  const trades = [
    "lawn-care",
    "landscape-design",
    "patios",
    "irrigation",
    "tree-trimming",
    "mulch",
    "snow-removal",
  ];
  const paths: string[] = [];
  for (let i = 0; i < pages; i++) {
    const path = `/${trades[i % trades.length]}-${i}`;
    paths.push(path);
    routes[path] = html(
      fixtureHtml("service-page.html", { title: `Service ${i}`, slug: path.slice(1) }),
    );
  }
  routes["/sitemap.xml"] = {
    type: "application/xml",
    body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths
      .map((p) => `<url><loc>${origin}${p}</loc><lastmod>2026-11-01</lastmod></url>`)
      .join("")}</urlset>`,
  };
  return routes;
}

export interface Canary {
  host: string;
  port: number;
  /** Connections offered so far. */
  connections(): number;
  close(): Promise<void>;
}

/**
 * A TCP listener that counts every connection and closes it at once. The address guard's tests
 * point URLs, redirects and name answers at it; it must count none.
 */
export async function startCanary(host: string, port = 0): Promise<Canary> {
  let count = 0;
  const server = net.createServer((socket) => {
    count++;
    socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  return {
    host,
    port: (server.address() as AddressInfo).port,
    connections: () => count,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Answers names from a table (loopback addresses only), like a DNS server would. */
export function tableResolver(table: Record<string, string[]>) {
  return async (hostname: string) => {
    const answers = table[hostname.toLowerCase()];
    if (!answers) throw Object.assign(new Error(`${hostname} not found`), { code: "ENOTFOUND" });
    return answers.map((address) => ({
      address,
      family: (address.includes(":") ? 6 : 4) as 4 | 6,
    }));
  };
}
