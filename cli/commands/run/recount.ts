/**
 * `recount` (cli/commands/recount.ts): leads written outside the app marked, so the report counts
 * them, and indexed; with --rebuild the roll-ups rebuilt from every lead (decision D288;
 * src/leads/store/agencyClock.ts `recountLeads`).
 */
import { recountLeads } from "../../../src/leads/store/agencyClock.ts";
import { plural, type CommandContext } from "../../command.ts";
import { withStore } from "../../store.ts";
import { UsageError } from "../../terminal.ts";

export async function run({ positionals, values, out, note, config }: CommandContext) {
  if (positionals.length) throw new UsageError("recount takes no argument");
  return withStore(config().leads, note, async (store) => {
    const { marked, counted } = await recountLeads(store.connection, {
      rebuild: values.rebuild === true,
    });
    const indexed = await store.indexSearch();
    out(
      marked
        ? `Counted ${plural(marked, "lead")} written outside the app; ` +
            `indexed ${plural(indexed, "lead")} for search.`
        : `No lead written outside the app was left to count (${plural(indexed, "lead")} indexed).`,
    );
    if (counted !== null) {
      out(
        `Rebuilt the Performance report's counts: ${plural(counted, "lead")} ` +
          "(spam and completed partials left out).",
      );
    }
    return 0;
  });
}
