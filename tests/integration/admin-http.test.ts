/**
 * The staff inbox over HTTP on the real server, on SQLite: the command line's
 * invite link → set a password → signed in → the inbox lists a lead sent from the public site;
 * signed-out browsers are sent to the sign-in page and API calls get 401; wrong passwords end in
 * 429 with Retry-After; a signed-out or unknown session is refused; a cross-origin POST is refused;
 * admin answers are no-store and noindex; and the public pages stay as they were: no cookie, no
 * admin stylesheet, /admin out of the sitemap and disallowed in robots.txt.
 * The HTTP scenarios run on SQLite only: the store contract suites hold both stores to the
 * same behaviour, and postgres-smoke.test.ts runs each feature on a server over PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminCli,
  adminProcess,
  postJson,
  removeDir,
  startServer,
  tempDir,
  validLeads,
  type RunningServer,
} from "./support";

const PASSWORD = "mossy granite patio lantern";

const cookieOf = (res: Response) => res.headers.get("set-cookie")?.split(";")[0] ?? "";

describe("staff inbox over HTTP (sqlite)", () => {
  let server: RunningServer;
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  const form = (
    path: string,
    fields: Record<string, string>,
    headers: Record<string, string> = {},
  ) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: server.url,
        ...headers,
      },
      body: new URLSearchParams(fields).toString(),
    });
  const get = (path: string, cookie = "") =>
    fetch(`${server.url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });

  beforeAll(async () => {
    const dataDir = tempDir("admin-http-");
    env = { DATA_DIR: dataDir, ADMIN_SIGNIN_ACCOUNT_FAILURES: "3" };
    cleanup = async () => removeDir(dataDir);
    server = await startServer({ ...env, LOG_LEVEL: "warn", LEADS_RATE_LIMIT: "off" });
  });
  afterAll(async () => {
    await server?.stop();
    await cleanup?.();
  });

  it("sends a signed-out browser to the sign-in page and a signed-out API call a 401", async () => {
    const page = await get("/admin");
    expect(page.status).toBe(303);
    expect(page.headers.get("location")).toBe("/admin/sign-in");
    const deep = await get("/admin/leads?status=new");
    expect(deep.headers.get("location")).toBe(
      `/admin/sign-in?next=${encodeURIComponent("/admin/leads?status=new")}`,
    );
    const api = await get("/api/admin/me");
    expect(api.status).toBe(401);
    expect(api.headers.get("cache-control")).toBe("no-store");
    const signIn = await get("/admin/sign-in");
    expect(signIn.status).toBe(200);
    expect(signIn.headers.get("x-robots-tag")).toContain("noindex");
    const html = await signIn.text();
    expect(html).toMatch(/<label[^>]*for="email"[^>]*>Email<\/label>/);
    expect(html).toMatch(/<label[^>]*for="password"[^>]*>Password<\/label>/);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Sign in<\/button>/);
    expect(signIn.headers.get("set-cookie")).toBeNull();
  });

  it("invite link → password → signed in; the inbox lists a lead from the public site", async () => {
    // As the agency runs it: a process, its link alone on standard output, exit status 0.
    const invited = adminProcess(["invite", "owner@example.test", "--role", "owner"], env);
    expect(invited.status).toBe(0);
    const link = invited.stdout.trim();
    expect(link).toMatch(/^\/admin\/invite\/[\w-]{43}$/);
    // Printed with a host (issue 39 §5): without SITE_URL, the address npm start listens on.
    const printed = await adminCli(
      ["invite", "printed@example.test"],
      { ...env, PORT: "4399" },
      { raw: true },
    );
    expect(printed.stdout.trim()).toMatch(/^http:\/\/localhost:4399\/admin\/invite\/[\w-]{43}$/);
    const withSite = await adminCli(["invite", "staff@example.test"], {
      ...env,
      SITE_URL: "https://agency.example",
    });
    expect(withSite.stdout.trim()).toMatch(/^https:\/\/agency\.example\/admin\/invite\/[\w-]{43}$/);

    const lead = await postJson(server.url, {
      ...validLeads.testimonial,
      _form: "testimonial",
      name: "Inbox Visitor",
      email: "inbox.visitor@example.test",
    });
    expect(lead.status).toBe(201);

    const page = await get(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("owner@example.test");
    const weak = await form(link, { password: "password1234", confirm: "password1234" });
    expect(weak.status).toBe(422);
    expect(await weak.text()).toContain("most common");
    const set = await form(link, { password: PASSWORD, confirm: PASSWORD });
    expect(set.status).toBe(303);
    expect(set.headers.get("location")).toBe("/admin");
    const cookie = cookieOf(set);
    expect(set.headers.get("set-cookie")).toMatch(
      /^gl_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax/,
    );

    const inbox = await get("/admin", cookie);
    expect(inbox.status).toBe(200);
    expect(inbox.headers.get("cache-control")).toBe("no-store");
    // Its own policy: scripts from here or hashed from this very page; no inline styles, no frames.
    const csp = inbox.headers.get("content-security-policy")!;
    // (The inbox's own script is a file since it has keys too: 'self', no hash needed.)
    expect(csp).toMatch(/script-src 'self'(?: 'sha256-[\w+/=]+')*;/);
    expect(csp).not.toContain("unsafe");
    expect(csp).toContain("frame-src 'none'");
    const html = await inbox.text();
    expect(html).toContain("Inbox Visitor");
    expect(html).toContain("Signed in as owner@example.test");
    const counts = await (
      await get("/api/admin/new-count?since=2000-01-01T00:00:00Z", cookie)
    ).json();
    expect(counts).toEqual({ arrived: 1, unworked: 1 });
    expect(html).toMatch(/<title>\(1\) Leads · Lead inbox<\/title>/);
    expect(await (await get("/api/admin/me", cookie)).json()).toEqual({
      email: "owner@example.test",
      role: "owner",
    });
    // The link works once.
    expect((await get(link)).status).toBe(410);
    const users = (await adminCli(["users"], env)).stdout;
    expect(users).toMatch(/owner@example\.test\s+owner\s+active/);
    expect(users).toMatch(/staff@example\.test\s+staff\s+invited/);
  });

  it("signs in with the password, and a signed-out session is refused afterwards", async () => {
    const res = await form("/admin/sign-in?next=/admin", {
      email: "Owner@Example.test",
      password: PASSWORD,
    });
    expect(res.status).toBe(303);
    const cookie = cookieOf(res);
    expect((await get("/admin", cookie)).status).toBe(200);
    const out = await form("/admin/sign-out", {}, { cookie });
    expect(out.status).toBe(303);
    expect(out.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    const after = await get("/admin", cookie);
    expect(after.status).toBe(303);
    expect(after.headers.get("location")).toContain("/admin/sign-in");
    expect((await get("/api/admin/me", cookie)).status).toBe(401);
    expect((await get("/api/admin/me", "gl_session=made-up-session-id")).status).toBe(401);
  });

  it("works a lead: status, lost with a reason, notes, with who and when; a reload re-sends nothing", async () => {
    const signedIn = await form("/admin/sign-in", {
      email: "owner@example.test",
      password: PASSWORD,
    });
    const cookie = cookieOf(signedIn);
    const inbox = await (await get("/admin", cookie)).text();
    const id = /data-lead-id="([^"]+)"/.exec(inbox)![1]!;
    expect(inbox).toContain(`href="/admin/leads/${id}"`);
    const page = `/admin/leads/${id}`;
    const detail = await (await get(page, cookie)).text();
    expect(detail).toContain("inbox.visitor@example.test");
    expect(detail).toContain("Not contacted yet");

    const contacted = await form(page, { action: "status", status: "contacted" }, { cookie });
    expect(contacted.status).toBe(303);
    expect(contacted.headers.get("location")).toBe(`${page}?saved=status`);
    const after = await (await get(`${page}?saved=status`, cookie)).text();
    expect(after).toContain("Status: Contacted");
    expect(after).toMatch(/First contacted after \d+ min/);
    expect(after).toContain("by owner@example.test");

    const noReason = await form(page, { action: "status", status: "lost", reason: "" }, { cookie });
    expect(noReason.status).toBe(422);
    expect(await noReason.text()).toContain("Say why the lead was lost.");
    await form(
      page,
      { action: "status", status: "lost", reason: "Chose a <b>cheaper</b> crew" },
      { cookie },
    );
    await form(
      page,
      { action: "note", note: "Call again in March <script>alert(1)</script>" },
      { cookie },
    );
    const final = await (await get(page, cookie)).text();
    expect(final).toContain("Lost: Chose a &lt;b&gt;cheaper&lt;/b&gt; crew");
    expect(final).toContain("Call again in March &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(final).not.toContain("<script>alert(1)");
    expect(await (await get("/admin", cookie)).text()).toMatch(/Lost/);

    const missing = await get("/admin/leads/00000000-0000-7000-8000-000000000000", cookie);
    expect(missing.status).toBe(404);
    await missing.text();
    const forged = await form(
      page,
      { action: "note", note: "forged" },
      { cookie, origin: "https://evil.example" },
    );
    expect(forged.status).toBe(403);
    await forged.text();
    expect(await (await get(page, cookie)).text()).not.toContain("forged");
  });

  it("filters the inbox by what its URL says, and pages it", async () => {
    const signedIn = await form("/admin/sign-in", {
      email: "owner@example.test",
      password: PASSWORD,
    });
    const cookie = cookieOf(signedIn);
    for (let i = 0; i < 51; i++) {
      const res = await postJson(server.url, {
        ...validLeads.quick,
        _form: "quick",
        name: `Paging Lead ${i}`,
        email: `paging${i}@example.test`,
      });
      expect(res.status).toBe(201);
    }
    const html = async (path: string) => (await get(path, cookie)).text();
    const rows = (page: string) => [...page.matchAll(/data-lead-id="/g)].length;

    const first = await html("/admin?kind=quick");
    expect(rows(first)).toBe(50);
    expect(first).toContain("Paging Lead 50");
    const older = /href="(\/admin\?kind=quick&amp;before=[^"]+)"[^>]*>Older leads/.exec(first);
    expect(older).not.toBeNull();
    const second = await html(older![1]!.replaceAll("&amp;", "&"));
    expect(rows(second)).toBe(1);
    expect(second).toContain("Paging Lead 0<");
    expect(second).toContain("Back to the newest");
    // The count of what the filters match, on every page, and Newer back to the first page.
    expect(first).toMatch(/data-inbox-total="51"[^>]*>\s*51 leads match/);
    expect(second).toMatch(/data-inbox-total="51"[^>]*>\s*51 leads match/);
    expect(first).not.toContain("data-page-newer");
    expect(second).toMatch(/href="\/admin\?kind=quick" rel="prev"[^>]*>\s*Newer leads/);

    const search = await html("/admin?q=inbox+visitor");
    expect(rows(search)).toBe(1);
    expect(search).toContain('value="inbox visitor"');
    expect(await html("/admin?status=lost")).toContain("Inbox Visitor");
    expect(await html("/admin?q=nobody-has-this")).toContain("No leads match these filters.");
    // The CSV download is exactly the filtered view, formula-safe.
    const formula = await postJson(server.url, {
      ...validLeads.quick,
      _form: "quick",
      name: "=HYPERLINK(evil)",
      email: "formula@example.test",
    });
    expect(formula.status).toBe(201);
    expect(first).toContain('href="/api/admin/export.csv?kind=quick"');
    const csv = await get("/api/admin/export.csv?kind=quick", cookie);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(
      /^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await csv.text()).trimEnd().split("\r\n");
    // (Response.text() drops the file's byte-order mark: tests/integration/admin-export.test.ts.)
    expect(lines[0]).toMatch(/^"Name","Company","Email","Phone",/);
    expect(lines).toHaveLength(1 + 52);
    expect(lines.slice(1).every((l) => l.includes('"Call request"'))).toBe(true);
    expect(lines[1]).toContain(`"'=HYPERLINK(evil)"`);
    const searched = (
      await (await get("/api/admin/export.csv?q=paging7%40example.test", cookie)).text()
    ).trimEnd();
    expect(searched.split("\r\n")).toHaveLength(2);
    expect((await get("/api/admin/export.csv")).status).toBe(401);

    // A number typed in another form than the visitor's, and the Source as the column shows it.
    const caller = await postJson(server.url, {
      ...validLeads.quick,
      _form: "quick",
      name: "Cora Caller",
      email: "cora.caller@example.test",
      phone: "(512) 555-0177",
      utm_source: "google",
      utm_medium: "cpc",
    });
    expect(caller.status).toBe(201);
    for (const q of ["%2B1+512+555+0177", "512-555-0177", "(512)+555+0177"]) {
      const found = await html(`/admin?q=${q}`);
      expect(rows(found), q).toBe(1);
      expect(found).toContain("Cora Caller");
    }
    const bySource = await html("/admin?source=google%2Fcpc");
    expect(rows(bySource)).toBe(1);
    expect(bySource).toContain("Cora Caller");

    // Nonsense in the URL is ignored, never an error.
    const odd = await get("/admin?status=%3Cscript%3E&from=2026-99-99&before=x~%3Cb%3E", cookie);
    expect(odd.status).toBe(200);
    expect(await odd.text()).not.toContain("<script>");
  });

  it("spam folder in and out; staff cannot erase; an owner's erase removes the lead everywhere", async () => {
    const owner = cookieOf(
      await form("/admin/sign-in", { email: "owner@example.test", password: PASSWORD }),
    );
    const res = await postJson(server.url, {
      ...validLeads.quick,
      _form: "quick",
      name: "Erasable Person",
      email: "erasable@example.test",
    });
    const { id } = (await res.json()) as { id: string };
    const page = `/admin/leads/${id}`;
    const html = async (path: string, cookie = owner) => (await get(path, cookie)).text();

    expect((await form(page, { action: "spam", spam: "1" }, { cookie: owner })).status).toBe(303);
    expect(await html("/admin?q=erasable")).toContain("No leads match these filters.");
    expect(await html("/admin?q=erasable&spam=1")).toContain("Erasable Person");
    expect((await form(page, { action: "spam", spam: "0" }, { cookie: owner })).status).toBe(303);
    expect(await html("/admin?q=erasable")).toContain("Erasable Person");

    const link = (await adminCli(["invite", "worker@example.test"], env)).stdout.trim();
    const staff = cookieOf(await form(link, { password: PASSWORD, confirm: PASSWORD }));
    expect(await html(page, staff)).not.toContain("Erase this lead");
    const refused = await form(page, { action: "erase", confirm: "ERASE" }, { cookie: staff });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Only an owner can do this.");
    expect(await html(page)).toContain("Erase this lead");
    const unconfirmed = await form(page, { action: "erase", confirm: "yes" }, { cookie: owner });
    expect(unconfirmed.status).toBe(422);
    await unconfirmed.text();

    const erased = await form(page, { action: "erase", confirm: "ERASE" }, { cookie: owner });
    expect(erased.status).toBe(303);
    expect(erased.headers.get("location")).toBe("/admin?erased=1");
    expect(await html("/admin?erased=1")).toContain("The lead was erased.");
    expect((await get(page, owner)).status).toBe(404);
    expect(await html("/admin?q=erasable")).toContain("No leads match these filters.");
    expect(await html("/admin?q=erasable&spam=1")).toContain("No leads match these filters.");
    expect(await html("/api/admin/export.csv?q=erasable")).not.toContain("erasable@example.test");
  });

  it("owners manage staff from the inbox; staff are refused the owners' pages", async () => {
    const owner = cookieOf(
      await form("/admin/sign-in", { email: "owner@example.test", password: PASSWORD }),
    );
    const page = await get("/admin/staff", owner);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("owner@example.test");

    const invited = await form(
      "/admin/staff",
      { action: "invite", email: "Helper@Example.test", role: "staff" },
      { cookie: owner },
    );
    const invitedHtml = await invited.text();
    expect(invited.status).toBe(200);
    const link = /data-invite-link[^>]*>([^<]+)</.exec(invitedHtml)![1]!;
    expect(link).toMatch(new RegExp(`^${server.url}/admin/invite/[\\w-]{43}$`));
    const helper = cookieOf(
      await form(new URL(link).pathname, { password: PASSWORD, confirm: PASSWORD }),
    );
    expect((await get("/admin", helper)).status).toBe(200);
    for (const path of ["/admin/staff", "/admin/audit"]) {
      const refused = await get(path, helper);
      expect(refused.status, path).toBe(403);
      expect(refused.statusText, path).toBe("Forbidden");
      const body = await refused.text();
      expect(body).toContain("Only an owner can do this.");
      // A page of the inbox (issue 39 §5): its layout and navigation, and the way back.
      expect(body).toMatch(/<h1[^>]*>Owners only<\/h1>/);
      expect(body).toMatch(/<nav[^>]*aria-label="Inbox sections"/);
      expect(body).toMatch(/<a href="\/admin"[^>]*>Back to the leads<\/a>/);
    }
    expect(await (await get("/admin", helper)).text()).not.toContain('href="/admin/staff"');

    const accounts = await (await get("/admin/staff", owner)).text();
    const helperId = new RegExp(
      `data-staff="helper@example.test"[\\s\\S]*?name="staff" value="([^"]+)"`,
    ).exec(accounts)![1]!;
    const ownerId = new RegExp(
      `data-staff="owner@example.test"[\\s\\S]*?name="staff" value="([^"]+)"`,
    ).exec(accounts)![1]!;
    const lastOwner = await form(
      "/admin/staff",
      { action: "role", staff: ownerId, role: "staff" },
      { cookie: owner },
    );
    expect(lastOwner.status).toBe(422);
    expect(await lastOwner.text()).toContain("at least one owner");

    const ended = await form(
      "/admin/staff",
      { action: "sessions", staff: helperId },
      { cookie: owner },
    );
    // Done: 303 back to the page, which says so on the GET (loading it again ends nothing).
    expect(ended.status).toBe(303);
    const endedAt = ended.headers.get("location")!;
    expect(endedAt).toBe(`/admin/staff?saved=sessions&staff=${helperId}&n=1`);
    await ended.text();
    expect(await (await get(endedAt, owner)).text()).toMatch(
      /1 session of helper@example\.test ended/,
    );
    expect((await get("/api/admin/me", helper)).status).toBe(401);

    const promoted = await form(
      "/admin/staff",
      { action: "role", staff: helperId, role: "owner" },
      { cookie: owner },
    );
    expect(promoted.status).toBe(303);
    expect(promoted.headers.get("location")).toBe(`/admin/staff?saved=role&staff=${helperId}`);
    await promoted.text();
    expect(await (await get(promoted.headers.get("location")!, owner)).text()).toContain(
      "role was changed.",
    );
    expect(await (await get("/admin/staff", owner)).text()).toMatch(
      /data-staff="helper@example.test"[^>]*>(?:(?!data-staff=)[\s\S])*?Owner(?:<!-- -->)? ·/,
    );

    const audit = await (await get("/admin/audit", owner)).text();
    for (const action of ["sign_in", "invite", "role_change", "sessions_ended", "lead_status"]) {
      expect(audit, action).toContain(`data-audit-action="${action}"`);
    }
  });

  it("changing one's own password asks for the current password and ends the other sessions", async () => {
    const link = (await adminCli(["invite", "self@example.test"], env)).stdout.trim();
    const a = cookieOf(await form(link, { password: PASSWORD, confirm: PASSWORD }));
    const signIn = async (email: string, password: string) =>
      form("/admin/sign-in", { email, password });
    const b = cookieOf(await signIn("self@example.test", PASSWORD));
    const me = async (cookie: string) => (await get("/api/admin/me", cookie)).status;
    expect([await me(a), await me(b)]).toEqual([200, 200]);

    const wrong = await form(
      "/admin/account",
      {
        change: "password",
        current: "not it at all",
        password: "winter mulch delivery schedule",
        confirm: "winter mulch delivery schedule",
      },
      { cookie: a },
    );
    expect(wrong.status).toBe(422);
    expect(await wrong.text()).toContain("That is not your current password.");
    expect(await me(b)).toBe(200);

    const changed = await form(
      "/admin/account",
      {
        change: "password",
        current: PASSWORD,
        password: "winter mulch delivery schedule",
        confirm: "winter mulch delivery schedule",
      },
      { cookie: a },
    );
    expect(changed.status).toBe(303);
    expect(changed.headers.get("location")).toBe("/admin/account?saved=password");
    await changed.text();
    expect(await (await get("/admin/account?saved=password", a)).text()).toContain(
      "Your password was changed. You are signed out everywhere else.",
    );
    expect([await me(a), await me(b)]).toEqual([200, 401]);
    expect((await signIn("self@example.test", PASSWORD)).status).toBe(401);
    const c = cookieOf(await signIn("self@example.test", "winter mulch delivery schedule"));
    expect(await me(c)).toBe(200);

    // No SMTP on this server: a new email could never be confirmed, so nothing changes
    // (the link's flow: admin-email-change.test.ts).
    const moved = await form(
      "/admin/account",
      {
        change: "email",
        current: "winter mulch delivery schedule",
        email: "Self.New@Example.test",
      },
      { cookie: a },
    );
    expect(moved.status).toBe(422);
    expect(await moved.text()).toContain("Email is not set up for the inbox");
    expect([await me(a), await me(c)]).toEqual([200, 200]);
    expect(await (await get("/api/admin/me", a)).json()).toMatchObject({
      email: "self@example.test",
    });
  });

  it("refuses a cross-origin POST", async () => {
    const signIn = await form(
      "/admin/sign-in",
      { email: "owner@example.test", password: PASSWORD },
      { origin: "https://evil.example" },
    );
    expect(signIn.status).toBe(403);
    expect(signIn.headers.get("set-cookie")).toBeNull();
    const noOrigin = await fetch(`${server.url}/admin/sign-in`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "owner@example.test", password: PASSWORD }).toString(),
    });
    expect(noOrigin.status).toBe(403);
  });

  it("answers repeated wrong passwords with 429 and Retry-After, and says the same for unknown accounts", async () => {
    const unknown = await form("/admin/sign-in", {
      email: "nobody@example.test",
      password: PASSWORD,
    });
    expect(unknown.status).toBe(401);
    expect(await unknown.text()).toContain("Email or password is wrong.");
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (
          await form("/admin/sign-in", {
            email: "owner@example.test",
            password: `wrong password ${i}`,
          })
        ).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const right = await form("/admin/sign-in", {
      email: "owner@example.test",
      password: PASSWORD,
    });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await right.text()).toContain("Too many failed sign-ins");
  });

  it("leaves the public pages as they were: no cookie, no admin stylesheet, /admin not announced", async () => {
    for (const path of ["/", "/free-audit", "/thank-you"]) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("set-cookie")).toBeNull();
      expect(await res.text()).not.toMatch(/AdminLayout|\/admin/);
    }
    expect(await (await get("/robots.txt")).text()).toContain("Disallow: /admin");
    expect(await (await get("/sitemap.xml")).text()).not.toContain("/admin");
  });
});

describe("a lead's page: deliveries with a retry, and the same person's other leads (sqlite)", () => {
  let server: RunningServer;
  let env: Record<string, string>;
  beforeAll(async () => {
    env = { DATA_DIR: tempDir("admin-delivery-") };
    server = await startServer({
      ...env,
      LOG_LEVEL: "warn",
      // A CRM that never answers: deliveries fail fast and are given up after a second.
      WEBHOOK_URL: "http://127.0.0.1:1/hook",
      WEBHOOK_SECRET: "whsec_QWRtaW5EZWxpdmVyeVRlc3RTZWNyZXQwMTIz",
      LEADS_OUTBOX_POLL_MS: "50",
      LEADS_OUTBOX_RETRY_BASE_MS: "50",
      LEADS_OUTBOX_RETRY_MAX_MS: "100",
      LEADS_OUTBOX_MAX_AGE_MS: "1000",
    });
  });
  afterAll(async () => {
    await server?.stop();
    removeDir(env.DATA_DIR!);
  });

  it("shows a failed delivery, tries it again on request, and links the person's other leads", async () => {
    const link = (
      await adminCli(["invite", "owner@example.test", "--role", "owner"], env)
    ).stdout.trim();
    const set = await fetch(`${server.url}${link}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: new URLSearchParams({ password: PASSWORD, confirm: PASSWORD }).toString(),
    });
    expect(set.status, await set.text()).toBe(303);
    const cookie = cookieOf(set);
    const send = async (form: "quick" | "testimonial") => {
      const res = await postJson(server.url, {
        ...validLeads[form],
        _form: form,
        email: "Repeat@Example.test",
      });
      return ((await res.json()) as { id: string }).id;
    };
    const first = await send("quick");
    const second = await send("testimonial");
    const page = `/admin/leads/${second}`;
    const html = async () => (await fetch(`${server.url}${page}`, { headers: { cookie } })).text();
    let text = "";
    await expect
      .poll(async () => (text = await html()), { timeout: 15_000 })
      .toMatch(/CRM webhook: failed after \d+ attempt/);
    const attempts = Number(/failed after (\d+) attempt/.exec(text)![1]);
    expect(text).toContain(`href="/admin/leads/${first}"`);
    expect(text).toContain("Earlier and later leads from the same person");

    const id = /name="delivery" value="([^"]+)"/.exec(text)![1]!;
    const retry = await fetch(`${server.url}${page}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: server.url,
        cookie,
      },
      body: new URLSearchParams({ action: "retry", delivery: id }).toString(),
    });
    expect(retry.status).toBe(303);
    // Tried again: more attempts than before (and given up again, the CRM still being down).
    await expect
      .poll(async () => Number(/failed after (\d+) attempt/.exec(await html())?.[1] ?? 0), {
        timeout: 15_000,
      })
      .toBeGreaterThan(attempts);
  });
});
