/**
 * Helpers of the fault tests: submission load with per-request outcomes and timings, the
 * delivery ledger (what the receivers got against what the store holds), the printed counts, and
 * control of the local PostgreSQL cluster (restart, and make sure it runs again).
 */
import { spawn, spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { Socket } from "node:net";
import type { LeadRecord } from "../../src/leads/store/types";
import type { SmtpReceiver, WebhookReceiver } from "../integration/notify-support";
import { postJson, validLeads, type RunningServer } from "../integration/support";

export interface Submission {
  status: number | "error";
  ms: number;
  id?: string;
  startedAt: number;
}

export interface Load {
  submissions: Submission[];
  acknowledged: () => string[];
  /** Stops the submitters and waits for them. */
  stop: () => Promise<void>;
}

/** `workers` submitters posting quick leads to `target()` until stopped. */
export function submissionLoad(
  target: () => RunningServer,
  workers: number,
  label: string,
  options: { stopOnConnectionError?: boolean; pauseMs?: number } = {},
): Load {
  const submissions: Submission[] = [];
  let stopped = false;
  const run = async (w: number) => {
    for (let i = 0; !stopped; i++) {
      const startedAt = Date.now();
      try {
        const res = await postJson(target().url, {
          _form: "quick",
          ...validLeads.quick,
          name: `${label} ${w}-${i}`,
          _t: "9000",
        });
        const s: Submission = { status: res.status, ms: Date.now() - startedAt, startedAt };
        if (res.status === 201) s.id = ((await res.json()) as { id: string }).id;
        else await res.body?.cancel();
        submissions.push(s);
        if (options.pauseMs) await new Promise((r) => setTimeout(r, options.pauseMs));
      } catch {
        // The connection died (the server was killed): not acknowledged.
        submissions.push({ status: "error", ms: Date.now() - startedAt, startedAt });
        if (options.stopOnConnectionError) return;
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  };
  const running = Array.from({ length: workers }, (_, w) => run(w));
  return {
    submissions,
    acknowledged: () => submissions.flatMap((s) => (s.id ? [s.id] : [])),
    stop: async () => {
      stopped = true;
      await Promise.all(running);
    },
  };
}

export async function waitUntil(
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

export interface Ledger {
  sent: number;
  acknowledged: number;
  stored: number;
  /** Stored leads whose email and webhook both arrived. */
  delivered: number;
  acknowledgedButMissing: string[];
  /** Stored (non-spam) leads with a notification that never arrived. */
  undelivered: string[];
  /** Webhook deliveries beyond the first of each webhook-id (dropped by the receiver). */
  duplicateWebhooks: number;
  duplicateEmails: number;
}

export function ledger(
  load: Load,
  stored: LeadRecord[],
  smtp: SmtpReceiver,
  hook: WebhookReceiver,
): Ledger {
  const storedIds = new Set(stored.map((l) => l.id));
  const emailed = new Map<string, number>();
  for (const m of smtp.messages) {
    const id = m.header("x-lead-id") ?? "";
    emailed.set(id, (emailed.get(id) ?? 0) + 1);
  }
  const hooked = new Map<string, Set<string>>();
  for (const d of hook.deliveries) {
    const set = hooked.get(d.payload.data.id) ?? new Set();
    set.add(d.id);
    hooked.set(d.payload.data.id, set);
  }
  const real = stored.filter((l) => !l.spam);
  const undelivered = real.filter((l) => !emailed.has(l.id) || !hooked.has(l.id)).map((l) => l.id);
  const acknowledged = load.acknowledged();
  return {
    sent: load.submissions.length,
    acknowledged: acknowledged.length,
    stored: stored.length,
    delivered: real.length - undelivered.length,
    acknowledgedButMissing: acknowledged.filter((id) => !storedIds.has(id)),
    undelivered,
    duplicateWebhooks: hook.deliveries.length - hook.ids().size,
    duplicateEmails: [...emailed.values()].reduce((a, n) => a + n - 1, 0),
  };
}

export function printLedger(title: string, l: Ledger, extra = ""): void {
  console.log(
    `[faults] ${title}: sent ${l.sent}, acknowledged ${l.acknowledged}, stored ${l.stored}, ` +
      `delivered ${l.delivered}; acknowledged-but-missing ${l.acknowledgedButMissing.length}, ` +
      `undelivered ${l.undelivered.length}; duplicates dropped by receivers: ` +
      `${l.duplicateWebhooks} webhook, ${l.duplicateEmails} email${extra ? `; ${extra}` : ""}`,
  );
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

function cluster(): string {
  return readdirSync("/etc/postgresql")[0] ?? "15";
}

export function postgresPort(url: string): { host: string; port: number } {
  const u = new URL(url);
  return { host: u.hostname || "127.0.0.1", port: Number(u.port || 5432) };
}

export function portOpen(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
    socket.connect(port, host);
  });
}

/** Whether this machine can restart its PostgreSQL cluster (pg_ctlcluster, as root). */
export function canRestartPostgres(): boolean {
  const which = spawnSync("sh", ["-c", "command -v pg_ctlcluster"], { encoding: "utf8" });
  return which.status === 0 && process.getuid?.() === 0;
}

/** Runs pg_ctlcluster without blocking this process (the load keeps going meanwhile). */
export function pgctl(
  action: "start" | "stop",
): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn("pg_ctlcluster", ["--skip-systemctl-redirect", cluster(), "main", action], {
      stdio: ["ignore", "pipe", "pipe"],
      timeout: 60_000,
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.on("error", (error) => resolve({ status: null, output: String(error) }));
    child.on("close", (status) => resolve({ status, output }));
  });
}

/** Starts the cluster again if it does not answer; waits until it does. */
export async function ensurePostgresRunning(url: string): Promise<void> {
  const { host, port } = postgresPort(url);
  if (await portOpen(host, port)) return;
  await pgctl("start");
  await waitUntil(() => portOpen(host, port), 30_000, "PostgreSQL to accept connections");
}
