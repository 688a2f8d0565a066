/**
 * The website check's sandbox (issue 36): every check the server runs reads and parses a
 * stranger's pages in a worker thread of a small pool (Piscina), never on the event loop that
 * stores leads. Each worker has its own memory limit, and each check two hard deadlines:
 *
 * - wall clock: the check's own limit (60 s, inside the worker) plus a grace; past it the
 *   worker is terminated;
 * - processor: a worker whose event loop has been busy without a break for `cpuStallMs` (its
 *   check is stuck in synchronous code) is terminated at once.
 *
 * Either way, or when a worker runs out of memory, the check ends as `unreachable` with the
 * reason `too-slow`: a plain 'this site took too long to read', recorded once, never a stall or
 * a crash of the server. A terminated worker is replaced for the next check.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { EventLoopUtilization } from "node:perf_hooks";
import type { Worker } from "node:worker_threads";
import { Piscina } from "piscina";
import { defaultAuditLimits, defaultSandboxDeadlines, type AuditLimits } from "./config.ts";
import { auditReportSchema, type AuditReport } from "./report.ts";
import { unreachableReport } from "./run.ts";
import type { SandboxTask } from "./worker.ts";

export interface SandboxSettings {
  /** Checks at once (worker threads). */
  threads: number;
  /** Past the check's own limit, how long before its worker is terminated (ms). */
  graceMs: number;
  /** A worker busy this long without a break is terminated (ms). */
  cpuStallMs: number;
  /** Each worker's heap (MB). */
  memoryMb: number;
  /** Limits handed to each check (tests, the benchmark). */
  limits?: Partial<AuditLimits>;
  /** Name resolution cannot cross into a worker: names that tests serve stay in AUDIT_ALLOW_HOSTS. */
  allowHosts?: string[];
  userAgent?: string;
  /** The worker module: by default ./worker.ts beside this file, or the build's auditWorker.mjs. */
  workerFile?: string;
}

export const defaultSandboxSettings: SandboxSettings = {
  threads: 2,
  graceMs: 15_000,
  ...defaultSandboxDeadlines,
};

/**
 * How often the processor deadline looks at the workers (ms): a fifth of it, at most 2 s (the
 * default 10 s deadline is seen within 12 s, and an idle-waiting check costs few wake-ups).
 */
const watchMs = (cpuStallMs: number) => Math.min(2_000, Math.max(5, Math.floor(cpuStallMs / 5)));

/** The worker module: the source beside this file, or the build's entry (dist/server/). */
export function sandboxWorkerFile(): string {
  const here = fileURLToPath(import.meta.url);
  const dir = dirname(here);
  if (here.endsWith(".ts")) return join(dir, "worker.ts");
  const built = [join(dir, "auditWorker.mjs"), join(dir, "..", "auditWorker.mjs")];
  const found = built.find((file) => existsSync(file));
  if (!found) throw new Error(`website check: no auditWorker.mjs beside ${dir}`);
  return found;
}

/** Why a worker's check was stopped, when the sandbox stopped it. */
type Stop = "wall" | "cpu" | "memory";

const stopDetail = (stop: Stop, settings: SandboxSettings, checkMs: number): string =>
  stop === "cpu"
    ? `reading the site kept the processor busy for ${settings.cpuStallMs / 1000} s without a break`
    : stop === "memory"
      ? `reading the site needed more than ${settings.memoryMb} MB of memory`
      : `the check did not finish within ${Math.round((checkMs + settings.graceMs) / 1000)} s`;

/** A check in a worker: which thread runs it (written by the worker), and how to stop it. */
interface Running {
  /** The worker's threadId, once its check has begun (0 before). */
  slot: Int32Array;
  abort: AbortController;
  /** Set when the processor deadline stopped it. */
  stalled: boolean;
  elu: EventLoopUtilization | null;
  busyMs: number;
}

export class AuditSandbox {
  readonly settings: SandboxSettings;
  #pool: Piscina<SandboxTask, AuditReport>;
  #watch: ReturnType<typeof setInterval> | null = null;
  #running = new Set<Running>();
  #watchMs: number;

