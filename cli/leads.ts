/**
 * The leads CLI: `npm run -s leads -- <command> [options]`. Reads the same DATA_DIR / DATABASE_URL
 * (and DATABASE_SCHEMA) as the server, and says on standard error which store it read. Runs on
 * Node 24's built-in type stripping: no build step.
 *
 * Each command is a module of ./commands/ with its own options (node:util parseArgs, strict) and
 * its usage; this file is the table and the dispatch, and generates the usage from the table.
 * `leads <command> --help` prints one command's usage.
 *
 * Whatever the CLI prints from lead data is made inert for the terminal (`printable`); JSON
 * escapes control characters, and CSV cells are neutralised against formula injection (OWASP),
 * so exports are safe to open in a spreadsheet.
 *
 * The table below is cheap to load (names, options, usage); a command's body, and the settings
 * and store code it needs, are imported only when it runs (`Command.load`, issue 37).
 */
import type { AppConfig } from "../src/app/config.ts";
import { commandHelp, parseCommand, usageOf, type Command } from "./command.ts";
import { audit } from "./commands/audit.ts";
import { backup, restore } from "./commands/backup.ts";
import { erase } from "./commands/erase.ts";
import { exportCommand } from "./commands/export.ts";
import { list } from "./commands/list.ts";
import { migrate } from "./commands/migrate.ts";
import { outbox } from "./commands/outbox.ts";
import { prune } from "./commands/prune.ts";
import { runAsProgram, UsageError } from "./terminal.ts";

export { parseSince } from "./commands/filters.ts";

/** Every command, in the order the usage lists them. */
export const commands: readonly Command[] = [
  list,
  exportCommand,
  migrate,
  outbox,
  erase,
  prune,
  backup,
  restore,
  audit,
];

export const USAGE = `Usage: npm run -s leads -- <command> [options]
(-s keeps npm's own lines out of the output, so an export redirected to a file is valid JSON or CSV)

Commands:
${commands.map(usageOf).join("\n")}

WHEN is an ISO date or time (2026-01-31, 2026-01-31T12:00:00Z) or an age such as 7d, 12h, 30m.
DAY is YYYY-MM-DD (UTC). \`npm run -s leads -- <command> --help\` shows one command.

Storage: the same settings as the server. DATABASE_URL=postgres://… selects PostgreSQL
(DATABASE_SCHEMA, default public); otherwise the SQLite file DATA_DIR/leads.db (DATA_DIR
defaults to ./data). The store read is named on standard error.`;

/**
 * Runs the command line `argv`: `out` and `note` take whole lines (standard output and error),
 * `env` holds the settings (as the server's process.env would), and `stdout` takes what `export`
 * writes in chunks. Tests run it in this process with an `env` and a `stdout` of their own; it
 * sets the process's log level and agency zone from `env`, as a CLI process does.
 */
export async function main(
  argv: string[],
  out: (text: string) => void,
  note: (text: string) => void = () => {},
  env: NodeJS.ProcessEnv = process.env,
  stdout: NodeJS.WritableStream = process.stdout,
): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "help" || name === "--help" || name === "-h") {
    out(USAGE);
    return name === undefined ? 2 : 0;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) throw new UsageError(`Unknown command "${name}"`);
  const parsed = parseCommand(command, rest);
  if (parsed.values.help) {
    out(commandHelp(command));
    return 0;
  }
  try {
    const [{ run }, { loadConfig }, { setLogLevel }, { setAgencyZone }] = await Promise.all([
      command.load(),
      import("../src/app/config.ts"),
      import("../src/server/log.ts"),
      import("../src/lib/agencyZone.ts"),
    ]);
    let config: AppConfig | undefined;
    const settings = () => {
      if (!config) {
        config = loadConfig(env);
        setLogLevel(config.server.logLevel);
        // The days of --from/--to are the agency's (AGENCY_TIME_ZONE; the owner's zone, when
        // stored, is the one the store's roll-ups keep either way: src/leads/store/agencyClock.ts).
        setAgencyZone(config.server.timeZone);
      }
      return config;
    };
    return await run({ ...parsed, command, out, note, config: settings, stdout });
  } catch (error) {
    // A mistake in this command's options: its own usage, not the whole program's.
    if (error instanceof UsageError && !error.usage) {
      throw new UsageError(error.message, commandHelp(command));
    }
    throw error;
  }
}

runAsProgram(import.meta.filename, "leads", USAGE, main);
