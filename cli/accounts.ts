/**
 * What the staff accounts CLI (./admin.ts) does once its command line is checked: opens the store
 * the settings select and runs the command on it. Imported only then, so `admin --help` and a
 * mistyped command line load none of this; the code of the commands that change an account
 * (src/admin/staff.ts, with the mailer; src/admin/totp.ts, with QR codes) only for those.
 */
import { issueLink, linkFor, normaliseEmail } from "../src/admin/accounts.ts";
import { adminStoreFor } from "../src/admin/store/index.ts";
import type { Role } from "../src/admin/store/types.ts";
import { loadConfig } from "../src/app/config.ts";
import { setLogLevel } from "../src/server/log.ts";
import { openStore } from "../src/leads/store/index.ts";
import { storeName } from "./store.ts";
import { printable, UsageError } from "./terminal.ts";

/** A checked command line of the admin CLI. */
export interface AccountCommand {
  command: string;
  /** The account's email (every command but `users`). */
  email: string | undefined;
  /** The argument after the email: the role of `role`, the new address of `email`. */
  second: string | undefined;
  /** `invite`'s --role (staff by default), or the role `role` sets. */
  role: Role;
}

export async function runAccountCommand(
  { command, email, second, role }: AccountCommand,
  out: (text: string) => void,
  note: (text: string) => void,
  env: NodeJS.ProcessEnv,
): Promise<number> {
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
        const { resetTotp } = await import("../src/admin/totp.ts");
        const reset = await resetTotp(store, found.staff.id, null);
        (reset.ok ? out : note)(printable(reset.message));
        return reset.ok ? 0 : 1;
      }
      const { changeRole, setEmailDirectly, setStaffActive } =
        await import("../src/admin/staff.ts");
      const result =
        command === "role"
          ? await changeRole(store, found.staff.id, role, null)
          : command === "email"
            ? await setEmailDirectly(store, found.staff.id, second!)
            : await setStaffActive(store, found.staff.id, command === "reactivate", null);
      (result.ok ? out : note)(printable(result.message));
      return result.ok ? 0 : 1;
    }
    const link = await issueLink(store, {
      email: email!,
      role,
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
