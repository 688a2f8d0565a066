/**
 * The outbox: a delivery queue kept in the database beside what it delivers (table `outbox`,
 * migration 2). A row is one (lead, channel) notification, written in its lead's own transaction
 * by whoever stores the lead (store, then tell), then claimed with a lease by a worker
 * (src/server/leaseWorker.ts through src/leads/notify/outbox.ts), delivered and finished.
 * Channels are plain names: each feature registers its own with its deliverer (the composition
 * root, src/app/root.ts, lists them); the queue knows none of them. Written once over the driver;
 * the only difference between the databases is the claim's row locks (SKIP LOCKED on PostgreSQL,
 * where several servers claim side by side; SQLite's one statement is atomic as it is).
 */
import { dialectSql, type Db, type Param } from "./driver.ts";
import { onStore } from "./errors.ts";

/** A channel's name ("email", "webhook", "reminder", …): its feature registers it. */
export type Channel = string;
export type NotificationStatus = "pending" | "sent" | "failed";

/** A notification to write with its lead, in the same transaction. */
export interface NewNotification {
  /** Stable across retries: the webhook-id and the email's Message-ID. */
  id: string;
  channel: Channel;
  /** No attempt after this ISO time: the row is marked failed instead. */
  giveUpAt: string;
}

/** One row of the outbox: one (lead, channel). Times are ISO 8601 in UTC. */
export interface OutboxRow {
  id: string;
  /** Null for a row of no lead: a webhook's test delivery (migration 33). */
  leadId: string | null;
  channel: Channel;
  status: NotificationStatus;
  /** Finished deliveries (successful or not); a delivery cut short by a crash does not count. */
  attempts: number;
  nextAttemptAt: string;
  giveUpAt: string;
  lastError: string | null;
  /** Which worker holds the row, and until when (a lease: expired claims are free again). */
  claimedBy: string | null;
  claimedUntil: string | null;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
}

export interface ClaimRequest {
  /** The claiming worker's id (unique per process). */
  owner: string;
  now: Date;
  /** The claim holds until now + leaseMs; the worker must be done (or give up) before then. */
  leaseMs: number;
  limit: number;
  /** Only rows of these channels (the ones this server can deliver). */
  channels: readonly Channel[];
}

export type OutboxOutcome =
  | { status: "sent" }
  | { status: "retry"; nextAttemptAt: Date; error: string }
  | { status: "failed"; error: string };

/** Rows waiting for delivery and rows given up on (sent rows are not counted). */
export type OutboxCounts = Record<"pending" | "failed", number>;

interface OutboxDbRow {
  id: string;
  lead_id: string | null;
  channel: string;
  status: string;
  attempts: number;
  next_attempt_at: string;
  give_up_at: string;
  last_error: string | null;
  claimed_by: string | null;
  claimed_until: string | null;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
}

const COLUMNS =
  "id, lead_id, channel, status, attempts, next_attempt_at, give_up_at, last_error, claimed_by, claimed_until, created_at, updated_at, sent_at";

const toOutboxRow = (row: OutboxDbRow): OutboxRow => ({
  id: row.id,
  leadId: row.lead_id,
  channel: row.channel,
  status: row.status as NotificationStatus,
  attempts: Number(row.attempts),
  nextAttemptAt: row.next_attempt_at,
  giveUpAt: row.give_up_at,
  lastError: row.last_error,
  claimedBy: row.claimed_by,
  claimedUntil: row.claimed_until,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  sentAt: row.sent_at,
});

/** Pending and failed counts per channel: every channel of `channels`, zeros included. */
export function byChannel(
  rows: readonly { channel: string; status: string; n: number | bigint }[],
  channels: readonly Channel[] = [],
): Record<Channel, OutboxCounts> {
  const counts: Record<Channel, OutboxCounts> = {};
  for (const c of channels) counts[c] = { pending: 0, failed: 0 };
  for (const r of rows) {
    const entry = (counts[r.channel] ??= { pending: 0, failed: 0 });
    if (r.status === "pending" || r.status === "failed") entry[r.status] = Number(r.n);
  }
  return counts;
}

