/**
 * The inbox's emails over the real server and a real SMTP receiver: an owner inviting someone
 * from /admin/staff sees the one-time link and the invited person receives it by email (when
 * SMTP is configured), and the emailed link opens the set-password page; with the receiver
 * refusing mail, the page still shows the link and says the email did not go.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL_FROM, EMAIL_TO, startSmtpReceiver, type SmtpReceiver } from "./notify-support";
import { adminCli, removeDir, startServer, tempDir, type RunningServer } from "./support";

const PASSWORD = "mossy granite patio lantern";

describe("links emailed from the inbox (SQLite, real SMTP)", () => {
  let server: RunningServer;
  let smtp: SmtpReceiver;
  let env: Record<string, string>;
  let cookie = "";
  const dataDir = tempDir("admin-mail-");

  const post = (path: string, fields: Record<string, string>) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: server.url,
        ...(cookie ? { cookie } : {}),
      },
      body: new URLSearchParams(fields).toString(),
    });

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    env = { DATA_DIR: dataDir };
    server = await startServer({
      ...env,
      LOG_LEVEL: "error",
      SMTP_URL: smtp.url,
      LEAD_EMAIL_TO: EMAIL_TO,
      LEAD_EMAIL_FROM: EMAIL_FROM,
      SMTP_TIMEOUT_MS: "2000",
    });
    const invited = await adminCli(["invite", "boss@agency.test", "--role", "owner"], env);
    const set = await post(invited.stdout.trim(), { password: PASSWORD, confirm: PASSWORD });
    expect(set.status).toBe(303);
    cookie = set.headers.get("set-cookie")!.split(";")[0]!;
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    removeDir(dataDir);
  });

  it("an invite shows the link and emails it to the invited person; the emailed link works", async () => {
    const page = await post("/admin/staff", {
      action: "invite",
      email: "New.Hire@Agency.test",
      role: "staff",
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    const shown = /data-invite-link[^>]*>\s*([^<\s]+)/.exec(html)?.[1];
    expect(shown).toMatch(new RegExp(`^${server.url}/admin/invite/[\\w-]{43}$`));
    expect(html).toContain("We also emailed the link to new.hire@agency.test.");

    const mail = smtp.messages.find((m) => m.envelopeTo.includes("new.hire@agency.test"));
    expect(mail?.header("subject")).toBe("Your sign-in link for the lead inbox");
    expect(mail?.text).toContain(shown);
    const opened = await fetch(shown!, { redirect: "manual" });
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain("new.hire@agency.test");
  });

  it("'Forgot password?' emails a one-time link, answers the same for unknown addresses, and is throttled", async () => {
    const signInPage = await (await fetch(`${server.url}/admin/sign-in`)).text();
    expect(signInPage).toMatch(/<a href="\/admin\/forgot"[^>]*>Forgot password\?<\/a>/);
    const ask = (email: string) =>
      fetch(`${server.url}/admin/forgot`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
        body: new URLSearchParams({ email }).toString(),
      });
    const known = await ask("Boss@Agency.test");
    const unknown = await ask("nobody@agency.test");
    // The same answer either way: 303 back to the page, which says where the link went.
    expect([known.status, unknown.status]).toEqual([303, 303]);
    expect([known.headers.get("location"), unknown.headers.get("location")]).toEqual([
      "/admin/forgot?sent=boss%40agency.test",
      "/admin/forgot?sent=nobody%40agency.test",
    ]);
    expect(known.headers.get("set-cookie")).toBeNull();
    await Promise.all([known.arrayBuffer(), unknown.arrayBuffer()]);
    const back = async (res: Response) =>
      (await fetch(`${server.url}${res.headers.get("location")}`)).text();
    const say = (html: string) => /role="status"[^>]*>([^<]+)</.exec(html)?.[1];
    expect(say(await back(known))).toBe(
      "If an account uses boss@agency.test, a link to set a new password is on its way. It works once, within 24 hours.",
    );
    // What the address holds is said only when it reads as an email address.
    expect(say(await (await fetch(`${server.url}/admin/forgot?sent=%3Cb%3Eevil`)).text())).toBe(
      "If an account uses that address, a link to set a new password is on its way. It works once, within 24 hours.",
    );
    expect(say(await back(unknown))).toBe(
      "If an account uses nobody@agency.test, a link to set a new password is on its way. It works once, within 24 hours.",
    );
    let mail: (typeof smtp.messages)[number] | undefined;
    for (let i = 0; i < 50 && !mail; i++) {
      await new Promise((r) => setTimeout(r, 100));
      mail = smtp.messages.find(
        (m) =>
          m.envelopeTo.includes("boss@agency.test") &&
          m.header("subject") === "Set a new password for the lead inbox",
      );
    }
    expect(smtp.messages.some((m) => m.envelopeTo.includes("nobody@agency.test"))).toBe(false);
    const link = /https?:\/\/\S+\/admin\/invite\/[\w-]{43}/.exec(mail!.text)![0];
    const set = await fetch(link, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: new URLSearchParams({ password: PASSWORD, confirm: PASSWORD }).toString(),
    });
    expect(set.status).toBe(303);
    // (Setting the password ended the account's other sessions: the tests go on with this one.)
    cookie = set.headers.get("set-cookie")!.split(";")[0]!;
    // Three links per account per window, five per client.
    const more = [];
    for (let i = 0; i < 3; i++) more.push(await ask("boss@agency.test"));
    expect(more.map((r) => r.status)).toEqual([303, 303, 429]);
    expect(Number(more[2]!.headers.get("retry-after"))).toBeGreaterThan(0);
    await Promise.all(more.map((r) => r.arrayBuffer()));
  });

  it("when the email cannot go, the page still shows the link and says so", async () => {
    smtp.mode = "tempfail";
    try {
      const page = await post("/admin/staff", { action: "invite", email: "later@agency.test" });
      const html = await page.text();
      expect(page.status).toBe(200);
      expect(html).toMatch(/data-invite-link[^>]*>\s*http/);
      expect(html).toContain("Emailing the link did not work this time");
    } finally {
      smtp.mode = "up";
    }
  });
});
