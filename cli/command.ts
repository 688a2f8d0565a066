/**
 * What every command of the leads CLI is (cli/commands/*.ts, listed in cli/leads.ts): a name, its
 * usage, its own options (node:util parseArgs, strict), and its body, `load`ed only when it runs
 * (cli/commands/run/*.ts). The usage text is generated from the same table, so an option is
 * described where it is defined; the table imports nothing heavy, so `leads export` loads only
 * what exporting needs (no audit engine, no HTTP client, no password dictionaries: issue 37).
 */
import { parseArgs } from "node:util";
import type { AppConfig } from "../src/app/config.ts";
import { UsageError } from "./terminal.ts";

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
  /** The command being run (its usage, for a usage error). */
  command: Command;
  out: (text: string) => void;
  note: (text: string) => void;
  /**
   * The settings, as the server reads them (src/app/config.ts `loadConfig`): read on first use,
   * once per run.
   */
  config: () => AppConfig;
  /** Standard output as a stream, for output written in chunks (`export`). */
  stdout: NodeJS.WritableStream;
}

/** A command's body: what it does, given what was parsed. */
export interface CommandBody {
  run(context: CommandContext): Promise<number>;
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
  /** Imports the command's body (`() => import("./run/list.ts")`): only the command run loads its modules. */
  load(): Promise<CommandBody>;
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
