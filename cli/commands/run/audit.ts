/**
 * `audit URL [--format json]` (cli/commands/audit.ts): the website check from the command line,
 * for an agency looking at a prospect's site before a cold call. Prints the report as text, or with
 * --format json the report's documented JSON (src/audit/report.ts) and nothing else on stdout.
 * Exit status 0 when the site was checked, 1 when it could not be (the report says why).
 */
import { runAudit } from "../../../src/audit/run.ts";
import type { AuditReport, CheckResult } from "../../../src/audit/report.ts";
import { expectArgs, type CommandContext } from "../../command.ts";
import { jsonText, printable, UsageError } from "../../terminal.ts";

const categoryNames = {
  local: "Local",
  conversion: "Conversion",
  technical: "Technical",
  content: "Content",
};

/** The report for a terminal: every value from the fetched site made inert (`printable`). */
export function auditText(report: AuditReport): string {
  const lines: string[] = [];
  const p = printable;
  lines.push(
    `Website check of ${p(report.url)}${report.finalUrl ? ` (${p(report.finalUrl)})` : ""}`,
  );
  lines.push(
    `Checked ${report.fetchedAt} in ${(report.durationMs / 1000).toFixed(1)} s, ${report.pages.length} URLs fetched`,
  );
  if (report.outcome === "unreachable") {
    lines.push("", `Could not be checked (${report.reason}): ${p(report.message ?? "")}`);
    if (report.detail) lines.push(`Detail: ${p(report.detail)}`);
    return lines.join("\n");
  }
  lines.push("", `Score ${report.score}/100, grade ${report.grade}`);
  lines.push(`  ${report.categories.map((c) => `${categoryNames[c.id]} ${c.score}`).join(" · ")}`);
  const section = (title: string, mark: string, checks: CheckResult[], withFix: boolean) => {
    if (!checks.length) return;
    lines.push("", title);
    for (const c of checks) {
      lines.push(`  ${mark} ${p(c.title)} [${c.category}, ${c.id}]`, `      ${p(c.evidence)}`);
      if (withFix) lines.push(`      Fix: ${p(c.fix)}`);
    }
  };
  // Failed checks first, heaviest first: the talking points.
  const failed = report.checks
    .filter((c) => c.status === "fail")
    .sort((a, b) => b.weight - a.weight);
  section("To fix (talking points):", "✗", failed, true);
  section(
    "Passed:",
    "✓",
    report.checks.filter((c) => c.status === "pass"),
    false,
  );
  section(
    "Not applicable:",
    "–",
    report.checks.filter((c) => c.status === "na"),
    false,
  );
  return lines.join("\n");
}

export async function auditCommand(
  url: string,
  format: "text" | "json",
  out: (text: string) => void,
  note: (text: string) => void,
): Promise<number> {
  note(
    `Checking ${printable(url)} (robots.txt, the home page, the sitemap, up to 20 pages; at most 60 s)…`,
  );
  const report = await runAudit(url);
  out(format === "json" ? jsonText(report) : auditText(report));
  return report.outcome === "ok" ? 0 : 1;
}

export async function run({ command, values, positionals, out, note }: CommandContext) {
  expectArgs(command, positionals, 1, "audit takes one website address");
  if (values.format !== undefined && values.format !== "json") {
    throw new UsageError("audit: --format must be json");
  }
  return auditCommand(positionals[0]!, values.format ? "json" : "text", out, note);
}
