/**
 * The first hour of a new install, over real HTTP against the built server on SQLite (issue 39
 * §5): with no owner, `npm start` prints a one-time link on the address it listens on; the link's
 * page makes the first owner (email and password) and signs them in; it then stops working, and
 * a restarted server prints none. A changed link is refused (410). Then the owner's audit log
 * shows what happened in words and the lead by its name, linked.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  OWNER_PASSWORD,
  postAdminForm,
  postJson,
  serverStore,
  startServer,
  validLeads,
  type RunningServer,
} from "./support";

const SALT = "first-hour-test-salt-0123456789abcdef";

describe("the first hour (sqlite)", () => {
  let server: RunningServer;
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let owner = "";

  beforeAll(async () => {
    const s = serverStore("sqlite", "first-hour");
    env = { ...s.env, IP_HASH_SALT: SALT, LEADS_RATE_LIMIT: "off" };
    cleanup = s.cleanup;
    server = await startServer(env);
  });
  afterAll(async () => {
    await server?.stop();
    await cleanup?.();
  });

  /** The server's output once it has said whether there is an owner (after it listens). */
  async function startOutput(): Promise<string> {
    const deadline = Date.now() + 10_000;
    while (!/No owner account yet|first_owner_link_failed/.test(server.output())) {
      if (Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    return server.output();
  }

  it("prints a one-time owner link on its listen address; the link makes the first owner", async () => {
    const out = await startOutput();
    expect(out).toContain("No owner account yet.");
    const link = new RegExp(`(${server.url}/admin/setup/[\\w.-]+)`).exec(out)?.[1];
    expect(link, out).toBeDefined();
    const path = new URL(link!).pathname;

    const page = await fetch(link!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Set up the inbox");
    expect(html).toMatch(/<input[^>]*name="email"/);

    const changed = await fetch(`${server.url}${path.slice(0, -2)}xx`);
    expect(changed.status).toBe(410);
    await changed.text();

    const bad = await postAdminForm(server, path, {
      email: "not an email",
      password: OWNER_PASSWORD,
      confirm: OWNER_PASSWORD,
    });
    expect(bad.status).toBe(422);
    expect(bad.statusText).toBe("Unprocessable Entity");
    expect(await bad.text()).toContain("Enter a valid email address.");

    const made = await postAdminForm(server, path, {
      email: "First.Owner@Example.test",
      password: OWNER_PASSWORD,
      confirm: OWNER_PASSWORD,
    });
    expect(made.status).toBe(303);
    expect(made.headers.get("location")).toBe("/admin");
    owner = made.headers.get("set-cookie")!.split(";")[0]!;
    const inbox = await fetch(`${server.url}/admin/staff`, { headers: { cookie: owner } });
    expect(inbox.status).toBe(200);
    expect(await inbox.text()).toMatch(/data-staff="first\.owner@example\.test"/);

    // One owner, once: the link is spent, and a restarted server prints none.
    const again = await fetch(link!);
    expect(again.status).toBe(410);
    await again.text();
    await server.stop();
    server = await startServer(env);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(server.output()).not.toContain("No owner account yet.");
    expect(server.output()).not.toContain("/admin/setup/");
  });

  it("the audit log says what happened in words, and names the lead", async () => {
    const res = await postJson(server.url, {
      ...validLeads.quick,
      _form: "quick",
      name: "Rosa Audited",
      email: "rosa.audited@example.test",
    });
    const { id } = (await res.json()) as { id: string };
    const moved = await postAdminForm(
      server,
      `/admin/leads/${id}`,
      { action: "status", status: "contacted" },
      owner,
    );
    expect(moved.status).toBe(303);
    const log = await (
      await fetch(`${server.url}/admin/audit`, { headers: { cookie: owner } })
    ).text();
    expect(log).toMatch(/data-audit-action="lead_status"[^>]*>\s*Lead status changed/);
    expect(log).toContain(`<a href="/admin/leads/${id}"`);
    expect(log).toMatch(/>Rosa Audited<\/a>/);
    expect(log).not.toMatch(new RegExp(`<td[^>]*>\\s*${id}\\s*</td>`));
    expect(log).toMatch(/<option value="password_set"[^>]*>Password set<\/option>/);
  });
});
