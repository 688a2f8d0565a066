/**
 * The agency side's store on PostgreSQL: the lead store's own pool and schema (the same
 * `postgres` driver; one driver in the project), so every server on the database shares the
 * accounts and accepts each other's sessions.
 */
import { AUDIT_SCORE } from "./auditScore.ts";
import { postgresDb, type Db } from "../../server/db.ts";
import type postgres from "postgres";
import { orUnavailable, toRecord, unavailable, type Row } from "../../leads/store/postgres.ts";
import { UNWORKED_CAP } from "../count.ts";
import { countInbox, newerThan, type InboxCursor } from "./inboxWindow.ts";
import { likeEscaped, searchTerms, sourceFilter } from "../search.ts";
import { PG_SEARCH_PHONE_DIGITS, PG_SEARCH_TEXT } from "../../leads/store/searchIndex.ts";
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
  SessionRecord,
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
  created_at: Date;
  updated_at: Date;
  deactivated_at: Date | null;
}

interface PasskeyRow {
  id: string;
  staff_id: string;
  public_key: Uint8Array;
  counter: string | number;
  transports: string;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

function toPasskey(row: PasskeyRow): PasskeyRecord {
  return {
    id: row.id,
    staffId: row.staff_id,
    name: row.name,
    transports: JSON.parse(row.transports) as string[],
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
  };
}

interface EmailChangeRow {
  staff_id: string;
  new_email: string;
  created_at: Date;
  expires_at: Date;
}

const toEmailChange = (row: EmailChangeRow): EmailChangeRecord => ({
  staffId: row.staff_id,
  newEmail: row.new_email,
  createdAt: row.created_at.toISOString(),
  expiresAt: row.expires_at.toISOString(),
});

function toStaff(row: StaffRow): StaffRecord {
  return {
    id: row.id,
    email: row.email,
    role: row.role as Role,
    hasPassword: row.password_hash !== null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    deactivatedAt: row.deactivated_at?.toISOString() ?? null,
  };
}

/** The tables an erasure deletes from (eraseLead), rewritten by forgetErased. */
const ERASED_TABLES = [
  "leads",
  "outbox",
  "lead_events",
  "lead_follow_ups",
  "lead_search",
  "lead_search_pending",
];

export class PostgresAdminStore implements AdminStore {
  readonly #sql: postgres.Sql;

  /** The driver the queries written once for both stores run on (src/server/db.ts). */
  readonly db: Db;

  constructor(sql: postgres.Sql) {
    this.#sql = sql;
    this.db = postgresDb(sql);
  }

  #run<T>(work: () => Promise<T>): Promise<T> {
    return orUnavailable(work);
  }

