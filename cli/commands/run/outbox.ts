/** `outbox` and `outbox retry` (cli/commands/outbox.ts): notifications waiting or given up on. */
import type { OutboxRow } from "../../../src/leads/store/types.ts";
import type { CommandContext } from "../../command.ts";
import { withStore } from "../../store.ts";
import { jsonText, printable, UsageError } from "../../terminal.ts";

function outboxLine(r: OutboxRow): string {
  return printable(
    [
      r.status.padEnd(7),
      r.id,
      r.channel.padEnd(7),
      r.leadId ? `lead ${r.leadId}` : "test delivery",
      `attempts ${r.attempts}`,
      r.status === "pending" ? `next ${r.nextAttemptAt}` : `since ${r.updatedAt}`,
      r.lastError ?? "",
    ]
      .join("  ")
      .trimEnd(),
  );
}

export async function run({ values, positionals, out, note, config }: CommandContext) {
  const retry = positionals[0] === "retry";
  const ids = positionals.slice(1);
  if (!retry && positionals.length) {
    throw new UsageError(`Unknown outbox command "${positionals.join(" ")}"`);
  }
  if (retry && Boolean(values.all) === ids.length > 0) {
    throw new UsageError("outbox retry takes notification ids or --all (not both)");
  }
  return withStore(config().leads, note, async (store) => {
    if (retry) {
      const now = new Date();
      const giveUpAt = new Date(now.getTime() + config().leads.notify.outbox.maxAgeMs);
      const retried = await store.retryNotifications(
        values.all ? "all-failed" : ids,
        now,
        giveUpAt,
      );
      const missed = ids.filter((id) => !retried.includes(id));
      for (const id of missed) {
        out(printable(`Not retried (no failed notification with this id): ${id}`));
      }
      out(
        retried.length
          ? `Queued again (${retried.length}): ${retried.join(", ")}`
          : "No failed notification to retry.",
      );
      return missed.length ? 1 : 0;
    }
    const rows = await store.listNotifications(["pending", "failed"]);
    if (values.json) {
      out(jsonText(rows));
      return 0;
    }
    for (const row of rows) out(outboxLine(row));
    const pending = rows.filter((r) => r.status === "pending").length;
    out(`${pending} pending, ${rows.length - pending} failed`);
    return 0;
  });
}