/** The outbox's queries over `db`; every failure is the store being unavailable. */
export function outboxQueue(db: Db) {
  const d = dialectSql(db);
  const run = <T>(work: (db: Db) => Promise<T>) => onStore(db, work);
  return {
    /**
     * Claims up to `limit` due rows (pending, next attempt reached, not held by a live claim),
     * oldest due first. Two workers never hold the same row at the same time: on PostgreSQL
     * concurrent claimers pass over rows being claimed (SKIP LOCKED) instead of waiting.
     */
    claim(request: ClaimRequest): Promise<OutboxRow[]> {
      if (!request.channels.length || request.limit < 1) return Promise.resolve([]);
      const now = request.now.toISOString();
      const until = new Date(request.now.getTime() + request.leaseMs).toISOString();
      return run(async (db) =>
        (
          await db.all<OutboxDbRow>(
            `WITH due AS (
               SELECT id FROM outbox
               WHERE status = 'pending' AND next_attempt_at <= $3
                 AND (claimed_until IS NULL OR claimed_until <= $3)
                 AND ${d.inList("channel", 4)}
               ORDER BY next_attempt_at, id
               LIMIT $5${d.skipLocked()})
             UPDATE outbox SET claimed_by = $1, claimed_until = $2, updated_at = $3
             WHERE id IN (SELECT id FROM due)
             RETURNING ${COLUMNS}`,
            [request.owner, until, now, request.channels, request.limit],
          )
        ).map(toOutboxRow),
      );
    },

    /** Records the outcome of a delivery, only while `owner` still holds the claim. */
    finish(id: string, owner: string, outcome: OutboxOutcome, now: Date): Promise<boolean> {
      const params: Param[] = [now.toISOString(), id, owner];
      let set: string;
      if (outcome.status === "sent") set = "status = 'sent', sent_at = $1, last_error = NULL";
      else if (outcome.status === "retry") {
        params.push(outcome.nextAttemptAt.toISOString(), outcome.error);
        set = "next_attempt_at = $4, last_error = $5";
      } else {
        params.push(outcome.error);
        set = "status = 'failed', last_error = $4";
      }
      return run(
        async (db) =>
          (await db.run(
            `UPDATE outbox
             SET ${set}, attempts = attempts + 1, claimed_by = NULL, claimed_until = NULL,
                 updated_at = $1
             WHERE id = $2 AND claimed_by = $3 AND status = 'pending'`,
            params,
          )) > 0,
      );
    },

    /** Gives claims back without counting an attempt (a worker stopping mid-delivery). */
    async release(ids: readonly string[], owner: string): Promise<void> {
      if (!ids.length) return;
      await run((db) =>
        db.run(
          `UPDATE outbox SET claimed_by = NULL, claimed_until = NULL
           WHERE claimed_by = $1 AND ${d.inList("id", 2)}`,
          [owner, ids],
        ),
      );
    },

    /** Rows with these statuses (of one lead, when given), oldest first. */
    list(statuses: readonly NotificationStatus[], leadId?: string): Promise<OutboxRow[]> {
      if (!statuses.length) return Promise.resolve([]);
      return run(async (db) =>
        (
          await db.all<OutboxDbRow>(
            `SELECT ${COLUMNS} FROM outbox
             WHERE ${d.inList("status", 1)} ${leadId ? "AND lead_id = $2" : ""}
             ORDER BY created_at, id`,
            leadId ? [statuses, leadId] : [statuses],
          )
        ).map(toOutboxRow),
      );
    },

    /** Failed rows (all of them, or those ids) become pending, due at `now`, until `giveUpAt`. */
    retry(ids: readonly string[] | "all-failed", now: Date, giveUpAt: Date): Promise<string[]> {
      if (ids !== "all-failed" && !ids.length) return Promise.resolve([]);
      const params: Param[] = [now.toISOString(), giveUpAt.toISOString()];
      if (ids !== "all-failed") params.push(ids);
      return run(async (db) =>
        (
          await db.all<{ id: string }>(
            `UPDATE outbox SET status = 'pending', next_attempt_at = $1, give_up_at = $2,
                    claimed_by = NULL, claimed_until = NULL, updated_at = $1
             WHERE status = 'failed' ${ids === "all-failed" ? "" : `AND ${d.inList("id", 3)}`}
             RETURNING id`,
            params,
          )
        )
          .map((r) => r.id)
          .sort(),
      );
    },

    /** The newest rows of these channels, any status (the owner's Webhooks page). */
    recent(channels: readonly Channel[], limit: number): Promise<OutboxRow[]> {
      if (!channels.length || limit < 1) return Promise.resolve([]);
      return run(async (db) =>
        (
          await db.all<OutboxDbRow>(
            `SELECT ${COLUMNS} FROM outbox WHERE ${d.inList("channel", 1)}
             ORDER BY created_at DESC, id DESC LIMIT $2`,
            [channels, limit],
          )
        ).map(toOutboxRow),
      );
    },

    /** Queues a row of no lead (a webhook's test delivery), due at `now`. */
    async enqueueStandalone(
      id: string,
      channel: Channel,
      now: Date,
      giveUpAt: Date,
    ): Promise<void> {
      const at = now.toISOString();
      await run((db) =>
        db.run(
          `INSERT INTO outbox (id, lead_id, channel, status, attempts, next_attempt_at, give_up_at,
                               created_at, updated_at)
           VALUES ($1, NULL, $2, 'pending', 0, $3, $4, $3, $3)`,
          [id, channel, at, giveUpAt.toISOString()],
        ),
      );
    },

    /** Pending and failed rows, all channels together. */
    count(): Promise<OutboxCounts> {
      return run(async (db) => {
        const rows = await db.all<{ status: string; n: number }>(
          `SELECT status, CAST(count(*) AS INTEGER) AS n FROM outbox
           WHERE status IN ('pending', 'failed') GROUP BY status`,
        );
        const counts: OutboxCounts = { pending: 0, failed: 0 };
        for (const r of rows) counts[r.status as keyof OutboxCounts] = Number(r.n);
        return counts;
      });
    },

    /** Pending and failed rows per channel (`channels` present with zeros): /api/metrics. */
    countByChannel(channels: readonly Channel[] = []): Promise<Record<Channel, OutboxCounts>> {
      return run(async (db) =>
        byChannel(
          await db.all<{ channel: string; status: string; n: number }>(
            `SELECT channel, status, CAST(count(*) AS INTEGER) AS n FROM outbox
             WHERE status IN ('pending', 'failed') GROUP BY channel, status`,
          ),
          channels,
        ),
      );
    },

    /**
     * Deletes up to `limit` sent rows created and sent before `before` (failed and pending rows
     * are kept); returns how many. outbox_status (status, created_at) finds the candidates.
     */
    prune(before: Date, limit: number): Promise<number> {
      const at = before.toISOString();
      return run((db) =>
        db.run(
          `DELETE FROM outbox WHERE id IN (
             SELECT id FROM outbox
             WHERE status = 'sent' AND created_at < $1 AND sent_at < $1
             LIMIT $2)`,
          [at, limit],
        ),
      );
    },
  };
}

export type OutboxQueue = ReturnType<typeof outboxQueue>;
