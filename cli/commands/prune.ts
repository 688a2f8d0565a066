/** `prune`: delete now what the retention settings say has expired. */
import { pruneExpired } from "../../src/admin/retention.ts";
import { helpOption, plural, withStore, type Command } from "../command.ts";
import { UsageError } from "../terminal.ts";

export const prune: Command = {
  name: "prune",
  summary:
    "Delete now what has expired: sent notifications older than\n" +
    "LEADS_OUTBOX_RETENTION_DAYS (30), leads older than LEAD_RETENTION_DAYS (if set).\n" +
    "The running server does the same once a day",
  options: { help: helpOption },
  async run({ positionals, out, note, config: settings }) {
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
  },
};
