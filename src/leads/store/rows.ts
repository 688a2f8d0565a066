/**
 * A lead as both databases return it through the driver (src/db/driver.ts), and the one mapper
 * to a LeadRecord: SQLite's JSON text and 0/1 flag, PostgreSQL's parsed jsonb and boolean (its
 * timestamps already ISO strings from the driver).
 */
import { json } from "../../db/driver.ts";
import type { LeadRecord } from "./types.ts";

export interface LeadRow {
  id: string;
  kind: string;
  form: string;
  subject: string | null;
  /** A Date only from postgres.js read directly (the PostgreSQL inbox page). */
  created_at: string | Date;
  spam: number | boolean;
  fields: string | LeadRecord["fields"];
  metadata: string | LeadRecord["metadata"];
  completed_by: string | null;
}

/** The columns a new lead is inserted with. */
export const INSERT_COLUMNS = "id, kind, form, subject, created_at, spam, fields, metadata";
/** The columns a lead is read with. */
export const READ_COLUMNS = `${INSERT_COLUMNS}, completed_by`;

export function toRecord(row: LeadRow): LeadRecord {
  return {
    id: row.id,
    kind: row.kind as LeadRecord["kind"],
    form: row.form as LeadRecord["form"],
    subject: row.subject,
    createdAt: typeof row.created_at === "string" ? row.created_at : row.created_at.toISOString(),
    spam: Boolean(row.spam),
    fields: json(row.fields),
    metadata: json(row.metadata),
    ...(row.completed_by ? { completedBy: row.completed_by } : {}),
  };
}
