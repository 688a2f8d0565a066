/**
 * Follow-ups in Chromium, on a phone (390 × 844) and a desktop: set one on a lead's page (the
 * time box says whose clock it is), find the lead in the inbox's 'Due today / overdue' view with
 * its due time, and mark it done there from its page, after which it leaves the view. Axe-clean,
 * no sideways scrolling.
 */
import { expect, expectNoAxeViolations, hasHorizontalOverflow, test } from "./fixtures";
import { uniqueEmail } from "./leads";
import { signInAs } from "./staff";

/** Today's date on the agency's clock (New York). */
const today = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());

for (const screen of [
  { name: "a phone", width: 390, height: 844 },
  { name: "a desktop", width: 1280, height: 900 },
]) {
  test(`set a follow-up, see it in Due, mark it done (${screen.name})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(screen);
    const visitor = uniqueEmail("follow-me");
    const name = `Fern Followup ${screen.width}`;
    const sent = await request.post("/api/leads", {
      data: { _form: "quick", name, email: visitor, phone: "512-555-0199", _t: "9000" },
    });
    expect(sent.status()).toBe(201);
    const { id } = (await sent.json()) as { id: string };

    const owner = uniqueEmail("follow-owner").toLowerCase();
    await signInAs(page, owner);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Leads" })).toBeVisible();

    await page.goto(`/admin/leads/${id}`);
    const panel = page.locator("[data-follow-up]");
    await expect(panel).toContainText("No follow-up set.");
    const form = page.locator("[data-follow-up-form]");
    await form.getByLabel("Date").fill(today());
    // The time is read on the agency's clock, and its box says so.
    await form.getByLabel("Time, EST/EDT (New York)").fill("23:59");
    await form.getByLabel("Note (optional)").fill("Ask about the spring cleanup");
    await form.getByRole("button", { name: "Set follow-up" }).click();
    await expect(page.getByRole("status")).toHaveText("Saved.");
    await expect(panel.locator("[data-follow-up-due]")).toContainText(/11:59 PM E[SD]T/);
    await expect(panel).toContainText("Ask about the spring cleanup");
    await expect(panel).toContainText(`Set by ${owner}`);
    await expect(page.locator("[data-timeline] li").last()).toContainText("Follow-up set for");
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectNoAxeViolations(page);

    // The inbox's Due view, from its link with the count.
    await page.goto("/admin");
    const dueLink = page.getByRole("link", { name: /Due today \/ overdue/ });
    await expect(dueLink.locator("[data-due-count]")).not.toHaveAttribute("data-due-count", "0");
    await dueLink.click();
    await expect(
      page.getByRole("heading", { name: "Follow-ups due today or overdue" }),
    ).toBeVisible();
    const row = page.locator(`[data-lead-id="${id}"]`);
    await expect(row).toContainText(/11:59 PM E[SD]T/);
    await expect(row).toContainText("Ask about the spring cleanup");
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectNoAxeViolations(page);

    // Done, in one tap from the lead's page: it leaves the Due view.
    await row.getByRole("link", { name }).click();
    await panel.getByRole("button", { name: "Done" }).click();
    await expect(page.getByRole("status")).toHaveText("Saved.");
    await expect(panel).toContainText("No follow-up set.");
    await expect(page.locator("[data-timeline] li").last()).toContainText("Follow-up done");
    await page.goto("/admin?view=due");
    await expect(page.locator(`[data-lead-id="${id}"]`)).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
}
