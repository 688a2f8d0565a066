/**
 * What the CLIs print from stored data, made inert for a terminal, and how they run as programs.
 */
import { realpathSync } from "node:fs";
import { BIDI_CONTROLS } from "../src/lib/bidi.ts";

/**
 * Characters a terminal may act on, shown escaped instead: C0 controls, DEL and C1 controls
 * (ESC starts the sequences that retitle a window, clear the screen or fake output; U+009B is a
 * one-character CSI), the line and paragraph separators, and the bidirectional controls
 * (embeddings, overrides, isolates and marks: src/lib/bidi.ts) that reorder what follows them.
 */
const UNSAFE = new RegExp(`[\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029${BIDI_CONTROLS}]`, "g");
/** What JSON.stringify leaves unescaped of UNSAFE (it escapes C0 controls itself). */
const UNSAFE_IN_JSON = new RegExp(`[\\u007F-\\u009F\\u2028\\u2029${BIDI_CONTROLS}]`, "g");
const SHORT_ESCAPES: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

const hex = (c: string, width: number) => c.charCodeAt(0).toString(16).padStart(width, "0");

/**
 * `text` made inert for a terminal: every character of UNSAFE becomes visible text (`\x1b`,
 * `\n`, `\u009b`, `\u202e`). Every line the CLI prints from lead or outbox data goes through this
 * (list and outbox lines, messages, errors); the JSON and CSV bodies are data formats instead.
 */
export function printable(text: string): string {
  return text.replace(UNSAFE, (c) => {
    const code = c.charCodeAt(0);
    if (SHORT_ESCAPES[c]) return SHORT_ESCAPES[c];
    return code <= 0x7f ? `\\x${hex(c, 2)}` : `\\u${hex(c, 4)}`;
  });
}

/**
 * JSON with every character of UNSAFE written as a \u escape: JSON.stringify escapes C0 controls
 * but writes DEL, C1 controls and bidirectional controls as they are. The same data, still valid
 * JSON (those characters can only occur inside strings), and inert when printed to a terminal.
 */
export function jsonText(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(UNSAFE_IN_JSON, (c) => `\\u${hex(c, 4)}`);
}

/**
 * A mistake in the command line: the message, then the usage (`usage`, the command's own, when
 * given; else the program's), exit status 2.
 */
export class UsageError extends Error {
  readonly usage: string | undefined;
  constructor(message: string, usage?: string) {
    super(message);
    this.usage = usage;
  }
}

type Main = (
  argv: string[],
  out: (text: string) => void,
  note: (text: string) => void,
) => Promise<number>;

/**
 * Runs one command line as the program does and resolves its exit status: `run` prints lines
 * through `out` (standard output) and `note` (standard error); a usage error prints its message
 * and the usage on standard error (status 2), any other error `name: message` (status 1), every
 * message made printable. `runAsProgram` runs it on the process's own streams; tests run it in
 * their process (tests/integration/support.ts) with writers of their own.
 */
export async function runCommandLine(
  name: string,
  usage: string,
  run: (out: (text: string) => void, note: (text: string) => void) => Promise<number>,
  stdout: (chunk: string) => void,
  stderr: (chunk: string) => void,
): Promise<number> {
  try {
    return await run(
      (text) => stdout(`${text}\n`),
      (text) => stderr(`${text}\n`),
    );
  } catch (error: unknown) {
    const message = printable((error as Error).message);
    if (
      error instanceof UsageError ||
      (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")
    ) {
      const shown = error instanceof UsageError && error.usage ? error.usage : usage;
      stderr(`${message}\n\n${shown}\n`);
      return 2;
    }
    stderr(`${name}: ${message}\n`);
    return 1;
  }
}

/**
 * Runs `main` when `moduleFile` is the program started (also through a symlinked path), not when
 * it is imported: output on stdout, notes on stderr, every error message made printable.
 */
export function runAsProgram(moduleFile: string, name: string, usage: string, main: Main): void {
  if (!process.argv[1] || realpathSync(process.argv[1]) !== moduleFile) return;
  void runCommandLine(
    name,
    usage,
    (out, note) => main(process.argv.slice(2), out, note),
    (chunk) => process.stdout.write(chunk),
    (chunk) => process.stderr.write(chunk),
  ).then((code) => {
    process.exitCode = code;
  });
}
