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
 */
import { parseArgs } from "node:util";
import { issueLink, linkFor, normaliseEmail } from "../src/admin/accounts.ts";
import { changeRole, setEmailDirectly, setStaffActive } from "../src/admin/staff.ts";
import { adminStoreFor } from "../src/admin/store/index.ts";
import { resetTotp } from "../src/admin/totp.ts";
import { roles, type Role } from "../src/admin/store/types.ts";
import { loadConfig } from "../src/app/config.ts";
import { setLogLevel } from "../src/server/log.ts";
import { openStore } from "../src/leads/store/index.ts";
import { storeName } from "./command.ts";
import { printable, runAsProgram, UsageError } from "./terminal.ts";

const USAGE = `Usage: npm run -s admin -- <command>

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

  const settings = loadConfig(env);
  setLogLevel(settings.server.logLevel);
  const config = settings.leads;
  const leads = await openStore(config);
  try {
    note(printable(`store: ${storeName(config)}`));
    const store = adminStoreFor(leads);
    if (command === "users") {
      const staff = await store.listStaff();
      for (const s of staff) {
        out(
          printable(
            `${s.email}  ${s.role.padEnd(5)}  ${s.deactivatedAt ? "deactivated" : s.hasPassword ? "active" : "invited"}  since ${s.createdAt}`,
          ),
        );
      }
      out(`${staff.length} account${staff.length === 1 ? "" : "s"}`);
      return 0;
    }
    if (["role", "deactivate", "reactivate", "email", "totp-off"].includes(command)) {
      const found = await store.findStaffByEmail(normaliseEmail(email!));
      if (!found) throw new UsageError(`No account with the email ${email}`);
      if (command === "totp-off") {
        const reset = await resetTotp(store, found.staff.id, null);
        (reset.ok ? out : note)(printable(reset.message));
        return reset.ok ? 0 : 1;
      }
      const result =
        command === "role"
          ? await changeRole(store, found.staff.id, role, null)
          : command === "email"
            ? await setEmailDirectly(store, found.staff.id, more[0]!)
            : await setStaffActive(store, found.staff.id, command === "reactivate", null);
      (result.ok ? out : note)(printable(result.message));
      return result.ok ? 0 : 1;
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
    out(linkFor(link.token, settings.admin.siteUrl ?? settings.admin.listenOrigin));
    return 0;
  } finally {
    await leads.close();
  }
}

runAsProgram(import.meta.filename, "admin", USAGE, main);
