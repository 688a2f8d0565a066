/**
 * The staff accounts CLI: `npm run -s admin -- <command>`. Takes the same store settings as the
 * server (DATA_DIR, or DATABASE_URL and DATABASE_SCHEMA).
 *
 *   invite EMAIL [--role owner|staff]   a new account (or a fresh link for one without a password)
 *   reset EMAIL                         a one-time link to set a new password
 *   users                               every account: email, role, whether a password is set
 *   role EMAIL owner|staff              change the role (never leaving the agency without an owner)
 *   deactivate EMAIL                    a departed person: signed out, every way in refused
 *   reactivate EMAIL                    let a deactivated account back in (a new link if needed)
 *   email EMAIL NEW_EMAIL               set an account's email at once (no link: the owner's way
 *                                       back, e.g. a lost mailbox or no email set up)
 *   totp-off EMAIL                      turn off the account's authenticator app (a lost phone and
 *                                       lost recovery codes: the owner's way back)
 *
 * A link is printed alone on standard output: the absolute URL on SITE_URL when that is set,
 * else on the address `npm start` listens on (http://localhost:PORT, default 4321). It works
 * once, for 24 hours.
 *
 * This file checks the command line; what a command does (./accounts.ts, with the settings, the
 * store and the account code) is imported only once the command line is right (issue 37).
 */
import { parseArgs } from "node:util";
import { roles, type Role } from "../src/admin/store/types.ts";
import { runAsProgram, UsageError } from "./terminal.ts";

export const USAGE = `Usage: npm run -s admin -- <command>

Commands:
  invite EMAIL [--role owner|staff]   Create an account and print its one-time link (24 h)
  reset EMAIL                         Print a one-time link to set a new password (24 h)
  users                               List the accounts
  role EMAIL owner|staff              Change the role (the agency always keeps an owner)
  deactivate EMAIL                    Sign out everywhere and refuse password, passkeys, links
  reactivate EMAIL                    Let a deactivated account back in
  email EMAIL NEW_EMAIL               Set the account's email at once (no confirmation link)
  totp-off EMAIL                      Turn off the account's authenticator app (a lost phone)

The link is on SITE_URL when set, else on the address npm start listens on
(http://localhost:PORT, default 4321).
Storage: the same settings as the server (DATA_DIR, or DATABASE_URL and DATABASE_SCHEMA).`;

/**
 * Runs the command line `argv`: `out` and `note` take whole lines (standard output and error),
 * `env` holds the settings. Tests run it in this process with an `env` of their own; it sets the
 * process's log level from `env`, as a CLI process does.
 */
export async function main(
  argv: string[],
  out: (text: string) => void,
  note: (text: string) => void = () => {},
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { role: { type: "string" }, help: { type: "boolean", default: false } },
  });
  const [command, email, ...more] = positionals;
  if (values.help || !command) {
    out(USAGE);
    return command ? 0 : 2;
  }
  if (
    !["invite", "reset", "users", "role", "deactivate", "reactivate", "email", "totp-off"].includes(
      command,
    )
  ) {
    throw new UsageError(`Unknown command "${command}"`);
  }
  if (command !== "users" && !email) throw new UsageError(`${command} needs an email address`);
  // `role EMAIL owner`, `email EMAIL NEW`: the second argument.
  const rest = command === "role" || command === "email" ? more.slice(1) : more;
  if (command === "email" && !more[0]) throw new UsageError("email needs the new address");
  if (rest.length) throw new UsageError(`Unexpected arguments: ${rest.join(" ")}`);
  if (command === "role" && !roles.includes(more[0] as Role)) {
    throw new UsageError("role needs owner or staff after the email address");
  }
  const role = (command === "role" ? more[0] : values.role) ?? "staff";
  if (!roles.includes(role as Role)) throw new UsageError("--role must be owner or staff");

  const { runAccountCommand } = await import("./accounts.ts");
  return runAccountCommand({ command, email, second: more[0], role: role as Role }, out, note, env);
}

runAsProgram(import.meta.filename, "admin", USAGE, main);
