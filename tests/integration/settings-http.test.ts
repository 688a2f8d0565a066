/**
 * The owner's settings page over HTTP on the real server (issue 39 §3), on SQLite: owners only,
 * a refusal is a 422 with its message and nothing stored or echoed, a save is audited and takes
 * effect at once without a restart: the inbox, a lead's page and the CSV export write times in
 * the new zone, the next lead is given in turn to the chosen accounts, and an account without a
 * passkey is sent to add one once an owner requires it. (The store's side, on both databases, and
 * two servers racing for turns on PostgreSQL: agency-settings-store.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminStoreFor } from "../../src/admin/store/index";
import { leadConfig } from "../../src/leads/config";
import { openStore } from "../../src/leads/store/index";
import type { Role } from "../../src/admin/store/types";
import { mintSession } from "../support/staffSession";
import {
  adminForm,
  postJson,
  serverStore,
  startServer,
  validLeads,
  type RunningServer,
} from "./support";

describe("the owner's settings page (sqlite)", () => {
  let server: RunningServer;
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  const ids: Record<string, string> = {};
  const cookies: Record<string, string> = {};

  const session = async (email: string, role: Role) => {
    const leads = await openStore(leadConfig(env));
    try {
      cookies[email] = `gl_session=${await mintSession(leads, email, role)}`;
      ids[email] = (await adminStoreFor(leads).findStaffByEmail(email))!.staff.id;
    } finally {
      await leads.close();
    }
  };
  const get = (path: string, email: string) =>
    fetch(`${server.url}${path}`, { redirect: "manual", headers: { cookie: cookies[email]! } });
  const save = (email: string, fields: [string, string][]) =>
    fetch(`${server.url}/admin/settings`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: server.url,
        cookie: cookies[email]!,
      },
      body: new URLSearchParams(fields).toString(),
    });
  const withStore = async <T>(work: (s: ReturnType<typeof adminStoreFor>) => Promise<T>) => {
    const leads = await openStore(leadConfig(env));
    try {
      return await work(adminStoreFor(leads));
    } finally {
      await leads.close();
    }
  };

  beforeAll(async () => {
    const store = serverStore("sqlite", "settingshttp");
    env = store.env;
    cleanup = store.cleanup;
    server = await startServer({
      ...env,
      LOG_LEVEL: "warn",
      LEADS_RATE_LIMIT: "off",
      AGENCY_TIME_ZONE: "America/New_York",
    });
    await session("boss@example.test", "owner");
    await session("cal@example.test", "staff");
    await session("dee@example.test", "staff");
  });
  afterAll(async () => {
    await server?.stop();
    await cleanup?.();
  });

  const valid: () => [string, string][] = () => [
    ["timeZone", "America/Chicago"],
    ["noticeTo", "sales@example.test"],
    ["confirmationEmails", "on"],
    ["assignment", "round-robin"],
    ["assignTo", ids["cal@example.test"]!],
    ["assignTo", ids["dee@example.test"]!],
  ];

  it("is for owners: staff get 403, a post from another site is refused", async () => {
    expect((await get("/admin/settings", "cal@example.test")).status).toBe(403);
    expect((await save("cal@example.test", valid())).status).toBe(403);
    const forged = await adminForm(
      server.url,
      "/admin/settings",
      {},
      {
        cookie: cookies["boss@example.test"]!,
        origin: "https://elsewhere.example",
      },
    );
    expect(forged.status).toBe(403);
    const page = await get("/admin/settings", "boss@example.test");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<option value="America/New_York" selected="">');
    expect(html).toContain('href="/admin/settings"');
  });

  it("refuses bad values with a 422 and its message, storing and echoing nothing", async () => {
    const bad = await save("boss@example.test", [
      ["timeZone", "<script>alert(1)</script>"],
      ["noticeTo", "sales@example.test"],
    ]);
    expect(bad.status).toBe(422);
    const html = await bad.text();
    expect(html).toContain("Choose a time zone from the list.");
    expect(html).not.toContain("<script>alert(1)");
    const address = await save("boss@example.test", [
      ["timeZone", "America/Chicago"],
      ["noticeTo", '"><img src=x onerror=alert(1)>'],
    ]);
    expect(address.status).toBe(422);
    expect(await address.text()).not.toContain("<img src=x");
    expect(await withStore((s) => s.listAudit({ action: "settings_change", limit: 5 }))).toEqual(
      [],
    );
  });

  it("saves, audits, and the new zone and turns apply at once", async () => {
    const lead = await postJson(server.url, { ...validLeads.quick, _form: "quick" });
    expect(lead.status).toBe(201);
    const { id: before } = (await lead.json()) as { id: string };
    const inbox = () => get("/admin", "boss@example.test").then((r) => r.text());
    expect(await inbox()).toMatch(/E[SD]T/);

    const saved = await save("boss@example.test", valid());
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/admin/settings?saved=1");
    const page = await (await get("/admin/settings?saved=1", "boss@example.test")).text();
    expect(page).toContain("Settings saved.");
    expect(page).toContain('<option value="America/Chicago" selected="">');
    const [entry] = await withStore((s) => s.listAudit({ action: "settings_change", limit: 5 }));
    expect(entry?.detail).toMatchObject({
      timeZone: "America/Chicago",
      noticeTo: ["sales@example.test"],
      assignment: { mode: "round-robin" },
    });

    // Times on the staff pages and in the CSV are Chicago's now, without a restart.
    const leadPage = await (await get(`/admin/leads/${before}`, "boss@example.test")).text();
    expect(leadPage).toMatch(/C[SD]T/);
    expect(leadPage).not.toMatch(/\bE[SD]T\b/);
    const csv = await (await get("/api/admin/export.csv", "boss@example.test")).text();
    expect(csv).toContain("Received (America/Chicago)");

    // The next leads go in turn to the two chosen accounts.
    const given: (string | null)[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await postJson(server.url, {
        ...validLeads.quick,
        _form: "quick",
        email: `turn${i}@example.test`,
      });
      const { id } = (await res.json()) as { id: string };
      given.push(await withStore(async (s) => (await s.leadWork(id))?.assigneeId ?? null));
    }
    const cal = ids["cal@example.test"]!;
    const dee = ids["dee@example.test"]!;
    expect(given.filter((g) => g === cal)).toHaveLength(2);
    expect(given.filter((g) => g === dee)).toHaveLength(2);
    expect(given[0]).not.toBe(given[1]);
    // The lead that came before the setting stays unassigned.
    expect(await withStore(async (s) => (await s.leadWork(before))?.assigneeId)).toBeNull();
  });

  it("once a passkey is required, an account without one is sent to add it", async () => {
    // Not by an owner who has none: they would shut themselves out of this page.
    const refused = await save("boss@example.test", [...valid(), ["requireSecondFactor", "on"]]);
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain(
      "Add a passkey or set up an authenticator app on your own account first",
    );
    await withStore((s) =>
      s.addPasskey({
        id: "Y3JlZGVudGlhbC1vZi1ib3Nz",
        staffId: ids["boss@example.test"]!,
        name: "Boss's laptop",
        transports: ["internal"],
        createdAt: new Date().toISOString(),
        lastUsedAt: null,
        publicKey: new Uint8Array([1, 2, 3]),
        counter: 0,
      }),
    );
    const saved = await save("boss@example.test", [...valid(), ["requireSecondFactor", "on"]]);
    expect(saved.status).toBe(303);
    expect((await get("/admin", "boss@example.test")).status).toBe(200);
    const inbox = await get("/admin", "cal@example.test");
    expect(inbox.status).toBe(303);
    expect(inbox.headers.get("location")).toBe("/admin/account?enrol=1");
    const api = await get("/api/admin/new-count", "cal@example.test");
    expect(api.status).toBe(403);
    expect(await api.json()).toMatchObject({ error: "second_factor_required" });
    const account = await get("/admin/account?enrol=1", "cal@example.test");
    expect(account.status).toBe(200);
    expect(await account.text()).toContain(
      "add a passkey or set up an authenticator app below to use the inbox",
    );
    // Switched off again: the inbox opens.
    const off = await save("boss@example.test", valid());
    expect(off.status).toBe(303);
    expect((await get("/admin", "cal@example.test")).status).toBe(200);
  });
});
