/**
 * Changing one's own email in Chromium, end to end (issue 23): a server of its own with email set
 * up (a real SMTP receiver in this process; the shared e2e server has none), an owner asks for a
 * new address on the account page, opens the link mailed to it, confirms with the button and is
 * left signed in with the new address; the used link then says it no longer works. Each new page
 * is axe-clean.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { childEnv } from "../support/childEnv";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { PASSWORD } from "./staff";

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

/** Mail bodies as sent: quoted-printable soft line breaks joined. */
const mails: { to: string[]; raw: string }[] = [];
let smtp: SMTPServer;
let server: ChildProcess;
const dataDir = mkdtempSync(join(tmpdir(), "email-change-e2e-"));

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
          .replace(/=\r?\n/g, "")
          .replace(/=3D/g, "=");
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

test("an owner changes their email through the link mailed to the new address", async ({
  page,
  consoleErrors,
}) => {
  const invited = spawnSync(
    node,
    ["--disable-warning=ExperimentalWarning", "cli/admin.ts", "invite", "old@agency.test"],
    { cwd: root, encoding: "utf8", env: { ...childEnv, DATA_DIR: dataDir } },
  );
  expect(invited.status).toBe(0);
  // Printed on npm start's default address; opened on the test server (its path).
  await page.goto(new URL(invited.stdout.trim()).pathname);
  await page.getByLabel("New password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("New password again").fill(PASSWORD);
  await page.getByRole("button", { name: "Set password and sign in" }).click();
  await expect(page).toHaveURL(/\/admin$/);

  await page.getByRole("link", { name: "Your account" }).click();
  const email = page.getByRole("region", { name: "Change your email" });
  await email.getByLabel("Current password").fill(PASSWORD);
  await email.getByLabel("New email").fill("new@agency.test");
  await email.getByRole("button", { name: "Change email" }).click();
  await expect(page.getByRole("status").first()).toHaveText(
    "We sent a link to new@agency.test; your email changes when you open it. The link works once, within 24 hours.",
  );
  await expect(email.locator("[data-email-pending]")).toContainText("new@agency.test");
  await expect(email.getByRole("button", { name: "Cancel this change" })).toBeVisible();
  await expectNoAxeViolations(page);

  await expect.poll(() => mails.filter((m) => m.to.includes("new@agency.test")).length).toBe(1);
  expect(mails.some((m) => m.to.includes("old@agency.test"))).toBe(true);
  const link = /https?:\/\/\S+\/admin\/account\/confirm-email\/[\w-]{43}/.exec(
    mails.find((m) => m.to.includes("new@agency.test"))!.raw,
  )![0];

  await page.goto(new URL(new URL(link).pathname, base).href);
  await expect(page.getByRole("heading", { name: "Confirm your new email" })).toBeVisible();
  await expect(page.locator("main")).toContainText("Use new@agency.test as the email");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Confirm new email" }).click();
  await expect(page).toHaveURL(/\/admin\/account\?email=changed$/);
  await expect(page.getByRole("status").first()).toHaveText(
    "Your email is now new@agency.test. You are signed out everywhere else.",
  );
  await expect(page.locator("[data-email-pending]")).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The link worked once: opened again it says so.
  await page.goto(new URL(new URL(link).pathname, base).href);
  await expect(page.getByRole("heading", { name: "Link no longer valid" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("This link no longer works");
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Your account" }).click();
  await expect(page.getByLabel("New email")).toHaveValue("new@agency.test");
  // The used link's 410 is the one error the browser logged.
  const rest = consoleErrors.filter((e) => !/status of 410/.test(e));
  consoleErrors.splice(0, consoleErrors.length, ...rest);
});
