/**
 * The lease worker: runs jobs kept in a store, each under a claim that ends (a lease), in every
 * server beside the request handlers. The outbox (src/leads/notify/outbox.ts) and the website
 * check's jobs (src/audit/jobs.ts) configure it with their own claim, release, work and record;
 * this file owns what they share and imports no feature.
 *
 * - Claims up to `concurrency` jobs at a time for this process's `owner`, each until now +
 *   leaseMs; a full batch claims again at once, otherwise it sleeps `pollMs` or until nudged.
 * - Cuts each job's work short before its lease ends (at 80 %), leaving time to record the
 *   outcome, which is written only while the claim still holds (a lost claim is logged), and
 *   tried again while the store is briefly away and the lease holds.
 * - With `maxAttempts`, a job whose work fails is given back (the source counts the attempt at
 *   claim) until its attempts reach it, then its failure is recorded; a job claimed more often
 *   (its servers died mid-job) is given up without running.
 * - A store that does not answer a claim is logged once and tried again on the next poll.
 * - Stops gracefully: no claims after `stop()`, waits up to stopGraceMs for jobs in flight, then
 *   aborts the rest and gives their claims back (no attempt counted).
 */
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";

export interface LeaseSettings {
  /** Jobs in flight at once in this process (0: none are claimed). */
  concurrency: number;
  /** How long a claim holds (ms); a job is cut short before it ends. */
  leaseMs: number;
  /** Poll interval while idle (ms); a nudge wakes the worker at once. */
  pollMs: number;
  /** On stop, wait this long for jobs in flight before aborting them (ms). */
  stopGraceMs: number;
  /** With the queue's `attempts`: a failed job is given back until claimed this often. */
  maxAttempts?: number;
}

/** What a worker asks its source for. */
export interface LeaseClaim {
  /** The claiming worker's id (unique per process). */
  owner: string;
  now: Date;
  /** The claim holds until now + leaseMs. */
  leaseMs: number;
  limit: number;
}

export interface LeaseLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** A log line: its event and its message. */
type Line = readonly [event: string, message: string];

/**
 * One feature's jobs: `S` the store a round of claims runs over, `J` a claimed job, `R` what its
 * work leads to (the outcome to record).
 */
export interface LeaseQueue<S, J, R> {
  /** The store for one round of claims; a throw means the store is down. */
  open(): Promise<S>;
  claim(store: S, request: LeaseClaim): Promise<J[]>;
  /** Gives claims back (stopping; a failure tried again). */
  release(store: S, ids: string[], owner: string): Promise<unknown>;
  id(job: J): string;
  /** The fields each of the job's log lines carries. */
  context(job: J): Record<string, unknown>;
  /** How often the job was claimed, this one included (a source that counts at claim). */
  attempts?(job: J): number;
  /** The job's work; it stops when `signal` aborts (lease ending, server stopping). */
  work(store: S, job: J, signal: AbortSignal): Promise<R>;
  /** What a failure of the work leads to (one not given back). */
  failed(job: J, error: unknown): R;
  /** Writes the outcome once, while `owner` holds the claim; false when the claim was lost. */
  record(
    store: S,
    job: J,
    result: R,
    owner: string,
    context: Record<string, unknown>,
  ): Promise<boolean>;
}

export interface LeaseWorkerOptions<S, J, R> {
  queue: LeaseQueue<S, J, R>;
  settings: LeaseSettings;
  log: LeaseLog;
  /** The feature's log lines. */
  lines: {
    crashed: Line;
    storeDown: Line;
    storeBack: Line;
    released: Line;
    /** A failure given back for another claim (with `maxAttempts`). */
    retry?: Line;
    claimLost: Line;
    unrecorded: Line;
    /** The error a job's work is aborted with when its lease is ending. */
    cut: string;
  };
  now?: () => Date;
}

/** One line for a log or last_error: no control characters, bounded. */
export function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // eslint-disable-next-line no-control-regex
  const line = message.replace(/[\u0000-\u001F\u007F]+/g, " ").trim() || "unknown error";
  return line.length > 500 ? `${line.slice(0, 499)}…` : line;
}

const RETRY: Line = ["job_retry", "job failed; another claim tries again"];

/** Leave this much of a lease unused: time to record the outcome before the claim ends. */
const LEASE_MARGIN = 0.2;

class StopSignal extends Error {
  override readonly name = "StopSignal";
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

export class LeaseWorker<S, J, R> {
  /** Unique per process: whose claim a job holds. */
  readonly owner = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  #options: LeaseWorkerOptions<S, J, R>;
  #now: () => Date;
  #inFlight = new Map<string, { abort: AbortController; done: Promise<void> }>();
  #loop: Promise<void> | null = null;
  #stopping = false;
  #stopped: Promise<void> | null = null;
  #dirty = false;
  #wake: (() => void) | null = null;
  #storeDown = false;

  constructor(options: LeaseWorkerOptions<S, J, R>) {
    this.#options = options;
    this.#now = options.now ?? (() => new Date());
  }

  get running(): boolean {
    return this.#loop !== null && !this.#stopping;
  }

  /** Jobs in flight right now. */
  get inFlight(): number {
    return this.#inFlight.size;
  }

  start(): void {
    if (this.#loop || this.#stopping) return;
    this.#loop = this.#run().catch((error: unknown) => {
      // #run handles its own errors; this is a bug, not an outage.
      const [event, message] = this.#options.lines.crashed;
      this.#options.log.error({ event, err: errorText(error) }, message);
    });
  }

