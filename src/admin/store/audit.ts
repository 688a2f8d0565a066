/**
 * The audit log of the agency side (sign-ins, invites, role changes, erasures), written once for
 * both stores (D198). What is logged is decided in ../auditLog.ts.
 */
import type { Db, Param } from "../../db/driver.ts";
import { likeEscaped } from "../search.ts";
import { json } from "../../db/driver.ts";
import { sql } from "./sql.ts";
import type { AuditEntry, AuditQuery } from "./types.ts";

export async function audit(db: Db, entry: AuditEntry) {
  // Repeats of a bucket raise the first row's count (a flood of refused sign-ins).
  await db.run(
    `INSERT INTO audit_log (id, at, actor_id, action, subject, detail, bucket)
     VALUES ($1, $2, $3, $4, $5, ${sql(db).jsonParam(6)}, $7)
     ON CONFLICT (bucket) WHERE bucket IS NOT NULL
     DO UPDATE SET count = audit_log.count + 1, at = excluded.at`,
    [
      entry.id,
      entry.at,
      entry.actorId,
      entry.action,
      entry.subject,
      JSON.stringify(entry.detail),
      entry.bucket ?? null,
    ],
  );
}

export async function listAudit(db: Db, query: AuditQuery | number) {
  const q = typeof query === "number" ? { limit: query - 1 } : query;
  const where: string[] = [];
  const params: Param[] = [q.limit + 1];
  const add = (condition: (n: number) => string, value: Param) => {
    params.push(value);
    where.push(condition(params.length));
  };
  if (q.action) add((n) => `a.action = $${n}`, q.action);
  if (q.person) {
    const like = `%${likeEscaped(q.person.toLowerCase())}%`;
    add((n) => `(lower(a.subject) LIKE $${n} ESCAPE '\\' OR s.email LIKE $${n} ESCAPE '\\')`, like);
  }
  if (q.before) {
    // A row value: the next page starts where the last ended in the (at, id) index.
    params.push(q.before.at, q.before.id);
    where.push(`(a.at, a.id) < ($${params.length - 1}, $${params.length})`);
  }
  const rows = await db.all<{
    id: string;
    at: string;
    actor_id: string | null;
    action: string;
    subject: string | null;
    detail: string | Record<string, unknown>;
    count: number;
    email: string | null;
  }>(
    `SELECT a.id, a.at, a.actor_id, a.action, a.subject, a.detail, a.count, s.email
     FROM audit_log a LEFT JOIN staff s ON s.id = a.actor_id
     ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
     ORDER BY a.at DESC, a.id DESC LIMIT $1`,
    params,
  );
  return rows.map((r) => ({
    id: r.id,
    at: r.at,
    actorId: r.actor_id,
    actorEmail: r.email,
    action: r.action,
    subject: r.subject,
    detail: json(r.detail),
    count: Number(r.count),
  }));
}

export async function auditActions(db: Db) {
  const rows = await db.all<{ action: string }>(
    "SELECT DISTINCT action FROM audit_log ORDER BY action",
  );
  return rows.map((r) => r.action);
}

export function pruneAudit(db: Db, before: string) {
  return db.run("DELETE FROM audit_log WHERE at < $1", [before]);
}
