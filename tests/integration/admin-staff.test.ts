/**
 * Owners and staff over HTTP on the real server, on SQLite (issue 23):
 * - a deactivated account is signed out and refused its password and its links (the passkey path
 *   starts sessions the same way: tests/integration/admin-store.test.ts), its leads are counted
 *   for reassigning, an owner's new link for it is refused, and reactivating lets it back in;
 *   the last active owner cannot be deactivated; all of it audited;
 * - inviting an address that already has an account says so instead of ignoring the role;
 * - refused sign-ins are counted on one audit row, and /admin/audit filters by action and person
 *   and pages;
 * - a link to the CSV export from another site is refused and writes no audit row;
 * - the inbox refuses plain http from another machine unless ADMIN_ALLOW_HTTP=1.
 * The HTTP scenarios run on SQLite only: the store contract suites hold both stores to the
 * same behaviour, and postgres-smoke.test.ts runs each feature on a server over PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminCli,
  adminForm,
  postJson,
  serverStore,
  startServer,
  validLeads,
  type RunningServer,
} from "./support";

const PASSWORD = "mossy granite patio lantern";
/** Entries shown on an audit log page. */
const rows = (page: string) => [...page.matchAll(/<tr class="border-b border-slate-200 /g)].length;
const cookieOf = (res: Response) => res.headers.get("set-cookie")?.split(";")[0] ?? "";

describe("owners and staff over HTTP (sqlite)", () => {
  let server: RunningServer;
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let owner = "";
  const form = (
    path: string,
    fields: Record<string, string>,
    headers: Record<string, string> = {},
  ) => adminForm(server.url, path, fields, headers);
  const get = (path: string, cookie = "", headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { redirect: "manual", headers: { cookie, ...headers } });
  const html = async (path: string, cookie = owner) => (await get(path, cookie)).text();
  const signIn = (email: string, password = PASSWORD) =>
    form("/admin/sign-in", { email, password });
  const account = async (email: string, role = "staff") => {
    const link = (await adminCli(["invite", email, "--role", role], env)).stdout.trim();
    const set = await form(link, { password: PASSWORD, confirm: PASSWORD });
    expect(set.status).toBe(303);
    return cookieOf(set);
  };
  const idOf = async (email: string) =>
    new RegExp(`data-staff="${email}"[\\s\\S]*?name="staff" value="([^"]+)"`).exec(
      await html("/admin/staff"),
    )![1]!;

  beforeAll(async () => {
    const store = serverStore("sqlite", "adminstaff");
    env = store.env;
    cleanup = store.cleanup;
    server = await startServer({
      ...env,
      LOG_LEVEL: "warn",
      LEADS_RATE_LIMIT: "off",
      TRUST_PROXY: "loopback",
    });
    owner = await account("boss@example.test", "owner");
  });
  afterAll(async () => {
    await server?.stop();
    await cleanup?.();
  });

  it("deactivates a departed staff member: signed out, password and links refused; reactivates", async () => {
    const leaver = await account("leaver@example.test");
    const spare = await signIn("leaver@example.test");
    expect(spare.status).toBe(303);
    // A lead assigned to them, to be reassigned.
    const lead = await postJson(server.url, {
      ...validLeads.quick,
      _form: "quick",
      name: "Assigned Lead",
      email: "assigned@example.test",
    });
    const { id: leadId } = (await lead.json()) as { id: string };
    const leaverId = await idOf("leaver@example.test");
    const assigned = await form(
      `/admin/leads/${leadId}`,
      { action: "assign", assignee: leaverId },
      { cookie: owner },
    );
    expect(assigned.status).toBe(303);
    // A reset link issued before they left.
    const oldLink = (await adminCli(["reset", "leaver@example.test"], env)).stdout.trim();

    const page = await html("/admin/staff");
    expect(page).toMatch(
      /data-staff="leaver@example.test"[\s\S]*?data-staff-active="deactivate"[^>]*>Deactivate</,
    );
    // Deactivating asks first (issue 39 §5): the page holds the question and its own button, and
    // a post without that button's confirmation is refused, the account left active.
    expect(page).toMatch(
      /data-staff="leaver@example.test"[\s\S]*?Deactivate leaver@example\.test\? They are signed out everywhere[\s\S]*?name="confirm" value="yes"[\s\S]*?Yes, deactivate/,
    );
    const unasked = await form(
      "/admin/staff",
      { action: "deactivate", staff: leaverId },
      { cookie: owner },
    );
    expect(unasked.status).toBe(422);
    expect(unasked.statusText).toBe("Unprocessable Entity");
    expect(await unasked.text()).toContain("Confirm the deactivation");
    expect(
      (await html("/admin/staff")).match(/data-staff="leaver@example.test"[\s\S]*?<\/li>/)?.[0],
    ).toContain("Deactivate");
    const off = await form(
      "/admin/staff",
      { action: "deactivate", staff: leaverId, confirm: "yes" },
      { cookie: owner },
    );
    // Done: 303 back to the page (a reload re-sends nothing), which says so on the GET.
    expect(off.status).toBe(303);
    expect(off.headers.get("location")).toBe(`/admin/staff?saved=deactivate&staff=${leaverId}`);
    await off.text();
    const notice = await html(off.headers.get("location")!);
    expect(notice).toContain("leaver@example.test is deactivated");
    expect(notice).toContain("1 lead is still assigned to them");

    for (const cookie of [leaver, cookieOf(spare)]) {
      expect((await get("/api/admin/me", cookie)).status).toBe(401);
    }
    expect((await signIn("leaver@example.test")).status).toBe(401);
    expect((await get(oldLink)).status).toBe(410);
    expect((await form(oldLink, { password: PASSWORD, confirm: PASSWORD })).status).toBe(410);
    const link = await form(
      "/admin/staff",
      { action: "reset", staff: leaverId },
      { cookie: owner },
    );
    expect(link.status).toBe(409);
    expect(await link.text()).toContain("deactivated");
    const cli = await adminCli(["reset", "leaver@example.test"], env);
    expect(cli.status).not.toBe(0);
    expect((await adminCli(["users"], env)).stdout).toMatch(
      /leaver@example\.test\s+staff\s+deactivated/,
    );
    // Not offered for new assignments; the lead can be given to someone else.
    const leadPage = await html(`/admin/leads/${leadId}`);
    expect(leadPage).toContain("leaver@example.test (Deactivated)");
    const refused = await form(
      `/admin/leads/${leadId}`,
      { action: "assign", assignee: leaverId },
      { cookie: owner },
    );
    expect(refused.status).toBe(422);
    await refused.text();
    const bossId = await idOf("boss@example.test");
    const moved = await form(
      `/admin/leads/${leadId}`,
      { action: "assign", assignee: bossId },
      { cookie: owner },
    );
    expect(moved.status).toBe(303);

    const on = await form(
      "/admin/staff",
      { action: "reactivate", staff: leaverId },
      { cookie: owner },
    );
    expect(on.status).toBe(303);
    await on.text();
    expect(await html(on.headers.get("location")!)).toContain(
      "leaver@example.test is active again",
    );
    // The page's address is the account's id and a key: no text from it is shown.
    const forged = await html("/admin/staff?saved=role&staff=%3Cscript%3Ex");
    expect(forged).not.toContain("role was changed");
    expect(forged).not.toContain("<script>x");
    expect((await signIn("leaver@example.test")).status).toBe(303);

    const audit = await html("/admin/audit?action=staff_deactivated");
    expect(audit).toContain("leaver@example.test");
    expect(await html("/admin/audit?action=staff_reactivated")).toContain("leaver@example.test");
  });

  it("never deactivates or demotes the last active owner", async () => {
    const bossId = await idOf("boss@example.test");
    // No button for one's own account; a forged post is refused too.
    expect(await html("/admin/staff")).not.toMatch(
      /data-staff="boss@example.test"(?:(?!data-staff=)[\s\S])*data-staff-active/,
    );
    const self = await form(
      "/admin/staff",
      { action: "deactivate", staff: bossId, confirm: "yes" },
      { cookie: owner },
    );
    expect(self.status).toBe(422);
    expect(await self.text()).toContain("at least one owner");
    const cli = await adminCli(["deactivate", "boss@example.test"], env);
    expect(cli.status).toBe(1);
    expect(cli.stderr).toContain("at least one owner");
    expect((await get("/api/admin/me", owner)).status).toBe(200);
  });

  it("says so when an invited address already has an account, and leaves its role", async () => {
    await account("existing@example.test");
    const res = await form(
      "/admin/staff",
      { action: "invite", email: "Existing@Example.test", role: "owner" },
      { cookie: owner },
    );
    expect(res.status).toBe(409);
    const text = await res.text();
    expect(text).toContain("existing@example.test already has an account (Staff)");
    expect(text).not.toContain("data-invite-link");
    // The refused address is in the form again, as typed.
    expect(text).toMatch(/id="invite-email"[^>]*value="Existing@Example.test"/);
    expect((await adminCli(["users"], env)).stdout).toMatch(/existing@example\.test\s+staff/);
  });

  it("refuses a link to the CSV export from another site, without an audit row", async () => {
    const count = async () => rows(await html("/admin/audit?action=export"));
    const before = await count();
    const forged = await get("/api/admin/export.csv", owner, { "sec-fetch-site": "cross-site" });
    expect(forged.status).toBe(403);
    expect(await forged.text()).not.toContain('"id"');
    expect(await count()).toBe(before);
    const own = await get("/api/admin/export.csv", owner, { "sec-fetch-site": "same-origin" });
    expect(own.status).toBe(200);
    await own.arrayBuffer();
  });

  it("counts repeated refused sign-ins on one audit row; filters and pages the log", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      // Another machine, through a TLS proxy.
      const res = await form(
        "/admin/sign-in",
        { email: "boss@example.test", password: `guess number ${i}` },
        {
          "x-forwarded-for": "10.9.0.1",
          "x-forwarded-proto": "https",
          origin: server.url.replace("http:", "https:"),
        },
      );
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    const failed = await html("/admin/audit?action=sign_in_failed&person=boss%40example");
    expect(rows(failed)).toBe(1);
    expect(failed).toMatch(
      /data-audit-action="sign_in_failed">Sign-in refused(?:<!-- -->)?<span data-audit-count> × 5/,
    );
    const throttled = await html("/admin/audit?action=sign_in_throttled");
    expect(throttled).toMatch(/× 7/);
    expect(await html("/admin/audit?person=nobody-like-this")).toContain(
      "No entries match these filters.",
    );

    // 101 exports: a second page.
    for (let i = 0; i < 101; i++) {
      const res = await get("/api/admin/export.csv?kind=quick", owner);
      await res.arrayBuffer();
    }
    const first = await html("/admin/audit?action=export");
    const next = /href="(\/admin\/audit\?action=export&amp;before=[^"]+)"[^>]*>Older entries/.exec(
      first,
    );
    expect(next).not.toBeNull();
    const second = await html(next![1]!.replaceAll("&amp;", "&"));
    expect(rows(first)).toBe(100);
    // 101 here, and the one export of the test before.
    expect(rows(second)).toBeGreaterThanOrEqual(1);
    expect(rows(second)).toBeLessThanOrEqual(2);
    expect(second).toContain("Back to the newest");
  });

  it("refuses the inbox over plain http from another machine", async () => {
    const remote = { "x-forwarded-for": "203.0.113.7" };
    const page = await get("/admin/sign-in", "", remote);
    expect(page.status).toBe(403);
    expect(await page.text()).toContain("only opens over https");
    const post = await form(
      "/admin/sign-in",
      { email: "boss@example.test", password: PASSWORD },
      remote,
    );
    expect(post.status).toBe(403);
    expect(post.headers.get("set-cookie")).toBeNull();
    // Through a TLS proxy it opens; on this machine it always does.
    const tls = await get("/admin/sign-in", "", { ...remote, "x-forwarded-proto": "https" });
    expect(tls.status).toBe(200);
    expect((await get("/admin/sign-in")).status).toBe(200);
  });
});
