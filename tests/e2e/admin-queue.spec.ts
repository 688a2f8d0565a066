/**
 * The inbox as a work queue in Chromium, on a phone (390 × 844) and a desktop: assign a lead to
 * yourself and find it under 'My leads'; tag it on its page and filter the inbox by the tag; tick
 * two rows and set their status in one go; save the current filters as a view and open it again.
 * Axe-clean at each step, no sideways scrolling on the phone.
 */
import { expect, expectNoAxeViolations, hasHorizontalOverflow, test } from "./fixtures";
import { uniqueEmail } from "./leads";
import { signInAs } from "./staff";

for (const screen of [
  { name: "a phone", width: 390, height: 844 },
  { name: "a desktop", width: 1280, height: 900 },
]) {
  test(`assign, tag, bulk status and a saved view (${screen.name})`, async ({ page, request }) => {
    // A long walk through four features: more than one page load each.
    test.setTimeout(120_000);
    await page.setViewportSize(screen);
    // A word only this test's leads have, to find them among every other test's.
    const word = `qq${screen.width}${Math.random().toString(36).slice(2, 7)}`;
    const send = async (first: string) => {
      const res = await request.post("/api/leads", {
        data: {
          _form: "quick",
          name: `${first} ${word}`,
          email: uniqueEmail(first.toLowerCase()),
          phone: "512-555-0142",
          _t: "9000",
        },
      });
      expect(res.status()).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const ann = await send("Ann");
    const bob = await send("Bob");

    const owner = uniqueEmail("queue-owner-with-a-rather-long-address").toLowerCase();
    await signInAs(page, owner);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Leads" })).toBeVisible();

    // Assign Ann to me; 'My leads' shows her, and only her.
    await page.goto(`/admin/leads/${ann}`);
    await page.getByLabel("Assigned to").selectOption({ label: owner });
    await page.getByRole("button", { name: "Assign", exact: true }).click();
    await expect(page.getByRole("status")).toHaveText("Saved.");
    // Tag her, on the same page.
    const tags = page.locator("[data-lead-tags]");
    await tags.getByLabel("Add a tag").fill(`Spring ${word}`);
    await tags.getByRole("button", { name: "Add tag" }).click();
    await expect(page.getByRole("status")).toHaveText("Saved.");
    const tag = `spring ${word}`;
    await expect(tags.locator(`[data-tag="${tag}"]`)).toBeVisible();
    await expect(page.locator("[data-timeline] li").last()).toContainText(`Tagged ${tag}`);
    // A long staff address ("Assigned to …" on the timeline) wraps instead of widening the page.
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectNoAxeViolations(page);

    await page.goto("/admin");
    await page.getByRole("link", { name: "My leads" }).click();
    await expect(page.getByRole("link", { name: "My leads" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.locator("[data-lead-id]")).toHaveCount(1);
    const mine = page.locator(`[data-lead-id="${ann}"]`);
    await expect(mine).toContainText(owner);
    await expect(mine.locator(`[data-tag="${tag}"]`)).toBeVisible();
    await expectNoAxeViolations(page);

    // The tag filter, typed as staff type it.
    await page.goto("/admin");
    // On a phone the filters sit behind the 'Filters' button (a <details>, open on wide screens).
    const panel = page.locator("details[data-filters-panel]");
    if (!(await panel.evaluate((d) => (d as HTMLDetailsElement).open))) {
      await panel.locator("summary").click();
    }
    const filters = page.locator("[data-inbox-filters]");
    await filters.getByLabel("Tag").fill(`Spring ${word.toUpperCase()}`);
    await filters.getByRole("button", { name: "Show leads" }).click();
    await expect(page).toHaveURL(/tag=Spring/);
    await expect(page.locator("[data-lead-id]")).toHaveCount(1);
    await expect(page.locator(`[data-lead-id="${ann}"]`)).toBeVisible();

    // Both leads by the search, both ticked, one status for both.
    await page.goto(`/admin?q=${word}`);
    await expect(page.locator("[data-lead-id]")).toHaveCount(2);
    await page.getByRole("checkbox", { name: `Select Ann ${word}` }).check();
    await page.getByRole("checkbox", { name: `Select Bob ${word}` }).check();
    const bulk = page.locator("[data-bulk-form]");
    await bulk.getByLabel("New status").selectOption({ label: "Qualified" });
    await bulk.getByRole("button", { name: "Set status" }).click();
    await expect(page.getByRole("status").first()).toHaveText("2 leads updated.");
    await expect(page).toHaveURL(new RegExp(`q=${word}`));
    for (const id of [ann, bob]) {
      await expect(page.locator(`[data-lead-id="${id}"]`)).toContainText("Qualified");
    }
    if (screen.width === 390) expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectNoAxeViolations(page);

    // Save this view, leave it, and open it again from the list.
    const views = page.locator("[data-saved-views]");
    await views.getByText("Save these filters as a view").click();
    await views.getByLabel("Name this view").fill(`Queue ${word}`);
    await views.getByRole("button", { name: "Save view" }).click();
    await expect(page.getByRole("status").first()).toHaveText(`View Queue ${word} saved.`);
    await page.goto("/admin");
    await page.getByRole("link", { name: `Queue ${word}` }).click();
    await expect(page.locator("#filter-q")).toHaveValue(word);
    await expect(page.locator("[data-lead-id]")).toHaveCount(2);
    await expect(page.getByRole("link", { name: `Queue ${word}` })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expectNoAxeViolations(page);
  });
}
