/**
 * The inbox's CSV export read in one query a batch (issue 27 §6, D209): each lead with what
 * its line shows (its pipeline state, assignee, tags, score, won value and open follow-up), in
 * the inbox's order and by the inbox's filters as inboxWindow.ts reads them, written once for
 * both stores. The rows are nearly as stored (JSON as text): src/admin/export.ts turns each
 * into the ExportRow that exportLine writes, the values the inbox's page and exportExtras gave it
 * before, so the three exports stay one file (tests/integration/export-rows.test.ts).
 */
import type { Db, Param } from "../../db/driver.ts";
import { AUDIT_SCORE } from "./auditScore.ts";
import { inboxWhere, type InboxCursor } from "./inboxWindow.ts";
import type { InboxQuery } from "./types.ts";

/** A time: ISO text on SQLite, epoch milliseconds on PostgreSQL. */
export type ExportTime = string | number;

/** A lead as the export reads it: fields and metadata as JSON text. */
export interface ExportDbRow {
  id: string;
  kind: string;
  form: string;
  subject: string | null;
  created_at: ExportTime;
  spam: boolean | number;
  fields: string;
  metadata: string;
  status: string;
  first_contacted_at: ExportTime | null;
  lost_reason: string | null;
  assignee: string | null;
  /** The lead's tags joined with ",", in no order; null for none. */
  tags: string | null;
  score: number | null;
  won: string | number | null;
  due_at: ExportTime | null;
  note: string | null;
}

/**
 * The leads with their assignee and open follow-up, joined under names of their own, so the
 * inbox's filters (inboxWhere: unqualified `id`, `created_at`, SQLite's `rowid`) name the lead's.
 */
const FROM = `leads
  LEFT JOIN (SELECT id AS staff_id, email AS staff_email FROM staff) assignee
    ON assignee.staff_id = leads.assignee_id
  LEFT JOIN (SELECT lead_id AS follow_up_lead, due_at AS follow_up_due, note AS follow_up_note
             FROM lead_follow_ups) follow_up
    ON follow_up.follow_up_lead = leads.id`;

/**
 * The columns. PostgreSQL's differ in type only: its times come as epoch milliseconds and its
 * JSON as text, since the driver's parsing of a timestamp into a Date (and the Date into ISO
 * text, src/db/driver.ts) and of jsonb cost the export more than the rest of a line
 * (exportRowOf parses the same JSON; the times go to spreadsheetTime as numbers).
 */
const columns = (db: Db) => {
  const pg = db.dialect === "postgres";
  const time = (column: string) =>
    pg ? `floor(extract(epoch FROM ${column}) * 1000)::float8` : column;
  const json = (column: string) => (pg ? `${column}::text` : column);
  return `leads.id, leads.kind, leads.form, leads.subject,
  ${time("leads.created_at")} AS created_at, leads.spam,
  ${json("leads.fields")} AS fields, ${json("leads.metadata")} AS metadata, leads.status,
  ${time("leads.first_contacted_at")} AS first_contacted_at, leads.lost_reason,
  assignee.staff_email AS assignee,
  (SELECT string_agg(tag, ',') FROM lead_tags t WHERE t.lead_id = leads.id) AS tags,
  ${AUDIT_SCORE} AS score, leads.won_value_cents AS won,
  ${time("follow_up.follow_up_due")} AS due_at, follow_up.follow_up_note AS note`;
};

/**
 * Up to `limit` of the inbox's filtered leads after `after`, newest first (the inbox page's
 * cursor and order). A search reads the index's matches and the leads waiting to be indexed,
 * as countInbox and newerThan do.
 */
export async function exportRows(
  db: Db,
  q: InboxQuery,
  after: InboxCursor | undefined,
  limit: number,
): Promise<ExportDbRow[]> {
  const { where, params, fts } = await inboxWhere(db, q);
  const values: Param[] = [...params];
  const conds = [...where];
  if (fts) {
    values.push(fts.indexed);
    conds.push(`(id IN (SELECT lead_id FROM lead_search WHERE lead_search MATCH $${values.length})
      OR ${fts.waiting})`);
  }
  if (after) {
    values.push(after.createdAt, after.id);
    const at = `$${values.length - 1}${db.dialect === "postgres" ? "::timestamptz" : ""}`;
    conds.push(`(leads.created_at, leads.id) < (${at}, $${values.length})`);
  }
  return db.all<ExportDbRow>(
    `SELECT ${columns(db)} FROM ${FROM}
     WHERE ${conds.join(" AND ")}
     ORDER BY leads.created_at DESC, leads.id DESC LIMIT ${Math.max(0, Math.floor(limit))}`,
    values,
  );
}
