/**
 * The agency side's store on SQLite: the lead store's own database (one file, one connection),
 * so accounts and sessions are in `leads.db` beside the leads. Every query but the inbox's page
 * is written once for both stores (./store.ts, decisions D198, D224); the page stays here, tuned
 * for SQLite (the FTS5 trigram index), its filters read from the shared inboxWhere
 * (./inboxWindow.ts).
 */
import { AUDIT_SCORE } from "./auditScore.ts";
import type { SqliteConnection } from "../../db/connection.ts";
import { onStore } from "../../db/errors.ts";
import { READ_COLUMNS, toRecord, type LeadRow } from "../../leads/store/rows.ts";
import { indexAllSearch } from "../../leads/store/searchIndex.ts";
import { ftsQuery, searchTerms } from "../search.ts";
import { inboxWhere, withSearch } from "./inboxWindow.ts";
import { SqlAdminStore } from "./store.ts";
import type { InboxLead, InboxQuery, LeadStatus } from "./types.ts";

/** A row of inboxPage: the lead and its pipeline state. */
type InboxRow = LeadRow & {
  status: string;
  audit_score: number | null;
  first_contacted_at: string | null;
  lost_reason: string | null;
  assignee_email: string | null;
  tag_list: string | null;
};

export class SqliteAdminStore extends SqlAdminStore {
  readonly #connection: SqliteConnection;

  constructor(connection: SqliteConnection) {
    super(connection.db);
    this.#connection = connection;
  }

  /**
   * The inbox's page: the filters as inboxWhere writes them for both stores, read newest first
   * on the (created_at, id) index. A search's words of three characters or more and its phone
   * digits go to the trigram index (migration 8), brought up to date first with the leads that
   * arrived since it last was (migration 11); a word many leads have is tested lead by lead
   * instead, stopping once the page is full (D212, withSearch).
   */
  async inboxPage(q: InboxQuery): Promise<InboxLead[]> {
    return onStore(this.db, async (db) => {
      if (ftsQuery(searchTerms(q.search))) await indexAllSearch(this.#connection);
      const { where, params } = withSearch(await inboxWhere(db, q, { page: true }), true);
      if (q.before) {
        // A row value, so the next page starts where the last ended in the (created_at, id) index.
        params.push(q.before.createdAt, q.before.id);
        where.push(`(created_at, id) < ($${params.length - 1}, $${params.length})`);
      }
      params.push(q.limit + 1);
      const rows = await db.all<InboxRow>(
        `SELECT ${READ_COLUMNS}, status, ${AUDIT_SCORE} AS audit_score,
                first_contacted_at, lost_reason,
                (SELECT email FROM staff WHERE staff.id = leads.assignee_id) AS assignee_email,
                (SELECT group_concat(tag, ',') FROM lead_tags WHERE lead_tags.lead_id = leads.id)
                  AS tag_list
         FROM leads
         WHERE ${where.join(" AND ")} ORDER BY created_at DESC, id DESC LIMIT $${params.length}`,
        params,
      );
      return rows.map((row) => {
        const tags = row.tag_list ? row.tag_list.split(",").sort() : [];
        return {
          lead: toRecord(row),
          status: row.status as LeadStatus,
          score: row.audit_score ?? null,
          tags,
          details: {
            status: row.status as LeadStatus,
            firstContactedAt: row.first_contacted_at,
            lostReason: row.lost_reason,
            assignee: row.assignee_email,
            score: row.audit_score ?? null,
            tags,
          },
        };
      });
    });
  }
}
