/** `outbox` and `outbox retry`: notifications waiting or given up on, and sending them again. */
import { helpOption, type Command } from "../command.ts";

export const outbox: Command = {
  name: "outbox",
  args: "[retry ID [ID…] | retry --all]",
  summary:
    "List notifications waiting for delivery (pending) and given up on (failed),\n" +
    "with their attempts and last error. `outbox retry`: send failed notifications\n" +
    "again: pending, due now, retried for another LEADS_OUTBOX_MAX_AGE_MS (24 h);\n" +
    "the running server delivers them",
  options: {
    json: { type: "boolean", help: "Print the rows as a JSON array" },
    all: { type: "boolean", help: "retry only: every failed notification" },
    help: helpOption,
  },
  load: () => import("./run/outbox.ts"),
};
