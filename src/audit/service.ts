/**
 * The website check as the lead service runs it (src/leads/server.ts `LeadChecks`), registered
 * by the composition root: the job an audit lead queues, the links its answer names, and this
 * process's runner, the job worker (./jobs.ts) handing each check to the sandbox (./sandbox.ts).
 * Its settings come from the root's configuration (./config.ts `auditConfig`), never from the
 * environment here.
 */
import type { CheckRunner, LeadChecks } from "../leads/server.ts";
import type { AuditConfig } from "./config.ts";
import { auditJobFor, AuditWorker } from "./jobs.ts";
import { AuditSandbox } from "./sandbox.ts";
import { auditLinks } from "./token.ts";

/** The website check with this process's settings (src/app/config.ts `loadConfig`). */
export function auditChecks(audit: AuditConfig): LeadChecks {
  const settings = audit.jobs;
  const sandboxSettings = {
    threads: settings.concurrency,
    ...audit.sandbox,
    allowHosts: audit.allowHosts,
    userAgent: audit.userAgent,
  };
  return {
    jobFor: (lead, now) => auditJobFor(lead, now, settings),
    links: (jobId, salt) => auditLinks(jobId, salt),
    runner({ config, store, log, outbox }): CheckRunner | null {
      if (settings.concurrency < 1) return null;
      let sandbox: AuditSandbox | null = null;
      const worker = new AuditWorker({
        store,
        // The pool's threads start with the first check, not with the server.
        run: (input, options) =>
          (sandbox ??= new AuditSandbox(sandboxSettings)).run(input, options),
        settings,
        log,
        emailProspect: config.notify.email !== null,
        emailAgency: config.notify.email !== null,
        emailQueued: () => outbox?.nudge(),
      });
      return {
        get inFlight() {
          return worker.inFlight;
        },
        start: () => worker.start(),
        nudge: () => worker.nudge(),
        stop: async () => {
          await worker.stop();
          await sandbox?.close();
        },
      };
    },
  };
}
