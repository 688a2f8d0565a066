/**
 * New-lead assignment in turn (round-robin, issue 39 §3, decision D238), written once for both
 * stores over the shared driver. One transaction: the counter of lead_assignment_turns (migration
 * 34) is raised and read back in one UPDATE … RETURNING, which on PostgreSQL holds the counter's
 * row lock until the commit, so two servers assigning at the same moment queue on it and get
 * consecutive turns, never the same one (SQLite's write lock does the same for its one file).
 * The turn picks, among the chosen accounts still active (deactivated ones skipped), ordered by
 * id, the one at turn modulo their number; the lead gets them only if nobody took it meanwhile,
 * and its timeline says so (an 'assign' event naming the account, with no actor: the
 * inbox's own doing).
 */
import { dialectSql, type Db } from "../../db/driver.ts";

export async function assignInTurn(
  db: Db,
  a: { leadId: string; staffIds: readonly string[]; eventId: string; at: string },
): Promise<string | null> {
  if (!a.staffIds.length) return null;
  return db.transaction(async (tx) => {
    const pool = await tx.all<{ id: string; email: string }>(
      `SELECT id, email FROM staff
       WHERE ${dialectSql(tx).inList("id", 1)} AND deactivated_at IS NULL ORDER BY id`,
      [a.staffIds],
    );
    if (!pool.length) return null;
    const bumped = await tx.one<{ turn: number | string }>(
      "UPDATE lead_assignment_turns SET turn = turn + 1 WHERE id = 1 RETURNING turn",
    );
    const turn = Number(bumped?.turn ?? 1);
    const pick = pool[(turn - 1) % pool.length]!;
    const updated = await tx.run(
      "UPDATE leads SET assignee_id = $1 WHERE id = $2 AND assignee_id IS NULL",
      [pick.id, a.leadId],
    );
    if (updated !== 1) return null;
    await tx.run(
      `INSERT INTO lead_events (id, lead_id, at, actor_id, kind, body) VALUES ($1, $2, $3, NULL, 'assign', $4)`,
      [a.eventId, a.leadId, a.at, pick.email],
    );
    return pick.id;
  });
}