  constructor(settings: Partial<SandboxSettings> = {}) {
    this.settings = { ...defaultSandboxSettings, ...settings };
    this.#watchMs = watchMs(this.settings.cpuStallMs);
    const threads = Math.max(1, this.settings.threads);
    this.#pool = new Piscina<SandboxTask, AuditReport>({
      filename: this.settings.workerFile ?? sandboxWorkerFile(),
      name: "default",
      // Workers start with the first check and end after a minute without one: a server holds
      // a worker's memory (about 30 MB each) only while checks come (D282).
      minThreads: 0,
      maxThreads: threads,
      // The job worker hands over at most `threads` checks at once; others wait in Piscina.
      concurrentTasksPerWorker: 1,
      idleTimeout: 60_000,
      resourceLimits: {
        maxOldGenerationSizeMb: this.settings.memoryMb,
        // A smaller young generation than V8's default: about 35 MB less resident for two workers.
        maxYoungGenerationSizeMb: 8,
        stackSizeMb: 4,
      },
    });
  }

  /**
   * Checks `input` in a worker. Resolves with the report (`too-slow` when the sandbox stopped
   * it); rejects only when `signal` aborts (the server is stopping) or a worker fails in a way
   * a deadline does not explain (the job is tried again).
   */
  async run(input: string, options: { signal?: AbortSignal } = {}): Promise<AuditReport> {
    const started = Date.now();
    const checkMs = this.settings.limits?.checkTimeoutMs ?? defaultAuditLimits.checkTimeoutMs;
    const wall = AbortSignal.timeout(checkMs + this.settings.graceMs);
    const running: Running = {
      slot: new Int32Array(new SharedArrayBuffer(4)),
      abort: new AbortController(),
      stalled: false,
      elu: null,
      busyMs: 0,
    };
    const signals = [wall, running.abort.signal, ...(options.signal ? [options.signal] : [])];
    const task: SandboxTask = {
      input,
      now: new Date(started).toISOString(),
      thread: running.slot,
      ...(this.settings.userAgent ? { userAgent: this.settings.userAgent } : {}),
      ...(this.settings.allowHosts ? { allowHosts: this.settings.allowHosts } : {}),
      ...(this.settings.limits ? { limits: this.settings.limits } : {}),
    };
    this.#running.add(running);
    this.#startWatch();
    try {
      return auditReportSchema.parse(
        await this.#pool.run(task, { signal: AbortSignal.any(signals) }),
      );
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason;
      const stop: Stop | null = running.stalled
        ? "cpu"
        : wall.aborted
          ? "wall"
          : (error as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY"
            ? "memory"
            : null;
      // Let the pool see the stopped worker go before the next check is handed to it.
      await new Promise((resolve) => setImmediate(resolve));
      if (!stop) throw error;
      return unreachableReport(input, "too-slow", stopDetail(stop, this.settings, checkMs), {
        now: new Date(started),
        durationMs: Date.now() - started,
      });
    } finally {
      this.#running.delete(running);
      if (this.#running.size === 0) this.#stopWatch();
    }
  }

  /** Stops the workers (a check still running rejects). */
  async close(): Promise<void> {
    this.#stopWatch();
    await this.#pool.destroy();
  }

  /** The processor deadline: each running check's worker, a few times per deadline. */
  #startWatch(): void {
    if (this.#watch) return;
    this.#watch = setInterval(() => this.#look(), this.#watchMs);
    this.#watch.unref();
  }

  #stopWatch(): void {
    if (this.#watch) clearInterval(this.#watch);
    this.#watch = null;
  }

  #look(): void {
    const threads = new Map<number, Worker>(this.#pool.threads.map((w) => [w.threadId, w]));
    for (const running of this.#running) {
      // The worker writes its thread's id when the check begins (its start-up is not counted).
      const worker = threads.get(Atomics.load(running.slot, 0));
      if (!worker || running.stalled) continue;
      const now = worker.performance.eventLoopUtilization();
      if (!running.elu) {
        running.elu = now;
        continue;
      }
      const delta = worker.performance.eventLoopUtilization(now, running.elu);
      running.elu = now;
      // Busy without a break: the loop was idle for (almost) none of the interval.
      running.busyMs =
        delta.idle < Math.min(5, this.#watchMs / 4) ? running.busyMs + delta.active : 0;
      if (running.busyMs >= this.settings.cpuStallMs) {
        running.stalled = true;
        // The pool terminates the worker of an aborted check and starts another.
        running.abort.abort(new Error("processor deadline"));
      }
    }
  }
}
