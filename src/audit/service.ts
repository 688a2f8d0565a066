/**
 * The website check as the lead service runs it (src/leads/server.ts `LeadChecks`), registered
 * by the composition root: the job an audit lead queues, the links its answer names, and this
 * process's runner, the job worker (./jobs.ts) handing each check to the sandbox (./sandbox.ts).
 */
import type { CheckRunner, LeadChecks } from "../leads/server.ts";
import { auditJobFor, auditJobSettings, AuditWorker } from "./jobs.ts";
import { AuditSandbox, sandboxSettings } from "./sandbox.ts";
import { auditLinks } from "./token.ts";

type Env = Record<string, string | undefined>;

export function auditChecks(env: Env = process.env): LeadChecks {
  const settings = auditJobSettings(env);
  const deadlines = sandboxSettings(env);
  return {
    jobFor: auditJobFor,
    links: (jobId, salt) => auditLinks(jobId, salt),
    runner({ config, store, log, outbox }): CheckRunner | null {
      if (settings.concurrency < 1) return null;
      let sandbox: AuditSandbox | null = null;
      const worker = new AuditWorker({
        store,
        // The pool's threads start with the first check, not with the server.
        run: (input, options) =>
          (sandbox ??= new AuditSandbox({ threads: settings.concurrency, ...deadlines })).run(
            input,
            options,
          ),
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
