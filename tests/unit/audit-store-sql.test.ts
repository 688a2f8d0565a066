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
  it("claims with SKIP LOCKED on PostgreSQL and in one statement on SQLite", async () => {
    const sent = await pin((db) =>
      new SqlAuditJobStore(db).claim({ owner: "w1", now: NOW, leaseMs: 60_000, limit: 2 }),
    );
    expect(sent.postgres).toHaveLength(1);
    expect(sent.postgres[0]).toContain("ORDER BY created_at, id LIMIT $4 FOR UPDATE SKIP LOCKED)");
    expect(sent.sqlite[0]).toContain("ORDER BY created_at, id LIMIT $4)");
    expect(sent.sqlite[0]).not.toContain("FOR UPDATE");
    expect(sent.sqlite[0]!.replace(" FOR UPDATE SKIP LOCKED", "")).toBe(
      sent.postgres[0]!.replace(" FOR UPDATE SKIP LOCKED", ""),
    );
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
