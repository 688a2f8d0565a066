/**
 * The agency side's store on SQLite: the lead store's own database (one file, one connection),
 * so accounts and sessions are in `leads.db` beside the leads. SQLite does not enforce foreign
 * keys here (PRAGMA foreign_keys is off), so deletes that should cascade are written out.
 */
import { AUDIT_SCORE } from "./auditScore.ts";
import { sqliteDb, type Db } from "../../server/db.ts";
import type { DatabaseSync, SQLInputValue, StatementSync } from "node:sqlite";
import {
  READ_COLUMNS,
  toRecord,
  unavailable,
  writeTransaction,
  type Row,
} from "../../leads/store/sqlite.ts";
import { UNWORKED_CAP } from "../count.ts";
import { countInbox, newerThan, type InboxCursor } from "./inboxWindow.ts";
import { indexAllPendingSearch, SEARCHED_FIELDS } from "../../leads/store/searchIndex.ts";
import { ftsQuery, isIndexed, likeEscaped, searchTerms, sourceFilter } from "../search.ts";
import type {
  CallOutcome,
  AdminStore,
  DueLead,
  FollowUp,
  AuditEntry,
  AuditQuery,
  Erasure,
  ExportDetails,
  InboxLead,
  InboxQuery,
  LeadEvent,
  LeadStatus,
  LeadWork,
  ChallengePurpose,
  EmailChangeRecord,
  PasskeyRecord,
  Role,
  StaffChange,
  StaffRecord,
  TokenPurpose,
} from "./types.ts";
import { SESSION_TOUCH_MS } from "./types.ts";

interface StaffRow {
  id: string;
  email: string;
  role: string;
  password_hash: string | null;
  created_at: string;
  updated_at: string;
  deactivated_at: string | null;
}

const STAFF =
  "s.id, s.email, s.role, s.password_hash, s.created_at, s.updated_at, s.deactivated_at";

interface PasskeyRow {
  id: string;
  staff_id: string;
  public_key: Uint8Array;
  counter: number;
  transports: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

function toPasskey(row: PasskeyRow): PasskeyRecord {
  return {
    id: row.id,
    staffId: row.staff_id,
    name: row.name,
    transports: JSON.parse(row.transports) as string[],
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}

/** The account columns beside a passkey's (prefixed, as both tables have id and created_at). */
const STAFF_OF_PASSKEY =
  "s.email AS s_email, s.role AS s_role, s.password_hash AS s_password_hash, " +
  "s.created_at AS s_created_at, s.updated_at AS s_updated_at, " +
  "s.deactivated_at AS s_deactivated_at";
interface StaffOfPasskey {
  s_email: string;
  s_role: string;
  s_password_hash: string | null;
  s_created_at: string;
  s_updated_at: string;
  s_deactivated_at: string | null;
}
const staffOfPasskey = (row: PasskeyRow & StaffOfPasskey): StaffRecord =>
  toStaff({
    id: row.staff_id,
    email: row.s_email,
    role: row.s_role,
    password_hash: row.s_password_hash,
    created_at: row.s_created_at,
    updated_at: row.s_updated_at,
    deactivated_at: row.s_deactivated_at,
  });

interface EmailChangeRow {
  staff_id: string;
  new_email: string;
  created_at: string;
  change_created_at?: string;
  expires_at: string;
}

const toEmailChange = (row: EmailChangeRow): EmailChangeRecord => ({
  staffId: row.staff_id,
  newEmail: row.new_email,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
});

function toStaff(row: StaffRow): StaffRecord {
  return {
    id: row.id,
    email: row.email,
    role: row.role as Role,
    hasPassword: row.password_hash !== null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    deactivatedAt: row.deactivated_at,
  };
}

/**
 * A search the index matches at least this often takes the newest-first walk (inboxPage); a
 * rarer one reads its matches from the index and sorts them.
 */
const DENSE_MATCHES = 2_000;
/** Leads read per step of that walk. */
const SCAN_CHUNK = 500;

/** A row of inboxPage: the lead, its pipeline state and its search rowid. */
type InboxRow = Row & {
  status: string;
  search_rowid: number;
  audit_score: number | null;
  first_contacted_at: string | null;
  lost_reason: string | null;
  assignee_email: string | null;
};

export class SqliteAdminStore implements AdminStore {
  readonly #db: DatabaseSync;

  /** The driver the queries written once for both stores run on (src/server/db.ts). */
  readonly db: Db;

  constructor(db: DatabaseSync) {
    this.#db = db;
    this.db = sqliteDb(db);
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

  #exec(sql: string, ...params: SQLInputValue[]): number {
    return this.#run(() => Number(this.#db.prepare(sql).run(...params).changes));
  }

  /** One write transaction (synchronous: nothing interleaves). */
  #transaction<T>(work: () => T): T {
    return this.#run(() => writeTransaction(this.#db, work));
  }

  async ensureStaff(staff: { id: string; email: string; role: Role; at: string }) {
    this.#exec(
      `INSERT INTO staff (id, email, role, password_hash, created_at, updated_at)
       VALUES (?, ?, ?, NULL, ?, ?) ON CONFLICT (email) DO NOTHING`,
      staff.id,
      staff.email,
      staff.role,
      staff.at,
      staff.at,
    );
    const row = this.#one<StaffRow>(`SELECT ${STAFF} FROM staff s WHERE s.email = ?`, staff.email);
    return toStaff(row!);
  }

