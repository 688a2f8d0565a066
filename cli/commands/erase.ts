/** `erase EMAIL`: every lead of this email address and what hangs off it (a privacy request). */
import { helpOption, type Command } from "../command.ts";

export const erase: Command = {
  name: "erase",
  args: "EMAIL",
  summary:
    "Erase every lead whose email is EMAIL (any case): each with its deliveries,\n" +
    "notes, timeline, search entry and the growth step-1 it completed. Prints the\n" +
    "ids and counts removed; the audit log keeps the ids. Safe while the server runs",
  options: { help: helpOption },
  load: () => import("./run/erase.ts"),
};
