/**
 * The SQL each dialect receives where the website checks' store branches (issue 25): the claim
 * passes over jobs another server holds on PostgreSQL (SKIP LOCKED), and the report is bound as
 * JSON text. That the SQL works on the real databases is proven by tests/integration/audit-jobs
 * (both stores; two servers on one PostgreSQL schema claim each check once) and
 * audit-jobs-engine.
 */
import { describe, expect, it } from "vitest";
import { SqlAuditJobStore } from "../../src/audit/store/store.ts";
import { pin } from "./recordingDb.ts";

const NOW = new Date("2026-11-27T12:00:00.000Z");

describe("the SQL each dialect receives where the website checks' store branches", () => {
  it("claims one job at a time, fairly: SKIP LOCKED under the claim lock on PostgreSQL, one statement on SQLite", async () => {
    const sent = await pin((db) =>
      new SqlAuditJobStore(db).claim({ owner: "w1", now: NOW, leaseMs: 60_000, limit: 1 }),
    );
    expect(sent.postgres).toHaveLength(2);
    expect(sent.postgres[0]).toBe(
      "SELECT pg_advisory_xact_lock(hashtext(current_schema() || '.audit_claim'))",
    );
    const claim = sent.postgres[1]!;
    expect(sent.sqlite).toHaveLength(1);
    expect(sent.sqlite[0]).not.toContain("FOR UPDATE");
    expect(sent.sqlite[0]!).toBe(claim.replace(" FOR UPDATE SKIP LOCKED", ""));
    // The fair order: the key's running checks, the key's checks of the hour, the key's last
    // start (never first), age.
    expect(claim).toContain(
      "ORDER BY (SELECT count(*) FROM audit_jobs r WHERE r.queue_key = j.queue_key AND r.status = 'queued' AND r.claimed_until > $3), " +
        "(SELECT count(*) FROM audit_jobs h WHERE h.queue_key = j.queue_key AND h.created_at > $6), " +
        "(SELECT max(s.started_at) FROM audit_jobs s WHERE s.queue_key = j.queue_key) NULLS FIRST, " +
        "j.created_at, j.id LIMIT 1 FOR UPDATE SKIP LOCKED)",
    );
    // Never a domain another check is fetching; a deferred job only while there is room.
    expect(claim).toContain(
      "NOT EXISTS ( SELECT 1 FROM audit_jobs d WHERE d.domain = j.domain AND d.status = 'queued' AND d.claimed_until > $3)",
    );
    expect(claim).toContain("SET status = 'queued', claimed_by = $1");
    expect(claim).toMatch(/-- 6$/);
  });

  it("binds the report as JSON text, cast to jsonb on PostgreSQL", async () => {
    const sent = await pin((db) =>
      new SqlAuditJobStore(db).finish(
        "j1",
        "w1",
        { status: "failed", site: "example.test", error: "timeout" },
        NOW,
      ),
    );
    expect(sent.postgres[0]).toContain("report = $6::text::jsonb,");
    expect(sent.sqlite[0]).toContain("report = $6,");
  });

  it("reads lists of ids as an array on PostgreSQL and through json_each on SQLite", async () => {
    const sent = await pin((db) => new SqlAuditJobStore(db).latestForLeads(["l1", "l2"]));
    expect(sent.postgres[0]).toContain("WHERE j.lead_id = ANY($1)");
    expect(sent.sqlite[0]).toContain("WHERE j.lead_id IN (SELECT value FROM json_each($1))");
  });
});
