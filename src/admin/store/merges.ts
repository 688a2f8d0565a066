/**
 * Merging two leads of the same person and undoing it (issue 39 §3, migration 38), written once
 * for both stores (D198). The merged lead is kept: its `completed_by` names the lead it was
 * merged into, as a completed growth partial's does, so everything that counts leads once (the
 * inbox, its counts, the report's roll-ups through their triggers, reminders) leaves it out, and
 * lead_merges remembers what the merge changed so that undo restores both. The rules (who is the
 * same person, which fields are filled, how long undo lasts) live in ../merges.ts and come in as
 * `plan`.
 */
import { dialectSql, json, type Db } from "../../db/driver.ts";
import { PG_REINDEX_LEAD } from "../../leads/store/searchIndex.ts";
import { toLead, type Arg, type LeadRow } from "./sql.ts";
import type { LeadEvent, LeadMerge, LeadStatus, MergeOutcome, UnmergeOutcome } from "./types.ts";

const LEAD_COLUMNS =
  "l.id, l.kind, l.form, l.subject, l.created_at, l.spam, l.fields, l.metadata, l.completed_by, l.status";

/** Writes a lead's fields and keeps its search entry in step (SQLite: the update's trigger). */
async function writeFields(tx: Db, leadId: string, fields: Record<string, string>) {
  await tx.run(`UPDATE leads SET fields = ${dialectSql(tx).jsonParam(1)} WHERE id = $2`, [
    JSON.stringify(fields),
    leadId,
  ]);
  if (tx.dialect === "postgres") await tx.run(PG_REINDEX_LEAD, [leadId]);
}

