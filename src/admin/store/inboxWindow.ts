/**
 * Where the inbox's page stands in its filtered list (issue 27 §2): how many leads the filters
 * match (counted up to a cap) and the cursor of the page before (newer leads), so the inbox can
 * say "1,234 leads" and offer Newer and Older. Written once for both stores (src/db/driver.ts);
 * SQLite's page reads its filters from here too (inboxWhere); PostgreSQL's page (postgres.ts)
 * builds the same columns and expressions with its driver's fragments, so a filter added here is
 * added there too (tests/integration/inbox-window.test.ts checks the count against the pages).
 */
import type { Db, Param } from "../../db/driver.ts";
import {
  PG_SEARCH_PHONE_DIGITS,
  PG_SEARCH_TEXT,
  sqliteSearchDoc,
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

/**
 * On SQLite a search the index matches at least this often is found by reading the leads in
 * order and testing each one's text, rather than by listing every match: as inboxPage decides.
 */
const DENSE_MATCHES = 2_000;

/**
 * The filters as SQL. On SQLite an indexed search is kept apart: its FTS5 query, the test of a
 * lead's own text (`like`), that test for a lead not indexed yet (`waiting`), and whether the
 * word is common (tested lead by lead, not listed).
 */
interface Filter {
  where: string[];
  params: Param[];
  fts?: { indexed: string; waiting: string; like: string; dense: boolean } | undefined;
}

/**
 * The WHERE of the inbox's filters (without its cursor) and its parameters. `page` is for the
 * SQLite page, which walks the leads newest first: a tag many leads carry is then probed lead by
 * lead (as D125 for a common search word) instead of listing all its leads.
 */
export async function inboxWhere(
  db: Db,
  q: InboxQuery,
  { page = false }: { page?: boolean } = {},
): Promise<Filter> {
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
      where.push(
        `(${src} = ${name} OR (${src} = '' AND (${med} = ${name} OR (${med} = '' AND (${host})))))`,
      );
    }
  }
  if (q.campaign) {
    where.push(`lower(${json("metadata", "utm", "utm_campaign")}) = ${p(q.campaign)}`);
  }
  if (q.score) where.push(`${AUDIT_SCORE} BETWEEN ${p(q.score.min)} AND ${p(q.score.max)}`);
  // The assignee: migration 24's (assignee_id, created_at, id) index, walked newest first.
  if (q.assignee === null) where.push("assignee_id IS NULL");
  else if (q.assignee) where.push(`assignee_id = ${p(q.assignee)}`);
  if (q.tag) {
    // A tag few leads carry: its leads read from lead_tags_tag. On SQLite's page, one that many
    // carry: each lead's tags probed by the primary key as the walk goes (as D125 for a word).
    const common =
      page &&
      !pg &&
      Number(
        (
          await db.one<{ n: number }>(
            `SELECT count(*) AS n FROM (SELECT 1 FROM lead_tags WHERE tag = $1 LIMIT ${DENSE_MATCHES})`,
            [q.tag],
          )
        )?.n ?? 0,
      ) >= DENSE_MATCHES;
    where.push(
      common
        ? `EXISTS (SELECT 1 FROM lead_tags t WHERE t.lead_id = leads.id AND t.tag = ${p(q.tag)})`
        : `id IN (SELECT lead_id FROM lead_tags WHERE tag = ${p(q.tag)})`,
    );
  }
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
    const text = `lower(${sqliteSearchDoc("leads")})`;
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
      const dense = await db.one<{ n: number }>(
        `SELECT count(*) AS n FROM
           (SELECT 1 FROM lead_search WHERE lead_search MATCH $1 LIMIT ${DENSE_MATCHES})`,
        [indexed],
      );
      const waiting = `(rowid IN (SELECT lead_rowid FROM lead_search_pending) AND ${pending})`;
      return {
        where,
        params,
        fts: { indexed, waiting, like: pending, dense: Number(dense?.n ?? 0) >= DENSE_MATCHES },
      };
    }
  }
  return { where, params };
}

/**
 * Adds an indexed SQLite search to the filter's WHERE, as the page and the page before read it:
 * a common word tested on each lead's own text, so the newest-first walk stops once the page is
 * full (D212); a rarer one's leads from the index, and the leads not indexed yet unless the caller
 * has just indexed them.
 */
export function withSearch({ where, params, fts }: Filter, allIndexed: boolean): Filter {
  if (fts?.dense) return { where: [...where, fts.like], params };
  if (!fts) return { where, params };
  const match = `id IN (SELECT lead_id FROM lead_search WHERE lead_search MATCH $${params.length + 1})`;
  return {
    where: [...where, allIndexed ? match : `(${match} OR ${fts.waiting})`],
    params: [...params, fts.indexed],
  };
}

/**
 * The inbox's filters' leads, counted up to `cap`. On SQLite a search is counted from the index
 * out (each match's lead read by its rowid, which the index shares), stopping at the cap, plus
 * the matching leads not indexed yet; no order is needed to count.
 */
export async function countInbox(db: Db, q: InboxQuery, cap: number): Promise<number> {
  const { where, params, fts } = await inboxWhere(db, q);
  const limit = Math.max(0, Math.floor(cap));
  const count = async (from: string, conds: string[], values: Param[]) =>
    Number(
      (
        await db.one<{ n: number }>(
          `SELECT CAST(count(*) AS INTEGER) AS n FROM
             (SELECT 1 FROM ${from} WHERE ${conds.join(" AND ")} LIMIT ${limit}) AS capped`,
          values,
        )
      )?.n ?? 0,
    );
  if (!fts) return count("leads", where, params);
  const indexed = await count(
    "lead_search JOIN leads ON leads.rowid = lead_search.rowid",
    [`lead_search MATCH $${params.length + 1}`, ...where],
    [...params, fts.indexed],
  );
  const waiting = indexed < limit ? await count("leads", [...where, fts.waiting], params) : 0;
  return Math.min(limit, indexed + waiting);
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
  const { where, params } = withSearch(await inboxWhere(db, q), false);
  const need = Math.max(0, Math.floor(limit));
  const start = { createdAt: new Date(first.createdAt).toISOString(), id: first.id };
  params.push(start.createdAt, start.id);
  const at =
    db.dialect === "postgres" ? `$${params.length - 1}::timestamptz` : `$${params.length - 1}`;
  const rows = await db.all<{ created_at: string; id: string }>(
    `SELECT created_at, id FROM leads
     WHERE ${where.join(" AND ")} AND (created_at, id) > (${at}, $${params.length})
     ORDER BY created_at ASC, id ASC LIMIT ${need}`,
    params,
  );
  return rows.map((r) => ({ createdAt: new Date(r.created_at).toISOString(), id: r.id }));
}
