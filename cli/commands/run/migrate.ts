/** `migrate` (cli/commands/migrate.ts): apply pending schema migrations and print their versions. */
import type { CommandContext } from "../../command.ts";
import { withStore } from "../../store.ts";
import { UsageError } from "../../terminal.ts";

export async function run({ positionals, out, note, config }: CommandContext) {
  if (positionals.length) throw new UsageError("migrate takes no argument");
  return withStore(
    config().leads,
    note,
    async (store) => {
      const applied = [...store.appliedOnOpen, ...(await store.migrate())];
      out(applied.length ? `Applied migrations: ${applied.join(", ")}` : "Schema is up to date.");
      return 0;
    },
    true,
  );
}
