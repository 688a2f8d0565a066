/**
 * The website check's fetcher: the only part of src/audit that opens sockets.
 *
 * Every request, and every redirect hop, goes through the same steps: the URL must be http or
 * https without credentials; its name is resolved once (node:dns) and every answer must be a
 * public address (./address.ts) unless `host:port` is in AUDIT_ALLOW_HOSTS; the connection goes
 * to the address that was checked (a `lookup` that returns only it, so nothing resolves the name
 * again; TLS still verifies the certificate against the name); at most 5 redirects; a page is
 * cut at 2 MB after decompression and abandoned after 10 s; requests to one host are spaced
 * (2 a second, or the robots.txt Crawl-delay up to 2 s); no cookies are sent or kept, no
 * connection is reused.
 */
import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import type { Readable } from "node:stream";
import zlib from "node:zlib";
import { bareHost, classifyAddress, isIpLiteral } from "./address.ts";
import type { AuditLimits } from "./config.ts";

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to its addresses (node:dns's lookup by default; tests pass their own). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, order: "verbatim" });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/** Why a request got no answer. */
export type FetchFailure =
  "invalid-url" | "blocked" | "dns" | "refused" | "timeout" | "tls" | "redirects" | "aborted";

export interface FetchedPage {
  /** The URL asked for. */
  requestedUrl: string;
  /** The URL that answered, after redirects. */
  url: string;
  /** Every URL answered with a redirect on the way, in order. */
  redirects: string[];
  status: number;
  /** Milliseconds from the last request's start to its last byte kept. */
  ms: number;
  /** Bytes of the body kept, after decompression. */
  bytes: number;
  /** The body was longer than the limit and was cut. */
  truncated: boolean;
  contentType: string | undefined;
  /** The few response headers the checks read. */
  headers: { xRobotsTag?: string; lastModified?: string };
  /** A redirect's target, resolved (only when the redirect was not followed). */
  location?: string;
  body: string;
  /** With `measure`: bytes on the wire (Content-Length, else counted) and the first bytes. */
  transfer?: { bytes: number; cut: boolean; counted: boolean; head: Buffer };
}

export type FetchResult =
  | { ok: true; page: FetchedPage }
  | { ok: false; url: string; failure: FetchFailure; detail: string };

export interface FetcherOptions {
  userAgent: string;
  /** `host:port` entries let through despite the address guard (lower case). */
  allowHosts: readonly string[];
  limits: AuditLimits;
  /** Aborts everything: the whole check's deadline and the caller's signal. */
  signal: AbortSignal;
  resolver?: Resolver;
}

export interface GetOptions {
  /** The Accept header. */
  accept?: string;
  /** Bytes kept of the body (default: the page limit). */
  maxBytes?: number;
  /** Follow redirects (default true); when false a redirect is returned as the answer. */
  followRedirects?: boolean;
  /** This request's time limit, when shorter than the page limit (ms). */
  timeoutMs?: number;
  /**
   * Measure a file rather than read a page: keep its first `maxBytes` as they came (no
   * decompression), and take its size from Content-Length (the rest is not downloaded), else
   * count its bytes up to `countMax`.
   */
  measure?: { countMax: number };
}

class FetchError extends Error {
  readonly failure: FetchFailure;
  constructor(failure: FetchFailure, message: string) {
    super(message);
    this.failure = failure;
  }
}

/** When each host:port may next be asked, shared by every check in this process. */
const nextSlot = new Map<string, number>();

async function pace(host: string, intervalMs: number, signal: AbortSignal): Promise<void> {
  const now = Date.now();
  if (nextSlot.size > 10_000) {
    for (const [key, at] of nextSlot) if (at < now) nextSlot.delete(key);
  }
  const at = Math.max(now, nextSlot.get(host) ?? 0);
  nextSlot.set(host, at + intervalMs);
  if (at > now) await sleep(at - now, undefined, { signal });
}

const defaultPort = (url: URL): string => url.port || (url.protocol === "https:" ? "443" : "80");

/** Why a socket-level error happened, in the report's terms. */
export function failureOf(error: unknown): FetchFailure {
  const e = error as { code?: string; name?: string; message?: string };
  const code = e.code ?? "";
  if (error instanceof FetchError) return error.failure;
  if (e.name === "AbortError" || e.name === "TimeoutError" || code === "ABORT_ERR")
    return "timeout";
  if (["ENOTFOUND", "EAI_AGAIN", "EAI_FAIL", "EAI_NODATA", "ENODATA", "EAI_NONAME"].includes(code))
    return "dns";
  if (
    /^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO|DEPTH_ZERO|SELF_SIGNED|HOSTNAME_MISMATCH|EPROTO)/.test(
      code,
    ) ||
    /certificate|ssl|tls/i.test(e.message ?? "")
  )
    return "tls";
  if (code === "ETIMEDOUT" || code === "ESOCKETTIMEDOUT") return "timeout";
  return "refused";
}

