/** `erase EMAIL` (cli/commands/erase.ts): every lead of this email address and what hangs off it. */
import { eraseByEmail } from "../../../src/admin/retention.ts";
import { expectArgs, plural, type CommandContext } from "../../command.ts";
import { withStore } from "../../store.ts";
import { printable, UsageError } from "../../terminal.ts";

export async function run({ command, positionals, out, note, config }: CommandContext) {
  expectArgs(command, positionals, 1, "erase takes one email address");
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
}
