/**
 * Real receivers on loopback for the lead-delivery tests: an SMTP server (smtp-server) that
 * keeps every message, parsed just enough to read its headers and both bodies, and an HTTP
 * webhook receiver that verifies Standard Webhooks signatures the way the README tells the
 * agency's CRM to, can be down (connection refused) or failing (503), and records overlapping
 * deliveries of one webhook-id.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import type { LeadRecord, OutboxRow } from "../../src/leads/store/types";
import { runCli } from "./support";

export const WEBHOOK_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
export const EMAIL_TO = "sales@greenline.test";
export const EMAIL_FROM = "Greenline Leads <leads@greenline.test>";

/**
 * The leads CLI's standard output; throws with its standard error when it fails. It runs in this
 * process (support.ts `runCli`), never blocking it: the receivers below run in it too.
 */
export async function cliAsync(args: string[], env: Record<string, string>): Promise<string> {
  const run = await runCli("leads", args, env);
  if (run.status !== 0) throw new Error(`leads ${args.join(" ")} failed:\n${run.stderr}`);
  return run.stdout;
}

export async function outboxRows(env: Record<string, string>): Promise<OutboxRow[]> {
  return JSON.parse(await cliAsync(["outbox", "--json"], env)) as OutboxRow[];
}

/** Every stored lead, spam included. */
export async function storedLeads(env: Record<string, string>): Promise<LeadRecord[]> {
  return JSON.parse(
    await cliAsync(["export", "--format", "json", "--include-spam"], env),
  ) as LeadRecord[];
}

export async function waitFor(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

// ---------------------------------------------------------------------------------------------
// Email

export interface ReceivedMail {
  /** Header names in lower case, values unfolded and decoded (RFC 2047). */
  headers: Map<string, string[]>;
  header(name: string): string | undefined;
  text: string;
  html: string;
  raw: string;
  envelopeTo: string[];
}

/** RFC 2047 encoded words (UTF-8, Q or B), adjacent words joined before decoding. */
function decodeWords(value: string): string {
  const joined = value.replace(/\?=\s+=\?/g, "?==?");
  return joined.replace(/(?:=\?UTF-8\?[QB]\?[^?]*\?=)+/gi, (run) => {
    const bytes: number[] = [];
    for (const [, enc, data] of run.matchAll(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi)) {
      if (enc!.toUpperCase() === "B") bytes.push(...Buffer.from(data!, "base64"));
      else bytes.push(...qpBytes(data!.replace(/_/g, " ")));
    }
    return Buffer.from(bytes).toString("utf8");
  });
}

function qpBytes(text: string): number[] {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "=" && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(c, "utf8"));
  }
  return bytes;
}

function parseHeaders(block: string): Map<string, string[]> {
  const headers = new Map<string, string[]>();
  for (const line of block.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon < 1) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), decodeWords(line.slice(colon + 1).trim())]);
  }
  return headers;
}

function splitHead(raw: string): [string, string] {
  const at = raw.search(/\r?\n\r?\n/);
  if (at < 0) return [raw, ""];
  const sep = raw.slice(at).startsWith("\r\n\r\n") ? 4 : 2;
  return [raw.slice(0, at), raw.slice(at + sep)];
}

function decodeBody(body: string, encoding: string | undefined): string {
  const enc = (encoding ?? "7bit").toLowerCase();
  if (enc === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (enc === "quoted-printable") {
    return Buffer.from(qpBytes(body.replace(/=\r?\n/g, ""))).toString("utf8");
  }
  return body;
}

/** Just enough MIME for nodemailer's multipart/alternative: headers, text and HTML bodies. */
export function parseMail(raw: string, envelopeTo: string[] = []): ReceivedMail {
  const [head, body] = splitHead(raw);
  const headers = parseHeaders(head);
  const get = (h: Map<string, string[]>, n: string) => h.get(n)?.[0];
  let text = "";
  let html = "";
  const type = get(headers, "content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1)
        .filter((p) => !p.startsWith("--"))
    : [raw];
  for (const part of parts) {
    const [ph, pb] = splitHead(part.replace(/^\r?\n/, ""));
    const h = parseHeaders(ph);
    const content = decodeBody(pb.replace(/\r?\n$/, ""), get(h, "content-transfer-encoding"));
    const ct = get(h, "content-type") ?? "";
    if (ct.startsWith("text/plain")) text = content.replace(/\r\n/g, "\n");
    if (ct.startsWith("text/html")) html = content.replace(/\r\n/g, "\n");
  }
  return { headers, header: (n) => get(headers, n.toLowerCase()), text, html, raw, envelopeTo };
}

export interface SmtpReceiver {
  url: string;
  messages: ReceivedMail[];
  /** "up" accepts mail; "tempfail" answers 451 to every message. */
  mode: "up" | "tempfail";
  refused: number;
  close(): Promise<void>;
}

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const receiver: SmtpReceiver = {
    url: "",
    messages: [],
    mode: "up",
    refused: 0,
    close: async () => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    size: 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (receiver.mode === "tempfail") {
          receiver.refused++;
          const error = Object.assign(new Error("Try again later"), { responseCode: 451 });
          callback(error);
          return;
        }
        receiver.messages.push(
          parseMail(
            Buffer.concat(chunks).toString("utf8"),
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        callback();
      });
    },
  });
  // A sender killed mid-message (the fault tests) resets its connection: not an error here.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  receiver.url = `smtp://127.0.0.1:${port}`;
  receiver.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return receiver;
}

