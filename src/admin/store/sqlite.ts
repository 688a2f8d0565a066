/**
 * The agency side's store on SQLite: the lead store's own database (one file, one connection),
 * so accounts and sessions are in `leads.db` beside the leads. Every query but the inbox's page
 * and the export's details is written once for both stores (./store.ts, decision D198); those
 * two stay here, tuned for SQLite (the FTS5 trigram index, json_extract, json_each).
 */
import { AUDIT_SCORE } from "./auditScore.ts";
import { sqliteDb } from "../../server/db.ts";
import type { DatabaseSync, SQLInputValue, StatementSync } from "node:sqlite";
import { READ_COLUMNS, toRecord, unavailable, type Row } from "../../leads/store/sqlite.ts";
import {
  indexAllPendingSearch,
  SEARCHED_FIELDS,
  sqlitePhoneDigits,
} from "../../leads/store/searchIndex.ts";
import { ftsQuery, isIndexed, likeEscaped, searchTerms, sourceFilter } from "../search.ts";
import { SqlAdminStore } from "./store.ts";
import type { ExportDetails, InboxLead, InboxQuery, LeadStatus } from "./types.ts";

/**
 * A search the index matches at least this often is read newest first, each lead's text tested
 * (inboxPage); a rarer one reads its matches from the index and sorts them.
 */
const DENSE_MATCHES = 2_000;

/** A row of inboxPage: the lead and its pipeline state. */
type InboxRow = Row & {
  status: string;
  audit_score: number | null;
  first_contacted_at: string | null;
  lost_reason: string | null;
  assignee_email: string | null;
  tag_list: string | null;
};

export class SqliteAdminStore extends SqlAdminStore {
  readonly #db: DatabaseSync;

  constructor(db: DatabaseSync) {
    super(sqliteDb(db));
    this.#db = db;
  }