/** A decompressing reader for the Content-Encoding, or null for identity. */
function decoderFor(
  encoding: string | undefined,
): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null {
  switch ((encoding ?? "").trim().toLowerCase()) {
    case "gzip":
    case "x-gzip":
      return zlib.createGunzip();
    case "deflate":
      return zlib.createInflate();
    case "br":
      return zlib.createBrotliDecompress();
    default:
      return null;
  }
}

function charsetOf(contentType: string | undefined): string {
  const m = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? "");
  return m?.[1]?.toLowerCase() ?? "utf-8";
}

function decode(bytes: Buffer, contentType: string | undefined): string {
  try {
    return new TextDecoder(charsetOf(contentType)).decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

function header(res: http.IncomingMessage, name: string): string | undefined {
  const value = res.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

interface OneAnswer {
  status: number;
  location: string | undefined;
  contentType: string | undefined;
  headers: FetchedPage["headers"];
  body: Buffer;
  truncated: boolean;
  ms: number;
  transfer?: { bytes: number; cut: boolean; counted: boolean };
}

/**
 * Fetches pages of one check. Keeps no state between requests but the per-host spacing; a new
 * Fetcher per check.
 */
export class Fetcher {
  readonly #options: FetcherOptions;
  readonly #resolver: Resolver;
  readonly #allow: Set<string>;
  #intervalMs: number;
  #requestMs = 0;
  /** Requests sent (every hop), for the report's figures and the tests. */
  requests = 0;

  constructor(options: FetcherOptions) {
    this.#options = options;
    this.#resolver = options.resolver ?? systemResolver;
    this.#allow = new Set(options.allowHosts.map((h) => h.toLowerCase()));
    this.#intervalMs = options.limits.minIntervalMs;
  }

  /** A robots.txt Crawl-delay (seconds), honoured up to the limit. */
  setCrawlDelay(seconds: number | undefined): void {
    if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return;
    const ms = Math.min(seconds * 1000, this.#options.limits.maxCrawlDelayMs);
    this.#intervalMs = Math.max(this.#intervalMs, ms);
  }

  /** Parses and vets a URL: http or https, a host, no user name or password. */
  static checkUrl(raw: string, base?: string): URL | FetchError {
    let url: URL;
    try {
      url = new URL(raw, base);
    } catch {
      return new FetchError("invalid-url", "not a web address");
    }
    if (url.protocol !== "http:" && url.protocol !== "https:")
      return new FetchError("blocked", `only http and https are fetched, not ${url.protocol}`);
    if (url.username || url.password)
      return new FetchError("blocked", "web addresses with a user name or password are refused");
    if (!url.hostname) return new FetchError("invalid-url", "no host name");
    url.hash = "";
    return url;
  }

  /** Resolves the URL's host once and vets every answer; returns the address to connect to. */
  async #resolve(url: URL): Promise<ResolvedAddress> {
    // A fully qualified name (`localhost.`) is the same host: one rule for both spellings.
    const host = bareHost(url.hostname).replace(/\.$/, "");
    const allowed = this.#allow.has(`${url.hostname.replace(/\.$/, "")}:${defaultPort(url)}`);
    if (isIpLiteral(host)) {
      const verdict = classifyAddress(host);
      if (!verdict.ok && !allowed)
        throw new FetchError("blocked", `${host} is not a public address (${verdict.range})`);
      return { address: host, family: host.includes(":") ? 6 : 4 };
    }
    let answers: ResolvedAddress[];
    try {
      answers = await Promise.race([
        this.#resolver(host),
        new Promise<never>((_, reject) => {
          const signal = this.#options.signal;
          if (signal.aborted) reject(signal.reason);
          signal.addEventListener("abort", () => reject(signal.reason), { once: true });
        }),
      ]);
    } catch (error) {
      if (this.#options.signal.aborted) throw error;
      throw new FetchError("dns", `${host} does not resolve`);
    }
    if (!answers.length) throw new FetchError("dns", `${host} does not resolve`);
    if (!allowed) {
      for (const answer of answers) {
        const verdict = classifyAddress(answer.address);
        if (!verdict.ok)
          throw new FetchError(
            "blocked",
            `${host} points at ${answer.address}, not a public address (${verdict.range})`,
          );
      }
    }
    return answers[0]!;
  }

  /** One request to a checked address; the body read up to maxBytes. */
  #request(
    url: URL,
    to: ResolvedAddress,
    accept: string,
    maxBytes: number,
    signal: AbortSignal,
    measure?: { countMax: number },
  ): Promise<OneAnswer> {
    const pinned: LookupFunction = (_hostname, options, callback) => {
      if ((options as { all?: boolean }).all) {
        (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, [to]);
      } else {
        callback(null, to.address, to.family);
      }
    };
    const started = performance.now();
    this.requests++;
    return new Promise<OneAnswer>((resolve, reject) => {
      const client = url.protocol === "https:" ? https : http;
      const req = client.request(url, {
        method: "GET",
        agent: false,
        lookup: pinned,
        signal,
        headers: {
          "user-agent": this.#options.userAgent,
          accept,
          "accept-encoding": "gzip, deflate, br",
          "accept-language": "en-US,en;q=0.8",
        },
      });
      req.on("error", reject);
      req.on("response", (res) => {
        const status = res.statusCode ?? 0;
        const base = {
          status,
          location: header(res, "location"),
          contentType: header(res, "content-type"),
          headers: {
            xRobotsTag: header(res, "x-robots-tag"),
            lastModified: header(res, "last-modified"),
          },
        };
        if (status >= 300 && status < 400 && base.location) {
          res.resume();
          req.destroy();
          resolve({
            ...base,
            body: Buffer.alloc(0),
            truncated: false,
            ms: performance.now() - started,
          });
          return;
        }
        if (measure) {
          this.#measure(req, res, maxBytes, measure.countMax, signal, (error, answer) => {
            if (error) reject(error);
            else resolve({ ...base, ...answer!, ms: performance.now() - started });
          });
          return;
        }
        const decoder = decoderFor(header(res, "content-encoding"));
        const source: Readable = decoder ? res.pipe(decoder) : res;
        const chunks: Buffer[] = [];
        let kept = 0;
        let raw = 0;
        let done = false;
        const settle = (error: unknown, truncated = false) => {
          if (done) return;
          done = true;
          if (error) reject(error);
          else {
            const ms = performance.now() - started;
            resolve({ ...base, body: Buffer.concat(chunks, kept), truncated, ms });
          }
        };
        const cut = () => {
          settle(null, true);
          req.destroy();
          source.destroy();
        };
        // The compressed stream is capped too: a body that never ends is cut off either way.
        if (decoder) {
          res.on("data", (chunk: Buffer) => {
            raw += chunk.length;
            if (raw > maxBytes) cut();
          });
        }
        source.on("data", (chunk: Buffer) => {
          if (done) return;
          const room = maxBytes - kept;
          chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
          kept += Math.min(chunk.length, room);
          if (chunk.length > room) cut();
        });
        source.on("end", () => settle(null));
        // A timeout, a reset or a corrupt compressed stream: no page.
        source.on("error", (error) => settle(signal.aborted ? signal.reason : error));
        res.on("error", (error) => settle(signal.aborted ? signal.reason : error));
        res.on("close", () => {
          if (!res.complete)
            settle(signal.aborted ? signal.reason : new Error("connection closed"));
        });
      });
      req.end();
    });
  }

  /** A file's size on the wire and its first bytes (GetOptions.measure). */
  #measure(
    req: http.ClientRequest,
    res: http.IncomingMessage,
    keep: number,
    countMax: number,
    signal: AbortSignal,
    done: (error: unknown, answer?: Pick<OneAnswer, "body" | "truncated" | "transfer">) => void,
  ): void {
    const stated = header(res, "content-length")?.trim();
    const length = stated && /^\d{1,15}$/.test(stated) ? Number(stated) : NaN;
    const declared = Number.isSafeInteger(length) ? length : null;
    const chunks: Buffer[] = [];
    let kept = 0;
    let raw = 0;
    let settled = false;
    const settle = (error: unknown, cut: boolean) => {
      if (settled) return;
      settled = true;
      if (cut) {
        req.destroy();
        res.destroy();
      }
      if (error) return done(error);
      const bytes = declared ?? raw;
      done(null, {
        body: Buffer.concat(chunks, kept),
        truncated: cut,
        transfer: { bytes, cut: declared === null && cut, counted: declared === null },
      });
    };
    if (declared === 0) return settle(null, true);
    res.on("data", (chunk: Buffer) => {
      if (settled) return;
      raw += chunk.length;
      if (kept < keep) {
        const part = chunk.length > keep - kept ? chunk.subarray(0, keep - kept) : chunk;
        chunks.push(part);
        kept += part.length;
      }
      // The stated length is taken at its word once the head is in: the rest is not downloaded.
      if (declared !== null && kept >= Math.min(keep, declared)) settle(null, kept < declared);
      else if (declared === null && raw > countMax) settle(null, true);
    });
    res.on("end", () => settle(null, false));
    res.on("error", (error) => settle(signal.aborted ? signal.reason : error, false));
    res.on("close", () => {
      if (!res.complete)
        settle(signal.aborted ? signal.reason : new Error("connection closed"), false);
    });
  }

  /** Time spent waiting for answers so far, pacing left out (ms). */
  get requestMs(): number {
    return this.#requestMs;
  }

  /** GET a URL, following at most the limit's redirects, each hop vetted again. */
  async get(rawUrl: string, options: GetOptions = {}): Promise<FetchResult> {
    const { limits, signal: checkSignal } = this.#options;
    const accept = options.accept ?? "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5";
    const maxBytes = options.maxBytes ?? limits.maxPageBytes;
    // Whole milliseconds: AbortSignal.timeout refuses a fraction (a budget left over, divided).
    const timeout = Math.max(
      1,
      Math.ceil(Math.min(limits.pageTimeoutMs, options.timeoutMs ?? Infinity)),
    );
    const signal = AbortSignal.any([checkSignal, AbortSignal.timeout(timeout)]);
    const redirects: string[] = [];
    let current = rawUrl;
    try {
      for (;;) {
        const url = Fetcher.checkUrl(current);
        if (url instanceof FetchError) throw url;
        const to = await this.#resolve(url);
        // One site is one host and port: sites on one shared IP address are paced apart.
        await pace(url.host.toLowerCase(), this.#intervalMs, signal);
        const asked = performance.now();
        const answer = await this.#request(
          url,
          to,
          accept,
          maxBytes,
          signal,
          options.measure,
        ).finally(() => {
          this.#requestMs += performance.now() - asked;
        });
        if (answer.status >= 300 && answer.status < 400 && answer.location) {
          if (options.followRedirects === false) {
            return { ok: true, page: this.#page(rawUrl, url.href, redirects, answer) };
          }
          redirects.push(url.href);
          if (redirects.length > limits.maxRedirects)
            throw new FetchError("redirects", `more than ${limits.maxRedirects} redirects`);
          const next = Fetcher.checkUrl(answer.location, url.href);
          if (next instanceof FetchError) throw next;
          current = next.href;
          continue;
        }
        return { ok: true, page: this.#page(rawUrl, url.href, redirects, answer) };
      }
    } catch (error) {
      if (checkSignal.aborted && !(error instanceof FetchError)) {
        return { ok: false, url: current, failure: "aborted", detail: "the check ran out of time" };
      }
      const failure = failureOf(error);
      const detail =
        error instanceof FetchError
          ? error.message
          : failure === "timeout"
            ? `no complete answer within ${timeout / 1000} s`
            : ((error as { code?: string }).code ?? "connection failed");
      return { ok: false, url: current, failure, detail };
    }
  }

  #page(requestedUrl: string, url: string, redirects: string[], answer: OneAnswer): FetchedPage {
    return {
      requestedUrl,
      url,
      redirects,
      status: answer.status,
      ms: Math.round(answer.ms),
      bytes: answer.body.length,
      truncated: answer.truncated,
      contentType: answer.contentType,
      headers: answer.headers,
      ...(answer.location ? { location: absoluteOrRaw(answer.location, url) } : {}),
      body: answer.transfer ? "" : decode(answer.body, answer.contentType),
      ...(answer.transfer ? { transfer: { ...answer.transfer, head: answer.body } } : {}),
    };
  }
}

function absoluteOrRaw(location: string, base: string): string {
  try {
    return new URL(location, base).href;
  } catch {
    return location;
  }
}
