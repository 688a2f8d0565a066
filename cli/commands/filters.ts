/**
 * What `list` and the plain `export` share: which leads (--since, --kind, spam, growth partials),
 * as options and as the store's query.
 */
import { leadKinds, type LeadKind } from "../../src/leads/fields.ts";
import type { LeadQuery } from "../../src/leads/store/types.ts";
import { UsageError } from "../terminal.ts";
import type { Options } from "../command.ts";

export const leadFilterOptions = {
  since: {
    type: "string",
    value: "WHEN",
    help: "Only leads created at or after WHEN (ISO date/time, or an age: 7d, 12h, 30m)",
  },
  kind: { type: "string", value: "KIND", help: `Only one kind: ${leadKinds.join(", ")}` },
  "no-spam": {
    type: "boolean",
    help:
      "Leave out leads flagged as possible spam (listed and exported by default,\n" +
      'marked "possible spam (reasons)"; CSV column "Possible spam")',
  },
  "include-spam": {
    type: "boolean",
    help: "Accepted for compatibility; possible spam is included by default",
  },
  "with-partials": {
    type: "boolean",
    help: "Also the growth partials (step 1) that a growth lead completed",
  },
} satisfies Options;

export function parseSince(value: string, now: Date = new Date()): string {
  const age = /^(\d+)\s*([dhm])$/i.exec(value.trim());
  if (age) {
    const unit = { d: 86_400_000, h: 3_600_000, m: 60_000 }[
      age[2]!.toLowerCase() as "d" | "h" | "m"
    ];
    return new Date(now.getTime() - Number(age[1]) * unit).toISOString();
  }
  const date = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(date.getTime())) {
    throw new UsageError(`--since: "${value}" is not an ISO date or an age like 7d`);
  }
  return date.toISOString();
}

/** --kind, checked. */
export function kindOption(values: Record<string, unknown>): LeadKind | undefined {
  const kind = values.kind as string | undefined;
  if (kind !== undefined && !leadKinds.includes(kind as LeadKind)) {
    throw new UsageError(`--kind must be one of ${leadKinds.join(", ")}`);
  }
  return kind as LeadKind | undefined;
}

/** The store's query of the shared options, checked (order and limit are the caller's). */
export function leadQuery(values: Record<string, unknown>): LeadQuery {
  const kind = kindOption(values);
  if (values["no-spam"] && values["include-spam"]) {
    throw new UsageError("--no-spam and --include-spam contradict each other");
  }
  return {
    since: values.since ? parseSince(values.since as string) : undefined,
    kind,
    includeSpam: !values["no-spam"],
    includeCompletedPartials: Boolean(values["with-partials"]),
  };
}
