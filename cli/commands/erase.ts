/** `erase EMAIL`: every lead of this email address and what hangs off it (a privacy request). */
import { eraseByEmail } from "../../src/admin/retention.ts";
import { expectArgs, helpOption, plural, withStore, type Command } from "../command.ts";
import { printable, UsageError } from "../terminal.ts";

export const erase: Command = {
  name: "erase",
  args: "EMAIL",
  summary:
    "Erase every lead whose email is EMAIL (any case): each with its deliveries,\n" +
    "notes, timeline, search entry and the growth step-1 it completed. Prints the\n" +
    "ids and counts removed; the audit log keeps the ids. Safe while the server runs",
  options: { help: helpOption },
  async run({ positionals, out, note, config }) {
    expectArgs(erase, positionals, 1, "erase takes one email address");
    const email = positionals[0]!.trim();
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
      throw new UsageError(`erase: "${positionals[0]}" is not an email address`);
    }
    return withStore(config().leads, note, async (store) => {
      const erased = await eraseByEmail(store, email, "command line");
      if (!erased.leads.length) {
        out(printable(`No lead has the email address ${email}: nothing erased.`));
        return 0;
      }
      out(printable(`Erased ${plural(erased.leads.length, "lead")} of ${email}:`));
      for (const id of erased.leads) out(printable(`  ${id}`));
      out(
        `with ${plural(erased.outbox, "outbox row")} (deliveries) and ` +
          `${erased.events} timeline ${erased.events === 1 ? "entry" : "entries"} (notes, status changes)`,
      );
      return 0;
    });
  },
};