  /** Look for due jobs now (one was queued, one finished). */
  nudge(): void {
    this.#dirty = true;
    const wake = this.#wake;
    this.#wake = null;
    wake?.();
  }

  /** Stops claiming, waits up to stopGraceMs, then aborts the rest and gives their claims back. */
  stop(): Promise<void> {
    if (this.#stopped) return this.#stopped;
    this.#stopping = true;
    this.nudge();
    const all = () => Promise.all([...this.#inFlight.values()].map((f) => f.done));
    this.#stopped = (async () => {
      await this.#loop; // no claims after this
      await Promise.race([all(), sleep(this.#options.settings.stopGraceMs)]);
      for (const f of this.#inFlight.values()) f.abort.abort(new StopSignal("server stopping"));
      await all();
    })();
    return this.#stopped;
  }

  async #run(): Promise<void> {
    const { settings, queue } = this.#options;
    while (!this.#stopping) {
      this.#dirty = false;
      const free = settings.concurrency - this.#inFlight.size;
      let claimed: J[] = [];
      let store: S | null = null;
      if (free > 0) {
        try {
          store = await queue.open();
          claimed = await queue.claim(store, {
            owner: this.owner,
            now: this.#now(),
            leaseMs: settings.leaseMs,
            limit: free,
          });
          this.#storeAnswered();
        } catch (error) {
          this.#storeFailed(error);
        }
      }
      if (this.#stopping && claimed.length) {
        // Stopped while claiming: give the jobs back at once.
        await queue.release(store!, claimed.map(queue.id), this.owner).catch(() => {});
        break;
      }
      for (const job of claimed) this.#start(store!, job);
      // A full batch may mean more jobs are due: go again once a slot is free.
      if (claimed.length > 0 && claimed.length === free) continue;
      await this.#idle(settings.pollMs);
    }
  }

  /** Sleeps until `ms` passed or a nudge came (a nudge during the last round counts). */
  #idle(ms: number): Promise<void> {
    if (this.#dirty || this.#stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#wake = null;
        resolve();
      }, ms);
      timer.unref();
      this.#wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  #start(store: S, job: J): void {
    const id = this.#options.queue.id(job);
    const abort = new AbortController();
    const entry = { abort, done: Promise.resolve() };
    entry.done = this.#handle(store, job, abort).finally(() => {
      this.#inFlight.delete(id);
      this.nudge();
    });
    this.#inFlight.set(id, entry);
  }

  /** Runs one claimed job and records what it led to, or gives it back. */
  async #handle(store: S, job: J, abort: AbortController): Promise<void> {
    const { settings, queue, log, lines } = this.#options;
    const leaseEnd = this.#now().getTime() + settings.leaseMs;
    // Stop before the claim ends, leaving time to record the outcome.
    const cut = setTimeout(
      () => abort.abort(new Error(lines.cut)),
      Math.max(1, settings.leaseMs * (1 - LEASE_MARGIN)),
    );
    const context = queue.context(job);
    // Attempts counted at claim: a failure is given back until the job has had maxAttempts.
    const max = settings.maxAttempts;
    const attempts = queue.attempts && max !== undefined ? { n: queue.attempts(job), max } : null;
    const giveBack = async () => {
      await queue.release(store, [queue.id(job)], this.owner).catch(() => {});
    };
    let result: R;
    try {
      // Claimed more often than that: its servers died mid-job; give it up unrun.
      if (attempts && attempts.n > attempts.max) throw new Error(`given up after ${max} attempts`);
      result = await queue.work(store, job, abort.signal);
    } catch (error) {
      clearTimeout(cut);
      if (abort.signal.reason instanceof StopSignal) {
        await giveBack(); // no attempt counted
        log.info({ event: lines.released[0], ...context }, lines.released[1]);
        return;
      }
      if (attempts && attempts.n < attempts.max) {
        await giveBack(); // another claim tries again (counted)
        const [event, message] = lines.retry ?? RETRY;
        log.warn({ event, ...context, err: errorText(error) }, message);
        return;
      }
      result = queue.failed(job, error);
    } finally {
      clearTimeout(cut);
    }
    await this.#record(store, job, result, leaseEnd, context);
  }

  /** Records the outcome, trying again while the store is briefly away and the lease holds. */
  async #record(
    store: S,
    job: J,
    result: R,
    leaseEnd: number,
    context: Record<string, unknown>,
  ): Promise<void> {
    const { queue, log, lines } = this.#options;
    for (let wait = 100; ; wait = Math.min(wait * 2, 2_000)) {
      try {
        if (!(await queue.record(store, job, result, this.owner, context))) {
          log.warn({ event: lines.claimLost[0], ...context }, lines.claimLost[1]);
        }
        return;
      } catch (error) {
        if (this.#now().getTime() + wait >= leaseEnd || this.#stopping) {
          // The lease will free the job; it runs again (at least once).
          log.error(
            { event: lines.unrecorded[0], ...context, err: errorText(error) },
            lines.unrecorded[1],
          );
          return;
        }
        await sleep(wait);
      }
    }
  }

  #storeAnswered(): void {
    if (!this.#storeDown) return;
    this.#storeDown = false;
    const [event, message] = this.#options.lines.storeBack;
    this.#options.log.info({ event }, message);
  }

  #storeFailed(error: unknown): void {
    if (this.#storeDown) return;
    this.#storeDown = true;
    const [event, message] = this.#options.lines.storeDown;
    this.#options.log.warn({ event, err: errorText(error) }, message);
  }
}
