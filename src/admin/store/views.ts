/**
 * Saved views of the inbox (migration 25), written once for both stores over the shared driver
 * (src/db/driver.ts). The rules (names, the cap, what a query may hold) live in ../views.ts.
 */
import type { Db } from "../../db/driver.ts";
import type { SavedView } from "./types.ts";

export async function savedViews(db: Db, staffId: string): Promise<SavedView[]> {
  const rows = await db.all<{ id: string; name: string; query: string; created_at: string }>(
    `SELECT id, name, query, created_at FROM saved_views WHERE staff_id = $1
     ORDER BY name_key, id`,
    [staffId],
  );
  return rows.map((r) => ({ id: r.id, name: r.name, query: r.query, createdAt: r.created_at }));
}

export function saveView(
  db: Db,
  view: {
    id: string;
    staffId: string;
    name: string;
    nameKey: string;
    query: string;
    at: string;
    cap: number;
  },
): Promise<"saved" | "taken" | "full"> {
  return db.transaction(async (tx) => {
    const lock = tx.dialect === "postgres" ? " FOR UPDATE" : "";
    // The account's row locked on PostgreSQL, so two saves cannot both pass the cap.
    await tx.one(`SELECT id FROM staff WHERE id = $1${lock}`, [view.staffId]);
    const count = await tx.one<{ n: number }>(
      "SELECT CAST(count(*) AS INTEGER) AS n FROM saved_views WHERE staff_id = $1",
      [view.staffId],
    );
    const taken = await tx.one(
      "SELECT 1 AS one FROM saved_views WHERE staff_id = $1 AND name_key = $2",
      [view.staffId, view.nameKey],
    );
    if (taken) return "taken";
    if (Number(count?.n ?? 0) >= view.cap) return "full";
    await tx.run(
      `INSERT INTO saved_views (id, staff_id, name, name_key, query, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [view.id, view.staffId, view.name, view.nameKey, view.query, view.at],
    );
    return "saved";
  });
}

export async function deleteView(db: Db, staffId: string, id: string): Promise<boolean> {
  return (
    (await db.run("DELETE FROM saved_views WHERE staff_id = $1 AND id = $2", [staffId, id])) > 0
  );
}
