/** `prune`: delete now what the retention settings say has expired (body: ./run/prune.ts). */
import { helpOption, type Command } from "../command.ts";

export const prune: Command = {
  name: "prune",
  summary:
    "Delete now what has expired: sent notifications older than\n" +
    "LEADS_OUTBOX_RETENTION_DAYS (30), leads older than LEAD_RETENTION_DAYS (if set).\n" +
    "The running server does the same once a day",
  options: { help: helpOption },
  load: () => import("./run/prune.ts"),
};
