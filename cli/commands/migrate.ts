/** `migrate`: apply pending schema migrations and print their versions. */
import { helpOption, type Command } from "../command.ts";

export const migrate: Command = {
  name: "migrate",
  summary: "Apply pending schema migrations",
  options: { help: helpOption },
  load: () => import("./run/migrate.ts"),
};
