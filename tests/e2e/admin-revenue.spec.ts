/**
 * Won jobs and what brought them (issue 27 §4) in Chromium, on a phone (390 × 844) and a desktop:
 * mark a lead won with the job's value (garbage gets a message), see the value on the lead's page
 * and timeline, edit and delete one's own note, then find the won value in the Performance
 * report's campaign row; the report's tables and chart fit the screen (nothing cut off at the
 * right edge), the chart's text is 12 px or more, and axe finds nothing.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, hasHorizontalOverflow, test } from "./fixtures";
import { uniqueEmail } from "./leads";
import { signInAs } from "./staff";

/** Tables wider than their box (a column out of sight at the right edge), by their section. */
async function cutOffTables(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("main table")]
      .filter((t) => t.getBoundingClientRect().width > 0)
      .filter((t) => {
        const box = t.parentElement!;
        return t.scrollWidth > box.clientWidth + 1 || t.getBoundingClientRect().right > innerWidth;
      })
      .map((t) => t.closest("section")?.getAttribute("aria-labelledby") ?? "?"),
  );
}

for (const screen of [
  { name: "a phone", width: 390, height: 844 },
  { name: "a desktop", width: 1280, height: 900 },
]) {
  test(`mark won with a value, edit and delete a note, see it in the report (${screen.name})`, async ({
    page,
    request,
    consoleErrors,
  }) => {
    await page.setViewportSize(screen);
    const campaign = `won-e2e-${screen.width}-${Date.now()}`;
    const sent = await request.post("/api/leads", {
      data: {
        _form: "quick",
        name: `Wanda Won ${screen.width}`,
        email: uniqueEmail("won"),
        phone: "512-555-0142",
        _t: "9000",
        _page: "/free-audit",
        _landing: "/free-audit",
        utm_source: "google",
        utm_medium: "cpc",
        utm_campaign: campaign,
      },
    });
    expect(sent.status()).toBe(201);
    const { id } = (await sent.json()) as { id: string };

    const owner = uniqueEmail("won-owner").toLowerCase();
    await signInAs(page, owner);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Leads" })).toBeVisible();

    // Won asks for the job's value (optional); garbage is refused with a message.
    await page.goto(`/admin/leads/${id}`);
    const status = page.locator("[data-status-form]");
    const value = status.getByLabel("Job value in dollars (when won, optional)");
    await expect(value).toBeHidden();
    await status.getByLabel("Status").selectOption("won");
    await expect(value).toBeVisible();
    await value.fill("lots of money");
    await status.getByRole("button", { name: "Save status" }).click();
    await expect(page.getByRole("alert")).toContainText("like 1250 or 1,250.50");
    // That answer is a 422 on purpose (the console reports it).
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/422/.test(e)));
    await page.locator("[data-status-form]").getByLabel("Status").selectOption("won");
    await page
      .locator("[data-status-form]")
      .getByLabel("Job value in dollars (when won, optional)")
      .fill("1,250.50");
    await page.locator("[data-status-form]").getByRole("button", { name: "Save status" }).click();
    await expect(page.getByRole("status")).toHaveText("Saved.");
    await expect(page.locator("[data-lead-summary]")).toContainText("Won: $1,250.50");
    await expect(page.locator("[data-timeline] li").last()).toContainText(
      "Status: Won · $1,250.50",
    );

    // A note of one's own: edited (the timeline says so), then deleted.
    await page.locator("[data-note-form]").getByLabel("Add a note").fill("Send the invoice");
    await page.locator("[data-note-form]").getByRole("button", { name: "Add note" }).click();
    await expect(page.getByRole("status")).toHaveText("Saved.");
    const note = page.locator("[data-timeline] li").last();
    await expect(note).toContainText("Send the invoice");
    await note.getByText("Edit note").click();
    await note.getByLabel("Note", { exact: true }).fill("Send the invoice on Monday");
    await note.getByRole("button", { name: "Save note" }).click();
    await expect(page.getByRole("status")).toHaveText("Saved.");
    const edited = page.locator("[data-timeline] li").last();
    await expect(edited).toContainText("Send the invoice on Monday");
    await expect(edited.locator("[data-note-changed]")).toContainText("edited");
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectNoAxeViolations(page);
    await edited.getByRole("button", { name: "Delete note" }).click();
    await expect(page.getByRole("status")).toHaveText("Saved.");
    const deleted = page.locator("[data-timeline] li").last();
    await expect(deleted).toContainText("Note deleted");
    await expect(deleted).not.toContainText("Send the invoice");
    await expect(deleted.getByRole("button", { name: "Delete note" })).toHaveCount(0);

    // The report: the campaign's row carries the won job and its value.
    await page.goto(
      `/admin/performance?period=7d&sort_campaigns=wonCents&dir_campaigns=desc#campaigns-heading`,
    );
    const row = page.locator(`[data-report="campaigns"] [data-row="${campaign}"]`);
    await expect(row).toBeVisible();
    await expect(row).toContainText("$1,250.50");
    await expect(page.locator("[data-rate-note]").first()).toContainText(
      "counted visit ÷ unique visitors",
    );
    await expect(page.locator('[data-total="wonCents"] [data-value]')).toContainText("$");
    for (const table of ["pipeline", "devices", "pages", "forms", "sources", "campaigns"])
      await expect(page.locator(`[data-report="${table}"]`)).toBeVisible();
    await expect(page.locator('[data-report="pipeline"] [data-row="won"]')).toBeVisible();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    expect(await cutOffTables(page)).toEqual([]);
    // Every text of the chart is 12 px or more at this width.
    const sizes = await page
      .locator("[data-chart] :is(p, li, span, h2, summary)")
      .evaluateAll((nodes) =>
        nodes
          .filter((n) => n.getBoundingClientRect().width > 0 && n.textContent?.trim())
          .map((n) => parseFloat(getComputedStyle(n).fontSize)),
      );
    expect(sizes.length).toBeGreaterThan(3);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(12);
    await expect(page.locator("[data-chart] svg text")).toHaveCount(0);
    // For a look at the phone layout: test-results/revenue-*.png.
    for (const [part, selector] of [
      ["chart", "[data-chart]"],
      ["totals", "[data-totals]"],
      ["campaigns", '[data-report="campaigns"]'],
    ] as const)
      await page
        .locator(selector)
        .screenshot({ path: `test-results/revenue-${part}-${screen.width}.png` });
    await expectNoAxeViolations(page);
  });
}
