/**
 * `export`: leads as JSON (an array) or as the inbox's CSV file (src/admin/export.ts), streamed a
 * batch at a time to standard output or --out FILE, so memory stays flat however many leads
 * there are and a slow pipe costs none either. Plain: every matching lead, oldest first. With
 * any of the inbox's filters: exactly the inbox's view instead (newest first, each lead with its
 * status in JSON), recorded in the audit log. Body: ./run/export.ts.
 */
import { leadStatuses } from "../../src/leads/status.ts";
import { helpOption, type Command } from "../command.ts";
import { leadFilterOptions } from "./filters.ts";

export const exportCommand: Command = {
  name: "export",
  summary:
    "Print leads as JSON (an array of {id, kind, form, subject, createdAt, spam, fields,\n" +
    "metadata}) or as CSV, oldest first. The CSV is the inbox's file (docs/inbox.md):\n" +
    "UTF-8 with a byte-order mark, the columns every form shares first, times in the\n" +
    "agency's zone. With any of the inbox's filters, exactly the inbox's view instead:\n" +
    'the same leads, newest first (its "Download this view as CSV"; JSON with status)',
  options: {
    ...leadFilterOptions,
    format: { type: "string", value: "FORMAT", help: "json (default) or csv" },
    out: { type: "string", value: "FILE", help: "Write to FILE instead of standard output" },
    status: { type: "string", value: "STATUS", help: `Inbox filter: ${leadStatuses.join(", ")}` },
    from: {
      type: "string",
      value: "DAY",
      help: "Inbox filter: created on or after DAY (YYYY-MM-DD)",
    },
    to: {
      type: "string",
      value: "DAY",
      help: "Inbox filter: created on or before DAY (YYYY-MM-DD)",
    },
    source: {
      type: "string",
      value: "SOURCE",
      help: "Inbox filter: utm_source, else the referrer's host (as the inbox shows it)",
    },
    campaign: { type: "string", value: "NAME", help: "Inbox filter: utm_campaign" },
    search: {
      type: "string",
      value: "TEXT",
      help: "Inbox filter: words found in the name, email, phone, company or message",
    },
    "spam-folder": { type: "boolean", help: "Inbox filter: the spam folder instead of the leads" },
    help: helpOption,
  },
  footer:
    "--kind works with the inbox's filters; --since and --with-partials do not.\n" +
    "Possible spam is exported and marked unless --no-spam is given.",
  load: () => import("./run/export.ts"),
};
