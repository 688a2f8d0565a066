/**
 * An erasure beside PostgreSQL's search indexer (src/leads/store/searchIndex.ts PG_INDEX_BATCH):
 * the indexer locks a lead's mark, then the lead, and writes its index entry. An erasure that
 * locked the lead first and then reached for the mark once deadlocked with it, and one of the
 * two failed: the owner's erase answered 503, or the indexer's batch was lost until the next
 * one. Here another session runs the indexer's batch and holds its transaction open while the
 * erasure starts: both finish, the lead, its mark and its index entry are gone (the entry through
 * the delete trigger of migration 41, which sees what the batch committed while it waited).
 */
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminStoreFor } from "../../src/admin/store/index";
import { POSTGRES_FOLD_LOCK } from "../../src/leads/store/funnelSql";
import type { PostgresLeadStore } from "../../src/leads/store/postgres";
import { PG_INDEX_BATCH } from "../../src/leads/store/searchIndex";
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

  it("erases a lead whose mark and row the indexer holds; neither fails", async () => {
    const l = contactLead(new Date(), {
      fields: { name: "Ines Indexed", email: "ines@indexed.test", message: "Quote for sod" },
    });
    await leads.insert(l);
    const schema = (await leads.sql<[{ s: string }]>`SELECT current_schema() AS s`)[0].s;
    const session = await indexer.reserve();
    await session`SET search_path TO ${indexer(schema)}`;
    await session`BEGIN`;
    // The indexer's batch, its transaction still open: the mark and the lead locked, the mark
    // removed and the entry written.
    await session.unsafe(POSTGRES_FOLD_LOCK);
    const [batch] = await session.unsafe(PG_INDEX_BATCH, [2_000]);
    expect(Number(batch!.n)).toBe(1);
    // The erasure starts meanwhile, and waits for the batch.
    const erasing = adminStoreFor(leads).eraseLead(l.id);
    await new Promise((r) => setTimeout(r, 300));
    await session`COMMIT`;
    session.release();
    const erased = await erasing;
    expect(erased.leads).toEqual([l.id]);
    expect(await leads.get(l.id)).toBeNull();
    // The entry the indexer wrote went with the lead.
    expect(await leads.sql`SELECT 1 FROM lead_search WHERE lead_id = ${l.id}`).toHaveLength(0);
    expect(await leads.sql`SELECT 1 FROM lead_search_pending`).toHaveLength(0);
  });
});
