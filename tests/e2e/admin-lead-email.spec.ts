/**
 * Emailing a lead in Chromium (issue 27), on a phone (390 × 844) and a desktop: a server of its own
 * with email set up (a real SMTP receiver in this process, as email-change.spec.ts does; the
 * shared e2e server has none). On the lead's page the form's template is preselected and filled
 * in; staff pick another, edit it and send; the email reaches the receiver with staff's Reply-To
 * and shows on the timeline, sent. On /admin/templates a template is edited and kept. Axe-clean,
 * no sideways scrolling.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { childEnv } from "../support/childEnv";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { expect, expectNoAxeViolations, hasHorizontalOverflow, test } from "./fixtures";
import { signInAs } from "./staff";

const root = resolve(import.meta.dirname, "../..");
const node = existsSync(resolve(root, "node_modules/.bin/node"))
  ? resolve(root, "node_modules/.bin/node")
  : process.execPath;

/** A free loopback port, asked of the OS (the shared server keeps E2E_PORT and the next one). */
const port = Number(
  spawnSync(
    node,
    [
      "-e",
      "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
    ],
    { encoding: "utf8", env: { ...childEnv } },
  ).stdout.trim(),
);
const base = `http://127.0.0.1:${port}`;

test.use({ baseURL: base });
test.describe.configure({ mode: "serial" });

/** Mails as received: envelope recipients and the raw message, soft line breaks joined. */
const mails: { to: string[]; raw: string }[] = [];
let smtp: SMTPServer;
let server: ChildProcess;
const dataDir = mkdtempSync(join(tmpdir(), "lead-email-e2e-"));

test.beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks)
          .toString("utf8")
          .replace(/=\r?\n/g, "");
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((done) => smtp.listen(0, "127.0.0.1", () => done()));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  server = spawn(node, ["scripts/start.mjs"], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...childEnv,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      LEAD_EMAIL_TO: "sales@greenline.test",
      LEAD_EMAIL_FROM: "Greenline Leads <leads@greenline.test>",
      LEADS_OUTBOX_POLL_MS: "200",
      LEAD_REMINDER_MINUTES: "off",
      LEADS_RATE_LIMIT_POINTS: "10000",
      ANALYTICS_RATE_LIMIT: "off",
    },
  });
  let output = "";
  server.stdout?.on("data", (c: Buffer) => (output += c.toString()));
  server.stderr?.on("data", (c: Buffer) => (output += c.toString()));
  for (let i = 0; i < 300; i++) {
    const up = await fetch(`${base}/admin/sign-in`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the e2e email server did not start:\n${output.slice(-3000)}`);
});

test.afterAll(async () => {
  server?.kill();
  await new Promise<void>((done) => (smtp ? smtp.close(() => done()) : done()));
  rmSync(dataDir, { recursive: true, force: true });
});

/** An owner of this server's store, signed in (tests/e2e/staff.ts), on the inbox. */
async function signIn(page: import("@playwright/test").Page, email: string) {
  await signInAs(page, email, { dataDir, baseURL: base });
  await page.goto(`${base}/admin`);
  await expect(page).toHaveURL(/\/admin$/);
}

for (const screen of [
  { name: "a phone", width: 390, height: 844 },
  { name: "a desktop", width: 1280, height: 900 },
]) {
  test(`pick a template, edit it, send it, see it sent on the timeline (${screen.name})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(screen);
    const visitor = `dana.${screen.width}@greenacres.test`;
    const sent = await request.post(`${base}/api/leads`, {
      data: {
        _form: "audit",
        _t: "9000",
        companyName: "Green Acres LLC",
        ownerName: `Dana Email${screen.width}`,
        website: "greenacres.example.com",
        email: visitor,
        message: "More lawn jobs please.",
      },
    });
    expect(sent.status()).toBe(201);
    const { id } = (await sent.json()) as { id: string };
    const staff = `writer${screen.width}@agency.test`;
    await signIn(page, staff);

    await page.goto(`/admin/leads/${id}`);
    const panel = page.getByRole("region", { name: "Email the lead" });
    const template = panel.getByLabel("Template");
    await expect(template).toHaveValue("audit-reply");
    // The check's score once it has one; until then the placeholder, for staff to fill (D253).
    await expect(panel.getByLabel("Subject")).toHaveValue(
      /^Your website scored (\{score\}|\d+)\/100: your free audit from Greenline Growth$/,
    );
    await expect(panel.getByLabel("Message")).toHaveValue(/^Hi Dana,\n\nThank you for asking/);
    await expect(panel.locator("dd").nth(0)).toHaveText(visitor);
    await expect(panel.locator("dd").nth(1)).toHaveText(staff);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectNoAxeViolations(page);

    // Another template, then the words changed before sending.
    await template.selectOption("call-confirmation");
    await panel.getByRole("button", { name: "Use template" }).click();
    await expect(panel.getByLabel("Subject")).toHaveValue("Your call with Greenline Growth");
    const subject = `Our call, Dana (${screen.width})`;
    await panel.getByLabel("Subject").fill(subject);
    await panel.getByLabel("Message").fill("Hi Dana,\n\nTomorrow at 10 suits us.\n\nSam");
    await panel.getByRole("button", { name: "Send email" }).click();
    await expect(page.getByRole("status").first()).toHaveText("Saved.");

    await expect
      .poll(() => mails.find((m) => m.to.includes(visitor) && m.raw.includes(subject)))
      .toBeTruthy();
    const mail = mails.find((m) => m.to.includes(visitor) && m.raw.includes(subject))!;
    expect(mail.raw).toMatch(new RegExp(`^Reply-To: ${staff}`, "m"));
    expect(mail.raw).toContain("Content-Type: text/plain");
    expect(mail.raw).toContain("Content-Type: text/html");

    const entry = page.locator("[data-timeline] li", { hasText: `Email: ${subject}` });
    await expect(async () => {
      await page.reload();
      await expect(entry.locator("[data-detail]")).toContainText("Sent ", { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(entry).toContainText(`To ${visitor} · replies to ${staff}`);
    await expect(entry).toContainText("Tomorrow at 10 suits us.");
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectNoAxeViolations(page);
  });
}

test("edit a template on /admin/templates and find it kept", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "templates@agency.test");
  await page.getByRole("link", { name: "Email templates" }).click();
  await expect(page.getByRole("heading", { name: "Email templates", level: 1 })).toBeVisible();
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await expectNoAxeViolations(page);
  const general = page.getByRole("region", { name: "General", exact: true });
  await general.getByLabel("Subject").fill("A note from {agencyName}");
  await general.getByRole("button", { name: "Save template" }).click();
  await expect(page.getByRole("status").first()).toHaveText("Template saved.");
  await page.reload();
  await expect(general.getByLabel("Subject")).toHaveValue("A note from {agencyName}");
  await expect(general).toContainText("Edited by templates@agency.test");
  await general.getByRole("button", { name: "Restore the default" }).click();
  await expect(page.getByRole("status").first()).toHaveText("Default restored.");
  await expect(general.getByLabel("Subject")).toHaveValue("Following up from {agencyName}");
  await expectNoAxeViolations(page);
});
