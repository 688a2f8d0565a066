/**
 * The website check inside the sandbox (./sandbox.ts): a worker thread of its own, so that no
 * page a stranger points us at can hold up the thread that stores leads. Piscina loads this file
 * in each worker (the build emits it as dist/server/auditWorker.mjs, integrations/serverRoot.ts)
 * and calls the default export once per check.
 */
import { threadId } from "node:worker_threads";
import { runAudit } from "./run.ts";
import type { AuditLimits } from "./config.ts";
import type { AuditReport } from "./report.ts";

/** What crosses into the worker: plain data only (no functions, no signals). */
export interface SandboxTask {
  input: string;
  userAgent?: string;
  allowHosts?: string[];
  limits?: Partial<AuditLimits>;
  /** The check's clock, as ISO text. */
  now?: string;
  /** Shared with the sandbox: this thread's id is written here when the check begins. */
  thread?: Int32Array;
}

export default function check(task: SandboxTask): Promise<AuditReport> {
  if (task.thread) Atomics.store(task.thread, 0, threadId);
  return runAudit(task.input, {
    ...(task.userAgent ? { userAgent: task.userAgent } : {}),
    ...(task.allowHosts ? { allowHosts: task.allowHosts } : {}),
    ...(task.limits ? { limits: task.limits } : {}),
    ...(task.now ? { now: new Date(task.now) } : {}),
  });
}
