/** `prune` (cli/commands/prune.ts): delete now what the retention settings say has expired. */
import { pruneExpired } from "../../../src/admin/retention.ts";
import { plural, type CommandContext } from "../../command.ts";
import { withStore } from "../../store.ts";
import { UsageError } from "../../terminal.ts";

export async function run({ positionals, out, note, config: settings }: CommandContext) {
  if (positionals.length) throw new UsageError("prune takes no argument");
  const config = settings();
  const retention = config.admin.retention;
  return withStore(config.leads, note, async (store) => {
    const { outbox: sent, erased } = await pruneExpired(store, retention);
    const days = retention.leadDays;
    out(`Deleted ${plural(sent, "sent notification")} older than ${retention.outboxDays} days.`);
    out(
      days === null
        ? "Leads are kept forever (LEAD_RETENTION_DAYS is not set)."
        : `Erased ${plural(erased.leads.length, "lead")} older than ${days} days, ` +
            `with ${plural(erased.outbox, "outbox row")} and ${erased.events} timeline entries.`,
    );
    return 0;
  });
}
