/** `list` (cli/commands/list.ts): one line per lead, newest first, made inert for the terminal. */
import { leadCompany, leadName, spamMark, trafficSource } from "../../../src/leads/source.ts";
import type { LeadRecord } from "../../../src/leads/store/types.ts";
import { plural, type CommandContext } from "../../command.ts";
import { withStore } from "../../store.ts";
import { printable, UsageError } from "../../terminal.ts";
import { leadQuery } from "../filters.ts";

function listLine(l: LeadRecord): string {
  const who = leadName(l.fields);
  const company = leadCompany(l.fields);
  const marks = [
    l.spam ? `possible spam (${spamMark(l)})` : "",
    l.completedBy ? `completed by ${l.completedBy}` : "",
  ];
  return printable(
    [
      l.createdAt,
      l.id,
      l.kind.padEnd(14),
      [who, l.fields.email, l.fields.phone, company].filter(Boolean).join(" · "),
      `page ${l.metadata.page ?? "-"}`,
      `source ${trafficSource(l)}`,
      ...marks.filter(Boolean),
    ].join("  "),
  );
}

export async function run({ values, positionals, out, note, config }: CommandContext) {
  if (positionals.length) throw new UsageError("list takes no argument");
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) {
    throw new UsageError("--limit must be a positive whole number");
  }
  const query = {
    ...leadQuery(values),
    order: values["oldest-first"] ? ("oldest-first" as const) : ("newest-first" as const),
    limit,
  };
  return withStore(config().leads, note, async (store) => {
    const leads = await store.list(query);
    for (const lead of leads) out(listLine(lead));
    const flagged = leads.filter((l) => l.spam).length;
    const notes = [
      query.order === "newest-first" ? "newest first" : "oldest first",
      query.includeSpam ? `${flagged} possible spam` : "possible spam left out",
    ];
    out(`${plural(leads.length, "lead")} (${notes.join(", ")})`);
    return 0;
  });
}
