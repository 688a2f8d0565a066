/** `list`: one line per lead, newest first, made inert for the terminal (body: ./run/list.ts). */
import { helpOption, type Command } from "../command.ts";
import { leadFilterOptions } from "./filters.ts";

export const list: Command = {
  name: "list",
  summary:
    "One line per lead, newest first: time, id, kind, name · email · phone · company,\n" +
    "page, source (utm_source/utm_medium, the referrer's host, or direct) and marks",
  options: {
    ...leadFilterOptions,
    limit: {
      type: "string",
      value: "N",
      help: "At most N leads (the newest N, or the oldest with --oldest-first)",
    },
    "oldest-first": { type: "boolean", help: "Oldest first" },
    help: helpOption,
  },
  load: () => import("./run/list.ts"),
};
