/**
 * What every command of the leads CLI is (cli/commands/*.ts, listed in cli/leads.ts): a name, its
 * usage, its own options (node:util parseArgs, strict), and a `run` given what they parsed. The
 * usage text is generated from the same table, so an option is described where it is defined.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import type { AppConfig } from "../src/app/config.ts";
import type { LeadConfig } from "../src/leads/config.ts";
import { openStore, sqliteFile } from "../src/leads/store/index.ts";
import { SqliteLeadStore } from "../src/leads/store/sqlite.ts";
import type { LeadStore } from "../src/leads/store/types.ts";
import { printable, UsageError } from "./terminal.ts";

export interface CommandOption {
  type: "string" | "boolean";
  short?: string;
  /** What the usage writes after the option (`--since WHEN`); string options only. */
  value?: string;
  /** One or more lines of the usage. */
  help: string;
}

export type Options = Record<string, CommandOption>;

/** What parseArgs gives a command: its options' values and the arguments after its name. */
export interface Parsed {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
  /** The command line after the command's name, as given (to tell an option given from a default). */
  argv: string[];
}

export interface CommandContext extends Parsed {
  out: (text: string) => void;
  note: (text: string) => void;
  /**
   * The settings, as the server reads them (src/app/config.ts `loadConfig`): read on first use,
   * once per run.
   */
  config: () => AppConfig;
}

export interface Command {
  name: string;
  /** What follows the name in the usage ("EMAIL", "retry ID [ID…] | --all"). */
  args?: string;
  /** What it does, lines of the usage. */
  summary: string;
  options: Options;
  /** A note under the command's options in the usage. */
  footer?: string;
  run(context: CommandContext): Promise<number>;
}

/** The command's arguments parsed against its own options: an unknown one is a usage error. */
export function parseCommand(command: Command, argv: string[]): Parsed {
  const options: Record<string, { type: "string" | "boolean"; short?: string }> = {};
  for (const [name, o] of Object.entries(command.options)) {
    options[name] = o.short ? { type: o.type, short: o.short } : { type: o.type };
  }
  try {
    const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true });
    return { values, positionals, argv };
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      // parseArgs's advice about '--' only confuses here: every command's options are listed.
      const message = (error as Error).message.replace(/\. To specify a positional[^]*$/, "");
      throw new UsageError(`${command.name}: ${message}`, commandHelp(command));
    }
    throw error;
  }
}

const INDENT = " ".repeat(12);
const indent = (text: string, by: string) =>
  text
    .split("\n")
    .map((line) => (line ? `${by}${line}` : line))
    .join("\n");

/** One command's part of the usage: name, what it does, then its options. */
export function usageOf(command: Command): string {
  const head = [command.name, command.args].filter(Boolean).join(" ");
  const lines = [
    head.length < 10
      ? `  ${head.padEnd(10)}${indent(command.summary, INDENT).trimStart()}`
      : `  ${head}\n${indent(command.summary, INDENT)}`,
  ];
  const named = Object.entries(command.options).filter(([name]) => name !== "help");
  if (named.length) {
    const flags = named.map(([name, o]) => `--${name}${o.value ? ` ${o.value}` : ""}`);
    const width = Math.max(...flags.map((f) => f.length)) + 2;
    named.forEach(([, o], i) => {
      const [first, ...rest] = o.help.split("\n");
      lines.push(`${INDENT}${flags[i]!.padEnd(width)}${first}`);
      for (const line of rest) lines.push(`${INDENT}${" ".repeat(width)}${line}`);
    });
  }
  if (command.footer) lines.push(indent(command.footer, INDENT));
  return lines.join("\n");
}

/** The usage of one command alone (`leads export --help`, or after a mistake in its options). */
export function commandHelp(command: Command): string {
  const head = [command.name, command.args].filter(Boolean).join(" ");
  return `Usage: npm run -s leads -- ${head}${Object.keys(command.options).length > 1 ? " [options]" : ""}\n\n${usageOf(command)}`;
}

/** `--help` for every command. */
export const helpOption: CommandOption = { type: "boolean", short: "h", help: "This help" };

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** Exactly `count` arguments after the command's name, else a usage error saying `what`. */
export function expectArgs(
  command: Command,
  positionals: string[],
  count: number,
  what: string,
): void {
  if (positionals.length !== count) throw new UsageError(what, commandHelp(command));
}

/** The store the settings select, in words: driver and where, never a password. */
export function storeName(config: LeadConfig): string {
  if (config.databaseUrl) {
    let where = "(unparsable DATABASE_URL)";
    try {
      const url = new URL(config.databaseUrl);
      const host = url.host || url.searchParams.get("host") || "localhost";
      where = `${host}${url.pathname || "/"}`;
    } catch {
      // Never echo the URL itself: it may hold a password.
    }
    return `postgres ${where} schema ${config.databaseSchema || "public"}`;
  }
  return `sqlite ${resolve(sqliteFile(config))}`;
}

/**
 * Opens the store the settings select and names it on standard error with its lead count. A read
 * of a SQLite file that does not exist creates nothing (`create` false): most likely DATA_DIR is
 * not the server's, and an empty file in the wrong place would only hide that.
 */
export async function openLeadStore(
  config: LeadConfig,
  note: (text: string) => void,
  create = false,
): Promise<LeadStore> {
  const name = storeName(config);
  const missing = !config.databaseUrl && !create && !existsSync(sqliteFile(config));
  const store = missing ? new SqliteLeadStore(":memory:") : await openStore(config);
  try {
    note(
      printable(
        missing
          ? `store: ${name} (no such file, so no leads: ` +
              "the CLI reads DATA_DIR or DATABASE_URL as the server does)"
          : `store: ${name} (${plural(await store.countLeads(), "lead")})`,
      ),
    );
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

/** Runs `work` on the opened store and closes it, whatever happens. */
export async function withStore<T>(
  config: LeadConfig,
  note: (text: string) => void,
  work: (store: LeadStore) => Promise<T>,
  create = false,
): Promise<T> {
  const store = await openLeadStore(config, note, create);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}
