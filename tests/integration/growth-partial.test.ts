/**
 * The growth form's step-1 partial and the whole growth lead, over real HTTP to the built server
 * with a real webhook receiver, on SQLite: the growth lead names its partial
 * (`_partial`), the agency receives one lead, and lists and exports show one lead; a partial
 * nobody completes stays a lead of its own, delivered after the hold; a `_partial` that names no
 * open partial of the same visitor is ignored, never an error.
 * The HTTP scenarios run on SQLite only: the store contract suites hold both stores to the
 * same behaviour, and postgres-smoke.test.ts runs each feature on a server over PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PARTIAL_FIELD, PARTIAL_HOLD_MS } from "../../src/leads/store/partials";
import type { LeadRecord } from "../../src/leads/store/types";
import {
  cliAsync,
  deliveryEnv,
  outboxRows,
  startWebhookReceiver,
  waitFor,
  type WebhookReceiver,
} from "./notify-support";
import {
  postForm,
  postJson,
  removeDir,
  startServer,
  tempDir,
  validLeads,
  type RunningServer,
} from "./support";

const exported = async (env: Record<string, string>, ...args: string[]) =>
  JSON.parse(await cliAsync(["export", ...args], env)) as LeadRecord[];

describe("growth partial and its completion on sqlite", () => {
  const dataDir = tempDir("leads-partial-");
  const storeEnv: Record<string, string> = { DATA_DIR: dataDir };
  let hook: WebhookReceiver;
  let server: RunningServer;
  const env = storeEnv;

  beforeAll(async () => {
    hook = await startWebhookReceiver();
    server = await startServer({ ...storeEnv, ...deliveryEnv(null, hook) });
  });
  afterAll(async () => {
    await server?.stop();
    await hook?.close();
    removeDir(dataDir);
  });

  /** Step 1 as the growth island sends it; resolves with the id it was answered with. */
  async function sendPartial(email: string): Promise<string> {
    const res = await postJson(server.url, {
      _form: "growthPartial",
      ...validLeads.growthPartial,
      email,
      _t: "9000",
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  }

  async function sendGrowth(email: string, partial: unknown): Promise<string> {
    const res = await postJson(server.url, {
      _form: "growth",
      ...validLeads.growth,
      email,
      [PARTIAL_FIELD]: partial,
      _t: "30000",
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  }

  const delivered = (leadId: string) => hook.deliveries.filter((d) => d.payload.data.id === leadId);

  it("delivers and shows one lead once the growth lead completes its partial", async () => {
    const email = "gale.one@example.test";
    const partialId = await sendPartial(email);
    const growthId = await sendGrowth(email, partialId);

    await waitFor(() => delivered(growthId).length > 0, 15_000, "the growth lead's webhook");
    // The partial is not sent on its own, now or ever: its notifications, held 30 minutes
    // (PARTIAL_HOLD_MS), were withdrawn when the growth lead completed it, so the outbox has
    // nothing of it left to send (no sleep through polls needed to see that).
    expect(delivered(partialId)).toEqual([]);
    expect(delivered(growthId)).toHaveLength(1);
    expect((await outboxRows(env)).filter((r) => r.leadId === partialId)).toEqual([]);

    const leads = (await exported(env)).filter((l) => l.fields.email === email);
    expect(leads.map((l) => [l.id, l.kind])).toEqual([[growthId, "growth"]]);
    const all = (await exported(env, "--with-partials")).filter((l) => l.fields.email === email);
    expect(all.map((l) => [l.id, l.kind, l.completedBy])).toEqual([
      [partialId, "growth_partial", growthId],
      [growthId, "growth", undefined],
    ]);

    const list = await cliAsync(["list"], env);
    expect(list.split("\n").filter((l) => l.includes(email))).toHaveLength(1);
    const withPartials = await cliAsync(["list", "--with-partials"], env);
    expect(withPartials).toContain(`${partialId}  growth_partial`);
    expect(withPartials).toContain(`completed by ${growthId}`);
    // The CSV (the inbox's file) has the partial's row only when asked for.
    const csv = await cliAsync(["export", "--format", "csv", "--with-partials"], env);
    expect(csv.split("\r\n").find((l) => l.includes(`"${partialId}"`))).toContain(
      '"Growth plan (step 1 only)"',
    );
    expect(await cliAsync(["export", "--format", "csv"], env)).not.toContain(partialId);
  });

  it("keeps a partial nobody completed as a lead, delivered after the hold", async () => {
    const email = "gale.stopped@example.test";
    const partialId = await sendPartial(email);
    const [row] = (await outboxRows(env)).filter((r) => r.leadId === partialId);
    const [lead] = (await exported(env)).filter((l) => l.id === partialId);
    expect(lead).toMatchObject({ kind: "growth_partial", fields: { email } });
    expect(row).toMatchObject({ status: "pending", channel: "webhook" });
    expect(Date.parse(row!.nextAttemptAt) - Date.parse(lead!.createdAt)).toBe(PARTIAL_HOLD_MS);
    expect(await cliAsync(["list", "--kind", "growth_partial"], env)).toContain(email);
  });

  it("ignores a _partial that names no open partial of this visitor, and a native post links too", async () => {
    const email = "gale.two@example.test";
    const open = await sendPartial(email);
    const done = await sendPartial("gale.done@example.test");
    const doneBy = await sendGrowth("gale.done@example.test", done);
    const stranger = await sendGrowth("gale.stranger@example.test", open); // another email
    const nonsense = await sendGrowth(email, "not-an-id");
    const notPartial = await sendGrowth(email, doneBy); // a growth lead, not a partial
    const again = await sendGrowth("gale.done@example.test", done); // already completed
    const growthList = await exported(env, "--kind", "growth");
    for (const id of [stranger, nonsense, notPartial, again]) {
      expect(growthList.map((l) => l.id)).toContain(id);
    }
    const partials = await exported(env, "--kind", "growth_partial", "--with-partials");
    const byId = new Map(partials.map((l) => [l.id, l]));
    expect(byId.get(open)!.completedBy).toBeUndefined();
    expect(byId.get(done)!.completedBy).toBe(doneBy);

    // The form post (the same intake through the Astro endpoint) links the open partial.
    const res = await postForm(server.url, {
      _form: "growth",
      _next: "/thank-you",
      ...validLeads.growth,
      email,
      [PARTIAL_FIELD]: open,
      _t: "30000",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/thank-you");
    const linked = (await exported(env, "--with-partials")).find((l) => l.id === open)!;
    const completer = (await exported(env, "--kind", "growth")).find(
      (l) => l.id === linked.completedBy,
    );
    expect(completer?.fields.email).toBe(email);
    expect((await exported(env)).map((l) => l.id)).not.toContain(open);
  });
});
