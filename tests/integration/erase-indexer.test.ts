/**
 * An erasure beside PostgreSQL's search indexer (src/leads/store/postgres.ts #indexBatch): the
 * indexer locks a lead's pending row, then reads the lead (its foreign key takes a share lock on
 * the lead's row). An erasure that locked the lead first and then reached for the pending row
 * deadlocked with it, and one of the two failed: the owner's erase answered 503, or the
 * indexer's batch was lost until the next one. Here another session does exactly what the
 * indexer does, one step at a time around the erasure: both finish, the lead and its index
 * entry are gone.
 */
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminStoreFor } from "../../src/admin/store/index";
import type { PostgresLeadStore } from "../../src/leads/store/postgres";
import { contactLead, freshStore, postgresAvailable, testDatabaseUrl } from "./support";

const pg = await postgresAvailable();

describe.skipIf(!pg)("PostgreSQL: an erasure beside the search indexer", () => {
  const fresh = freshStore("postgres", "eraseindexer");
  let leads: PostgresLeadStore;
  let indexer: postgres.Sql;
  beforeAll(async () => {
    leads = (await fresh.open()) as PostgresLeadStore;
    indexer = postgres(testDatabaseUrl, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await indexer?.end({ timeout: 1 });
    await leads?.close();
    await fresh.cleanup();
  });

  it("erases a lead whose pending index row the indexer holds; neither fails", async () => {
    const l = contactLead(new Date(), {
      fields: { name: "Ines Indexed", email: "ines@indexed.test", message: "Quote for sod" },
    });
    await leads.insert(l);
    const schema = (await leads.sql<[{ s: string }]>`SELECT current_schema() AS s`)[0].s;
    const session = await indexer.reserve();
    await session`SET search_path TO ${indexer(schema)}`;
    await session`BEGIN`;
    // The indexer's first step: it takes the lead's pending row.
    const taken =
      await session`DELETE FROM lead_search_pending WHERE lead_id = ${l.id} RETURNING lead_id`;
    expect(taken).toHaveLength(1);
    // The erasure starts meanwhile.
    const erasing = adminStoreFor(leads).eraseLead(l.id);
    await new Promise((r) => setTimeout(r, 300));
    // The indexer's second step: the lead's entry, which reads the lead (and its key).
    await session`
      INSERT INTO lead_search (lead_id, doc, phone)
      SELECT id, lower(fields->>'name'), '' FROM leads WHERE id = ${l.id}`;
    await session`COMMIT`;
    session.release();
    const erased = await erasing;
    expect(erased.leads).toEqual([l.id]);
    expect(await leads.get(l.id)).toBeNull();
    // The entry the indexer wrote went with the lead.
    expect(await leads.sql`SELECT 1 FROM lead_search WHERE lead_id = ${l.id}`).toHaveLength(0);
  });
});
