/**
 * The integration run's file order (vitest.integration.config.ts): Vitest's own order (the
 * groups, then the slowest files of the last run first, or the largest on a fresh clone), with
 * the files that mostly wait spread through the first part of the run instead of wherever
 * their size puts them. Those files wait on a fixture site's pacing (a website check reads 2
 * pages a second: about 10 s a check) and use little of the machine meanwhile; when they came
 * last, the run ended with the two cores idle for half a minute while they waited. Spread
 * out, each waits beside files that use the cores.
 */
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Files that spend most of their time waiting, longest first (what a run printed). */
export const WAITING_FILES = [
  "tests/integration/audit-queue-fair.test.ts",
  "tests/integration/audit-queue.test.ts",
  "tests/integration/postgres-smoke.test.ts",
  "tests/integration/audit-agency-email.test.ts",
  "tests/integration/audit-fetch-reading.test.ts",
  "tests/integration/audit-typed-website.test.ts",
  "tests/integration/audit-fetch-cli.test.ts",
  "tests/integration/postgres-queue-deadline.test.ts",
];

/** Other files between two waiting ones: about as many as the other workers run meanwhile. */
const SPACING = 6;

export default class WaitingFilesSpread extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) =>
      WAITING_FILES.findIndex((w) => spec.moduleId.endsWith(w));
    const waiting = sorted.filter((s) => rank(s) >= 0).sort((a, b) => rank(a) - rank(b));
    if (waiting.length === 0) return sorted;
    const project = waiting[0]!.project.name;
    const others = sorted.filter((s) => rank(s) < 0);
    // The waiting files' project among the others (a group of its own: the groups keep order).
    const start = others.findIndex((s) => s.project.name === project);
    if (start < 0) return sorted;
    let end = start;
    while (end < others.length && others[end]!.project.name === project) end++;
    const spread: TestSpecification[] = [];
    let next = 0;
    others.slice(start, end).forEach((spec, i) => {
      if (i % SPACING === 0 && next < waiting.length) spread.push(waiting[next++]!);
      spread.push(spec);
    });
    return [...others.slice(0, start), ...spread, ...waiting.slice(next), ...others.slice(end)];
  }
}
