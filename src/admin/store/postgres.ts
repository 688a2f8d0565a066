/**
 * The agency side's store on PostgreSQL: the lead store's own pool and schema (the same
 * `postgres` driver; one driver in the project), so every server on the database shares the
 * accounts and accepts each other's sessions. Every query but the inbox's page and the export's
 * details is written once for both stores (./store.ts, decision D198); those two stay here,
 * tuned for PostgreSQL (trigram indexes, jsonb, arrays).
 */
import { AUDIT_SCORE } from "./auditScore.ts";
import { postgresDb } from "../../server/db.ts";
import type postgres from "postgres";
import { orUnavailable, toRecord, type Row } from "../../leads/store/postgres.ts";
import { likeEscaped, searchTerms, sourceFilter } from "../search.ts";
import { PG_SEARCH_PHONE_DIGITS, PG_SEARCH_TEXT } from "../../leads/store/searchIndex.ts";
import { SqlAdminStore } from "./store.ts";
import type { ExportDetails, InboxLead, InboxQuery, LeadStatus } from "./types.ts";

export class PostgresAdminStore extends SqlAdminStore {
  readonly #sql: postgres.Sql;

  constructor(sql: postgres.Sql) {
    super(postgresDb(sql));
    this.#sql = sql;
  }

  #run<T>(work: () => Promise<T>): Promise<T> {
    return orUnavailable(work);
  }

  async inboxPage(q: InboxQuery): Promise<InboxLead[]> {
    const sql = this.#sql;
    const conds: postgres.PendingQuery<postgres.Row[]>[] = [
      sql`spam = ${q.spam}`,
      sql`completed_by IS NULL`,
    ];
    if (q.status) conds.push(sql`status = ${q.status}`);
    if (q.kind) conds.push(sql`kind = ${q.kind}`);
    if (q.from) conds.push(sql`created_at >= ${q.from}`);
    if (q.to) conds.push(sql`created_at < ${q.to}`);
    if (q.source) {
      // What the Source column shows (sourceFilter): a filter on the rows read, as the
      // utm_source filter before it was (no index holds sources).
      const src = sql`lower(coalesce(metadata->'utm'->>'utm_source', ''))`;
      const med = sql`lower(coalesce(metadata->'utm'->>'utm_medium', ''))`;
      const ref = sql`lower(coalesce(metadata->>'referrer', ''))`;
      const f = sourceFilter(q.source);
      if (f.kind === "direct") conds.push(sql`${src} = '' AND ${med} = '' AND ${ref} = ''`);
      else if (f.kind === "utm") conds.push(sql`${src} = ${f.source} AND ${med} = ${f.medium}`);
      else {
        const { exact, prefixes } = f.referrers;
        const host = prefixes
          .map((p) => sql`substr(${ref}, 1, ${p.length}) IN ${sql(p.values)}`)
          .reduce((all, c) => sql`${all} OR ${c}`, sql`${ref} IN ${sql(exact)}`);
        conds.push(
          sql`(${src} = ${f.name} OR (${src} = '' AND (${med} = ${f.name} OR (${med} = '' AND (${host})))))`,
        );
      }
    }
    if (q.campaign) conds.push(sql`lower(metadata->'utm'->>'utm_campaign') = ${q.campaign}`);
    if (q.score) {
      conds.push(sql`${sql.unsafe(AUDIT_SCORE)} BETWEEN ${q.score.min} AND ${q.score.max}`);
    }
    const { words, digits } = searchTerms(q.search);
    if (words.length || digits.length) {
      // The indexed text (migration 11's `lead_search`, trigram indexes), and the leads not
      // indexed yet read from the table by the same expressions.
      const likes = (text: postgres.PendingQuery<postgres.Row[]>, phone: typeof text) =>
        [
          ...words.map((w) => sql`${text} LIKE ${`%${likeEscaped(w)}%`}`),
          ...digits.map((d) => sql`${phone} LIKE ${`%${d}%`}`),
        ].reduce((all, c) => sql`${all} AND ${c}`);
      conds.push(sql`id IN (
        SELECT lead_id FROM lead_search WHERE ${likes(sql`doc`, sql`phone`)}
        UNION ALL
        SELECT id FROM leads WHERE id IN (SELECT lead_id FROM lead_search_pending)
          AND ${likes(sql.unsafe(PG_SEARCH_TEXT), sql.unsafe(PG_SEARCH_PHONE_DIGITS))})`);
    }
    if (q.before) {
      conds.push(sql`(created_at, id) < (${q.before.createdAt}::timestamptz, ${q.before.id})`);
    }
    const where = conds.reduce((all, c) => sql`${all} AND ${c}`);
    return this.#run(async () => {
      const rows = await sql<
        (Row & {
          status: string;
          audit_score: number | null;
          first_contacted_at: Date | null;
          lost_reason: string | null;
          assignee_email: string | null;
        })[]
      >`
        SELECT *, ${sql.unsafe(AUDIT_SCORE)} AS audit_score,
               (SELECT email FROM staff WHERE staff.id = leads.assignee_id) AS assignee_email
        FROM leads WHERE ${where}
        ORDER BY created_at DESC, id DESC LIMIT ${q.limit + 1}`;
      return rows.map((row) => ({
        lead: toRecord(row),
        status: row.status as LeadStatus,
        score: row.audit_score ?? null,
        details: {
          status: row.status as LeadStatus,
          firstContactedAt: row.first_contacted_at?.toISOString() ?? null,
          lostReason: row.lost_reason,
          assignee: row.assignee_email,
          score: row.audit_score ?? null,
        },
      }));
    });
  }

  async exportDetails(leadIds: readonly string[]) {
    return this.#run(async () => {
      const rows = await this.#sql<
        {
          id: string;
          status: string;
          first_contacted_at: Date | null;
          lost_reason: string | null;
          assignee: string | null;
          audit_score: number | null;
        }[]
      >`
        SELECT leads.id, status, first_contacted_at, lost_reason, s.email AS assignee,
               ${this.#sql.unsafe(AUDIT_SCORE)} AS audit_score
        FROM leads LEFT JOIN staff s ON s.id = leads.assignee_id
        WHERE leads.id = ANY(${leadIds as string[]})`;
      return new Map<string, ExportDetails>(
        rows.map((r) => [
          r.id,
          {
            status: r.status as LeadStatus,
            firstContactedAt: r.first_contacted_at?.toISOString() ?? null,
            lostReason: r.lost_reason,
            assignee: r.assignee,
            score: r.audit_score ?? null,
          },
        ]),
      );
    });
  }
}