// ---------------------------------------------------------------------------------------------
// Webhooks

export interface WebhookDelivery {
  id: string;
  timestamp: number;
  body: string;
  payload: { type: string; timestamp: string; data: { id: string; [key: string]: unknown } };
  receivedAt: number;
}

export interface WebhookReceiver {
  url: string;
  /** Accepted (2xx) deliveries, duplicates included, in arrival order. */
  deliveries: WebhookDelivery[];
  /** Requests answered 503 or refused by signature. */
  failedOn503: number;
  badSignatures: number;
  /** webhook-ids that arrived while a delivery of the same id was still being handled. */
  overlaps: string[];
  /** Milliseconds before answering (so that concurrent duplicates would overlap). */
  delayMs: number;
  setMode(mode: "up" | "503" | "down"): Promise<void>;
  /** Unique webhook-ids accepted. */
  ids(): Set<string>;
  /** Requests being handled right now. */
  active(): number;
  close(): Promise<void>;
}

/** Standard Webhooks verification, as documented in the README for the agency's receiver. */
export function verifySignature(
  secret: string,
  headers: IncomingMessage["headers"],
  body: string,
  toleranceSeconds = 300,
): boolean {
  const id = String(headers["webhook-id"] ?? "");
  const timestamp = String(headers["webhook-timestamp"] ?? "");
  const signatures = String(headers["webhook-signature"] ?? "");
  if (!id || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > toleranceSeconds) return false;
  const key = secret.startsWith("whsec_")
    ? Buffer.from(secret.slice(6), "base64")
    : Buffer.from(secret);
  const expected = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest();
  return signatures.split(" ").some((s) => {
    const [version, sig] = s.split(",");
    const given = Buffer.from(sig ?? "", "base64");
    return version === "v1" && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

export async function startWebhookReceiver(secret = WEBHOOK_SECRET): Promise<WebhookReceiver> {
  let mode: "up" | "503" | "down" = "up";
  const active = new Map<string, number>();
  const receiver: WebhookReceiver = {
    url: "",
    deliveries: [],
    failedOn503: 0,
    badSignatures: 0,
    overlaps: [],
    delayMs: 0,
    setMode: async () => {},
    ids: () => new Set(receiver.deliveries.map((d) => d.id)),
    active: () => [...active.values()].reduce((a, b) => a + b, 0),
    close: async () => {},
  };
  const listener = (req: IncomingMessage, res: import("node:http").ServerResponse) => {
    const chunks: Buffer[] = [];
    // A sender killed mid-request (the fault tests) resets the connection: not an error here.
    req.on("error", () => {});
    res.on("error", () => {});
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      void (async () => {
        const body = Buffer.concat(chunks).toString("utf8");
        if (!verifySignature(secret, req.headers, body)) {
          receiver.badSignatures++;
          res.writeHead(401).end("bad signature");
          return;
        }
        const id = String(req.headers["webhook-id"]);
        if ((active.get(id) ?? 0) > 0) receiver.overlaps.push(id);
        active.set(id, (active.get(id) ?? 0) + 1);
        try {
          if (receiver.delayMs) await new Promise((r) => setTimeout(r, receiver.delayMs));
          if (mode === "503") {
            receiver.failedOn503++;
            res.writeHead(503).end("busy");
            return;
          }
          receiver.deliveries.push({
            id,
            timestamp: Number(req.headers["webhook-timestamp"]),
            body,
            payload: JSON.parse(body) as WebhookDelivery["payload"],
            receivedAt: Date.now(),
          });
          res.writeHead(204).end();
        } finally {
          active.set(id, active.get(id)! - 1);
        }
      })();
    });
  };
  let server: Server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  receiver.url = `http://127.0.0.1:${port}/hooks/leads`;
  const close = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    });
  receiver.setMode = async (next) => {
    if (next === "down" && server.listening) await close();
    if (next !== "down" && !server.listening) {
      server = createServer(listener);
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, "127.0.0.1", () => resolve());
      });
    }
    mode = next;
  };
  receiver.close = close;
  return receiver;
}

/** Server settings for fast delivery tests: short polls, leases, retries and timeouts. */
export function deliveryEnv(
  smtp: SmtpReceiver | null,
  hook: WebhookReceiver | null,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    ...(smtp ? { SMTP_URL: smtp.url, LEAD_EMAIL_TO: EMAIL_TO, LEAD_EMAIL_FROM: EMAIL_FROM } : {}),
    ...(hook ? { WEBHOOK_URL: hook.url, WEBHOOK_SECRET } : {}),
    LEADS_OUTBOX_POLL_MS: "200",
    LEADS_OUTBOX_LEASE_MS: "6000",
    LEADS_OUTBOX_RETRY_BASE_MS: "100",
    LEADS_OUTBOX_RETRY_MAX_MS: "800",
    LEADS_OUTBOX_CONCURRENCY: "8",
    LEADS_OUTBOX_STOP_GRACE_MS: "500",
    // Roomy for a busy 2-core machine: a timed-out delivery is retried, i.e. sent twice.
    WEBHOOK_TIMEOUT_MS: "4000",
    SMTP_TIMEOUT_MS: "4000",
    LEADS_RATE_LIMIT: "off",
    ...extra,
  };
}
