/**
 * Serves the accuracy corpus (./sites.ts) on loopback, each site on its own port: https sites
 * with a certificate from a throwaway certificate authority made at run time with `openssl`
 * (D249; the CLI under test trusts it through NODE_EXTRA_CA_CERTS), and on the same port plain
 * http that redirects to https, as a well-kept host does (the first byte of a connection tells a
 * TLS handshake from an http request). The http-only site answers plain http only; a TLS
 * handshake on its port fails, as it does on a real host without a certificate.
 * Plain Node (type stripping): usable from Vitest and from bench/check-accuracy.mjs.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import tls from "node:tls";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { Duplex } from "node:stream";
import { join } from "node:path";
import type { Route } from "../auditSites.ts";
import type { CorpusSite, SiteRoutes } from "./sites.ts";

export interface LocalCa {
  /** The CA certificate's file, for NODE_EXTRA_CA_CERTS. */
  caFile: string;
  key: string;
  cert: string;
  remove(): void;
}

/**
 * A certificate authority that lives for one run and a certificate it signed for 127.0.0.1 and
 * localhost (P-256 keys: quick to make). Needs the `openssl` command (.ci/run installs it).
 */
export function makeLocalCa(): LocalCa {
  const dir = mkdtempSync(join(tmpdir(), "audit-corpus-ca-"));
  const at = (f: string) => join(dir, f);
  const ssl = (...args: string[]) => execFileSync("openssl", args, { stdio: "pipe" });
  const ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
  ssl(
    "req",
    "-x509",
    ...ec,
    "-keyout",
    at("ca.key"),
    "-out",
    at("ca.pem"),
    "-days",
    "2",
    "-subj",
    "/CN=Website check corpus CA (throwaway)",
    "-addext",
    "basicConstraints=critical,CA:TRUE",
    "-addext",
    "keyUsage=critical,keyCertSign,cRLSign",
  );
  ssl("req", ...ec, "-keyout", at("site.key"), "-out", at("site.csr"), "-subj", "/CN=127.0.0.1");
  writeFileSync(
    at("site.ext"),
    "subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\n" +
      "keyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n",
  );
  ssl(
    "x509",
    "-req",
    "-in",
    at("site.csr"),
    "-CA",
    at("ca.pem"),
    "-CAkey",
    at("ca.key"),
    "-CAcreateserial",
    "-out",
    at("site.pem"),
    "-days",
    "2",
    "-extfile",
    at("site.ext"),
  );
  return {
    caFile: at("ca.pem"),
    key: readFileSync(at("site.key"), "utf8"),
    cert: readFileSync(at("site.pem"), "utf8"),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Makes this process's TLS clients trust the run's CA (for checks run in-process; a child
 * process gets NODE_EXTRA_CA_CERTS instead). Returns the function that puts the trust back.
 */
export function trustLocalCa(ca: LocalCa): () => void {
  const before = tls.getCACertificates("default");
  tls.setDefaultCACertificates([...before, readFileSync(ca.caFile, "utf8")]);
  return () => tls.setDefaultCACertificates(before);
}

export interface ServedSite {
  site: CorpusSite;
  /** 127.0.0.1:PORT: what the check is given (no scheme) and the AUDIT_ALLOW_HOSTS entry. */
  hostPort: string;
  /** https://127.0.0.1:PORT or http://… for the http-only site. */
  origin: string;
  /** Requests answered, as `METHOD scheme path`. */
  requests: string[];
  close(): Promise<void>;
}

const notFoundPage: Route = {
  status: 404,
  body: "<!doctype html><html lang=en><head><meta charset=utf-8><title>Page not found</title></head><body><h1>Page not found</h1><p><a href=/>Home</a></p></body></html>",
};

/** Answers one request from a site's routes (HEAD with the length and no body). */
export function answer(routes: SiteRoutes, req: http.IncomingMessage, res: http.ServerResponse) {
  const path = (req.url ?? "/").split("?")[0]!;
  const route = routes.pages[path] ?? routes.notFound ?? notFoundPage;
  const reply = () => {
    if (route.handler) return route.handler(req, res);
    const body = typeof route.body === "string" ? Buffer.from(route.body) : (route.body ?? null);
    res.writeHead(route.status ?? 200, {
      "content-type": route.type ?? "text/html; charset=utf-8",
      ...(body ? { "content-length": String(body.length) } : {}),
      ...route.headers,
    });
    res.end(req.method === "HEAD" ? undefined : (body ?? undefined));
  };
  if (route.delayMs) setTimeout(reply, route.delayMs).unref();
  else reply();
}

/** `socket` as a duplex stream whose reading starts with `first`. */
function replay(socket: net.Socket, first: Buffer): Duplex {
  const duplex = new Duplex({
    read() {
      socket.resume();
    },
    write(chunk: Buffer, _encoding, done) {
      socket.write(chunk, done);
    },
    final(done) {
      socket.end();
      done();
    },
    destroy(error, done) {
      socket.destroy();
      done(error);
    },
  });
  duplex.push(first);
  socket.on("data", (chunk) => {
    if (!duplex.push(chunk)) socket.pause();
  });
  socket.on("end", () => duplex.push(null));
  socket.on("error", (error) => duplex.destroy(error));
  socket.on("close", () => duplex.destroy());
  return duplex;
}

/** Serves one corpus site on 127.0.0.1 and an OS-assigned port. */
export async function serveCorpusSite(
  site: CorpusSite,
  tls: { key: string; cert: string },
  now: Date,
): Promise<ServedSite> {
  let routes: SiteRoutes = { pages: {} };
  const requests: string[] = [];
  const sockets = new Set<net.Socket>();
  const handler = (scheme: string) => (req: http.IncomingMessage, res: http.ServerResponse) => {
    requests.push(`${req.method} ${scheme} ${req.url}`);
    if (scheme === "http" && site.scheme === "https" && site.plainHttp !== "serve") {
      // A well-kept https site sends every plain-http request to its https address.
      res.writeHead(301, { location: `https://${req.headers.host}${req.url}` });
      res.end();
      return;
    }
    answer(routes, req, res);
  };
  const plain = http.createServer(handler("http"));
  const secure = https.createServer({ key: tls.key, cert: tls.cert }, handler("https"));
  const listener =
    site.scheme === "https"
      ? net.createServer((socket) => {
          socket.once("data", (first) => {
            if (first[0] !== 0x16) {
              socket.pause();
              socket.unshift(first);
              plain.emit("connection", socket);
              socket.resume();
              return;
            }
            // A TLS server reads a net.Socket's handle directly, past what was unshifted: hand
            // it a stream that starts with the bytes already read.
            secure.emit("connection", replay(socket, first));
          });
        })
      : plain;
  listener.on("connection", (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  const { port } = listener.address() as AddressInfo;
  const hostPort = `127.0.0.1:${port}`;
  const origin = `${site.scheme}://${hostPort}`;
  routes = site.build({ origin, now });
  return {
    site,
    hostPort,
    origin,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        listener.close(() => resolve());
      }),
  };
}

export interface ServedCorpus {
  ca: LocalCa;
  sites: ServedSite[];
  close(): Promise<void>;
}

/** Makes the CA and serves every site given. */
export async function serveCorpus(
  sites: readonly CorpusSite[],
  now = new Date(),
): Promise<ServedCorpus> {
  const ca = makeLocalCa();
  const served = await Promise.all(sites.map((s) => serveCorpusSite(s, ca, now)));
  return {
    ca,
    sites: served,
    close: async () => {
      await Promise.all(served.map((s) => s.close()));
      ca.remove();
    },
  };
}