export function mergeLeads(db: Db, m: Arg<"mergeLeads", 0>): Promise<MergeOutcome> {
  return db.transaction(async (tx) => {
    const { forUpdate, inList } = dialectSql(tx);
    if (m.keptId === m.mergedId) return { outcome: "self" };
    // Both rows locked in one statement, in the order of their ids: two merges of the same pair
    // the other way round wait for each other instead of deadlocking.
    const rows = await tx.all<LeadRow>(
      `SELECT ${LEAD_COLUMNS} FROM leads l WHERE ${inList("l.id", 1)}
       ORDER BY l.id${forUpdate()}`,
      [[m.keptId, m.mergedId]],
    );
    const kept = rows.find((r) => r.id === m.keptId);
    const merged = rows.find((r) => r.id === m.mergedId);
    if (!kept || !merged) return { outcome: "missing" };
    if (kept.completed_by || merged.completed_by) return { outcome: "merged_already" };
    // A lead others were merged into is merged no further: one level, so undo stays exact.
    const into = await tx.one(`SELECT 1 AS one FROM lead_merges WHERE kept_id = $1 LIMIT 1`, [
      m.mergedId,
    ]);
    if (into) return { outcome: "has_merged" };
    const keptLead = toLead(kept);
    const plan = m.plan(keptLead, toLead(merged));
    if (!plan.ok) return { outcome: plan.outcome };

    const hidden = await tx.run(
      "UPDATE leads SET completed_by = $1 WHERE id = $2 AND completed_by IS NULL",
      [m.keptId, m.mergedId],
    );
    if (hidden !== 1) return { outcome: "merged_already" };
    // What the filled fields held before (the forms store an empty optional field as ""), so
    // that undo gives back the very same fields.
    const replaced = Object.fromEntries(
      Object.keys(plan.fill)
        .filter((name) => name in keptLead.fields)
        .map((name) => [name, keptLead.fields[name]!]),
    );
    if (Object.keys(plan.fill).length) {
      await writeFields(tx, m.keptId, { ...keptLead.fields, ...plan.fill });
    }
    // The merged lead's open follow-up comes along when the kept lead has none; else it waits on
    // the merged lead (out of the Due view and the sweep) until an undo.
    const moved = await tx.one<{ set_at: string }>(
      `UPDATE lead_follow_ups SET lead_id = $1
       WHERE lead_id = $2 AND NOT EXISTS (SELECT 1 FROM lead_follow_ups k WHERE k.lead_id = $1)
       RETURNING set_at`,
      [m.keptId, m.mergedId],
    );
    await tx.run(
      `INSERT INTO lead_merges (merged_id, kept_id, merged_at, merged_by, filled, replaced,
                                follow_up_set_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        m.mergedId,
        m.keptId,
        m.at,
        m.actorId,
        JSON.stringify(plan.fill),
        JSON.stringify(replaced),
        moved ? new Date(moved.set_at).toISOString() : null,
      ],
    );
    return { outcome: "merged", filled: plan.fill, followUpMoved: Boolean(moved) };
  });
}

export function unmergeLead(db: Db, u: Arg<"unmergeLead", 0>): Promise<UnmergeOutcome> {
  return db.transaction(async (tx) => {
    const { forUpdate } = dialectSql(tx);
    const merge = await tx.one<{
      merged_at: string;
      filled: string;
      replaced: string;
      follow_up_set_at: string | null;
    }>(
      `SELECT merged_at, filled, replaced, follow_up_set_at FROM lead_merges
       WHERE merged_id = $1 AND kept_id = $2${forUpdate()}`,
      [u.mergedId, u.keptId],
    );
    if (!merge) return { outcome: "missing" };
    if (new Date(merge.merged_at).getTime() < new Date(u.since).getTime()) {
      return { outcome: "expired" };
    }
    const kept = await tx.one<{ fields: string | Record<string, string> }>(
      `SELECT fields FROM leads WHERE id = $1${forUpdate()}`,
      [u.keptId],
    );
    // The fields the merge filled go back to what they held (absent, or blank), each only while
    // it still holds what was filled (a number left since, by the prospect or staff, stays).
    const restored: string[] = [];
    if (kept) {
      const fields = { ...json<Record<string, string>>(kept.fields) };
      const before = json<Record<string, string>>(merge.replaced);
      for (const [name, value] of Object.entries(json<Record<string, string>>(merge.filled))) {
        if (fields[name] !== value) continue;
        if (name in before) fields[name] = before[name]!;
        else delete fields[name];
        restored.push(name);
      }
      if (restored.length) await writeFields(tx, u.keptId, fields);
    }
    // The follow-up moved over goes back while it is the same one (set then, still open).
    if (merge.follow_up_set_at) {
      await tx.run(
        `UPDATE lead_follow_ups SET lead_id = $1
         WHERE lead_id = $2 AND set_at = $3
           AND NOT EXISTS (SELECT 1 FROM lead_follow_ups m WHERE m.lead_id = $1)`,
        [u.mergedId, u.keptId, merge.follow_up_set_at],
      );
    }
    await tx.run("UPDATE leads SET completed_by = NULL WHERE id = $1 AND completed_by = $2", [
      u.mergedId,
      u.keptId,
    ]);
    await tx.run("DELETE FROM lead_merges WHERE merged_id = $1", [u.mergedId]);
    return { outcome: "undone", restored };
  });
}

type MergeRow = LeadRow & {
  merged_id: string;
  kept_id: string;
  merged_at: string;
  merged_by: string | null;
  merged_by_email: string | null;
  filled: string;
};

const toMerge = (r: MergeRow): LeadMerge => ({
  mergedId: r.merged_id,
  keptId: r.kept_id,
  mergedAt: new Date(r.merged_at).toISOString(),
  mergedById: r.merged_by,
  mergedByEmail: r.merged_by_email,
  filled: json<Record<string, string>>(r.filled),
  lead: toLead(r),
});

const MERGES = `SELECT ${LEAD_COLUMNS}, g.merged_id, g.kept_id, g.merged_at, g.merged_by,
         s.email AS merged_by_email, g.filled
       FROM lead_merges g JOIN leads l ON l.id = g.merged_id
       LEFT JOIN staff s ON s.id = g.merged_by`;

/** The leads merged into `keptId`, newest merge first (each with the merged lead). */
export async function leadMerges(db: Db, keptId: string): Promise<LeadMerge[]> {
  const rows = await db.all<MergeRow>(
    `${MERGES} WHERE g.kept_id = $1 ORDER BY g.merged_at DESC, g.merged_id`,
    [keptId],
  );
  return rows.map(toMerge);
}

/** The merge that hid `mergedId` in another lead (its `lead` is the merged one), or null. */
export async function mergedInto(db: Db, mergedId: string): Promise<LeadMerge | null> {
  const row = await db.one<MergeRow>(`${MERGES} WHERE g.merged_id = $1`, [mergedId]);
  return row ? toMerge(row) : null;
}

/** The timelines of the leads merged into `keptId`, oldest first, each entry with its lead. */
export async function mergedLeadEvents(db: Db, keptId: string) {
  const rows = await db.all<{
    id: string;
    lead_id: string;
    at: string;
    actor_id: string | null;
    email: string | null;
    kind: string;
    body: string;
    status: string | null;
    edited_at: string | null;
    deleted_at: string | null;
  }>(
    `SELECT e.id, e.lead_id, e.at, e.actor_id, s.email, e.kind, e.body, e.status,
            e.edited_at, e.deleted_at
     FROM lead_merges g JOIN lead_events e ON e.lead_id = g.merged_id
     LEFT JOIN staff s ON s.id = e.actor_id
     WHERE g.kept_id = $1 ORDER BY e.at, e.id`,
    [keptId],
  );
  return rows.map(
    (r): LeadEvent & { leadId: string; editedAt: string | null; deletedAt: string | null } => ({
      id: r.id,
      leadId: r.lead_id,
      at: r.at,
      actorId: r.actor_id,
      actorEmail: r.email,
      kind: r.kind as LeadEvent["kind"],
      body: r.body,
      status: r.status as LeadStatus | null,
      editedAt: r.edited_at,
      deletedAt: r.deleted_at,
    }),
  );
}
