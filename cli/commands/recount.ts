/** `recount`: leads written outside the app counted and indexed (body: ./run/recount.ts). */
import { helpOption, type Command } from "../command.ts";

export const recount: Command = {
  name: "recount",
  summary:
    "Count in the Performance report, and index for search, the leads written\n" +
    "outside the app (psql, a seed); the app's own leads never need it",
  options: {
    rebuild: {
      type: "boolean",
      help:
        "Also rebuild the report's lead counts from every lead (new leads wait\n" +
        "meanwhile: about 1 s per 100,000 leads)",
    },
    help: helpOption,
  },
  load: () => import("./run/recount.ts"),
};
