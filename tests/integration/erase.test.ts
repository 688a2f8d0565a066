/**
 * `npm run leads -- erase EMAIL` (a privacy request) while the built server runs and takes leads,
 * on SQLite: every lead of the address (any case) goes, with its outbox rows, its
 * notes and timeline, its search entry and the growth partial it completed; the CLI prints the ids
 * and counts; the audit log keeps the ids and not the address; other leads stay untouched; the
 * server keeps answering.
 * The HTTP scenarios run on SQLite only: the store contract suites hold both stores to the
 * same behaviour, and postgres-smoke.test.ts runs each feature on a server over PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminStoreFor } from "../../src/admin/store/index";
import { newLeadId } from "../../src/server/id";
import type { Db } from "../../src/db/driver";
import { PARTIAL_FIELD } from "../../src/leads/store/partials";
import { SqliteLeadStore } from "../../src/leads/store/sqlite";
import {
  cliAsync,
  deliveryEnv,
  startWebhookReceiver,
  type WebhookReceiver,
} from "./notify-support";
import { postJson, serverStore, startServer, validLeads, type RunningServer } from "./support";
import { join } from "node:path";

/** The lead's rows in the search index and its pending note, by id. */
function searchRows(leads: SqliteLeadStore, ids: string[]): string[] {
  const db = leads.database;
  const list = JSON.stringify(ids);
  return [
    ...(
      db
        .prepare(
          `SELECT l.id FROM leads l JOIN lead_search_pending p ON p.lead_rowid = l.rowid
           WHERE l.id IN (SELECT value FROM json_each(?))`,
        )
        .all(list) as { id: string }[]
    ).map((r) => `pending ${r.id}`),
    ...(
      db
        .prepare(
          `SELECT lead_id AS id FROM lead_search WHERE lead_id IN (SELECT value FROM json_each(?))`,
        )
        .all(list) as { id: string }[]
    ).map((r) => `indexed ${r.id}`),
  ];
}

describe("erase EMAIL on sqlite, the server running", () => {
  const store = serverStore("sqlite", "erase");
  const env = store.env;
  let hook: WebhookReceiver;
  let server: RunningServer;
  let leads: SqliteLeadStore;

  beforeAll(async () => {
    hook = await startWebhookReceiver();
    server = await startServer({ ...env, ...deliveryEnv(null, hook) });
    leads = new SqliteLeadStore(join(env.DATA_DIR!, "leads.db"));
  });
  afterAll(async () => {
    await leads?.close();
    await server?.stop();
    await hook?.close();
    await store.cleanup();
  });

  async function send(form: string, fields: Record<string, unknown>): Promise<string> {
    const res = await postJson(server.url, { _form: form, ...fields, _t: "9000" });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  }

  it("erases every lead of the address and what hangs off them, nothing else", async () => {
    const audit = await send("audit", {
      ...validLeads.audit,
      ownerName: "Erin Eraseme",
      email: "Erin.Erase@Example.test",
    });
    const quick = await send("quick", { ...validLeads.quick, email: "erin.erase@example.test" });
    const partial = await send("growthPartial", {
      ...validLeads.growthPartial,
      email: "ERIN.erase@example.test",
    });
    const growth = await send("growth", {
      ...validLeads.growth,
      email: "ERIN.erase@example.test",
      [PARTIAL_FIELD]: partial,
    });
    const other = await send("contact", { ...validLeads.contact, email: "kept@example.test" });
    const erin = [audit, quick, partial, growth];

    const admin = adminStoreFor(leads);
    expect((await leads.get(partial))?.completedBy).toBe(growth);
    await admin.addNote(audit, {
      eventId: newLeadId(),
      actorId: null,
      at: new Date().toISOString(),
      body: "Called back, wants a quote",
    });
    // A tag names the person too (migration 24): it goes with the lead.
    await admin.addTag(audit, {
      tag: "erin referral",
      cap: 20,
      eventId: newLeadId(),
      actorId: null,
      at: new Date().toISOString(),
    });
    await leads.indexSearch();
    const statuses = ["pending", "sent", "failed"] as const;
    const outboxOf = async (ids: string[]) =>
      (await leads.listNotifications(statuses)).filter((r) => ids.includes(r.leadId ?? ""));
    const outboxBefore = (await outboxOf(erin)).length;
    // The audit, quick and growth leads' webhook rows (the partial's was withdrawn when the
    // growth lead completed it).
    expect(outboxBefore).toBe(3);
    expect(searchRows(leads, erin)).toHaveLength(4);
    expect(await outboxOf([other])).toHaveLength(1);

    const printed = await cliAsync(["erase", "erin.ERASE@example.test"], env);
    expect(printed).toContain("Erased 4 leads of erin.ERASE@example.test:");
    for (const id of erin) expect(printed).toContain(`  ${id}\n`);
    expect(printed).toContain("with 3 outbox rows (deliveries) and 2 timeline entries");

    for (const id of erin) expect(await leads.get(id)).toBeNull();
    expect(await outboxOf(erin)).toEqual([]);
    expect(await admin.leadEvents(audit)).toEqual([]);
    expect(await admin.leadTags(erin)).toEqual(new Map());
    expect(
      await (admin as typeof admin & { db: Db }).db.all(
        "SELECT tag FROM lead_tags WHERE tag = $1",
        ["erin referral"],
      ),
    ).toEqual([]);
    expect(searchRows(leads, erin)).toEqual([]);
    expect(await admin.leadIdsByEmail("erin.erase@example.test")).toEqual([]);
    // Everyone else is untouched.
    expect((await leads.get(other))?.fields.email).toBe("kept@example.test");
    expect(await outboxOf([other])).toHaveLength(1);

    // Audited by ids, never by the address.
    const entries = (await admin.listAudit(20)).filter((e) => e.action === "lead_erased");
    expect(entries.flatMap((e) => e.detail.leads as string[]).sort()).toEqual([...erin].sort());
    expect(entries.every((e) => e.detail.by === "command line")).toBe(true);
    expect(JSON.stringify(entries).toLowerCase()).not.toContain("erin");

    // The server never noticed: it answers and stores as before.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const after = await send("quick", { ...validLeads.quick, email: "after@example.test" });
    expect((await leads.get(after))?.id).toBe(after);

    // Asked again, there is nothing left to erase.
    expect(await cliAsync(["erase", "erin.erase@example.test"], env)).toContain(
      "No lead has the email address erin.erase@example.test: nothing erased.",
    );
  });
});
