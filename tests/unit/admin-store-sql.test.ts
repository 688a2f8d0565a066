/**
 * The SQL each dialect receives where the admin store's queries branch (decision D198; Kysely's
 * habit of pinning compiled SQL): a recording driver captures the statements a concern module
 * sends for SQLite and for PostgreSQL, so a change to a branch shows here as a diff of SQL text.
 * That the SQL works is proven on the real databases by the integration suites
 * (admin-store, admin-hardening-store, admin-concurrency, store-contract, erase, speed-to-lead).
 */
import { describe, expect, it } from "vitest";
import { pin } from "./recordingDb.ts";
import * as accounts from "../../src/admin/store/accounts.ts";
import * as audit from "../../src/admin/store/audit.ts";
import * as erasure from "../../src/admin/store/erasure.ts";
import { exportRows } from "../../src/admin/store/exportRows.ts";
import * as followUps from "../../src/admin/store/followUps.ts";
import * as pipeline from "../../src/admin/store/pipeline.ts";
import * as reminders from "../../src/admin/store/reminders.ts";

const AT = "2026-11-26T12:00:00.000Z";

describe("the SQL each dialect receives where the admin store branches", () => {
  it("locks the owners on PostgreSQL for a role change (the last-owner rule)", async () => {
    expect(await pin((db) => accounts.setRole(db, "s1", "staff", AT), [{ id: "s1" }]))
      .toMatchInlineSnapshot(`
      {
        "postgres": [
          "SELECT id FROM staff WHERE role = 'owner' AND deactivated_at IS NULL AND password_hash IS NOT NULL ORDER BY id FOR UPDATE",
          "SELECT id FROM staff WHERE id = $1 FOR UPDATE -- 1",
        ],
        "sqlite": [
          "SELECT id FROM staff WHERE role = 'owner' AND deactivated_at IS NULL AND password_hash IS NOT NULL ORDER BY id",
          "SELECT id FROM staff WHERE id = $1 -- 1",
        ],
      }
    `);
  });

  it("locks the email change and its account on PostgreSQL while applying it", async () => {
    expect(await pin((db) => accounts.applyEmailChange(db, "h", AT))).toMatchInlineSnapshot(`
      {
        "postgres": [
          "SELECT s.id, s.email, s.role, s.password_hash, s.created_at, s.updated_at, s.deactivated_at, c.staff_id, c.new_email, c.created_at AS change_created_at, c.expires_at FROM staff_email_changes c JOIN staff s ON s.id = c.staff_id WHERE c.token_hash = $1 FOR UPDATE OF c, s -- 1",
        ],
        "sqlite": [
          "SELECT s.id, s.email, s.role, s.password_hash, s.created_at, s.updated_at, s.deactivated_at, c.staff_id, c.new_email, c.created_at AS change_created_at, c.expires_at FROM staff_email_changes c JOIN staff s ON s.id = c.staff_id WHERE c.token_hash = $1 -- 1",
        ],
      }
    `);
  });

  it("erases by a list of ids: json_each on SQLite, ANY on PostgreSQL", async () => {
    expect(await pin((db) => erasure.eraseLead(db, "L1"), [{ id: "L1" }])).toMatchInlineSnapshot(`
      {
        "postgres": [
          "SELECT lead_id FROM lead_search_pending WHERE lead_id IN (SELECT id FROM leads WHERE id = $1 OR completed_by = $1 OR completed_by IN (SELECT merged_id FROM lead_merges WHERE kept_id = $1)) FOR UPDATE -- 1",
          "SELECT id FROM leads WHERE id = $1 OR completed_by = $1 OR completed_by IN (SELECT merged_id FROM lead_merges WHERE kept_id = $1) FOR UPDATE -- 1",
          "DELETE FROM lead_merges WHERE merged_id = ANY($1) OR kept_id = ANY($1) -- 1",
          "DELETE FROM outbox WHERE lead_id = ANY($1) -- 1",
          "DELETE FROM lead_events WHERE lead_id = ANY($1) -- 1",
          "DELETE FROM lead_follow_ups WHERE lead_id = ANY($1) -- 1",
          "DELETE FROM lead_tags WHERE lead_id = ANY($1) -- 1",
          "DELETE FROM scheduled_calls WHERE lead_id = ANY($1) -- 1",
          "DELETE FROM audit_jobs WHERE competitor_of IN (SELECT id FROM audit_jobs WHERE lead_id = ANY($1)) -- 1",
          "DELETE FROM audit_jobs WHERE lead_id = ANY($1) -- 1",
          "DELETE FROM leads WHERE id = ANY($1) AND id <> $2 AND completed_by IN (SELECT id FROM leads WHERE completed_by = $2) -- 2",
          "DELETE FROM leads WHERE completed_by = $1 -- 1",
          "DELETE FROM leads WHERE id = $1 -- 1",
          "SELECT count(*) AS n FROM (SELECT 1 FROM lead_funnel_delta_log LIMIT $1) AS d -- 1",
        ],
        "sqlite": [
          "SELECT id FROM leads WHERE id = $1 OR completed_by = $1 OR completed_by IN (SELECT merged_id FROM lead_merges WHERE kept_id = $1) -- 1",
          "DELETE FROM lead_merges WHERE merged_id IN (SELECT value FROM json_each($1)) OR kept_id IN (SELECT value FROM json_each($1)) -- 1",
          "DELETE FROM outbox WHERE lead_id IN (SELECT value FROM json_each($1)) -- 1",
          "DELETE FROM lead_events WHERE lead_id IN (SELECT value FROM json_each($1)) -- 1",
          "DELETE FROM lead_follow_ups WHERE lead_id IN (SELECT value FROM json_each($1)) -- 1",
          "DELETE FROM lead_tags WHERE lead_id IN (SELECT value FROM json_each($1)) -- 1",
          "DELETE FROM scheduled_calls WHERE lead_id IN (SELECT value FROM json_each($1)) -- 1",
          "DELETE FROM audit_jobs WHERE competitor_of IN (SELECT id FROM audit_jobs WHERE lead_id IN (SELECT value FROM json_each($1))) -- 1",
          "DELETE FROM audit_jobs WHERE lead_id IN (SELECT value FROM json_each($1)) -- 1",
          "DELETE FROM leads WHERE id IN (SELECT value FROM json_each($1)) AND id <> $2 AND completed_by IN (SELECT id FROM leads WHERE completed_by = $2) -- 2",
          "DELETE FROM leads WHERE completed_by = $1 -- 1",
          "DELETE FROM leads WHERE id = $1 -- 1",
          "SELECT count(*) AS n FROM (SELECT 1 FROM lead_funnel_delta_log LIMIT $1) AS d -- 1",
        ],
      }
    `);
  });

  it("makes erased bytes leave the files: a WAL checkpoint, or VACUUM FULL once older snapshots end", async () => {
    expect(await pin((db) => erasure.forgetErased(db))).toMatchInlineSnapshot(`
      {
        "postgres": [
          "SELECT pid, coalesce(backend_xid::text, '') || '/' || coalesce(backend_xmin::text, '') AS ids FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND (backend_xid IS NOT NULL OR backend_xmin IS NOT NULL)",
          "VACUUM (FULL) leads",
          "VACUUM (FULL) lead_merges",
          "VACUUM (FULL) outbox",
          "VACUUM (FULL) lead_events",
          "VACUUM (FULL) lead_follow_ups",
          "VACUUM (FULL) lead_tags",
          "VACUUM (FULL) scheduled_calls",
          "VACUUM (FULL) lead_search",
          "VACUUM (FULL) lead_search_pending",
          "VACUUM (FULL) lead_funnel_delta_log",
        ],
        "sqlite": [
          "PRAGMA wal_checkpoint(TRUNCATE)",
        ],
      }
    `);
  });

  it("reads a lead's email and phone as the expression indexes spell them", async () => {
    expect(
      await pin(async (db) => {
        await erasure.leadIdsByEmail(db, "Ada@Example.test");
        await pipeline.relatedLeads(db, { id: "L1", email: "a@b.test", phone: "1" }, 10);
      }),
    ).toMatchInlineSnapshot(`
      {
        "postgres": [
          "SELECT id FROM leads WHERE lower(fields->>'email') = $1 ORDER BY created_at, id -- 1",
          "SELECT leads.id, leads.kind, leads.form, leads.subject, leads.created_at, leads.spam, leads.fields, leads.metadata, leads.completed_by, leads.status FROM leads WHERE id <> $1 AND (lower(fields->>'email') = $2 OR fields->>'phone' = $3) ORDER BY created_at DESC, id DESC LIMIT $4 -- 4",
        ],
        "sqlite": [
          "SELECT id FROM leads WHERE lower(json_extract(fields, '$.email')) = $1 ORDER BY created_at, id -- 1",
          "SELECT leads.id, leads.kind, leads.form, leads.subject, leads.created_at, leads.spam, leads.fields, leads.metadata, leads.completed_by, leads.status FROM leads WHERE id <> $1 AND (lower(json_extract(fields, '$.email')) = $2 OR json_extract(fields, '$.phone') = $3) ORDER BY created_at DESC, id DESC LIMIT $4 -- 4",
        ],
      }
    `);
  });

  it("reads statuses of a list of ids", async () => {
    expect(await pin((db) => pipeline.statusesOf(db, ["L1", "L2"]))).toMatchInlineSnapshot(`
      {
        "postgres": [
          "SELECT id, status FROM leads WHERE id = ANY($1) -- 1",
        ],
        "sqlite": [
          "SELECT id, status FROM leads WHERE id IN (SELECT value FROM json_each($1)) -- 1",
        ],
      }
    `);
  });

  it("leaves spam out as the partial indexes spell it", async () => {
    expect(
      await pin(async (db) => {
        await pipeline.inboxCounts(db, AT);
        await followUps.countDueFollowUps(db, AT, 100);
        await followUps.dueFollowUps(db, {
          before: AT,
          after: { dueAt: AT, leadId: "L1" },
          limit: 5,
        });
        await reminders.awaitingReminder(db, { from: AT, to: AT, limit: 5 });
      }),
    ).toMatchInlineSnapshot(`
      {
        "postgres": [
          "SELECT (SELECT CAST(count(*) AS INTEGER) FROM leads WHERE NOT leads.spam AND completed_by IS NULL AND created_at > $1) AS arrived, (SELECT CAST(count(*) AS INTEGER) FROM (SELECT 1 FROM leads WHERE status = 'new' AND NOT leads.spam AND completed_by IS NULL LIMIT $2) AS capped) AS unworked -- 2",
          "SELECT CAST(count(*) AS INTEGER) AS n FROM ( SELECT 1 FROM lead_follow_ups f JOIN leads l ON l.id = f.lead_id WHERE f.due_at < $1 AND NOT l.spam AND l.status <> 'won' AND l.completed_by IS NULL LIMIT $2) due -- 2",
          "SELECT leads.id, leads.kind, leads.form, leads.subject, leads.created_at, leads.spam, leads.fields, leads.metadata, leads.completed_by, leads.status, f.due_at AS follow_up_due, f.note AS follow_up_note FROM lead_follow_ups f JOIN leads ON leads.id = f.lead_id WHERE f.due_at < $1 AND NOT leads.spam AND leads.status <> 'won' AND leads.completed_by IS NULL AND (f.due_at, f.lead_id) > ($3, $4) ORDER BY f.due_at, f.lead_id LIMIT $2 -- 4",
          "SELECT leads.id, leads.kind, leads.form, leads.subject, leads.created_at, leads.spam, leads.fields, leads.metadata, leads.completed_by, leads.status FROM leads WHERE status = 'new' AND created_at >= $1 AND created_at < $2 AND NOT leads.spam AND completed_by IS NULL AND first_contacted_at IS NULL AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.lead_id = leads.id AND o.channel = 'reminder') ORDER BY created_at, id LIMIT $3 -- 3",
        ],
        "sqlite": [
          "SELECT (SELECT CAST(count(*) AS INTEGER) FROM leads WHERE leads.spam = 0 AND completed_by IS NULL AND created_at > $1) AS arrived, (SELECT CAST(count(*) AS INTEGER) FROM (SELECT 1 FROM leads WHERE status = 'new' AND leads.spam = 0 AND completed_by IS NULL LIMIT $2) AS capped) AS unworked -- 2",
          "SELECT CAST(count(*) AS INTEGER) AS n FROM ( SELECT 1 FROM lead_follow_ups f JOIN leads l ON l.id = f.lead_id WHERE f.due_at < $1 AND l.spam = 0 AND l.status <> 'won' AND l.completed_by IS NULL LIMIT $2) due -- 2",
          "SELECT leads.id, leads.kind, leads.form, leads.subject, leads.created_at, leads.spam, leads.fields, leads.metadata, leads.completed_by, leads.status, f.due_at AS follow_up_due, f.note AS follow_up_note FROM lead_follow_ups f JOIN leads ON leads.id = f.lead_id WHERE f.due_at < $1 AND leads.spam = 0 AND leads.status <> 'won' AND leads.completed_by IS NULL AND (f.due_at, f.lead_id) > ($3, $4) ORDER BY f.due_at, f.lead_id LIMIT $2 -- 4",
          "SELECT leads.id, leads.kind, leads.form, leads.subject, leads.created_at, leads.spam, leads.fields, leads.metadata, leads.completed_by, leads.status FROM leads WHERE status = 'new' AND created_at >= $1 AND created_at < $2 AND leads.spam = 0 AND completed_by IS NULL AND first_contacted_at IS NULL AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.lead_id = leads.id AND o.channel = 'reminder') ORDER BY created_at, id LIMIT $3 -- 3",
        ],
      }
    `);
  });

  it("takes the median in one statement: percentile_cont on PostgreSQL, median() on SQLite", async () => {
    expect(
      await pin(
        (db) => pipeline.speedToLead(db, { from: AT, to: AT }),
        [{ median: 60, contacted: 3, waiting: 1, s: 60 }],
      ),
    ).toMatchInlineSnapshot(`
      {
        "postgres": [
          "SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY date_part('epoch', first_contacted_at - created_at)) AS median, CAST(count(*) AS INTEGER) AS contacted, (SELECT CAST(count(*) AS INTEGER) FROM leads WHERE status = 'new' AND created_at >= $1 AND created_at < $2 AND NOT leads.spam AND completed_by IS NULL) AS waiting FROM leads WHERE first_contacted_at IS NOT NULL AND created_at >= $1 AND created_at < $2 AND NOT leads.spam AND completed_by IS NULL -- 2",
        ],
        "sqlite": [
          "SELECT median(unixepoch(first_contacted_at, 'subsec') - unixepoch(created_at, 'subsec')) AS median, CAST(count(*) AS INTEGER) AS contacted, (SELECT CAST(count(*) AS INTEGER) FROM leads WHERE status = 'new' AND created_at >= $1 AND created_at < $2 AND leads.spam = 0 AND completed_by IS NULL) AS waiting FROM leads WHERE first_contacted_at IS NOT NULL AND created_at >= $1 AND created_at < $2 AND leads.spam = 0 AND completed_by IS NULL -- 2",
        ],
      }
    `);
  });

  it("binds the audit entry's detail as JSON text on both", async () => {
    expect(
      await pin((db) =>
        audit.audit(db, {
          id: "a1",
          at: AT,
          actorId: null,
          action: "sign_in",
          subject: "ada@example.test",
          detail: { ip: "127.0.0.1" },
        }),
      ),
    ).toMatchInlineSnapshot(`
      {
        "postgres": [
          "INSERT INTO audit_log (id, at, actor_id, action, subject, detail, bucket) VALUES ($1, $2, $3, $4, $5, $6::text::jsonb, $7) ON CONFLICT (bucket) WHERE bucket IS NOT NULL DO UPDATE SET count = audit_log.count + 1, at = excluded.at -- 7",
        ],
        "sqlite": [
          "INSERT INTO audit_log (id, at, actor_id, action, subject, detail, bucket) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (bucket) WHERE bucket IS NOT NULL DO UPDATE SET count = audit_log.count + 1, at = excluded.at -- 7",
        ],
      }
    `);
  });

  it("reads the CSV export's batch with times as epoch ms and JSON as text on PostgreSQL", async () => {
    const after = { createdAt: AT, id: "l1" };
    expect(await pin((db) => exportRows(db, { spam: false, limit: 50 }, after, 500)))
      .toMatchInlineSnapshot(`
      {
        "postgres": [
          "SELECT leads.id, leads.kind, leads.form, leads.subject, floor(extract(epoch FROM leads.created_at) * 1000)::float8 AS created_at, leads.spam, leads.fields::text AS fields, leads.metadata::text AS metadata, leads.status, floor(extract(epoch FROM leads.first_contacted_at) * 1000)::float8 AS first_contacted_at, leads.lost_reason, assignee.staff_email AS assignee, (SELECT string_agg(tag, ',') FROM lead_tags t WHERE t.lead_id = leads.id) AS tags, (SELECT j.score FROM audit_jobs j WHERE j.lead_id = leads.id AND j.status = 'done' AND j.score IS NOT NULL ORDER BY j.created_at DESC, j.id DESC LIMIT 1) AS score, leads.won_value_cents AS won, floor(extract(epoch FROM follow_up.follow_up_due) * 1000)::float8 AS due_at, follow_up.follow_up_note AS note FROM leads LEFT JOIN (SELECT id AS staff_id, email AS staff_email FROM staff) assignee ON assignee.staff_id = leads.assignee_id LEFT JOIN (SELECT lead_id AS follow_up_lead, due_at AS follow_up_due, note AS follow_up_note FROM lead_follow_ups) follow_up ON follow_up.follow_up_lead = leads.id WHERE spam = $1 AND completed_by IS NULL AND (leads.created_at, leads.id) < ($2::timestamptz, $3) ORDER BY leads.created_at DESC, leads.id DESC LIMIT 500 -- 3",
        ],
        "sqlite": [
          "SELECT leads.id, leads.kind, leads.form, leads.subject, leads.created_at AS created_at, leads.spam, leads.fields AS fields, leads.metadata AS metadata, leads.status, leads.first_contacted_at AS first_contacted_at, leads.lost_reason, assignee.staff_email AS assignee, (SELECT string_agg(tag, ',') FROM lead_tags t WHERE t.lead_id = leads.id) AS tags, (SELECT j.score FROM audit_jobs j WHERE j.lead_id = leads.id AND j.status = 'done' AND j.score IS NOT NULL ORDER BY j.created_at DESC, j.id DESC LIMIT 1) AS score, leads.won_value_cents AS won, follow_up.follow_up_due AS due_at, follow_up.follow_up_note AS note FROM leads LEFT JOIN (SELECT id AS staff_id, email AS staff_email FROM staff) assignee ON assignee.staff_id = leads.assignee_id LEFT JOIN (SELECT lead_id AS follow_up_lead, due_at AS follow_up_due, note AS follow_up_note FROM lead_follow_ups) follow_up ON follow_up.follow_up_lead = leads.id WHERE spam = $1 AND completed_by IS NULL AND (leads.created_at, leads.id) < ($2, $3) ORDER BY leads.created_at DESC, leads.id DESC LIMIT 500 -- 3",
        ],
      }
    `);
  });
});
