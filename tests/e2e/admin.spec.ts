/**
 * The staff inbox in Chromium: an owner opens the invite link the command line printed, sets a
 * password and lands in the inbox, where a lead sent from the public site is listed; signs out
 * and back in by keyboard; every admin view is axe-clean and fits a phone; public pages carry
 * nothing of it.
 */
import { readFileSync } from "node:fs";
import { expect, expectNoAxeViolations, hasHorizontalOverflow, test } from "./fixtures";
import { humanPause, uniqueEmail } from "./leads";
import { invite, inviteLink, PASSWORD, signInAs } from "./staff";

test.describe("staff inbox", () => {
  test("invite → set password → inbox shows a lead from the site → sign out → sign in by keyboard", async ({
    page,
  }) => {
    const email = uniqueEmail("owner");
    const link = await invite(email);

    // A visitor sends the testimonial form on the public site.
    const visitor = uniqueEmail("inbox-visitor");
    await page.goto("/testimonial");
    const form = page.locator('form[data-lead-form="testimonial"]');
    await form.getByLabel("Full Name").fill("Morgan Inbox");
    await form.getByLabel("Email Address").fill(visitor);
    await form.getByLabel("Phone Number").fill("(512) 555-0199");
    await humanPause(page);
    await form.getByRole("button").click();
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();

    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Set your password" })).toBeVisible();
    await expect(page.locator("main")).toContainText(email);
    await expectNoAxeViolations(page);
    await page.getByLabel("New password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("New password again").fill(PASSWORD);
    await page.getByRole("button", { name: "Set password and sign in" }).click();

    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: "Leads" })).toBeVisible();
    const row = page.locator("[data-lead-table] tbody tr", { hasText: "Morgan Inbox" });
    await expect(row).toContainText("Testimonial page");
    await expect(row).toContainText("/testimonial");
    await expectNoAxeViolations(page);

    // Find it by search; the URL holds the filter. The filters start folded while none is set.
    await page.locator("details[data-filters-panel] > summary").click();
    await page.getByLabel(/^Search name, email, phone, company/).fill(visitor);
    await page.getByLabel("Form").selectOption("testimonial");
    await page.getByRole("button", { name: "Show leads" }).click();
    await expect(page).toHaveURL(/[?&]q=[^&]+(?:&[^&]*)*&kind=testimonial/);
    await expect(page.locator("[data-lead-table] tbody tr")).toHaveCount(1);
    await expectNoAxeViolations(page);

    // Open the lead, mark it contacted, note the call.
    await row.getByRole("link", { name: "Morgan Inbox" }).click();
    await expect(page.getByRole("heading", { name: "Morgan Inbox", level: 1 })).toBeVisible();
    await expect(page.locator("main")).toContainText(visitor);
    await expect(page.locator("[data-lead-summary]")).toContainText("Not contacted yet");
    await expectNoAxeViolations(page);
    await page.getByLabel("Status", { exact: true }).selectOption("contacted");
    await page.getByRole("button", { name: "Save status" }).click();
    await expect(page.getByRole("status")).toHaveText("Saved.");
    await expect(page.locator("[data-lead-summary]")).toContainText(
      /First contacted after \d+ min/,
    );
    await page.getByLabel("Assigned to").selectOption({ label: email.toLowerCase() });
    await page.getByRole("button", { name: "Assign" }).click();
    await expect(page.getByRole("status")).toHaveText("Saved.");
    await page.getByLabel("Add a note").fill("Called back, wants a spring quote.");
    await page.getByRole("button", { name: "Add note" }).click();
    const timeline = page.locator("[data-timeline]");
    await expect(timeline).toContainText("Status: Contacted");
    await expect(timeline).toContainText("Called back, wants a spring quote.");
    await expect(timeline).toContainText(`by ${email.toLowerCase()}`);
    // A reload re-sends nothing: the page after a save is a plain GET.
    await page.reload();
    await expect(timeline).toContainText(`Assigned to ${email.toLowerCase()}`);
    await expect(timeline.locator("li")).toHaveCount(3);
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "All leads" }).click();
    await expect(
      page.locator("[data-lead-table] tbody tr", { hasText: "Morgan Inbox" }),
    ).toContainText("Contacted");
    // Speed to lead: the median time to first contact over the last 30 days.
    await expect(page.locator("[data-speed-to-lead]")).toContainText(
      /Median time to first contact, last 30 days: \d+ min \(\d+ leads? contacted\)/,
    );

    // Export the contacted leads of this form as CSV: exactly that view.
    await page.locator("details[data-filters-panel] > summary").click();
    await page.getByLabel("Status", { exact: true }).selectOption("contacted");
    await page.getByLabel("Form").selectOption("testimonial");
    await page.getByRole("button", { name: "Show leads" }).click();
    await expect(page).toHaveURL(/[?&]status=contacted/);
    const shown = await page.locator("[data-lead-table] tbody tr").count();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download this view as CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = readFileSync((await download.path())!, "utf8");
    // A byte-order mark first, so a spreadsheet reads the file as UTF-8.
    expect(file.startsWith("\uFEFF")).toBe(true);
    const csv = file.trim().split("\r\n");
    expect(csv).toHaveLength(shown + 1);
    expect(csv.slice(1).every((row) => row.includes(',"Testimonial page","Contacted",'))).toBe(
      true,
    );
    expect(csv.some((row) => row.includes(visitor))).toBe(true);

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/admin\/sign-in\?out=1$/);
    await expect(page.getByRole("status").first()).toHaveText("You are signed out.");
    await expectNoAxeViolations(page);
    // The inbox is closed again.
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/sign-in$/);

    // Signing in by keyboard alone.
    await page.getByLabel("Email").focus();
    await page.keyboard.type(email);
    await page.keyboard.press("Tab");
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText(`Signed in as ${email.toLowerCase()} (owner)`)).toBeVisible();
  });

  test("a wrong password says so without saying which part was wrong", async ({
    page,
    consoleErrors,
  }) => {
    await page.goto("/admin/sign-in");
    await page.getByLabel("Email").fill("nobody@example.test");
    await page.getByLabel("Password").fill("not a password anyone has");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText("Email or password is wrong.");
    await expect(page.getByLabel("Email")).toHaveValue("nobody@example.test");
    await expectNoAxeViolations(page);
    const rest = consoleErrors.filter((e) => !/status of 401/.test(e));
    consoleErrors.splice(0, consoleErrors.length, ...rest);
  });

  test("fits a phone: sign-in and inbox without sideways scrolling", async ({
    page,
    request,
    consoleErrors,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const sent = await request.post("/api/leads", {
      data: {
        _form: "quick",
        name: "Phone Reader",
        email: uniqueEmail("phone-lead"),
        phone: "(512) 555-0166",
      },
    });
    expect(sent.status()).toBe(201);
    const email = uniqueEmail("phone-owner");
    // The ways in fit the phone too: the sign-in page and a one-time link's page.
    await page.goto("/admin/sign-in");
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.goto(await inviteLink(email));
    await expect(page.getByRole("heading", { name: "Set your password" })).toBeVisible();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await signInAs(page, email);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Leads" })).toBeVisible();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectNoAxeViolations(page);
    // A lead's page, with its forms, on the phone.
    await page
      .locator("[data-lead-table] tbody tr", { hasText: "Phone Reader" })
      .getByRole("link", { name: "Phone Reader" })
      .click();
    await expect(page.getByRole("button", { name: "Save status" })).toBeVisible();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectNoAxeViolations(page);
    // The spam folder and an unknown admin address are views too.
    await page.goto("/admin?spam=1");
    await expect(page.getByRole("heading", { name: "Spam folder" })).toBeVisible();
    await expectNoAxeViolations(page);
    const missing = await page.goto("/admin/no-such-view");
    expect(missing?.status()).toBe(404);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectNoAxeViolations(page);
    // The browser logs the 404 itself; nothing else may be logged.
    const rest = consoleErrors.filter((e) => !/status of 404/.test(e));
    consoleErrors.splice(0, consoleErrors.length, ...rest);
  });

  test("an owner invites staff from the inbox and reads the audit log", async ({ page }) => {
    const email = uniqueEmail("staff-owner");
    await signInAs(page, email);
    await page.goto("/admin");
    await page
      .getByRole("navigation", { name: "Inbox sections" })
      .getByRole("link", { name: "Staff" })
      .click();
    await expect(page.getByRole("heading", { name: "Staff", level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
    const helper = uniqueEmail("helper");
    await page.getByLabel("Email").fill(helper);
    await page.getByRole("button", { name: "Invite" }).click();
    await expect(page.getByRole("status")).toContainText(
      `One-time link for ${helper.toLowerCase()}`,
    );
    await expect(page.locator("[data-invite-link]")).toHaveText(/\/admin\/invite\/[\w-]{43}$/);
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Audit log" }).click();
    await expect(page.locator("[data-audit]")).toContainText("Invited");
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Your account" }).click();
    await expect(page.getByRole("heading", { name: "Change your password" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("an owner deactivates and reactivates someone, then filters the audit log by keyboard", async ({
    page,
  }) => {
    await signInAs(page, uniqueEmail("deactivating-owner"));
    await page.goto("/admin/staff");
    const leaver = uniqueEmail("leaver").toLowerCase();
    await page.getByLabel("Email").fill(leaver);
    await page.getByRole("button", { name: "Invite" }).click();
    const row = page.locator(`[data-staff="${leaver}"]`);
    // Deactivating asks first (issue 39 §5): the question opens under the button, by keyboard.
    await row.locator("[data-staff-deactivate] summary").focus();
    await page.keyboard.press("Enter");
    await expect(row).toContainText(`Deactivate ${leaver}? They are signed out everywhere`);
    await row.getByRole("button", { name: "Yes, deactivate" }).click();
    await expect(page.getByRole("status")).toContainText(`${leaver} is deactivated`);
    // Answered with a redirect: the page is a GET, so reloading it deactivates nothing again
    // (the audit log below has one entry).
    await expect(page).toHaveURL(/\/admin\/staff\?saved=deactivate&staff=[\w-]+$/);
    await page.reload();
    await expect(page.getByRole("status")).toContainText(`${leaver} is deactivated`);
    await expect(row).toContainText("Deactivated");
    await expect(row.getByRole("button", { name: "New sign-in link" })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await row.getByRole("button", { name: "Reactivate" }).click();
    await expect(page.getByRole("status")).toContainText(`${leaver} is active again`);

    await page.goto("/admin/audit");
    await page.getByLabel("What").selectOption("staff_deactivated");
    await page.getByLabel("Person (email)").fill(leaver);
    await page.getByLabel("Person (email)").press("Enter");
    await expect(page).toHaveURL(/action=staff_deactivated/);
    const rows = page.locator("[data-audit] tbody tr");
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(leaver);
    await expectNoAxeViolations(page);
    await page.getByLabel("Person (email)").fill("nobody-at-all");
    await page.getByRole("button", { name: "Filter" }).press("Enter");
    await expect(page.getByText("No entries match these filters.")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("'Forgot password?' without email set up says to ask an owner, and leads back", async ({
    page,
  }) => {
    await page.goto("/admin/forgot");
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
    await expect(page.getByRole("status")).toContainText("ask an owner for a new sign-in link");
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Back to sign in" }).click();
    await expect(page).toHaveURL(/\/admin\/sign-in$/);
  });

  test("a lead sent from the site appears in the open inbox without a reload, counted in the title", async ({
    page,
    request,
  }) => {
    const email = uniqueEmail("live-owner");
    // The inbox asks every 15 s: the page's clock is moved on instead of waited out.
    await page.clock.install();
    await signInAs(page, email);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Leads" })).toBeVisible();
    // The page's own script runs under the inbox's strict policy (a violation would be a console error).
    // (It is a file of the site's own: 'self', with hashes only for any inline script.)
    expect((await page.request.get("/admin")).headers()["content-security-policy"]).toMatch(
      /script-src 'self'(?: 'sha256-[\w+/=]+')*;/,
    );
    const visitor = uniqueEmail("live-visitor");
    const sent = await request.post("/api/leads", {
      data: { _form: "quick", name: "Live Arrival", email: visitor, phone: "(512) 555-0177" },
    });
    expect(sent.status()).toBe(201);
    await page.clock.runFor(16_000);
    await expect(
      page.locator("[data-lead-table] tbody tr", { hasText: "Live Arrival" }),
    ).toBeVisible();
    // The title counts the unworked leads as the server does now (other tests add and work
    // leads at the same time, so the figure is compared with the server's, not with before).
    await expect
      .poll(async () => {
        const { unworked } = (await (await page.request.get("/api/admin/new-count")).json()) as {
          unworked: number;
        };
        if ((await page.title()).startsWith(`(${unworked}) Leads`)) return true;
        // Another test's lead came after the page last asked: its clock stands still, so it is
        // moved on to the next ask.
        await page.clock.runFor(16_000);
        return false;
      })
      .toBe(true);
  });

  test("public pages carry nothing of the inbox: no cookie", async ({ page, context }) => {
    // No admin stylesheet or link in any built page: tests/content/layout.test.ts.
    for (const path of ["/", "/free-audit", "/testimonial"]) {
      const response = (await page.goto(path))!;
      expect(await response.headerValue("set-cookie")).toBeNull();
    }
    expect(await context.cookies()).toEqual([]);
  });
});
