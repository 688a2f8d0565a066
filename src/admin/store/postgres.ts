/**
 * The agency side's store on PostgreSQL: the lead store's own pool and schema (the same
 * `postgres` driver; one driver in the project), so every server on the database shares the
 * accounts and accepts each other's sessions. Every query but the inbox's page and the export's
 * details is written once for both stores (./store.ts, decision D198); those two stay here,
 * tuned for PostgreSQL (trigram indexes, jsonb, arrays).
 */
import { AUDIT_SCORE } from "./auditScore.ts";
import type postgres from "postgres";
import type { PostgresConnection } from "../../db/connection.ts";
import { orUnavailable } from "../../db/errors.ts";
import { toRecord, type LeadRow } from "../../leads/store/rows.ts";
import { likeEscaped, nextWalk, searchTerms, sourceFilter } from "../search.ts";
import { PG_SEARCH_PHONE_DIGITS, PG_SEARCH_TEXT } from "../../leads/store/searchIndex.ts";
import { SqlAdminStore } from "./store.ts";
import type { InboxLead, InboxQuery, LeadStatus } from "./types.ts";

type InboxRow = LeadRow & {
  created_at: Date;
  status: string;
  audit_score: number | null;
  first_contacted_at: Date | null;
  lost_reason: string | null;
  assignee_email: string | null;
  tag_list: string | null;
  walked?: string | number;
};

export class PostgresAdminStore extends SqlAdminStore {
  readonly #sql: postgres.Sql;

  constructor(connection: PostgresConnection) {
    super(connection.db);
    this.#sql = connection.sql;
  }

  #run<T>(work: () => Promise<T>): Promise<T> {
    return orUnavailable("postgres", work);
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
    // The assignee: migration 24's (assignee_id, created_at, id) index, walked newest first; a
    // tag: its leads by lead_tags_tag, or the walk probing each lead's tags (the planner picks).
    if (q.assignee === null) conds.push(sql`assignee_id IS NULL`);
    else if (q.assignee) conds.push(sql`assignee_id = ${q.assignee}`);
    if (q.tag) {
      conds.push(
        sql`EXISTS (SELECT 1 FROM lead_tags t WHERE t.lead_id = leads.id AND t.tag = ${q.tag})`,
      );
    }
    const { words, digits } = searchTerms(q.search);
    const likes = (text: postgres.PendingQuery<postgres.Row[]>, phone: typeof text) =>
      [
        ...words.map((w) => sql`${text} LIKE ${`%${likeEscaped(w)}%`}`),
        ...digits.map((d) => sql`${phone} LIKE ${`%${d}%`}`),
      ].reduce((all, c) => sql`${all} AND ${c}`);
    const searching = words.length > 0 || digits.length > 0;
    const and = (list: typeof conds) => list.reduce((all, c) => sql`${all} AND ${c}`);
    const after = (before: InboxQuery["before"]) =>
      before ? [sql`(created_at, id) < (${before.createdAt}::timestamptz, ${before.id})`] : [];
    /** The page's rows as the inbox shows them: the lead, its pipeline state, its score. */
    const shown = (rows: InboxRow[]): InboxLead[] =>
      rows.map((row) => ({
        lead: toRecord(row),
        status: row.status as LeadStatus,
        score: row.audit_score ?? null,
        tags: tagsOf(row),
        details: {
          status: row.status as LeadStatus,
          firstContactedAt: row.first_contacted_at?.toISOString() ?? null,
          lostReason: row.lost_reason,
          assignee: row.assignee_email,
          score: row.audit_score ?? null,
          tags: tagsOf(row),
        },
      }));
    const tagsOf = (row: InboxRow) => (row.tag_list ? row.tag_list.split(",").sort() : []);
    const columns = sql`*, ${sql.unsafe(AUDIT_SCORE)} AS audit_score,
      (SELECT email FROM staff WHERE staff.id = leads.assignee_id) AS assignee_email,
      (SELECT string_agg(tag, ',' ORDER BY tag) FROM lead_tags
        WHERE lead_tags.lead_id = leads.id) AS tag_list`;
    /**
     * Up to `limit` leads after `before`, newest first; a search finds its words through the
     * trigram indexes (migration 11's `lead_search`), and the leads not indexed yet are read
     * from the table by the same expressions.
     */
    const indexed = (before: InboxQuery["before"], limit: number) => {
      const where = [...conds, ...after(before)];
      if (searching) {
        where.push(sql`id IN (
          SELECT lead_id FROM lead_search WHERE ${likes(sql`doc`, sql`phone`)}
          UNION ALL
          SELECT id FROM leads WHERE id IN (SELECT lead_id FROM lead_search_pending)
            AND ${likes(sql.unsafe(PG_SEARCH_TEXT), sql.unsafe(PG_SEARCH_PHONE_DIGITS))})`);
      }
      return sql<InboxRow[]>`
        SELECT ${columns} FROM leads WHERE ${and(where)}
        ORDER BY created_at DESC, id DESC LIMIT ${limit}`;
    };
    /**
     * One step of the newest-first walk (nextWalk in src/admin/search.ts): the next `chunk`
     * filtered leads after `before`, of which the first `need` that match (the lead's own text
     * and phone, as the index holds them), and the chunk's last lead when fewer match (`hit`
     * false): where the next step starts. The inner LIMIT keeps the planner on the (created_at,
     * id) index; the outer one stops reading once the page is full.
     */
    const walkStep = (before: InboxQuery["before"], chunk: number, need: number) => {
      const hit = likes(sql.unsafe(PG_SEARCH_TEXT), sql.unsafe(PG_SEARCH_PHONE_DIGITS));
      return sql<(InboxRow & { hit: boolean })[]>`
        SELECT ${columns}, ${hit} AS hit FROM (
          SELECT *, row_number() OVER (ORDER BY created_at DESC, id DESC) AS walked
          FROM leads WHERE ${and([...conds, ...after(before)])}
          ORDER BY created_at DESC, id DESC LIMIT ${chunk}) leads
        WHERE ${hit} OR walked = ${chunk}
        ORDER BY created_at DESC, id DESC LIMIT ${need + 1}`;
    };
    return this.#run(async () => {
      const want = q.limit + 1;
      if (!searching) return shown(await indexed(q.before, want));
      const found: InboxRow[] = [];
      let before = q.before;
      let walked = 0;
      for (;;) {
        const chunk = nextWalk(walked, found.length, want);
        if (chunk === null) {
          // Too few matches for the walk: the index finds the rest of the page.
          found.push(...(await indexed(before, want - found.length)));
          break;
        }
        const rows = await walkStep(before, chunk, want - found.length);
        for (const row of rows) if (row.hit && found.length < want) found.push(row);
        if (found.length >= want) break;
        // Fewer matches than the page needs: the chunk's last lead came too, unless the leads
        // ran out before the chunk did.
        const last = rows.at(-1);
        if (!last || Number(last.walked) < chunk) break;
        walked += chunk;
        before = { createdAt: last.created_at.toISOString(), id: last.id };
      }
      return shown(found);
    });
  }
}
