/** `migrate`: apply pending schema migrations and print their versions. */
import { helpOption, withStore, type Command } from "../command.ts";
import { UsageError } from "../terminal.ts";

export const migrate: Command = {
  name: "migrate",
  summary: "Apply pending schema migrations",
  options: { help: helpOption },
  async run({ positionals, out, note, config }) {
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
  },
};
