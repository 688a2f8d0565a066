/**
 * The leads and admin command lines run in the test's own process, for the integration tests
 * (tests/integration/support.ts) and the browser tests' helpers (tests/e2e/leads.ts, staff.ts).
 * No test runner's API here: both runners import it.
 */
import { Writable } from "node:stream";
import { main as adminMain, USAGE as adminUsage } from "../../cli/admin";
import { main as leadsMain, USAGE as leadsUsage } from "../../cli/leads";
import { runCommandLine } from "../../cli/terminal";
import { agencyZone, setAgencyZone } from "../../src/lib/agencyZone";
import { leadLog } from "../../src/server/log";

/** What a command line printed on standard output and error, and its exit status. */
export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** How many `runCli` are under way, and the settings of this process before the first began. */
let cliRunning = 0;
let processSettings = { zone: "", level: "" };

/**
 * A command line of the leads or admin CLI run in this process (issue 37: a spawned one costs
 * 0.2-0.5 s of CPU): its `main` through the same `runCommandLine` the program runs it with
 * (cli/terminal.ts), with `env` as its settings, as a spawned CLI gets them. What it prints and its
 * exit status are the program's; for what only a process shows (exit statuses as the shell sees
 * them, the README's `npm run` lines), spawn it (tests/integration/support.ts `leadsProcess`,
 * `adminProcess`). The log level and agency zone the CLI sets from `env` for its run are put back
 * afterwards.
 */
export async function runCli(
  program: "leads" | "admin",
  args: string[],
  env: Record<string, string>,
): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      stdout += chunk.toString();
      done();
    },
  });
  if (cliRunning++ === 0) processSettings = { zone: agencyZone(), level: leadLog.level };
  try {
    const status = await runCommandLine(
      program,
      program === "leads" ? leadsUsage : adminUsage,
      (out, note) =>
        program === "leads"
          ? leadsMain(args, out, note, { ...env }, stream)
          : adminMain(args, out, note, { ...env }),
      (chunk) => (stdout += chunk),
      (chunk) => (stderr += chunk),
    );
    return { status, stdout, stderr };
  } finally {
    // The last of the runs at once puts back what this process had before the first.
    if (--cliRunning === 0) {
      setAgencyZone(processSettings.zone);
      leadLog.level = processSettings.level;
    }
  }
}
