/**
 * Changing one's own email over the real server and a real SMTP receiver, on SQLite
 * (issue 23): asking changes nothing; a link goes to the new address and a notice
 * without it to the old one; opening the link changes nothing; its button does, once, ending the
 * other sessions; signed out, the account's password is asked. Expired, tampered, replaced and
 * cancelled links, an address taken meanwhile, a server without email and too many tries each
 * answer a clear 4xx and change nothing; a link email the SMTP server refuses answers 502 and
 * leaves nothing pending.
 * The HTTP scenarios run on SQLite only: the store contract suites hold both stores to the
 * same behaviour, and postgres-smoke.test.ts runs each feature on a server over PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  EMAIL_FROM,
  EMAIL_TO,
  startSmtpReceiver,
  waitFor,
  type ReceivedMail,
  type SmtpReceiver,
} from "./notify-support";
import {
  adminCli,
  adminForm,
  ownerSession,
  OWNER_PASSWORD as PASSWORD,
  serverStore,
  startServer,
  storeQuery,
  type RunningServer,
} from "./support";

const cookieOf = (res: Response) => res.headers.get("set-cookie")?.split(";")[0] ?? "";
const LINK = /https?:\/\/\S+\/admin\/account\/confirm-email\/([\w-]{43})/;
/** A page's text as read: the entities React and Astro write for quotes decoded. */
const read = async (res: Response) => (await res.text()).replace(/&#x27;|&#39;/g, "'");
/** What a page says in its status line or alert. */
const said = (html: string) =>
  [...html.matchAll(/role="(?:status|alert)"[^>]*>(?:<p[^>]*>)?([^<]+)</g)].map((m) =>
    m[1]!.trim(),
  );

describe("changing one's own email (sqlite, real SMTP)", () => {
  let server: RunningServer;
  /** The same store, no SMTP. */
  let plain: RunningServer;
  let smtp: SmtpReceiver;
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let db: ReturnType<typeof storeQuery>;
  let owner = "";

  const get = (path: string, cookie = "", base = server.url) =>
    fetch(`${base}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
  const post = (path: string, fields: Record<string, string>, cookie = "", base = server.url) =>
    adminForm(base, path, fields, cookie ? { cookie } : {});
  const me = async (cookie: string) => {
    const res = await get("/api/admin/me", cookie);
    return res.status === 200 ? ((await res.json()) as { email: string }).email : res.status;
  };
  const signIn = async (email: string) =>
    (await post("/admin/sign-in", { email, password: PASSWORD })).status;
  /** A staff account with a password, signed in: its session cookie. */
  const person = async (email: string) => {
    const link = (await adminCli(["invite", email], env)).stdout.trim();
    const set = await post(link, { password: PASSWORD, confirm: PASSWORD });
    expect(set.status).toBe(303);
    return cookieOf(set);
  };
  const ask = (cookie: string, email: string) =>
    post("/admin/account", { change: "email", current: PASSWORD, email }, cookie);
  const mailsTo = (address: string, subject: string) =>
    smtp.messages.filter((m) => m.envelopeTo.includes(address) && m.header("subject") === subject);
  /** The newest confirmation link mailed to `address`: its path. */
  const linkTo = async (address: string): Promise<string> => {
    let mail: ReceivedMail | undefined;
    await waitFor(
      () => {
        mail = mailsTo(address, "Confirm your new email for the lead inbox").at(-1);
        return Boolean(mail);
      },
      5000,
      `the link to ${address}`,
    );
    return new URL(LINK.exec(mail!.text)![0]).pathname;
  };

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    const store = serverStore("sqlite", "email-change");
    env = store.env;
    cleanup = store.cleanup;
    const common = { ...env, LOG_LEVEL: "error", ADMIN_EMAIL_CONFIRM_TRIES: "40" };
    server = await startServer({
      ...common,
      SMTP_URL: smtp.url,
      LEAD_EMAIL_TO: EMAIL_TO,
      LEAD_EMAIL_FROM: EMAIL_FROM,
      SMTP_TIMEOUT_MS: "2000",
    });
    plain = await startServer(common);
    owner = await ownerSession(server, env, "boss@example.test");
    db = storeQuery("sqlite", env);
  });
  afterAll(async () => {
    await server?.stop();
    await plain?.stop();
    await smtp?.close();
    await db?.close();
    await cleanup?.();
  });

  it("asking changes nothing; the emailed link's page changes nothing; its button does, once", async () => {
    const a = await person("self@example.test");
    const b = cookieOf(
      await post("/admin/sign-in", { email: "self@example.test", password: PASSWORD }),
    );
    expect([await me(a), await me(b)]).toEqual(["self@example.test", "self@example.test"]);

    const wrong = await post(
      "/admin/account",
      { change: "email", current: "not my password", email: "new@example.test" },
      a,
    );
    expect(wrong.status).toBe(422);
    expect(await read(wrong)).toContain("That is not your current password.");
    const bad = await ask(a, "not an address");
    expect(bad.status).toBe(422);
    const badPage = await read(bad);
    expect(badPage).toContain("Enter a valid email address.");
    // The refused address is in the field again, as typed.
    expect(badPage).toMatch(/<input id="em-new"[^>]*value="not an address"/);
    const taken = await ask(a, "Boss@Example.test");
    expect(taken.status).toBe(422);
    expect(await read(taken)).toContain("Another account already uses this email.");

    const asked = await ask(a, "Self.New@Example.test");
    // Done: 303 back to the page, which says so on the GET; loading it again sends nothing.
    expect(asked.status).toBe(303);
    expect(asked.headers.get("location")).toBe("/admin/account?saved=email-sent");
    await read(asked);
    const page = await read(await get("/admin/account?saved=email-sent", a));
    expect(await read(await get("/admin/account?saved=email-sent", a))).toBe(page);
    expect(said(page)).toContain(
      "We sent a link to self.new@example.test; your email changes when you open it. The link works once, within 24 hours.",
    );
    expect(page).toMatch(
      /data-email-pending[\s\S]*self\.new@example\.test[\s\S]*Cancel this change/,
    );
    // Until when, on the agency's clock (America/New_York).
    expect(page).toMatch(
      /It works until [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M E[SD]T\./,
    );
    // Nothing changed yet: the old address still signs in, the new one does not.
    expect(await me(a)).toBe("self@example.test");
    expect(await signIn("self.new@example.test")).toBe(401);

    const path = await linkTo("self.new@example.test");
    expect(
      mailsTo("self.new@example.test", "Confirm your new email for the lead inbox"),
    ).toHaveLength(1);
    const [notice] = mailsTo(
      "self@example.test",
      "Your email for the lead inbox is about to change",
    );
    expect(notice?.text).toContain("self.new@example.test");
    expect(notice?.text).not.toMatch(/confirm-email|https?:\/\//);
    // The pending change holds only the hash of the link's token.
    const token = path.split("/").at(-1)!;
    const stored = await db.rows<{ token_hash: string }>(
      "SELECT token_hash FROM staff_email_changes",
    );
    expect(stored.map((r) => r.token_hash)).not.toContain(token);
    expect(stored).toHaveLength(1);

    // Opening the link (a mail scanner, signed out) shows the button and changes nothing.
    const opened = await get(path);
    expect(opened.status).toBe(200);
    const html = await read(opened);
    expect(html).toContain("Use self.new@example.test as the email of your inbox account?");
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Confirm new email<\/button>/);
    expect(html).toMatch(/<input id="password" type="password"[^>]*name="password"/);
    expect(html).not.toContain("self@example.test");
    expect(await me(a)).toBe("self@example.test");
    // Signed in to the account on this device: no password asked.
    const mine = await read(await get(path, a));
    expect(mine).toContain("Confirm new email");
    expect(mine).not.toContain('name="password"');

    const confirmed = await post(path, {}, a);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toBe("/admin/account?email=changed");
    expect(said(await read(await get("/admin/account?email=changed", a)))).toContain(
      "Your email is now self.new@example.test. You are signed out everywhere else.",
    );
    expect([await me(a), await me(b)]).toEqual(["self.new@example.test", 401]);
    expect(await signIn("self.new@example.test")).toBe(303);
    expect(await signIn("self@example.test")).toBe(401);

    // Used once: again, it is refused, signed in or not, and nothing moves.
    for (const again of [
      await post(path, {}, a),
      await post(path, { password: PASSWORD }),
      await get(path),
    ]) {
      expect(again.status).toBe(410);
      expect(said(await read(again))).toContain(
        "This link no longer works: it was already used, a newer request or a cancellation replaced it, or it was mistyped. Your email was not changed.",
      );
    }
    expect(await me(a)).toBe("self.new@example.test");
    expect(await db.rows("SELECT * FROM staff_email_changes")).toEqual([]);

    const audit = await read(await get("/admin/audit?person=self", owner));
    for (const action of ["email_change_requested", "email_changed"]) {
      expect(audit, action).toContain(`data-audit-action="${action}"`);
    }
  });

  it("signed out, the link asks for the account's password and then signs every session out", async () => {
    const a = await person("away@example.test");
    await ask(a, "away.new@example.test");
    const path = await linkTo("away.new@example.test");

    const wrong = await post(path, { password: "someone guessing" });
    expect(wrong.status).toBe(422);
    expect(await read(wrong)).toContain("That is not the account's password.");
    expect(await me(a)).toBe("away@example.test");

    const done = await post(path, { password: PASSWORD });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/admin/sign-in?email=changed");
    expect(said(await read(await get("/admin/sign-in?email=changed")))).toContain(
      "Your email was changed. Sign in with your new email.",
    );
    expect(await me(a)).toBe(401);
    expect(await signIn("away.new@example.test")).toBe(303);
  });

  it("expired, tampered, replaced and cancelled links say so with 410 and change nothing", async () => {
    const a = await person("links@example.test");
    await ask(a, "first@example.test");
    const first = await linkTo("first@example.test");
    // A newer request replaces the older one: only its link works.
    await ask(a, "second@example.test");
    const second = await linkTo("second@example.test");
    expect((await get(first)).status).toBe(410);
    expect((await get(second)).status).toBe(200);

    // Tampered: one character changed, too long, or not a token at all.
    const token = second.split("/").at(-1)!;
    const flipped = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const path of [
      `/admin/account/confirm-email/${flipped}`,
      `/admin/account/confirm-email/${token}${"x".repeat(120)}`,
      "/admin/account/confirm-email/%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    ]) {
      const res = await post(path, {}, a);
      expect(res.status, path).toBe(410);
      const html = await read(res);
      expect(html).toContain("This link no longer works");
      expect(html).not.toContain("<script>alert(1)");
    }

    // Expired: the page says so and the button is gone; nothing changes.
    await db.rows("UPDATE staff_email_changes SET expires_at = '2020-01-01T00:00:00.000Z'");
    for (const res of [await get(second), await post(second, {}, a)]) {
      expect(res.status).toBe(410);
      const html = await read(res);
      expect(said(html)).toContain(
        "This link has expired (links work for 24 hours). Your email was not changed: change it again from your account page to get a new link.",
      );
      expect(html).not.toContain("Confirm new email");
    }
    expect(await me(a)).toBe("links@example.test");
    expect(await read(await get("/admin/account", a))).toContain(
      "The link sent to second@example.test has expired.",
    );

    // Cancelled from the account page: the link stops working.
    await ask(a, "third@example.test");
    const third = await linkTo("third@example.test");
    const cancelled = await post("/admin/account", { change: "cancel-email" }, a);
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get("location")).toBe("/admin/account?saved=email-cancelled");
    await read(cancelled);
    const page = await read(await get("/admin/account?saved=email-cancelled", a));
    expect(said(page)).toContain("The email change was cancelled: its link no longer works.");
    expect(page).not.toContain("data-email-pending");
    expect((await post(third, {}, a)).status).toBe(410);
    expect((await post("/admin/account", { change: "cancel-email" }, a)).status).toBe(409);
    expect(await me(a)).toBe("links@example.test");
  });

  it("an address another account took meanwhile answers 409 and changes nothing", async () => {
    const a = await person("mover@example.test");
    await ask(a, "wanted@example.test");
    const path = await linkTo("wanted@example.test");
    expect((await adminCli(["invite", "wanted@example.test"], env)).status).toBe(0);
    const res = await post(path, {}, a);
    expect(res.status).toBe(409);
    expect(said(await read(res))).toContain(
      "Another account now uses this email, so yours was not changed. Ask an owner, or choose another address from your account page.",
    );
    expect(await me(a)).toBe("mover@example.test");
    const emails = await db.rows<{ email: string }>(
      "SELECT email FROM staff WHERE email IN ('mover@example.test', 'wanted@example.test') ORDER BY email",
    );
    expect(emails.map((r) => r.email)).toEqual(["mover@example.test", "wanted@example.test"]);
  });

  it("without email set up, the change is refused with a clear 422 and nothing is recorded", async () => {
    const a = await person("nomail@example.test");
    const page = await read(await get("/admin/account", a, plain.url));
    expect(page).toContain("Email is not set up for the inbox");
    const before = smtp.messages.length;
    const res = await post(
      "/admin/account",
      { change: "email", current: PASSWORD, email: "elsewhere@example.test" },
      a,
      plain.url,
    );
    expect(res.status).toBe(422);
    const html = await read(res);
    expect(html).toContain(
      "Email is not set up for the inbox, so a new address cannot be confirmed and nothing was changed. An owner can change it with the command line: npm run -s admin -- email OLD NEW.",
    );
    expect(html).not.toContain("data-email-pending");
    expect(await me(a)).toBe("nomail@example.test");
    expect(
      await db.rows(
        "SELECT * FROM staff_email_changes c JOIN staff s ON s.id = c.staff_id WHERE s.email = 'nomail@example.test'",
      ),
    ).toEqual([]);
    expect(smtp.messages.length).toBe(before);

    // The owner's way: the command line sets it at once.
    const set = await adminCli(["email", "nomail@example.test", "Elsewhere@Example.test"], env);
    expect(set.status).toBe(0);
    expect(set.stdout).toContain("The account's email is now elsewhere@example.test.");
    expect(await signIn("elsewhere@example.test")).toBe(303);
    const clash = await adminCli(["email", "elsewhere@example.test", "boss@example.test"], env);
    expect(clash.status).toBe(1);
    expect(clash.stderr).toContain("Another account already uses this email.");
    const unknown = await adminCli(["email", "nobody@example.test", "x@example.test"], env);
    expect(unknown.status).not.toBe(0);
    expect(unknown.stderr).toContain("No account with the email nobody@example.test");
  });

  it("when the link's email cannot be sent, the page says so and nothing waits for it", async () => {
    const a = await person("unlucky@example.test");
    smtp.mode = "tempfail";
    try {
      const res = await ask(a, "unsent@example.test");
      expect(res.status).toBe(502);
      const html = await read(res);
      expect(html).toContain(
        "The email with the link could not be sent just now, so nothing was changed. Please try again in a few minutes.",
      );
      expect(html).not.toContain("data-email-pending");
    } finally {
      smtp.mode = "up";
    }
    expect(
      await db.rows(
        "SELECT * FROM staff_email_changes c JOIN staff s ON s.id = c.staff_id WHERE s.email = 'unlucky@example.test'",
      ),
    ).toEqual([]);
    expect(await me(a)).toBe("unlucky@example.test");
  });

  it("too many tries at confirmation links from one client answer 429 with Retry-After", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 45 && !statuses.includes(429); i++) {
      const res = await get(`/admin/account/confirm-email/guess${i}`);
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    expect(statuses.at(-1)).toBe(429);
    expect(new Set(statuses.slice(0, -1))).toEqual(new Set([410]));
    const res = await get("/admin/account/confirm-email/another");
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(said(await read(res)).join(" ")).toMatch(/Too many tries from here/);
  });
});