  #run<T>(work: () => T): T {
    try {
      return work();
    } catch (error) {
      throw unavailable(error);
    }
  }

  /** Prepared statements by SQL text: the inbox asks the same few queries again and again. */
  readonly #statements = new Map<string, StatementSync>();

  #prepared(sql: string): StatementSync {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#db.prepare(sql);
      if (this.#statements.size >= 200) this.#statements.clear();
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  #one<T>(sql: string, ...params: SQLInputValue[]): T | undefined {
    return this.#run(() => this.#prepared(sql).get(...params) as T | undefined);
  }

  #all<T>(sql: string, ...params: SQLInputValue[]): T[] {
    return this.#run(() => this.#prepared(sql).all(...params) as T[]);
  }

  async inboxPage(q: InboxQuery): Promise<InboxLead[]> {
    const where = ["spam = ?", "completed_by IS NULL"];
    const params: SQLInputValue[] = [q.spam ? 1 : 0];
    const add = (condition: string, ...values: SQLInputValue[]) => {
      where.push(condition);
      params.push(...values);
    };
    if (q.status) add("status = ?", q.status);
    if (q.kind) add("kind = ?", q.kind);
    if (q.from) add("created_at >= ?", q.from);
    if (q.to) add("created_at < ?", q.to);
    if (q.source) {
      // What the Source column shows (sourceFilter): a filter on the rows the walk reads, as
      // the utm_source filter before it was (no index holds sources).
      const src = "lower(coalesce(json_extract(metadata, '$.utm.utm_source'), ''))";
      const med = "lower(coalesce(json_extract(metadata, '$.utm.utm_medium'), ''))";
      const ref = "lower(coalesce(json_extract(metadata, '$.referrer'), ''))";
      const f = sourceFilter(q.source);
      if (f.kind === "direct") add(`${src} = '' AND ${med} = '' AND ${ref} = ''`);
      else if (f.kind === "utm") add(`${src} = ? AND ${med} = ?`, f.source, f.medium);
      else {
        const { exact, prefixes } = f.referrers;
        const marks = (n: number) => Array.from({ length: n }, () => "?").join(", ");
        const host = [
          `${ref} IN (${marks(exact.length)})`,
          ...prefixes.map((p) => `substr(${ref}, 1, ${p.length}) IN (${marks(p.values.length)})`),
        ].join(" OR ");
        add(
          `(${src} = ? OR (${src} = '' AND (${med} = ? OR (${med} = '' AND (${host})))))`,
          f.name,
          f.name,
          ...exact,
          ...prefixes.flatMap((p) => p.values),
        );
      }
    }
    if (q.campaign) add("lower(json_extract(metadata, '$.utm.utm_campaign')) = ?", q.campaign);
    if (q.score) add(`${AUDIT_SCORE} BETWEEN ? AND ?`, q.score.min, q.score.max);
    // The assignee: migration 24's (assignee_id, created_at, id) index, walked newest first.
    if (q.assignee === null) add("assignee_id IS NULL");
    else if (q.assignee) add("assignee_id = ?", q.assignee);
    if (q.tag) {
      // A tag few leads carry: its leads read from lead_tags_tag and sorted; one that many
      // carry: the newest-first walk, each lead's tags probed by the primary key (as D125 for
      // a common search word).
      const common =
        Number(
          this.#one<{ n: number }>(
            "SELECT count(*) AS n FROM (SELECT 1 FROM lead_tags WHERE tag = ? LIMIT ?)",
            q.tag,
            DENSE_MATCHES,
          )?.n ?? 0,
        ) >= DENSE_MATCHES;
      add(
        common
          ? "EXISTS (SELECT 1 FROM lead_tags t WHERE t.lead_id = leads.id AND t.tag = ?)"
          : "id IN (SELECT lead_id FROM lead_tags WHERE tag = ?)",
        q.tag,
      );
    }
    const terms = searchTerms(q.search);
    // Shorter words filter what the index found (or, alone, scan).
    const text = `lower(${SEARCHED_FIELDS.map((f) => `coalesce(json_extract(fields, '$."${f}"'), '')`).join(" || ' ' || ")})`;
    for (const word of terms.words.filter((w) => !isIndexed(w))) {
      add(`${text} LIKE ? ESCAPE '\\'`, `%${likeEscaped(word)}%`);
    }
    // Words of three characters or more and phone digits: the trigram index (migration 8),
    // brought up to date first with the leads that arrived since it last was (migration 11).
    const indexed = ftsQuery(terms);
    if (indexed) this.#run(() => indexAllPendingSearch(this.#db));
    const dense =
      indexed !== null &&
      Number(
        this.#one<{ n: number }>(
          "SELECT count(*) AS n FROM (SELECT 1 FROM lead_search WHERE lead_search MATCH ? LIMIT ?)",
          indexed,
          DENSE_MATCHES,
        )?.n ?? 0,
      ) >= DENSE_MATCHES;
    if (indexed && !dense) {
      add("id IN (SELECT lead_id FROM lead_search WHERE lead_search MATCH ?)", indexed);
    } else if (indexed) {
      // A word many leads have ("meadows", "gmail"): the leads are read newest first and each
      // one's text tested, as for a lead not indexed yet, stopping once the page is full; the
      // index would list every match to be sorted, and asking it which leads of a stretch match
      // costs 20-35 ms a stretch at a million leads (D212).
      for (const word of terms.words.filter(isIndexed)) {
        add(`${text} LIKE ? ESCAPE '\\'`, `%${likeEscaped(word)}%`);
      }
      for (const digits of terms.digits) add(`${sqlitePhoneDigits("leads")} LIKE ?`, `%${digits}%`);
    }
    const page = (before: InboxQuery["before"], limit: number) => {
      const conds = [...where];
      const values = [...params];
      if (before) {
        // A row value, so the next page starts where the last ended in the (created_at, id) index.
        conds.push("(created_at, id) < (?, ?)");
        values.push(before.createdAt, before.id);
      }
      return this.#all<InboxRow>(
        `SELECT ${READ_COLUMNS}, status, ${AUDIT_SCORE} AS audit_score,
                first_contacted_at, lost_reason,
                (SELECT email FROM staff WHERE staff.id = leads.assignee_id) AS assignee_email,
                (SELECT group_concat(tag, ',') FROM lead_tags WHERE lead_tags.lead_id = leads.id)
                  AS tag_list
         FROM leads
         WHERE ${conds.join(" AND ")} ORDER BY created_at DESC, id DESC LIMIT ?`,
        ...values,
        limit,
      );
    };
    const rows = page(q.before, q.limit + 1);
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
  }

  async exportDetails(leadIds: readonly string[]) {
    const rows = this.#all<{
      id: string;
      status: string;
      first_contacted_at: string | null;
      lost_reason: string | null;
      assignee: string | null;
      audit_score: number | null;
    }>(
      `SELECT leads.id, status, first_contacted_at, lost_reason, s.email AS assignee,
              ${AUDIT_SCORE} AS audit_score
       FROM leads LEFT JOIN staff s ON s.id = leads.assignee_id
       WHERE leads.id IN (SELECT value FROM json_each(?))`,
      JSON.stringify(leadIds),
    );
    return new Map<string, ExportDetails>(
      rows.map((r) => [
        r.id,
        {
          status: r.status as LeadStatus,
          firstContactedAt: r.first_contacted_at,
          lostReason: r.lost_reason,
          assignee: r.assignee,
          score: r.audit_score ?? null,
        },
      ]),
    );
  }
}
