/**
 * Tags of leads (migration 24), written once for both stores over the shared driver
 * (src/db/driver.ts). The rules (normalising, the cap) live in ../tags.ts; these only store.
 */
import type { Db } from "../../db/driver.ts";
import type { TagAdded } from "./types.ts";

/** `$n, $n+1, …` for a list of `count` values starting at `first`. */
const marks = (count: number, first = 1) =>
  Array.from({ length: count }, (_, i) => `$${first + i}`).join(", ");

export async function leadTags(db: Db, leadIds: readonly string[]): Promise<Map<string, string[]>> {
  const tags = new Map<string, string[]>();
  if (!leadIds.length) return tags;
  const rows = await db.all<{ lead_id: string; tag: string }>(
    `SELECT lead_id, tag FROM lead_tags WHERE lead_id IN (${marks(leadIds.length)})
     ORDER BY lead_id, tag`,
    leadIds,
  );
  for (const row of rows) {
    const list = tags.get(row.lead_id);
    if (list) list.push(row.tag);
    else tags.set(row.lead_id, [row.tag]);
  }
  return tags;
}

/** The timeline entry of a tag change. */
const tagEvent = (
  tx: Db,
  leadId: string,
  change: { tag: string; eventId: string; actorId: string | null; at: string },
  action: "added" | "removed",
) =>
  tx.run(
    `INSERT INTO lead_events (id, lead_id, at, actor_id, kind, body, status)
     VALUES ($1, $2, $3, $4, 'tag', $5, NULL)`,
    [
      change.eventId,
      leadId,
      change.at,
      change.actorId,
      JSON.stringify({ action, tag: change.tag }),
    ],
  );

export function addTag(
  db: Db,
  leadId: string,
  tag: { tag: string; cap: number; eventId: string; actorId: string | null; at: string },
): Promise<TagAdded> {
  return db.transaction(async (tx): Promise<TagAdded> => {
    // The lead's row locked on PostgreSQL, so two requests cannot both pass the cap (SQLite's
    // write transaction already runs alone).
    const lock = tx.dialect === "postgres" ? " FOR UPDATE" : "";
    const lead = await tx.one(`SELECT id FROM leads WHERE id = $1${lock}`, [leadId]);
    if (!lead) return "missing";
    const had = await tx.all<{ tag: string }>("SELECT tag FROM lead_tags WHERE lead_id = $1", [
      leadId,
    ]);
    if (had.some((t) => t.tag === tag.tag)) return "exists";
    if (had.length >= tag.cap) return "full";
    await tx.run(
      "INSERT INTO lead_tags (lead_id, tag, added_by, added_at) VALUES ($1, $2, $3, $4)",
      [leadId, tag.tag, tag.actorId, tag.at],
    );
    await tagEvent(tx, leadId, tag, "added");
    return "added";
  });
}

export function removeTag(
  db: Db,
  leadId: string,
  tag: { tag: string; eventId: string; actorId: string | null; at: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx.run("DELETE FROM lead_tags WHERE lead_id = $1 AND tag = $2", [
      leadId,
      tag.tag,
    ]);
    if (!removed) return false;
    await tagEvent(tx, leadId, tag, "removed");
    return true;
  });
}
