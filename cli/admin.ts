/**
 * The staff accounts CLI: `npm run -s admin -- <command>`. Takes the same store settings as the
 * server (DATA_DIR, or DATABASE_URL and DATABASE_SCHEMA).
 *
 *   invite EMAIL [--role owner|staff]   a new account (or a fresh link for one without a password)
 *   reset EMAIL                         a one-time link to set a new password
 *   users                               every account: email, role, whether a password is set
 *
 * A link is printed alone on standard output: the absolute URL on SITE_URL when that is set,
 * else the path (`/admin/invite/<token>`) to open on the server. It works once, for 24 hours.
 */
import { parseArgs } from "node:util";
import { issueLink, linkFor } from "../src/admin/accounts.ts";
import { adminStoreFor } from "../src/admin/store/index.ts";
import { roles, type Role } from "../src/admin/store/types.ts";
import { leadConfig } from "../src/leads/config.ts";
import { openStore } from "../src/leads/store/index.ts";
import { storeName } from "./leads.ts";
import { printable, runAsProgram, UsageError } from "./terminal.ts";

const USAGE = `Usage: npm run -s admin -- <command>

Commands:
  invite EMAIL [--role owner|staff]   Create an account and print its one-time link (24 h)
  reset EMAIL                         Print a one-time link to set a new password (24 h)
  users                               List the accounts

The link is the absolute URL on SITE_URL when set, else the path to open on the server.
Storage: the same settings as the server (DATA_DIR, or DATABASE_URL and DATABASE_SCHEMA).`;

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
  const [command, email, ...rest] = positionals;
  if (values.help || !command) {
    out(USAGE);
    return command ? 0 : 2;
  }
  if (!["invite", "reset", "users"].includes(command)) {
    throw new UsageError(`Unknown command "${command}"`);
  }
  if (command !== "users" && !email) throw new UsageError(`${command} needs an email address`);
  if (rest.length) throw new UsageError(`Unexpected arguments: ${rest.join(" ")}`);
  const role = values.role ?? "staff";
  if (!roles.includes(role as Role)) throw new UsageError("--role must be owner or staff");

  const config = leadConfig(env);
  const leads = await openStore(config);
  try {
    note(printable(`store: ${storeName(config)}`));
    const store = adminStoreFor(leads);
    if (command === "users") {
      const staff = await store.listStaff();
      for (const s of staff) {
        out(
          printable(
            `${s.email}  ${s.role.padEnd(5)}  ${s.hasPassword ? "active" : "invited"}  since ${s.createdAt}`,
          ),
        );
      }
      out(`${staff.length} account${staff.length === 1 ? "" : "s"}`);
      return 0;
    }
    const link = await issueLink(store, {
      email: email!,
      role: role as Role,
      reset: command === "reset",
    });
    if (command === "invite" && link.staff.role !== role) {
      note(
        printable(
          `${link.staff.email} already exists as ${link.staff.role}; its role is unchanged`,
        ),
      );
    }
    note(
      printable(
        link.purpose === "invite"
          ? `invite for ${link.staff.email} (${link.staff.role}), valid 24 h, once:`
          : `password reset for ${link.staff.email}, valid 24 h, once:`,
      ),
    );
    out(linkFor(link.token, env.SITE_URL || undefined));
    return 0;
  } finally {
    await leads.close();
  }
}

runAsProgram(import.meta.filename, "admin", USAGE, main);
