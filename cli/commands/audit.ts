/**
 * `npm run -s leads -- audit URL [--format json]`: the website check from the command line, for
 * an agency looking at a prospect's site before a cold call (body: ./run/audit.ts, which alone
 * loads the audit engine).
 */
import { helpOption, type Command } from "../command.ts";

export const audit: Command = {
  name: "audit",
  args: "URL",
  summary:
    "Check a website as the free audit does (docs/website-check.md): robots.txt,\n" +
    "the home page, the sitemap and up to 20 pages, at most 60 s. Prints the score,\n" +
    "the failed checks first with their fix, then the rest. Exit status 1 when the\n" +
    "site could not be checked. Reads no store; AUDIT_ALLOW_HOSTS and SITE_URL as the\n" +
    "server does",
  options: {
    format: { type: "string", value: "json", help: "Print only the report's JSON" },
    help: helpOption,
  },
  load: () => import("./run/audit.ts"),
};
