/**
 * What the admin store's queries share (decision D198): the row shapes both drivers return
 * (src/db/driver.ts: timestamps as ISO strings on both), their mappers, and the few SQL fragments
 * that differ between the dialects. A concern module (accounts.ts, sessions.ts, pipeline.ts, …)
 * writes each query once and takes a fragment from here where the databases really differ, so
 * every branch is named, small and pinned by tests/unit/admin-store-sql.test.ts.
 */
import { dialectSql, json, type Db, type DialectSql } from "../../db/driver.ts";
import type { LeadRecord } from "../../leads/store/types.ts";
import type { AdminStore, LeadStatus, Role, StaffRecord } from "./types.ts";

/** The argument `i` of the AdminStore method `K` (so a concern module restates no shapes). */
export type Arg<K extends keyof AdminStore, I extends number> = Parameters<AdminStore[K]>[I];

export interface StaffRow {
  id: string;
  email: string;
  role: string;
  password_hash: string | null;
  created_at: string;
  updated_at: string;
  deactivated_at: string | null;
}

/** The account columns, from `staff s`. */
export const STAFF =
  "s.id, s.email, s.role, s.password_hash, s.created_at, s.updated_at, s.deactivated_at";

export const toStaff = (row: StaffRow): StaffRecord => ({
  id: row.id,
  email: row.email,
  role: row.role as Role,
  hasPassword: row.password_hash !== null,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  deactivatedAt: row.deactivated_at,
});

/** A lead as both drivers return it: JSON as text (SQLite) or parsed (PostgreSQL's jsonb). */
export interface LeadRow {
  id: string;
  kind: string;
  form: string;
  subject: string | null;
  created_at: string;
  spam: number | boolean;
  fields: string | Record<string, string>;
  metadata: string | LeadRecord["metadata"];
  completed_by: string | null;
  status: string;
}

/** The lead columns, from `leads`. */
export const LEAD =
  "leads.id, leads.kind, leads.form, leads.subject, leads.created_at, leads.spam, " +
  "leads.fields, leads.metadata, leads.completed_by, leads.status";

export const toLead = (row: LeadRow): LeadRecord => ({
  id: row.id,
  kind: row.kind as LeadRecord["kind"],
  form: row.form as LeadRecord["form"],
  subject: row.subject,
  createdAt: row.created_at,
  spam: Boolean(row.spam),
  fields: json(row.fields),
  metadata: json(row.metadata),
  ...(row.completed_by ? { completedBy: row.completed_by } : {}),
});

/** A lead as the inbox lists it, without its score (the same person's leads, the Due view). */
export const toInboxLead = (row: LeadRow) => ({
  lead: toLead(row),
  status: row.status as LeadStatus,
  score: null,
});

/** A count as a number on both (a bare count(*) is a bigint string on PostgreSQL). */
export const COUNT = "CAST(count(*) AS INTEGER)";

/** Is this a unique-constraint violation (PostgreSQL 23505, SQLite's UNIQUE constraint)? */
export const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === "23505" ||
  /UNIQUE constraint/.test(String((error as Error)?.message));

/**
 * The SQL fragments that differ between the dialects (see tests/unit/admin-store-sql.test.ts):
 * the driver's own (src/db/driver.ts) and the lead columns' spellings.
 */
export interface Fragments extends DialectSql {
  /** A lead's text field, as the expression indexes of migration 6 spell it. */
  field(name: "email" | "phone"): string;
  /** Not in the spam folder, as the partial indexes spell it (migration 10's leads_contacted). */
  notSpam(table: string): string;
}

const fragments: Record<Db["dialect"], Fragments> = {
  sqlite: {
    ...dialectSql({ dialect: "sqlite" }),
    field: (name) => `json_extract(fields, '$.${name}')`,
    notSpam: (table) => `${table}.spam = 0`,
  },
  postgres: {
    ...dialectSql({ dialect: "postgres" }),
    field: (name) => `fields->>'${name}'`,
    notSpam: (table) => `NOT ${table}.spam`,
  },
};

/** The fragments of `db`'s dialect. */
export const sql = (db: Db): Fragments => fragments[db.dialect];
