/**
 * Where the inbox's page stands in its filtered list (issue 27 §2): how many leads the filters
 * match (counted up to a cap) and the cursor of the page before (newer leads), so the inbox can
 * say "1,234 leads" and offer Newer and Older. Written once for both stores (src/server/db.ts);
 * the filters are read as inboxPage reads them (src/admin/store/sqlite.ts, postgres.ts): the
 * same columns and expressions, and a search that never misses a lead waiting to be indexed.
 * A filter added to inboxPage is added here too (tests/integration/inbox-window.test.ts).
 */
import type { Db, Param } from "../../server/db.ts";
import {
  PG_SEARCH_PHONE_DIGITS,
  PG_SEARCH_TEXT,
  SEARCHED_FIELDS,
  sqlitePhoneDigits,
} from "../../leads/store/searchIndex.ts";
import { AUDIT_SCORE } from "./auditScore.ts";
import { ftsQuery, isIndexed, likeEscaped, searchTerms, sourceFilter } from "../search.ts";
import type { InboxQuery } from "./types.ts";

/** A lead's place in the newest-first order. */
export interface InboxCursor {
  createdAt: string;
  id: string;
}

/** The WHERE of the inbox's filters (without its cursor) and its parameters. */
export function inboxWhere(db: Db, q: InboxQuery): { where: string[]; params: Param[] } {
  const params: Param[] = [];
  const p = (value: Param) => {
    params.push(value);
    return `$${params.length}`;
  };
  const pg = db.dialect === "postgres";
  const json = (column: string, ...path: string[]) =>
    pg
      ? `${column}${path.map((k, i) => (i === path.length - 1 ? `->>'${k}'` : `->'${k}'`)).join("")}`
      : `json_extract(${column}, '$.${path.join(".")}')`;
  const where = [`spam = ${p(q.spam)}`, "completed_by IS NULL"];
  if (q.status) where.push(`status = ${p(q.status)}`);
  if (q.kind) where.push(`kind = ${p(q.kind)}`);
  if (q.from) where.push(`created_at >= ${p(q.from)}`);
  if (q.to) where.push(`created_at < ${p(q.to)}`);
  if (q.source) {
    const src = `lower(coalesce(${json("metadata", "utm", "utm_source")}, ''))`;
    const med = `lower(coalesce(${json("metadata", "utm", "utm_medium")}, ''))`;
    const ref = `lower(coalesce(${json("metadata", "referrer")}, ''))`;
    const f = sourceFilter(q.source);
    if (f.kind === "direct") where.push(`${src} = '' AND ${med} = '' AND ${ref} = ''`);
    else if (f.kind === "utm") where.push(`${src} = ${p(f.source)} AND ${med} = ${p(f.medium)}`);
    else {
      const list = (values: string[]) => values.map(p).join(", ");
      const host = [
        `${ref} IN (${list(f.referrers.exact)})`,
        ...f.referrers.prefixes.map((x) => `substr(${ref}, 1, ${x.length}) IN (${list(x.values)})`),
      ].join(" OR ");
      const name = p(f.name);
      where.push(`(${src} = ${name} OR (${src} = '' AND (${med} = ${name} OR (${med} = '' AND (${host})))))`);
    }
  }
  if (q.campaign) {
    where.push(`lower(${json("metadata", "utm", "utm_campaign")}) = ${p(q.campaign)}`);
  }
  if (q.score) where.push(`${AUDIT_SCORE} BETWEEN ${p(q.score.min)} AND ${p(q.score.max)}`);
  const terms = searchTerms(q.search);
  if (pg && (terms.words.length || terms.digits.length)) {
    // As inboxPage: the trigram-indexed text, and the leads not indexed yet read from the table.
    const likes = (text: string, phone: string) =>
      [
        ...terms.words.map((w) => `${text} LIKE ${p(`%${likeEscaped(w)}%`)}`),
        ...terms.digits.map((d) => `${phone} LIKE ${p(`%${d}%`)}`),
      ].join(" AND ");
    where.push(`id IN (
      SELECT lead_id FROM lead_search WHERE ${likes("doc", "phone")}
      UNION ALL
      SELECT id FROM leads WHERE id IN (SELECT lead_id FROM lead_search_pending)
        AND ${likes(PG_SEARCH_TEXT, PG_SEARCH_PHONE_DIGITS)})`);
  } else if (!pg) {
    const text = `lower(${SEARCHED_FIELDS.map((f) => `coalesce(json_extract(fields, '$."${f}"'), '')`).join(" || ' ' || ")})`;
    for (const word of terms.words.filter((w) => !isIndexed(w))) {
      where.push(`${text} LIKE ${p(`%${likeEscaped(word)}%`)} ESCAPE '\\'`);
    }
    const indexed = ftsQuery(terms);
    if (indexed) {
      // The FTS5 index, and the leads waiting to be indexed (inboxPage indexes them first).
      const pending = [
        ...terms.words
          .filter(isIndexed)
          .map((w) => `${text} LIKE ${p(`%${likeEscaped(w)}%`)} ESCAPE '\\'`),
        ...terms.digits.map((d) => `${sqlitePhoneDigits("leads")} LIKE ${p(`%${d}%`)}`),
      ].join(" AND ");
      where.push(`(id IN (SELECT lead_id FROM lead_search WHERE lead_search MATCH ${p(indexed)})
        OR (rowid IN (SELECT lead_rowid FROM lead_search_pending) AND ${pending}))`);
    }
  }
  return { where, params };
}

/** The inbox's filters' leads, counted up to `cap` (a figure at the cap reads "cap+"). */
export async function countInbox(db: Db, q: InboxQuery, cap: number): Promise<number> {
  const { where, params } = inboxWhere(db, q);
  const row = await db.one<{ n: number }>(
    `SELECT CAST(count(*) AS INTEGER) AS n FROM
       (SELECT 1 FROM leads WHERE ${where.join(" AND ")} LIMIT ${Math.max(0, Math.floor(cap))}) AS capped`,
    params,
  );
  return Number(row?.n ?? 0);
}

/**
 * The leads the filters match just newer than `first` (the top of the page shown), oldest first,
 * `limit` at most: the page before the one shown is the `limit` - 1 of them nearest `first`
 * (so with `limit` = page + 1, a full answer's last lead is that page's `before` cursor; a
 * shorter one means the page before is the first page).
 */
export async function newerThan(
  db: Db,
  q: InboxQuery,
  first: InboxCursor,
  limit: number,
): Promise<InboxCursor[]> {
  const { where, params } = inboxWhere(db, q);
  params.push(first.createdAt, first.id);
  const at = db.dialect === "postgres" ? `$${params.length - 1}::timestamptz` : `$${params.length - 1}`;
  const rows = await db.all<{ created_at: string; id: string }>(
    `SELECT created_at, id FROM leads
     WHERE ${where.join(" AND ")} AND (created_at, id) > (${at}, $${params.length})
     ORDER BY created_at ASC, id ASC LIMIT ${Math.max(0, Math.floor(limit))}`,
    params,
  );
  return rows.map((r) => ({ createdAt: new Date(r.created_at).toISOString(), id: r.id }));
}