  async ensureStaff(staff: { id: string; email: string; role: Role; at: string }) {
    return this.#run(async () => {
      const sql = this.#sql;
      await sql`INSERT INTO staff (id, email, role, password_hash, created_at, updated_at)
                VALUES (${staff.id}, ${staff.email}, ${staff.role}, NULL, ${staff.at}, ${staff.at})
                ON CONFLICT (email) DO NOTHING`;
      const [row] = await sql<StaffRow[]>`SELECT * FROM staff WHERE email = ${staff.email}`;
      return toStaff(row!);
    });
  }

  async getStaff(id: string) {
    return this.#run(async () => {
      const [row] = await this.#sql<StaffRow[]>`SELECT * FROM staff WHERE id = ${id}`;
      return row ? toStaff(row) : null;
    });
  }

  async findStaffByEmail(email: string) {
    return this.#run(async () => {
      const [row] = await this.#sql<StaffRow[]>`SELECT * FROM staff WHERE email = ${email}`;
      return row ? { staff: toStaff(row), passwordHash: row.password_hash } : null;
    });
  }

  async listStaff() {
    return this.#run(async () =>
      (await this.#sql<StaffRow[]>`SELECT * FROM staff ORDER BY created_at, id`).map(toStaff),
    );
  }

  async setPassword(staffId: string, passwordHash: string, at: string) {
    await this.#run(
      () =>
        this.#sql`UPDATE staff SET password_hash = ${passwordHash}, updated_at = ${at}
                  WHERE id = ${staffId}`,
    );
  }

  /**
   * A change of the owners, serialised: every active owner's row is locked first (in one order,
   * so two such changes never deadlock), so a concurrent change waits and then counts the owners
   * as this one left them. `demotes`: the change takes the account out of the owners.
   */
  #ownersChange(
    staffId: string,
    demotes: boolean,
    change: (tx: postgres.TransactionSql) => Promise<unknown>,
  ): Promise<StaffChange> {
    return this.#run(() =>
      this.#sql.begin(async (tx): Promise<StaffChange> => {
        const owners = await tx<{ id: string }[]>`
          SELECT id FROM staff
          WHERE role = 'owner' AND deactivated_at IS NULL AND password_hash IS NOT NULL
          ORDER BY id FOR UPDATE`;
        const [target] = await tx<{ id: string }[]>`
          SELECT id FROM staff WHERE id = ${staffId} FOR UPDATE`;
        if (!target) return "missing";
        if (demotes && owners.length <= 1 && owners[0]?.id === staffId) return "last_owner";
        await change(tx);
        return "done";
      }),
    );
  }

  async setRole(staffId: string, role: Role, at: string) {
    return this.#ownersChange(
      staffId,
      role !== "owner",
      (tx) => tx`UPDATE staff SET role = ${role}, updated_at = ${at} WHERE id = ${staffId}`,
    );
  }

  async setActive(staffId: string, active: boolean, at: string) {
    return this.#ownersChange(staffId, !active, async (tx) => {
      await tx`UPDATE staff SET deactivated_at = ${active ? null : at}, updated_at = ${at}
               WHERE id = ${staffId}`;
      if (active) return;
      await tx`DELETE FROM staff_sessions WHERE staff_id = ${staffId}`;
      await tx`UPDATE staff_tokens SET used_at = ${at} WHERE staff_id = ${staffId} AND used_at IS NULL`;
      await tx`DELETE FROM staff_email_changes WHERE staff_id = ${staffId}`;
    });
  }

  async setEmail(staffId: string, email: string, at: string) {
    try {
      const result = await this
        .#sql`UPDATE staff SET email = ${email}, updated_at = ${at} WHERE id = ${staffId}`;
      return result.count === 1;
    } catch (error) {
      if ((error as { code?: string }).code === "23505") return false;
      throw unavailable(error);
    }
  }

  async setEmailChange(change: EmailChangeRecord & { tokenHash: string }) {
    await this.#run(
      () => this.#sql`
        INSERT INTO staff_email_changes (staff_id, token_hash, new_email, created_at, expires_at)
        VALUES (${change.staffId}, ${change.tokenHash}, ${change.newEmail}, ${change.createdAt},
                ${change.expiresAt})
        ON CONFLICT (staff_id) DO UPDATE SET token_hash = excluded.token_hash,
          new_email = excluded.new_email, created_at = excluded.created_at,
          expires_at = excluded.expires_at`,
    );
  }

  async emailChangeOf(staffId: string) {
    return this.#run(async () => {
      const [row] = await this.#sql<EmailChangeRow[]>`
        SELECT staff_id, new_email, created_at, expires_at FROM staff_email_changes
        WHERE staff_id = ${staffId}`;
      return row ? toEmailChange(row) : null;
    });
  }

  async findEmailChange(tokenHash: string) {
    return this.#run(async () => {
      const [row] = await this.#sql<
        (StaffRow & { new_email: string; change_created_at: Date; expires_at: Date })[]
      >`
        SELECT s.*, c.new_email, c.created_at AS change_created_at, c.expires_at
        FROM staff_email_changes c JOIN staff s ON s.id = c.staff_id
        WHERE c.token_hash = ${tokenHash}`;
      if (!row) return null;
      return {
        ...toEmailChange({
          staff_id: row.id,
          new_email: row.new_email,
          created_at: row.change_created_at,
          expires_at: row.expires_at,
        }),
        staff: toStaff(row),
      };
    });
  }

  async cancelEmailChange(staffId: string) {
    return this.#run(async () => {
      const result = await this.#sql`
        DELETE FROM staff_email_changes WHERE staff_id = ${staffId}`;
      return result.count > 0;
    });
  }

  async applyEmailChange(
    tokenHash: string,
    now: string,
  ): Promise<
    | { outcome: "done"; staff: StaffRecord; from: string }
    | { outcome: "gone" | "expired" | "taken" }
  > {
    try {
      return await this.#sql.begin(async (tx) => {
        // The change row locked: of concurrent confirmations one applies it, the others find it
        // gone once it commits.
        const [row] = await tx<(StaffRow & { new_email: string; expires_at: Date })[]>`
          SELECT s.*, c.new_email, c.expires_at
          FROM staff_email_changes c JOIN staff s ON s.id = c.staff_id
          WHERE c.token_hash = ${tokenHash} FOR UPDATE OF c, s`;
        if (!row || row.deactivated_at) return { outcome: "gone" as const };
        if (row.expires_at.getTime() <= Date.parse(now)) return { outcome: "expired" as const };
        const [other] = await tx`SELECT id FROM staff WHERE email = ${row.new_email}
                                 AND id <> ${row.id}`;
        if (other) return { outcome: "taken" as const };
        const [updated] = await tx<StaffRow[]>`
          UPDATE staff SET email = ${row.new_email}, updated_at = ${now}
          WHERE id = ${row.id} RETURNING *`;
        await tx`DELETE FROM staff_email_changes WHERE token_hash = ${tokenHash}`;
        return { outcome: "done" as const, staff: toStaff(updated!), from: row.email };
      });
    } catch (error) {
      // Another account took the address between the check and the update.
      if ((error as { code?: string }).code === "23505") return { outcome: "taken" };
      throw unavailable(error);
    }
  }

  async sessionCounts(now: string) {
    return this.#run(async () => {
      const rows = await this.#sql<{ staff_id: string; n: number }[]>`
        SELECT staff_id, count(*)::int AS n FROM staff_sessions
        WHERE expires_at > ${now} GROUP BY staff_id`;
      return new Map(rows.map((r) => [r.staff_id, r.n]));
    });
  }

  async addToken(token: {
    tokenHash: string;
    staffId: string;
    purpose: TokenPurpose;
    createdAt: string;
    expiresAt: string;
  }) {
    await this.#run(() =>
      this.#sql.begin(async (tx) => {
        // An earlier link of the same purpose stops working: only the newest one is valid.
        await tx`UPDATE staff_tokens SET used_at = ${token.createdAt}
                 WHERE staff_id = ${token.staffId} AND purpose = ${token.purpose}
                   AND used_at IS NULL`;
        await tx`INSERT INTO staff_tokens (token_hash, staff_id, purpose, created_at, expires_at)
                 VALUES (${token.tokenHash}, ${token.staffId}, ${token.purpose},
                         ${token.createdAt}, ${token.expiresAt})`;
      }),
    );
  }

  async peekToken(tokenHash: string, now: string) {
    return this.#run(async () => {
      const [row] = await this.#sql<(StaffRow & { purpose: string })[]>`
        SELECT s.*, t.purpose FROM staff_tokens t JOIN staff s ON s.id = t.staff_id
        WHERE t.token_hash = ${tokenHash} AND t.used_at IS NULL AND t.expires_at > ${now}
          AND s.deactivated_at IS NULL`;
      return row ? { staff: toStaff(row), purpose: row.purpose as TokenPurpose } : null;
    });
  }

  async useToken(tokenHash: string, now: string) {
    return this.#run(async () => {
      // One statement: of concurrent requests exactly one sees the row still unused.
      const [row] = await this.#sql<(StaffRow & { purpose: string })[]>`
        WITH used AS (
          UPDATE staff_tokens t SET used_at = ${now}
          WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > ${now}
            AND NOT EXISTS (SELECT 1 FROM staff d
                            WHERE d.id = t.staff_id AND d.deactivated_at IS NOT NULL)
          RETURNING staff_id, purpose
        )
        SELECT s.*, used.purpose FROM used JOIN staff s ON s.id = used.staff_id`;
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
    return this.#run(async () => {
      // Only for an active account, checked in the same statement (a deactivation in between
      // either comes first and refuses this, or comes after and ends this session with the rest).
      const result = await this.#sql`
        INSERT INTO staff_sessions
          (id_hash, staff_id, created_at, last_seen_at, expires_at, user_agent)
        SELECT ${session.idHash}, id, ${session.createdAt}, ${session.createdAt},
               ${session.expiresAt}, ${session.userAgent}
        FROM staff WHERE id = ${session.staffId} AND deactivated_at IS NULL`;
      return result.count === 1;
    });
  }

  async touchSession(idHash: string, now: string, idleSince: string) {
    return this.#run(async (): Promise<SessionRecord | null> => {
      const sql = this.#sql;
      const [row] = await sql<
        (StaffRow & {
          session_created: Date;
          last_seen_at: Date;
          expires_at: Date;
          confirmed_at: Date | null;
        })[]
      >`
        SELECT s.*, x.created_at AS session_created, x.last_seen_at, x.expires_at, x.confirmed_at
        FROM staff_sessions x JOIN staff s ON s.id = x.staff_id WHERE x.id_hash = ${idHash}`;
      if (!row) return null;
      // Writes are best effort: a store that refuses them (a full disk) must not refuse reading.
      const write = (query: Promise<unknown>) =>
        query.then(
          () => true,
          () => false,
        );
      if (row.expires_at.toISOString() <= now || row.last_seen_at.toISOString() < idleSince) {
        await write(sql`DELETE FROM staff_sessions WHERE id_hash = ${idHash}`);
        return null;
      }
      const due = new Date(Date.parse(now) - SESSION_TOUCH_MS);
      const touched =
        row.last_seen_at <= due &&
        (await write(
          sql`UPDATE staff_sessions SET last_seen_at = ${now} WHERE id_hash = ${idHash}`,
        ));
      return {
        staff: toStaff(row),
        createdAt: row.session_created.toISOString(),
        lastSeenAt: touched ? now : row.last_seen_at.toISOString(),
        expiresAt: row.expires_at.toISOString(),
        confirmedAt: row.confirmed_at?.toISOString() ?? null,
      };
    });
  }

  async confirmSession(idHash: string, at: string) {
    await this.#run(
      () => this.#sql`UPDATE staff_sessions SET confirmed_at = ${at} WHERE id_hash = ${idHash}`,
    );
  }

  async addPasskey(p: PasskeyRecord & { publicKey: Uint8Array; counter: number }) {
    return this.#run(async () => {
      const result = await this.#sql`
        INSERT INTO staff_passkeys (id, staff_id, public_key, counter, transports, name, created_at)
        VALUES (${p.id}, ${p.staffId}, ${Buffer.from(p.publicKey)}, ${p.counter},
                ${JSON.stringify(p.transports)}, ${p.name}, ${p.createdAt})
        ON CONFLICT (id) DO NOTHING`;
      return result.count === 1;
    });
  }

  async passkeysOf(staffId: string) {
    return this.#run(async () => {
      const rows = await this.#sql<PasskeyRow[]>`
        SELECT * FROM staff_passkeys WHERE staff_id = ${staffId} ORDER BY created_at, id`;
      return rows.map(toPasskey);
    });
  }

  async findPasskey(id: string) {
    return this.#run(async () => {
      const [row] = await this.#sql<(PasskeyRow & { staff: StaffRow })[]>`
        SELECT k.*, to_jsonb(s) AS staff
        FROM staff_passkeys k JOIN staff s ON s.id = k.staff_id WHERE k.id = ${id}`;
      if (!row) return null;
      const staff = row.staff as unknown as Omit<
        StaffRow,
        "created_at" | "updated_at" | "deactivated_at"
      > & { created_at: string; updated_at: string; deactivated_at: string | null };
      return {
        ...toPasskey(row),
        publicKey: new Uint8Array(row.public_key),
        counter: Number(row.counter),
        staff: toStaff({
          ...staff,
          created_at: new Date(staff.created_at),
          updated_at: new Date(staff.updated_at),
          deactivated_at: staff.deactivated_at ? new Date(staff.deactivated_at) : null,
        }),
      };
    });
  }

  async usePasskey(id: string, counter: number, at: string) {
    await this.#run(
      () => this.#sql`
        UPDATE staff_passkeys SET counter = ${counter}, last_used_at = ${at} WHERE id = ${id}`,
    );
  }

  async deletePasskey(staffId: string, id: string) {
    return this.#run(async () => {
      const result = await this.#sql`
        DELETE FROM staff_passkeys WHERE staff_id = ${staffId} AND id = ${id}`;
      return result.count === 1;
    });
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
    return this.#run(async () => {
      await this.#sql`DELETE FROM webauthn_challenges WHERE expires_at <= ${c.now}`;
      // The cap is checked in the insert itself (parallel inserts may pass it by a few at most).
      const result = await this.#sql`
        INSERT INTO webauthn_challenges (id_hash, challenge, purpose, staff_id, expires_at)
        SELECT ${c.idHash}, ${c.challenge}, ${c.purpose}, ${c.staffId}, ${c.expiresAt}
        WHERE ${c.cap ?? null}::int IS NULL
           OR (SELECT count(*) FROM webauthn_challenges
               WHERE purpose = ${c.purpose} AND expires_at > ${c.now}) < ${c.cap ?? 0}`;
      return result.count === 1;
    });
  }

  async takeChallenge(idHash: string, purpose: ChallengePurpose, now: string) {
    return this.#run(async () => {
      const [row] = await this.#sql<{ challenge: string; staff_id: string | null }[]>`
        DELETE FROM webauthn_challenges
        WHERE id_hash = ${idHash} AND purpose = ${purpose} AND expires_at > ${now}
        RETURNING challenge, staff_id`;
      return row ? { challenge: row.challenge, staffId: row.staff_id } : null;
    });
  }

  async deleteSession(idHash: string) {
    await this.#run(() => this.#sql`DELETE FROM staff_sessions WHERE id_hash = ${idHash}`);
  }

  async deleteSessionsOf(staffId: string, keepIdHash?: string) {
    return this.#run(async () => {
      const result = await this.#sql`
        DELETE FROM staff_sessions WHERE staff_id = ${staffId} AND id_hash <> ${keepIdHash ?? ""}`;
      return result.count;
    });
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

  async inboxCounts(since: string) {
    return this.#run(async () => {
      const [row] = await this.#sql<{ arrived: number; unworked: number }[]>`
        SELECT
          (SELECT count(*)::int FROM leads
            WHERE NOT spam AND completed_by IS NULL AND created_at > ${since}) AS arrived,
          (SELECT count(*)::int FROM (SELECT 1 FROM leads
            WHERE status = 'new' AND NOT spam AND completed_by IS NULL
            LIMIT ${UNWORKED_CAP}) AS capped) AS unworked`;
      return { arrived: row?.arrived ?? 0, unworked: row?.unworked ?? 0 };
    });
  }

  async inboxTotal(q: InboxQuery, cap: number) {
    return this.#run(() => countInbox(this.db, q, cap));
  }

  async inboxNewer(q: InboxQuery, first: InboxCursor, limit: number) {
    return this.#run(() => newerThan(this.db, q, first, limit));
  }

  async speedToLead(period: { from: string; to: string }) {
    return this.#run(async () => {
      const [row] = await this.#sql<
        { median: number | null; contacted: number; waiting: number }[]
      >`
        SELECT
          (SELECT percentile_cont(0.5) WITHIN GROUP (
                    ORDER BY extract(epoch FROM first_contacted_at - created_at))
             FROM leads
             WHERE first_contacted_at IS NOT NULL AND created_at >= ${period.from}
               AND created_at < ${period.to} AND NOT spam AND completed_by IS NULL) AS median,
          (SELECT count(*)::int FROM leads
             WHERE first_contacted_at IS NOT NULL AND created_at >= ${period.from}
               AND created_at < ${period.to} AND NOT spam AND completed_by IS NULL) AS contacted,
          (SELECT count(*)::int FROM leads
             WHERE status = 'new' AND created_at >= ${period.from} AND created_at < ${period.to}
               AND NOT spam AND completed_by IS NULL) AS waiting`;
      return {
        medianMinutes: row?.median == null ? null : Number(row.median) / 60,
        contacted: row?.contacted ?? 0,
        waiting: row?.waiting ?? 0,
      };
    });
  }

  async awaitingReminder(period: { from: string; to: string; limit: number }) {
    return this.#run(async () => {
      const rows = await this.#sql<Row[]>`
        SELECT * FROM leads
        WHERE status = 'new' AND created_at >= ${period.from} AND created_at < ${period.to}
          AND NOT spam AND completed_by IS NULL AND first_contacted_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM outbox o
                          WHERE o.lead_id = leads.id AND o.channel = 'reminder')
        ORDER BY created_at, id LIMIT ${period.limit}`;
      return rows.map(toRecord);
    });
  }

  async queueReminder(reminder: { id: string; leadId: string; at: string; giveUpAt: string }) {
    return this.#run(async () => {
      const result = await this.#sql`
        INSERT INTO outbox (id, lead_id, channel, status, attempts, next_attempt_at, give_up_at,
                            created_at, updated_at)
        SELECT ${reminder.id}, id, 'reminder', 'pending', 0, ${reminder.at}, ${reminder.giveUpAt},
               ${reminder.at}, ${reminder.at}
        FROM leads WHERE id = ${reminder.leadId}
        ON CONFLICT (lead_id, channel) DO NOTHING`;
      return result.count === 1;
    });
  }

  async reminderRecipients(leadId: string) {
    return this.#run(async () => {
      const rows = await this.#sql<{ email: string }[]>`
        WITH assignee AS (
          SELECT s.email FROM leads l JOIN staff s ON s.id = l.assignee_id
          WHERE l.id = ${leadId} AND s.deactivated_at IS NULL)
        SELECT email FROM assignee
        UNION ALL
        SELECT email FROM staff
        WHERE role = 'owner' AND deactivated_at IS NULL AND NOT EXISTS (SELECT 1 FROM assignee)
        ORDER BY 1`;
      return rows.map((r) => r.email);
    });
  }

  async assignedCount(staffId: string) {
    return this.#run(async () => {
      const [row] = await this.#sql<{ n: number }[]>`
        SELECT count(*)::int AS n FROM leads
        WHERE assignee_id = ${staffId} AND status NOT IN ('won', 'lost')`;
      return row?.n ?? 0;
    });
  }

  async statusesOf(leadIds: readonly string[]) {
    return this.#run(async () => {
      const rows = await this.#sql<{ id: string; status: string }[]>`
        SELECT id, status FROM leads WHERE id = ANY(${leadIds as string[]})`;
      return new Map(rows.map((r) => [r.id, r.status as LeadStatus]));
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

  async leadWork(leadId: string): Promise<LeadWork | null> {
    return this.#run(async () => {
      const [row] = await this.#sql<
        {
          status: string;
          status_at: Date | null;
          first_contacted_at: Date | null;
          lost_reason: string | null;
          assignee_id: string | null;
        }[]
      >`SELECT status, status_at, first_contacted_at, lost_reason, assignee_id
        FROM leads WHERE id = ${leadId}`;
      return row
        ? {
            status: row.status as LeadStatus,
            statusAt: row.status_at?.toISOString() ?? null,
            firstContactedAt: row.first_contacted_at?.toISOString() ?? null,
            lostReason: row.lost_reason,
            assigneeId: row.assignee_id,
          }
        : null;
    });
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
    return this.#run(() =>
      this.#sql.begin(async (tx) => {
        const updated = await tx`
          UPDATE leads SET status = ${change.status}, status_at = ${change.at},
            lost_reason = ${change.lostReason},
            first_contacted_at = CASE
              WHEN first_contacted_at IS NULL AND ${change.status} <> 'new' THEN ${change.at}::timestamptz
              ELSE first_contacted_at END
          WHERE id = ${leadId}`;
        if (updated.count !== 1) return false;
        await tx`INSERT INTO lead_events (id, lead_id, at, actor_id, kind, body, status)
                 VALUES (${change.eventId}, ${leadId}, ${change.at}, ${change.actorId}, 'status',
                         ${change.lostReason ?? ""}, ${change.status})`;
        return true;
      }),
    );
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
    return this.#run(() =>
      this.#sql.begin(async (tx) => {
        const updated = await tx`
          UPDATE leads SET assignee_id = ${change.assigneeId} WHERE id = ${leadId}`;
        if (updated.count !== 1) return false;
        await tx`INSERT INTO lead_events (id, lead_id, at, actor_id, kind, body)
                 VALUES (${change.eventId}, ${leadId}, ${change.at}, ${change.actorId}, 'assign',
                         ${change.body})`;
        return true;
      }),
    );
  }

  async logCall(
    leadId: string,
    call: { outcome: CallOutcome; eventId: string; actorId: string | null; at: string },
  ) {
    return this.#run(() =>
      this.#sql.begin(async (tx) => {
        // The row lock of this update orders concurrent calls and status changes of the lead.
        const found = await tx`
          UPDATE leads SET first_contacted_at = coalesce(first_contacted_at, ${call.at}::timestamptz)
          WHERE id = ${leadId}`;
        if (found.count !== 1) return null;
        const moved =
          call.outcome === "talked" &&
          (
            await tx`
              UPDATE leads SET status = 'contacted', status_at = ${call.at}, lost_reason = NULL
              WHERE id = ${leadId} AND status = 'new'`
          ).count === 1;
        await tx`INSERT INTO lead_events (id, lead_id, at, actor_id, kind, body, status)
                 VALUES (${call.eventId}, ${leadId}, ${call.at}, ${call.actorId}, 'call',
                         ${call.outcome}, ${moved ? "contacted" : null})`;
        return { moved };
      }),
    );
  }

  async addNote(
    leadId: string,
    note: { eventId: string; actorId: string | null; at: string; body: string },
  ) {
    return this.#run(async () => {
      const result = await this.#sql`
        INSERT INTO lead_events (id, lead_id, at, actor_id, kind, body)
        SELECT ${note.eventId}, id, ${note.at}, ${note.actorId}, 'note', ${note.body}
        FROM leads WHERE id = ${leadId}`;
      return result.count === 1;
    });
  }

  async setFollowUp(
    leadId: string,
    f: { dueAt: string; note: string; eventId: string; actorId: string; at: string; body: string },
  ) {
    return this.#run(() =>
      this.#sql.begin(async (tx) => {
        const set = await tx`
          INSERT INTO lead_follow_ups (lead_id, due_at, note, set_by, set_at, queued_at)
          SELECT id, ${f.dueAt}, ${f.note}, ${f.actorId}, ${f.at}, NULL FROM leads
          WHERE id = ${leadId}
          ON CONFLICT (lead_id) DO UPDATE SET due_at = excluded.due_at, note = excluded.note,
            set_by = excluded.set_by, set_at = excluded.set_at, queued_at = NULL`;
        if (set.count !== 1) return false;
        await tx`INSERT INTO lead_events (id, lead_id, at, actor_id, kind, body)
                 VALUES (${f.eventId}, ${leadId}, ${f.at}, ${f.actorId}, 'follow_up', ${f.body})`;
        return true;
      }),
    );
  }

  async updateFollowUp(
    leadId: string,
    c: { dueAt: string | null; eventId: string; actorId: string; at: string; body: string },
  ) {
    return this.#run(() =>
      this.#sql.begin(async (tx) => {
        const changed =
          c.dueAt === null
            ? await tx`DELETE FROM lead_follow_ups WHERE lead_id = ${leadId}`
            : await tx`UPDATE lead_follow_ups SET due_at = ${c.dueAt}, queued_at = NULL
                       WHERE lead_id = ${leadId}`;
        if (changed.count !== 1) return false;
        await tx`INSERT INTO lead_events (id, lead_id, at, actor_id, kind, body)
                 VALUES (${c.eventId}, ${leadId}, ${c.at}, ${c.actorId}, 'follow_up', ${c.body})`;
        return true;
      }),
    );
  }

  async followUp(leadId: string): Promise<FollowUp | null> {
    return this.#run(async () => {
      const [row] = await this.#sql<
        {
          due_at: Date;
          note: string;
          set_at: Date;
          set_by: string | null;
          set_by_email: string | null;
          assignee_email: string | null;
          queued_at: Date | null;
        }[]
      >`
        SELECT f.due_at, f.note, f.set_at, f.set_by, s.email AS set_by_email, f.queued_at,
               coalesce(a.email, CASE WHEN s.deactivated_at IS NULL THEN s.email END)
                 AS assignee_email
        FROM lead_follow_ups f JOIN leads l ON l.id = f.lead_id
        LEFT JOIN staff s ON s.id = f.set_by
        LEFT JOIN staff a ON a.id = l.assignee_id AND a.deactivated_at IS NULL
        WHERE f.lead_id = ${leadId}`;
      return row
        ? {
            leadId,
            dueAt: row.due_at.toISOString(),
            note: row.note,
            setAt: row.set_at.toISOString(),
            setById: row.set_by,
            setByEmail: row.set_by_email,
            assigneeEmail: row.assignee_email,
            queuedAt: row.queued_at?.toISOString() ?? null,
          }
        : null;
    });
  }

  async dueFollowUps(query: {
    before: string;
    after?: { dueAt: string; leadId: string } | undefined;
    limit: number;
  }): Promise<DueLead[]> {
    const after = query.after;
    return this.#run(async () => {
      const rows = await this.#sql<
        (Row & { status: string; follow_up_due: Date; follow_up_note: string })[]
      >`
        SELECT leads.*, f.due_at AS follow_up_due, f.note AS follow_up_note
        FROM lead_follow_ups f JOIN leads ON leads.id = f.lead_id
        WHERE f.due_at < ${query.before} AND NOT leads.spam
          ${after ? this.#sql`AND (f.due_at, f.lead_id) > (${after.dueAt}::timestamptz, ${after.leadId})` : this.#sql``}
        ORDER BY f.due_at, f.lead_id LIMIT ${query.limit}`;
      return rows.map((row) => ({
        lead: toRecord(row),
        status: row.status as LeadStatus,
        score: null,
        dueAt: row.follow_up_due.toISOString(),
        note: row.follow_up_note,
      }));
    });
  }

  async countDueFollowUps(before: string, cap: number) {
    return this.#run(async () => {
      const [row] = await this.#sql<{ n: number }[]>`
        SELECT count(*)::int AS n FROM (
          SELECT 1 FROM lead_follow_ups f JOIN leads l ON l.id = f.lead_id
          WHERE f.due_at < ${before} AND NOT l.spam LIMIT ${cap}) due`;
      return row?.n ?? 0;
    });
  }

  async queueDueFollowUps(sweep: {
    at: string;
    giveUpAt: string;
    limit: number;
    newId: () => string;
  }) {
    return this.#run(async () => {
      const due = await this.#sql<{ lead_id: string }[]>`
        SELECT lead_id FROM lead_follow_ups WHERE queued_at IS NULL AND due_at <= ${sweep.at}
        ORDER BY due_at LIMIT ${sweep.limit}`;
      let queued = 0;
      for (const { lead_id } of due) {
        const fresh = await this.#sql.begin(async (tx) => {
          // Another server marking it first makes this update find no row (READ COMMITTED
          // re-checks the WHERE after waiting for its lock).
          const marked = await tx`
            UPDATE lead_follow_ups SET queued_at = ${sweep.at}
            WHERE lead_id = ${lead_id} AND queued_at IS NULL AND due_at <= ${sweep.at}`;
          if (marked.count !== 1) return false;
          await tx`
            INSERT INTO outbox (id, lead_id, channel, status, attempts, next_attempt_at,
                                give_up_at, created_at, updated_at)
            VALUES (${sweep.newId()}, ${lead_id}, 'followup', 'pending', 0, ${sweep.at},
                    ${sweep.giveUpAt}, ${sweep.at}, ${sweep.at})
            ON CONFLICT (lead_id, channel) DO UPDATE SET id = excluded.id, status = 'pending',
              attempts = 0, next_attempt_at = excluded.next_attempt_at,
              give_up_at = excluded.give_up_at, last_error = NULL, claimed_by = NULL,
              claimed_until = NULL, created_at = excluded.created_at,
              updated_at = excluded.updated_at, sent_at = NULL`;
          return true;
        });
        if (fresh) queued++;
      }
      return queued;
    });
  }

  async relatedLeads(
    lead: { id: string; email: string | null; phone: string | null },
    limit: number,
  ): Promise<InboxLead[]> {
    return this.#run(async () => {
      const rows = await this.#sql<(Row & { status: string })[]>`
        SELECT * FROM leads
        WHERE id <> ${lead.id} AND (lower(fields->>'email') = ${lead.email?.toLowerCase() ?? null}
                                    OR fields->>'phone' = ${lead.phone ?? null})
        ORDER BY created_at DESC, id DESC LIMIT ${limit}`;
      return rows.map((row) => ({
        lead: toRecord(row),
        status: row.status as LeadStatus,
        score: null,
      }));
    });
  }

  async setSpam(leadId: string, spam: boolean) {
    return this.#run(async () => {
      const result = await this.#sql`UPDATE leads SET spam = ${spam} WHERE id = ${leadId}`;
      return result.count === 1;
    });
  }

  async eraseLead(leadId: string): Promise<Erasure> {
    return this.#run(() =>
      this.#sql.begin(async (tx) => {
        const rows = await tx<{ id: string }[]>`
          SELECT id FROM leads WHERE id = ${leadId} OR completed_by = ${leadId} FOR UPDATE`;
        const ids = rows.map((r) => r.id);
        if (!ids.includes(leadId)) return { leads: [], outbox: 0, events: 0 };
        const outbox = await tx`DELETE FROM outbox WHERE lead_id IN ${tx(ids)}`;
        const events = await tx`DELETE FROM lead_events WHERE lead_id IN ${tx(ids)}`;
        // Its follow-up (migration 21): the note may name the prospect.
        await tx`DELETE FROM lead_follow_ups WHERE lead_id IN ${tx(ids)}`;
        // Its website checks (migration 17): the report names the prospect's site.
        await tx`DELETE FROM audit_jobs WHERE lead_id IN ${tx(ids)}`;
        // Its search text goes with it (lead_search: ON DELETE CASCADE), and so does its note.
        await tx`DELETE FROM lead_search_pending WHERE lead_id IN ${tx(ids)}`;
        // The partial first: it names the lead it was completed by.
        await tx`DELETE FROM leads WHERE completed_by = ${leadId}`;
        await tx`DELETE FROM leads WHERE id = ${leadId}`;
        return { leads: ids, outbox: outbox.count, events: events.count };
      }),
    );
  }

  async forgetErased() {
    // One table per statement (VACUUM runs outside a transaction), so each lock is short.
    await this.#run(async () => {
      for (const table of ERASED_TABLES) await this.#sql.unsafe(`VACUUM (FULL) ${table}`);
    });
  }

  async leadIdsCreatedBefore(before: string, limit: number): Promise<string[]> {
    return this.#run(async () =>
      (
        await this.#sql<{ id: string }[]>`
          SELECT id FROM leads WHERE created_at < ${before} AND completed_by IS NULL
          ORDER BY created_at, id LIMIT ${limit}`
      ).map((r) => r.id),
    );
  }

  async leadIdsByEmail(email: string): Promise<string[]> {
    return this.#run(async () =>
      (
        await this.#sql<{ id: string }[]>`
          SELECT id FROM leads WHERE lower(fields->>'email') = ${email.trim().toLowerCase()}
          ORDER BY created_at, id`
      ).map((r) => r.id),
    );
  }

  async leadEvents(leadId: string): Promise<LeadEvent[]> {
    return this.#run(async () =>
      (
        await this.#sql<
          {
            id: string;
            at: Date;
            actor_id: string | null;
            email: string | null;
            kind: string;
            body: string;
            status: string | null;
          }[]
        >`SELECT e.id, e.at, e.actor_id, s.email, e.kind, e.body, e.status
          FROM lead_events e LEFT JOIN staff s ON s.id = e.actor_id
          WHERE e.lead_id = ${leadId} ORDER BY e.at, e.id`
      ).map((r) => ({
        id: r.id,
        at: r.at.toISOString(),
        actorId: r.actor_id,
        actorEmail: r.email,
        kind: r.kind as LeadEvent["kind"],
        body: r.body,
        status: r.status as LeadStatus | null,
      })),
    );
  }

  async audit(entry: AuditEntry) {
    await this.#run(
      () =>
        this.#sql`INSERT INTO audit_log (id, at, actor_id, action, subject, detail, bucket)
                  VALUES (${entry.id}, ${entry.at}, ${entry.actorId}, ${entry.action},
                          ${entry.subject}, ${this.#sql.json(entry.detail as postgres.JSONValue)},
                          ${entry.bucket ?? null})
                  ON CONFLICT (bucket) WHERE bucket IS NOT NULL
                  DO UPDATE SET count = audit_log.count + 1, at = excluded.at`,
    );
  }

  async listAudit(query: AuditQuery | number) {
    const q = typeof query === "number" ? { limit: query - 1 } : query;
    const sql = this.#sql;
    const person = q.person ? `%${likeEscaped(q.person.toLowerCase())}%` : null;
    return this.#run(async () =>
      (
        await sql<
          {
            id: string;
            at: Date;
            actor_id: string | null;
            action: string;
            subject: string | null;
            detail: Record<string, unknown>;
            count: number;
            email: string | null;
          }[]
        >`SELECT a.*, s.email FROM audit_log a LEFT JOIN staff s ON s.id = a.actor_id
          WHERE true
          ${q.action ? sql`AND a.action = ${q.action}` : sql``}
          ${person ? sql`AND (lower(a.subject) LIKE ${person} OR s.email LIKE ${person})` : sql``}
          ${q.before ? sql`AND (a.at, a.id) < (${q.before.at}::timestamptz, ${q.before.id})` : sql``}
          ORDER BY a.at DESC, a.id DESC LIMIT ${q.limit + 1}`
      ).map((r) => ({
        id: r.id,
        at: r.at.toISOString(),
        actorId: r.actor_id,
        actorEmail: r.email,
        action: r.action,
        subject: r.subject,
        detail: r.detail,
        count: r.count,
      })),
    );
  }

  async auditActions() {
    return this.#run(async () =>
      (
        await this.#sql<{ action: string }[]>`
          SELECT DISTINCT action FROM audit_log ORDER BY action`
      ).map((r) => r.action),
    );
  }

  async pruneAudit(before: string) {
    return this.#run(async () => {
      const result = await this.#sql`DELETE FROM audit_log WHERE at < ${before}`;
      return result.count;
    });
  }
}