  async getStaff(id: string) {
    const row = this.#one<StaffRow>(`SELECT ${STAFF} FROM staff s WHERE s.id = ?`, id);
    return row ? toStaff(row) : null;
  }

  async findStaffByEmail(email: string) {
    const row = this.#one<StaffRow>(`SELECT ${STAFF} FROM staff s WHERE s.email = ?`, email);
    return row ? { staff: toStaff(row), passwordHash: row.password_hash } : null;
  }

  async listStaff() {
    return this.#all<StaffRow>(`SELECT ${STAFF} FROM staff s ORDER BY s.created_at, s.id`).map(
      toStaff,
    );
  }

  async setPassword(staffId: string, passwordHash: string, at: string) {
    this.#exec(
      "UPDATE staff SET password_hash = ?, updated_at = ? WHERE id = ?",
      passwordHash,
      at,
      staffId,
    );
  }

  /**
   * A change of the owners in one write transaction (nothing interleaves), refused when it would
   * leave no active owner with a password. `demotes`: it takes the account out of the owners.
   */
  #ownersChange(staffId: string, demotes: boolean, change: () => void): StaffChange {
    return this.#transaction((): StaffChange => {
      const target = this.#db.prepare("SELECT id FROM staff WHERE id = ?").get(staffId);
      if (!target) return "missing";
      const owners = this.#db
        .prepare(
          `SELECT id FROM staff
           WHERE role = 'owner' AND deactivated_at IS NULL AND password_hash IS NOT NULL`,
        )
        .all() as { id: string }[];
      if (demotes && owners.length <= 1 && owners[0]?.id === staffId) return "last_owner";
      change();
      return "done";
    });
  }

  async setRole(staffId: string, role: Role, at: string) {
    return this.#ownersChange(staffId, role !== "owner", () => {
      this.#db
        .prepare("UPDATE staff SET role = ?, updated_at = ? WHERE id = ?")
        .run(role, at, staffId);
    });
  }

  async setActive(staffId: string, active: boolean, at: string) {
    return this.#ownersChange(staffId, !active, () => {
      const db = this.#db;
      db.prepare("UPDATE staff SET deactivated_at = ?, updated_at = ? WHERE id = ?").run(
        active ? null : at,
        at,
        staffId,
      );
      if (active) return;
      db.prepare("DELETE FROM staff_sessions WHERE staff_id = ?").run(staffId);
      db.prepare("UPDATE staff_tokens SET used_at = ? WHERE staff_id = ? AND used_at IS NULL").run(
        at,
        staffId,
      );
      db.prepare("DELETE FROM staff_email_changes WHERE staff_id = ?").run(staffId);
    });
  }

  async setEmail(staffId: string, email: string, at: string) {
    try {
      return (
        this.#exec(
          "UPDATE staff SET email = ?, updated_at = ? WHERE id = ?",
          email,
          at,
          staffId,
        ) === 1
      );
    } catch (error) {
      if (/UNIQUE/.test(String((error as Error).cause ?? error))) return false;
      throw error;
    }
  }

  async setEmailChange(change: EmailChangeRecord & { tokenHash: string }) {
    this.#exec(
      `INSERT INTO staff_email_changes (staff_id, token_hash, new_email, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (staff_id) DO UPDATE SET token_hash = excluded.token_hash,
         new_email = excluded.new_email, created_at = excluded.created_at,
         expires_at = excluded.expires_at`,
      change.staffId,
      change.tokenHash,
      change.newEmail,
      change.createdAt,
      change.expiresAt,
    );
  }

  async emailChangeOf(staffId: string) {
    const row = this.#one<EmailChangeRow>(
      `SELECT staff_id, new_email, created_at, expires_at FROM staff_email_changes
       WHERE staff_id = ?`,
      staffId,
    );
    return row ? toEmailChange(row) : null;
  }

  async findEmailChange(tokenHash: string) {
    const row = this.#one<StaffRow & EmailChangeRow>(
      `SELECT ${STAFF}, c.staff_id, c.new_email, c.created_at AS change_created_at, c.expires_at
       FROM staff_email_changes c JOIN staff s ON s.id = c.staff_id WHERE c.token_hash = ?`,
      tokenHash,
    );
    if (!row) return null;
    return {
      ...toEmailChange({ ...row, created_at: row.change_created_at! }),
      staff: toStaff(row),
    };
  }

  async cancelEmailChange(staffId: string) {
    return this.#exec("DELETE FROM staff_email_changes WHERE staff_id = ?", staffId) > 0;
  }

  async applyEmailChange(tokenHash: string, now: string) {
    return this.#transaction(
      ():
        | { outcome: "done"; staff: StaffRecord; from: string }
        | { outcome: "gone" | "expired" | "taken" } => {
        const db = this.#db;
        const row = db
          .prepare(
            `SELECT ${STAFF}, c.new_email, c.expires_at
             FROM staff_email_changes c JOIN staff s ON s.id = c.staff_id
             WHERE c.token_hash = ?`,
          )
          .get(tokenHash) as (StaffRow & { new_email: string; expires_at: string }) | undefined;
        if (!row || row.deactivated_at) return { outcome: "gone" };
        if (row.expires_at <= now) return { outcome: "expired" };
        const other = db
          .prepare("SELECT id FROM staff WHERE email = ? AND id <> ?")
          .get(row.new_email, row.id);
        if (other) return { outcome: "taken" };
        db.prepare("UPDATE staff SET email = ?, updated_at = ? WHERE id = ?").run(
          row.new_email,
          now,
          row.id,
        );
        db.prepare("DELETE FROM staff_email_changes WHERE token_hash = ?").run(tokenHash);
        return {
          outcome: "done",
          staff: toStaff({ ...row, email: row.new_email, updated_at: now }),
          from: row.email,
        };
      },
    );
  }

  async sessionCounts(now: string) {
    const rows = this.#all<{ staff_id: string; n: number }>(
      "SELECT staff_id, count(*) AS n FROM staff_sessions WHERE expires_at > ? GROUP BY staff_id",
      now,
    );
    return new Map(rows.map((r) => [r.staff_id, Number(r.n)]));
  }

  async addToken(token: {
    tokenHash: string;
    staffId: string;
    purpose: TokenPurpose;
    createdAt: string;
    expiresAt: string;
  }) {
    this.#transaction(() => {
      // An earlier link of the same purpose stops working: only the newest one is valid.
      this.#db
        .prepare(
          `UPDATE staff_tokens SET used_at = ? WHERE staff_id = ? AND purpose = ? AND used_at IS NULL`,
        )
        .run(token.createdAt, token.staffId, token.purpose);
      this.#db
        .prepare(
          `INSERT INTO staff_tokens (token_hash, staff_id, purpose, created_at, expires_at)
           VALUES (?, ?, ?, ?, ?)`,
        )
        .run(token.tokenHash, token.staffId, token.purpose, token.createdAt, token.expiresAt);
    });
  }

  async peekToken(tokenHash: string, now: string) {
    const row = this.#one<StaffRow & { purpose: string }>(
      `SELECT ${STAFF}, t.purpose FROM staff_tokens t JOIN staff s ON s.id = t.staff_id
       WHERE t.token_hash = ? AND t.used_at IS NULL AND t.expires_at > ?
         AND s.deactivated_at IS NULL`,
      tokenHash,
      now,
    );
    return row ? { staff: toStaff(row), purpose: row.purpose as TokenPurpose } : null;
  }

  async useToken(tokenHash: string, now: string) {
    return this.#transaction(() => {
      const used = this.#db
        .prepare(
          `UPDATE staff_tokens SET used_at = ?
           WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?
             AND staff_id IN (SELECT id FROM staff WHERE deactivated_at IS NULL)`,
        )
        .run(now, tokenHash, now);
      if (Number(used.changes) !== 1) return null;
      const row = this.#db
        .prepare(
          `SELECT ${STAFF}, t.purpose FROM staff_tokens t JOIN staff s ON s.id = t.staff_id
           WHERE t.token_hash = ?`,
        )
        .get(tokenHash) as (StaffRow & { purpose: string }) | undefined;
      return row ? { staff: toStaff(row), purpose: row.purpose as TokenPurpose } : null;
    });
  }

  async createSession(session: {
    idHash: string;
    staffId: string;
    createdAt: string;
    expiresAt: string;
    userAgent: string | null;
  }) {
    // Only for an active account, checked in the same statement.
    return (
      this.#exec(
        `INSERT INTO staff_sessions (id_hash, staff_id, created_at, last_seen_at, expires_at, user_agent)
         SELECT ?, id, ?, ?, ?, ? FROM staff WHERE id = ? AND deactivated_at IS NULL`,
        session.idHash,
        session.createdAt,
        session.createdAt,
        session.expiresAt,
        session.userAgent,
        session.staffId,
      ) === 1
    );
  }

  async touchSession(idHash: string, now: string, idleSince: string) {
    const row = this.#one<
      StaffRow & {
        session_created: string;
        last_seen_at: string;
        expires_at: string;
        confirmed_at: string | null;
      }
    >(
      `SELECT ${STAFF}, x.created_at AS session_created, x.last_seen_at, x.expires_at,
              x.confirmed_at
       FROM staff_sessions x JOIN staff s ON s.id = x.staff_id WHERE x.id_hash = ?`,
      idHash,
    );
    if (!row) return null;
    // Writes are best effort: a store that refuses them (a full disk) must not refuse reading.
    const write = (sql: string, ...params: SQLInputValue[]) => {
      try {
        this.#db.prepare(sql).run(...params);
        return true;
      } catch {
        return false;
      }
    };
    if (row.expires_at <= now || row.last_seen_at < idleSince) {
      write("DELETE FROM staff_sessions WHERE id_hash = ?", idHash);
      return null;
    }
    const due = new Date(Date.parse(now) - SESSION_TOUCH_MS).toISOString();
    const touched =
      row.last_seen_at <= due &&
      write("UPDATE staff_sessions SET last_seen_at = ? WHERE id_hash = ?", now, idHash);
    return {
      staff: toStaff(row),
      createdAt: row.session_created,
      lastSeenAt: touched ? now : row.last_seen_at,
      expiresAt: row.expires_at,
      confirmedAt: row.confirmed_at,
    };
  }

  async confirmSession(idHash: string, at: string) {
    this.#exec("UPDATE staff_sessions SET confirmed_at = ? WHERE id_hash = ?", at, idHash);
  }

  async addPasskey(p: PasskeyRecord & { publicKey: Uint8Array; counter: number }) {
    return (
      this.#exec(
        `INSERT INTO staff_passkeys (id, staff_id, public_key, counter, transports, name, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
        p.id,
        p.staffId,
        p.publicKey,
        p.counter,
        JSON.stringify(p.transports),
        p.name,
        p.createdAt,
      ) === 1
    );
  }

  async passkeysOf(staffId: string) {
    return this.#all<PasskeyRow>(
      "SELECT * FROM staff_passkeys WHERE staff_id = ? ORDER BY created_at, id",
      staffId,
    ).map(toPasskey);
  }

  async findPasskey(id: string) {
    const row = this.#one<PasskeyRow & StaffOfPasskey>(
      `SELECT k.*, ${STAFF_OF_PASSKEY}
       FROM staff_passkeys k JOIN staff s ON s.id = k.staff_id WHERE k.id = ?`,
      id,
    );
    if (!row) return null;
    return {
      ...toPasskey(row),
      publicKey: new Uint8Array(row.public_key),
      counter: Number(row.counter),
      staff: staffOfPasskey(row),
    };
  }

  async usePasskey(id: string, counter: number, at: string) {
    this.#exec(
      "UPDATE staff_passkeys SET counter = ?, last_used_at = ? WHERE id = ?",
      counter,
      at,
      id,
    );
  }

  async deletePasskey(staffId: string, id: string) {
    return (
      this.#exec("DELETE FROM staff_passkeys WHERE staff_id = ? AND id = ?", staffId, id) === 1
    );
  }

  async addChallenge(c: {
    idHash: string;
    challenge: string;
    purpose: ChallengePurpose;
    staffId: string | null;
    expiresAt: string;
    now: string;
    cap?: number | null;
  }) {
    return this.#transaction(() => {
      this.#db.prepare("DELETE FROM webauthn_challenges WHERE expires_at <= ?").run(c.now);
      if (c.cap != null) {
        const open = this.#db
          .prepare("SELECT count(*) AS n FROM webauthn_challenges WHERE purpose = ?")
          .get(c.purpose) as { n: number };
        if (Number(open.n) >= c.cap) return false;
      }
      this.#db
        .prepare(
          `INSERT INTO webauthn_challenges (id_hash, challenge, purpose, staff_id, expires_at)
           VALUES (?, ?, ?, ?, ?)`,
        )
        .run(c.idHash, c.challenge, c.purpose, c.staffId, c.expiresAt);
      return true;
    });
  }

  async takeChallenge(idHash: string, purpose: ChallengePurpose, now: string) {
    const row = this.#one<{ challenge: string; staff_id: string | null }>(
      `DELETE FROM webauthn_challenges WHERE id_hash = ? AND purpose = ? AND expires_at > ?
       RETURNING challenge, staff_id`,
      idHash,
      purpose,
      now,
    );
    return row ? { challenge: row.challenge, staffId: row.staff_id } : null;
  }

  async deleteSession(idHash: string) {
    this.#exec("DELETE FROM staff_sessions WHERE id_hash = ?", idHash);
  }

  async deleteSessionsOf(staffId: string, keepIdHash?: string) {
    return this.#exec(
      "DELETE FROM staff_sessions WHERE staff_id = ? AND id_hash <> ?",
      staffId,
      keepIdHash ?? "",
    );
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
        `SELECT ${READ_COLUMNS}, status, rowid AS search_rowid, ${AUDIT_SCORE} AS audit_score,
                first_contacted_at, lost_reason,
                (SELECT email FROM staff WHERE staff.id = leads.assignee_id) AS assignee_email
         FROM leads
         WHERE ${conds.join(" AND ")} ORDER BY created_at DESC, id DESC LIMIT ?`,
        ...values,
        limit,
      );
    };
    let rows: InboxRow[];
    if (!dense) {
      rows = page(q.before, q.limit + 1);
    } else {
      // A word most leads have ("gmail"): walk the leads newest first, a chunk at a time, and
      // keep those the index matches within the chunk's rowid span; the page fills in a chunk
      // or two instead of sorting every match.
      rows = [];
      let before = q.before;
      for (;;) {
        const chunk = page(before, SCAN_CHUNK);
        if (!chunk.length) break;
        const rowids = chunk.map((r) => r.search_rowid);
        const hits = new Set(
          this.#all<{ rowid: number }>(
            "SELECT rowid FROM lead_search WHERE lead_search MATCH ? AND rowid BETWEEN ? AND ?",
            indexed,
            Math.min(...rowids),
            Math.max(...rowids),
          ).map((r) => r.rowid),
        );
        for (const row of chunk) if (hits.has(row.search_rowid)) rows.push(row);
        if (rows.length > q.limit || chunk.length < SCAN_CHUNK) break;
        const last = chunk.at(-1)!;
        before = { createdAt: last.created_at, id: last.id };
      }
      rows = rows.slice(0, q.limit + 1);
    }
    return rows.map((row) => ({
      lead: toRecord(row),
      status: row.status as LeadStatus,
      score: row.audit_score ?? null,
      details: {
        status: row.status as LeadStatus,
        firstContactedAt: row.first_contacted_at,
        lostReason: row.lost_reason,
        assignee: row.assignee_email,
        score: row.audit_score ?? null,
      },
    }));
  }

  async inboxCounts(since: string) {
    const row = this.#one<{ arrived: number; unworked: number }>(
      `SELECT
         (SELECT count(*) FROM leads WHERE spam = 0 AND completed_by IS NULL AND created_at > ?)
           AS arrived,
         (SELECT count(*) FROM (SELECT 1 FROM leads
            WHERE status = 'new' AND spam = 0 AND completed_by IS NULL LIMIT ?)) AS unworked`,
      since,
      UNWORKED_CAP,
    );
    return { arrived: Number(row?.arrived ?? 0), unworked: Number(row?.unworked ?? 0) };
  }

  async inboxTotal(q: InboxQuery, cap: number) {
    return countInbox(this.db, q, cap).catch((e: unknown) => Promise.reject(unavailable(e)));
  }

  async inboxNewer(q: InboxQuery, first: InboxCursor, limit: number) {
    return newerThan(this.db, q, first, limit).catch((e: unknown) =>
      Promise.reject(unavailable(e)),
    );
  }

  async speedToLead(period: { from: string; to: string }) {
    const counts = this.#one<{ contacted: number; waiting: number }>(
      `SELECT
         (SELECT count(*) FROM leads
           WHERE first_contacted_at IS NOT NULL AND created_at >= ? AND created_at < ?
             AND spam = 0 AND completed_by IS NULL) AS contacted,
         (SELECT count(*) FROM leads
           WHERE status = 'new' AND created_at >= ? AND created_at < ?
             AND spam = 0 AND completed_by IS NULL) AS waiting`,
      period.from,
      period.to,
      period.from,
      period.to,
    );
    const contacted = Number(counts?.contacted ?? 0);
    let medianMinutes: number | null = null;
    if (contacted > 0) {
      // The middle value (the mean of the two middle ones for an even count).
      const middle = this.#all<{ s: number }>(
        `SELECT unixepoch(first_contacted_at, 'subsec') - unixepoch(created_at, 'subsec') AS s
         FROM leads
         WHERE first_contacted_at IS NOT NULL AND created_at >= ? AND created_at < ?
           AND spam = 0 AND completed_by IS NULL
         ORDER BY s LIMIT ? OFFSET ?`,
        period.from,
        period.to,
        2 - (contacted % 2),
        Math.floor((contacted - 1) / 2),
      );
      medianMinutes = middle.reduce((sum, r) => sum + Number(r.s), 0) / middle.length / 60;
    }
    return { medianMinutes, contacted, waiting: Number(counts?.waiting ?? 0) };
  }

  async awaitingReminder(period: { from: string; to: string; limit: number }) {
    const rows = this.#all<Row>(
      `SELECT ${READ_COLUMNS} FROM leads
       WHERE status = 'new' AND created_at >= ? AND created_at < ? AND spam = 0
         AND completed_by IS NULL AND first_contacted_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.lead_id = leads.id AND o.channel = 'reminder')
       ORDER BY created_at, id LIMIT ?`,
      period.from,
      period.to,
      period.limit,
    );
    return rows.map(toRecord);
  }

  async queueReminder(reminder: { id: string; leadId: string; at: string; giveUpAt: string }) {
    return (
      this.#exec(
        `INSERT INTO outbox (id, lead_id, channel, status, attempts, next_attempt_at, give_up_at,
                             created_at, updated_at)
         SELECT ?, id, 'reminder', 'pending', 0, ?, ?, ?, ? FROM leads WHERE id = ?
         ON CONFLICT (lead_id, channel) DO NOTHING`,
        reminder.id,
        reminder.at,
        reminder.giveUpAt,
        reminder.at,
        reminder.at,
        reminder.leadId,
      ) === 1
    );
  }

  async reminderRecipients(leadId: string) {
    const rows = this.#all<{ email: string }>(
      `SELECT s.email FROM leads l JOIN staff s ON s.id = l.assignee_id
       WHERE l.id = ? AND s.deactivated_at IS NULL
       UNION ALL
       SELECT email FROM staff
       WHERE role = 'owner' AND deactivated_at IS NULL AND NOT EXISTS (
         SELECT 1 FROM leads l JOIN staff a ON a.id = l.assignee_id
         WHERE l.id = ? AND a.deactivated_at IS NULL)
       ORDER BY 1`,
      leadId,
      leadId,
    );
    return rows.map((r) => r.email);
  }

  async assignedCount(staffId: string) {
    const row = this.#one<{ n: number }>(
      "SELECT count(*) AS n FROM leads WHERE assignee_id = ? AND status NOT IN ('won', 'lost')",
      staffId,
    );
    return Number(row?.n ?? 0);
  }

  async statusesOf(leadIds: readonly string[]) {
    const rows = this.#all<{ id: string; status: string }>(
      "SELECT id, status FROM leads WHERE id IN (SELECT value FROM json_each(?))",
      JSON.stringify(leadIds),
    );
    return new Map(rows.map((r) => [r.id, r.status as LeadStatus]));
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

  async leadWork(leadId: string): Promise<LeadWork | null> {
    const row = this.#one<{
      status: string;
      status_at: string | null;
      first_contacted_at: string | null;
      lost_reason: string | null;
      assignee_id: string | null;
    }>(
      "SELECT status, status_at, first_contacted_at, lost_reason, assignee_id FROM leads WHERE id = ?",
      leadId,
    );
    return row
      ? {
          status: row.status as LeadStatus,
          statusAt: row.status_at,
          firstContactedAt: row.first_contacted_at,
          lostReason: row.lost_reason,
          assigneeId: row.assignee_id,
        }
      : null;
  }

  async setStatus(
    leadId: string,
    change: {
      status: LeadStatus;
      lostReason: string | null;
      eventId: string;
      actorId: string | null;
      at: string;
    },
  ) {
    return this.#transaction(() => {
      const updated = this.#db
        .prepare(
          `UPDATE leads SET status = ?, status_at = ?, lost_reason = ?,
             first_contacted_at = CASE
               WHEN first_contacted_at IS NULL AND ? <> 'new' THEN ? ELSE first_contacted_at END
           WHERE id = ?`,
        )
        .run(change.status, change.at, change.lostReason, change.status, change.at, leadId);
      if (Number(updated.changes) !== 1) return false;
      this.#db
        .prepare(
          `INSERT INTO lead_events (id, lead_id, at, actor_id, kind, body, status)
           VALUES (?, ?, ?, ?, 'status', ?, ?)`,
        )
        .run(
          change.eventId,
          leadId,
          change.at,
          change.actorId,
          change.lostReason ?? "",
          change.status,
        );
      return true;
    });
  }

  async assign(
    leadId: string,
    change: {
      assigneeId: string | null;
      eventId: string;
      actorId: string;
      at: string;
      body: string;
    },
  ) {
    return this.#transaction(() => {
      const updated = this.#db
        .prepare("UPDATE leads SET assignee_id = ? WHERE id = ?")
        .run(change.assigneeId, leadId);
      if (Number(updated.changes) !== 1) return false;
      this.#db
        .prepare(
          `INSERT INTO lead_events (id, lead_id, at, actor_id, kind, body)
           VALUES (?, ?, ?, ?, 'assign', ?)`,
        )
        .run(change.eventId, leadId, change.at, change.actorId, change.body);
      return true;
    });
  }

  async logCall(
    leadId: string,
    call: { outcome: CallOutcome; eventId: string; actorId: string | null; at: string },
  ) {
    return this.#transaction(() => {
      const found = this.#db
        .prepare(
          "UPDATE leads SET first_contacted_at = coalesce(first_contacted_at, ?) WHERE id = ?",
        )
        .run(call.at, leadId);
      if (Number(found.changes) !== 1) return null;
      const moved =
        call.outcome === "talked" &&
        Number(
          this.#db
            .prepare(
              `UPDATE leads SET status = 'contacted', status_at = ?, lost_reason = NULL
               WHERE id = ? AND status = 'new'`,
            )
            .run(call.at, leadId).changes,
        ) === 1;
      this.#db
        .prepare(
          `INSERT INTO lead_events (id, lead_id, at, actor_id, kind, body, status)
           VALUES (?, ?, ?, ?, 'call', ?, ?)`,
        )
        .run(call.eventId, leadId, call.at, call.actorId, call.outcome, moved ? "contacted" : null);
      return { moved };
    });
  }

  async addNote(
    leadId: string,
    note: { eventId: string; actorId: string | null; at: string; body: string },
  ) {
    const changes = this.#exec(
      `INSERT INTO lead_events (id, lead_id, at, actor_id, kind, body)
       SELECT ?, id, ?, ?, 'note', ? FROM leads WHERE id = ?`,
      note.eventId,
      note.at,
      note.actorId,
      note.body,
      leadId,
    );
    return changes === 1;
  }

  async setFollowUp(
    leadId: string,
    f: { dueAt: string; note: string; eventId: string; actorId: string; at: string; body: string },
  ) {
    return this.#transaction(() => {
      const set = this.#db
        .prepare(
          `INSERT INTO lead_follow_ups (lead_id, due_at, note, set_by, set_at, queued_at)
           SELECT id, ?, ?, ?, ?, NULL FROM leads WHERE id = ?
           ON CONFLICT (lead_id) DO UPDATE SET due_at = excluded.due_at, note = excluded.note,
             set_by = excluded.set_by, set_at = excluded.set_at, queued_at = NULL`,
        )
        .run(f.dueAt, f.note, f.actorId, f.at, leadId);
      if (Number(set.changes) !== 1) return false;
      this.#db
        .prepare(
          `INSERT INTO lead_events (id, lead_id, at, actor_id, kind, body)
           VALUES (?, ?, ?, ?, 'follow_up', ?)`,
        )
        .run(f.eventId, leadId, f.at, f.actorId, f.body);
      return true;
    });
  }

  async updateFollowUp(
    leadId: string,
    c: { dueAt: string | null; eventId: string; actorId: string; at: string; body: string },
  ) {
    return this.#transaction(() => {
      const changed =
        c.dueAt === null
          ? this.#db.prepare("DELETE FROM lead_follow_ups WHERE lead_id = ?").run(leadId)
          : this.#db
              .prepare("UPDATE lead_follow_ups SET due_at = ?, queued_at = NULL WHERE lead_id = ?")
              .run(c.dueAt, leadId);
      if (Number(changed.changes) !== 1) return false;
      this.#db
        .prepare(
          `INSERT INTO lead_events (id, lead_id, at, actor_id, kind, body)
           VALUES (?, ?, ?, ?, 'follow_up', ?)`,
        )
        .run(c.eventId, leadId, c.at, c.actorId, c.body);
      return true;
    });
  }

  async followUp(leadId: string): Promise<FollowUp | null> {
    const row = this.#one<{
      due_at: string;
      note: string;
      set_at: string;
      set_by: string | null;
      set_by_email: string | null;
      assignee_email: string | null;
      queued_at: string | null;
    }>(
      `SELECT f.due_at, f.note, f.set_at, f.set_by, s.email AS set_by_email, f.queued_at,
              coalesce(a.email, CASE WHEN s.deactivated_at IS NULL THEN s.email END)
                AS assignee_email
       FROM lead_follow_ups f JOIN leads l ON l.id = f.lead_id
       LEFT JOIN staff s ON s.id = f.set_by
       LEFT JOIN staff a ON a.id = l.assignee_id AND a.deactivated_at IS NULL
       WHERE f.lead_id = ?`,
      leadId,
    );
    return row
      ? {
          leadId,
          dueAt: row.due_at,
          note: row.note,
          setAt: row.set_at,
          setById: row.set_by,
          setByEmail: row.set_by_email,
          assigneeEmail: row.assignee_email,
          queuedAt: row.queued_at,
        }
      : null;
  }

  async dueFollowUps(query: {
    before: string;
    after?: { dueAt: string; leadId: string } | undefined;
    limit: number;
  }): Promise<DueLead[]> {
    const after = query.after;
    const rows = this.#all<Row & { status: string; due_at: string; note: string }>(
      `SELECT ${READ_COLUMNS}, status, f.due_at, f.note
       FROM lead_follow_ups f JOIN leads ON leads.id = f.lead_id
       WHERE f.due_at < ? AND leads.spam = 0
         ${after ? "AND (f.due_at, f.lead_id) > (?, ?)" : ""}
       ORDER BY f.due_at, f.lead_id LIMIT ?`,
      query.before,
      ...(after ? [after.dueAt, after.leadId] : []),
      query.limit,
    );
    return rows.map((row) => ({
      lead: toRecord(row),
      status: row.status as LeadStatus,
      score: null,
      dueAt: row.due_at,
      note: row.note,
    }));
  }

  async countDueFollowUps(before: string, cap: number) {
    const row = this.#one<{ n: number }>(
      `SELECT count(*) AS n FROM (
         SELECT 1 FROM lead_follow_ups f JOIN leads l ON l.id = f.lead_id
         WHERE f.due_at < ? AND l.spam = 0 LIMIT ?)`,
      before,
      cap,
    );
    return Number(row?.n ?? 0);
  }

  async queueDueFollowUps(sweep: {
    at: string;
    giveUpAt: string;
    limit: number;
    newId: () => string;
  }) {
    const due = this.#all<{ lead_id: string }>(
      `SELECT lead_id FROM lead_follow_ups WHERE queued_at IS NULL AND due_at <= ?
       ORDER BY due_at LIMIT ?`,
      sweep.at,
      sweep.limit,
    );
    let queued = 0;
    for (const { lead_id } of due) {
      const fresh = this.#transaction(() => {
        const marked = this.#db
          .prepare(
            `UPDATE lead_follow_ups SET queued_at = ?
             WHERE lead_id = ? AND queued_at IS NULL AND due_at <= ?`,
          )
          .run(sweep.at, lead_id, sweep.at);
        if (Number(marked.changes) !== 1) return false;
        this.#db
          .prepare(
            `INSERT INTO outbox (id, lead_id, channel, status, attempts, next_attempt_at,
                                 give_up_at, created_at, updated_at)
             VALUES (?, ?, 'followup', 'pending', 0, ?, ?, ?, ?)
             ON CONFLICT (lead_id, channel) DO UPDATE SET id = excluded.id, status = 'pending',
               attempts = 0, next_attempt_at = excluded.next_attempt_at,
               give_up_at = excluded.give_up_at, last_error = NULL, claimed_by = NULL,
               claimed_until = NULL, created_at = excluded.created_at,
               updated_at = excluded.updated_at, sent_at = NULL`,
          )
          .run(sweep.newId(), lead_id, sweep.at, sweep.giveUpAt, sweep.at, sweep.at);
        return true;
      });
      if (fresh) queued++;
    }
    return queued;
  }

  async relatedLeads(
    lead: { id: string; email: string | null; phone: string | null },
    limit: number,
  ): Promise<InboxLead[]> {
    const rows = this.#all<Row & { status: string }>(
      `SELECT ${READ_COLUMNS}, status FROM leads
       WHERE id <> ? AND (lower(json_extract(fields, '$.email')) = ?
                          OR json_extract(fields, '$.phone') = ?)
       ORDER BY created_at DESC, id DESC LIMIT ?`,
      lead.id,
      lead.email?.toLowerCase() ?? null,
      lead.phone ?? null,
      limit,
    );
    return rows.map((row) => ({
      lead: toRecord(row),
      status: row.status as LeadStatus,
      score: null,
    }));
  }

  async setSpam(leadId: string, spam: boolean) {
    return this.#exec("UPDATE leads SET spam = ? WHERE id = ?", spam ? 1 : 0, leadId) === 1;
  }

  async eraseLead(leadId: string): Promise<Erasure> {
    return this.#transaction(() => {
      const ids = (
        this.#db
          .prepare("SELECT id FROM leads WHERE id = ? OR completed_by = ?")
          .all(leadId, leadId) as { id: string }[]
      ).map((r) => r.id);
      if (!ids.includes(leadId)) return { leads: [], outbox: 0, events: 0 };
      const list = JSON.stringify(ids);
      const removed = (table: "outbox" | "lead_events" | "audit_jobs" | "lead_follow_ups") =>
        Number(
          this.#db
            .prepare(`DELETE FROM ${table} WHERE lead_id IN (SELECT value FROM json_each(?))`)
            .run(list).changes,
        );
      const outbox = removed("outbox");
      const events = removed("lead_events");
      // Its follow-up (migration 21): the note may name the prospect.
      removed("lead_follow_ups");
      // Its website checks (migration 17): the report names the prospect's site.
      removed("audit_jobs");
      // The partial first: it names the lead it was completed by. The search entry goes with
      // each lead (the lead_search_delete trigger, migration 11).
      this.#db.prepare("DELETE FROM leads WHERE completed_by = ?").run(leadId);
      this.#db.prepare("DELETE FROM leads WHERE id = ?").run(leadId);
      return { leads: ids, outbox, events };
    });
  }

  async forgetErased() {
    // TRUNCATE waits (busy_timeout) for readers to leave the WAL, copies every frame into the
    // database and cuts the WAL to zero bytes; another process's open reader can still make it
    // stop short, so it is asked again once.
    for (let attempt = 0; attempt < 2; attempt++) {
      const row = this.#one<{ busy: number }>("PRAGMA wal_checkpoint(TRUNCATE)");
      if (!row?.busy) return;
    }
  }

  async leadIdsCreatedBefore(before: string, limit: number): Promise<string[]> {
    return this.#all<{ id: string }>(
      `SELECT id FROM leads WHERE created_at < ? AND completed_by IS NULL
       ORDER BY created_at, id LIMIT ?`,
      before,
      limit,
    ).map((r) => r.id);
  }

  async leadIdsByEmail(email: string): Promise<string[]> {
    return this.#all<{ id: string }>(
      `SELECT id FROM leads WHERE lower(json_extract(fields, '$.email')) = ?
       ORDER BY created_at, id`,
      email.trim().toLowerCase(),
    ).map((r) => r.id);
  }

  async leadEvents(leadId: string): Promise<LeadEvent[]> {
    return this.#all<{
      id: string;
      at: string;
      actor_id: string | null;
      email: string | null;
      kind: string;
      body: string;
      status: string | null;
    }>(
      `SELECT e.id, e.at, e.actor_id, s.email, e.kind, e.body, e.status
       FROM lead_events e LEFT JOIN staff s ON s.id = e.actor_id
       WHERE e.lead_id = ? ORDER BY e.at, e.id`,
      leadId,
    ).map((r) => ({
      id: r.id,
      at: r.at,
      actorId: r.actor_id,
      actorEmail: r.email,
      kind: r.kind as LeadEvent["kind"],
      body: r.body,
      status: r.status as LeadStatus | null,
    }));
  }

  async audit(entry: AuditEntry) {
    this.#exec(
      `INSERT INTO audit_log (id, at, actor_id, action, subject, detail, bucket)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (bucket) WHERE bucket IS NOT NULL
       DO UPDATE SET count = audit_log.count + 1, at = excluded.at`,
      entry.id,
      entry.at,
      entry.actorId,
      entry.action,
      entry.subject,
      JSON.stringify(entry.detail),
      entry.bucket ?? null,
    );
  }

  async listAudit(query: AuditQuery | number) {
    const q = typeof query === "number" ? { limit: query - 1 } : query;
    const where: string[] = [];
    const params: SQLInputValue[] = [];
    if (q.action) {
      where.push("a.action = ?");
      params.push(q.action);
    }
    if (q.person) {
      const like = `%${likeEscaped(q.person.toLowerCase())}%`;
      where.push("(lower(a.subject) LIKE ? ESCAPE '\\' OR s.email LIKE ? ESCAPE '\\')");
      params.push(like, like);
    }
    if (q.before) {
      where.push("(a.at < ? OR (a.at = ? AND a.id < ?))");
      params.push(q.before.at, q.before.at, q.before.id);
    }
    return this.#all<{
      id: string;
      at: string;
      actor_id: string | null;
      action: string;
      subject: string | null;
      detail: string;
      count: number;
      email: string | null;
    }>(
      `SELECT a.*, s.email FROM audit_log a LEFT JOIN staff s ON s.id = a.actor_id
       ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
       ORDER BY a.at DESC, a.id DESC LIMIT ?`,
      ...params,
      q.limit + 1,
    ).map((r) => ({
      id: r.id,
      at: r.at,
      actorId: r.actor_id,
      actorEmail: r.email,
      action: r.action,
      subject: r.subject,
      detail: JSON.parse(r.detail) as Record<string, unknown>,
      count: Number(r.count),
    }));
  }

  async auditActions() {
    return this.#all<{ action: string }>(
      "SELECT DISTINCT action FROM audit_log ORDER BY action",
    ).map((r) => r.action);
  }

  async pruneAudit(before: string) {
    return this.#exec("DELETE FROM audit_log WHERE at < ?", before);
  }
}
