/**
 * The Node fast path for JSON lead posts. Astro's per-request pipeline (static-file lookup, route
 * match, dynamic page import, web Request/Response conversion) costs about as much CPU as
 * storing the lead; JSON posts never need a page, so scripts/start.mjs wraps the adapter's
 * handler with `leadsFastPath`, which answers POST /api/leads with a JSON body straight from
 * src/leads/http.ts, the same code and the same service as the Astro endpoint. Everything
 * else, native form posts included (they may need the review page), goes on to Astro.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { TLSSocket } from "node:tls";
import { answerLeadPost, bodyKind, plainJson, type PlainResponse } from "./http.ts";
import { LEADS_ENDPOINT } from "./fields.ts";
import type { LeadService } from "./server.ts";

type Handler = (req: IncomingMessage, res: ServerResponse, next?: () => void) => void;

/** How much of an oversized body is read and dropped, at most, so its sender can read the 413. */
const DRAIN_BYTES = 8 * 1024 * 1024;
const DRAIN_MS = 5_000;

/**
 * The one body reader of the server's POST endpoints (the Node fast paths, and the Astro routes
 * through `readRequestBody`). Reads at most `limit` bytes; null when the body is larger. An
 * oversized body is read to its end and dropped (up to DRAIN_BYTES or DRAIN_MS) before the
 * caller answers: a socket closed while the client still sends is reset, and the client would
 * never see the 413. `declaredLength` is the Content-Length header, when there is one.
 */
export function readBody(
  req: Readable,
  limit: number,
  declaredLength: string | null | undefined = (req as IncomingMessage).headers?.["content-length"],
): Promise<Uint8Array<ArrayBuffer> | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let over = Number(declaredLength ?? "0") > limit;
    let timer: NodeJS.Timeout | null = null;
    const finish = (value: Uint8Array<ArrayBuffer> | null) => {
      if (timer) clearTimeout(timer);
      req.removeAllListeners("data");
      req.removeAllListeners("end");
      resolve(value);
    };
    const startDraining = () => {
      over = true;
      chunks.length = 0;
      timer ??= setTimeout(() => finish(null), DRAIN_MS);
    };
    if (over) startDraining();
    req.on("data", (chunk: Buffer) => {
      total += chunk.length;
      if (over) {
        if (total > limit + DRAIN_BYTES) finish(null);
        return;
      }
      if (total > limit) startDraining();
      else chunks.push(chunk);
    });
    req.on("end", () => {
      if (over) return finish(null);
      const buffer = Buffer.concat(chunks, total);
      finish(
        new Uint8Array(
          buffer.buffer,
          buffer.byteOffset,
          buffer.byteLength,
        ) as Uint8Array<ArrayBuffer>,
      );
    });
    req.on("error", (error) => {
      if (timer) clearTimeout(timer);
      reject(error);
    });
  });
}

/** `readBody` over a web Request's body (the Astro routes' side of the same endpoints). */
export function readRequestBody(
  request: Request,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return Promise.resolve(new Uint8Array());
  return readBody(
    Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>),
    limit,
    request.headers.get("content-length"),
  );
}

export function send(res: ServerResponse, plain: PlainResponse, close = false) {
  const headers = close ? { ...plain.headers, connection: "close" } : plain.headers;
  res.writeHead(plain.status, headers);
  res.end(plain.body ?? undefined);
}

export function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

/** The request's path, without its query. */
export function requestPath(req: IncomingMessage): string {
  const url = req.url ?? "";
  return url.includes("?") ? url.slice(0, url.indexOf("?")) : url;
}

export function isFastPathRequest(req: IncomingMessage): boolean {
  if (req.method !== "POST") return false;
  return requestPath(req) === LEADS_ENDPOINT && bodyKind(header(req, "content-type")) === "json";
}

/**
 * Wraps the adapter's handler. Also starts the lead service right away: the store opens, so
 * migrations run when the server starts (a store that is down is only logged: requests answer
 * 503 until it is back), and the outbox worker starts delivering.
 */
export function leadsFastPath(service: LeadService, next: Handler): Handler {
  service.start();
  return (req, res, ...rest) => {
    if (!isFastPathRequest(req)) return next(req, res, ...rest);
    let tooLarge = false;
    // The scheme as server/serve.ts `forwardedScheme` decided it (a trusted proxy's https).
    const scheme = (req.socket as Partial<TLSSocket>).encrypted ? "https" : "http";
    void answerLeadPost(
      async () => {
        const bytes = await readBody(req, service.config.bodyLimitBytes);
        tooLarge = bytes === null;
        return bytes;
      },
      {
        contentType: header(req, "content-type"),
        accept: header(req, "accept"),
        referer: header(req, "referer"),
        userAgent: header(req, "user-agent"),
        secGpc: header(req, "sec-gpc"),
        forwardedFor: header(req, "x-forwarded-for"),
        remoteAddress: req.socket.remoteAddress,
        origin: `${scheme}://${header(req, "host") ?? "localhost"}`,
      },
      service,
    ).then((result) => {
      if (res.headersSent) return;
      // JSON posts always get a response; a review page is only for native form posts.
      if (result.kind === "response") send(res, result.response, tooLarge);
      else send(res, plainJson(result.review.status, { error: "review" }));
    });
  };
}
