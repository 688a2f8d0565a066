/**
 * Merging two leads of the same person in Chromium, on a phone (390 × 844) and a desktop (issue
 * 39 §3, D270-D272): from the kept lead's page, the fold under the same person's other leads
 * merges the growth lead into the contact lead, whose page then shows the phone it lacked and the
 * other lead's timeline; the inbox lists the person once; 'Undo merge' gives both leads back.
 * Axe-clean, no sideways scrolling, without JavaScript's help (plain forms).
 */
import { expect, expectNoAxeViolations, hasHorizontalOverflow, test } from "./fixtures";
import { uniqueEmail } from "./leads";
import { signInAs } from "./staff";

for (const screen of [
  { name: "a phone", width: 390, height: 844 },
  { name: "a desktop", width: 1280, height: 900 },
]) {
  test(`merge the same person's two leads, then undo it (${screen.name})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(screen);
    const email = uniqueEmail(`merge-${screen.width}`);
    const name = `Mona Merge ${screen.width}`;
    const post = async (data: Record<string, string>) => {
      const sent = await request.post("/api/leads", { data: { _t: "9000", ...data } });
      expect(sent.status()).toBe(201);
      return ((await sent.json()) as { id: string }).id;
    };
    const kept = await post({
      _form: "contact",
      "full-name": name,
      email,
      message: "Please call me back.",
    });
    const merged = await post({
      _form: "growth",
      name,
      email: email.toUpperCase(),
      phone: "+15125550177",
      company: "Mona Mowing",
    });

    await signInAs(page, uniqueEmail("merge-owner").toLowerCase());
    await page.goto(`/admin/leads/${kept}`);
    const fold = page.locator("[data-merge]");
    await fold.getByText("Merge one of them into this lead").click();
    await expect(fold.getByLabel("Lead to merge into this one")).toBeVisible();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectNoAxeViolations(page);
    await fold.getByRole("button", { name: "Merge into this lead" }).click();

    await expect(page.getByRole("status")).toContainText("Merged.");
    // The phone it lacked, from the merged lead, marked so; the merged lead in its panel.
    await expect(page.locator('section[aria-labelledby="fields-title"]')).toContainText(
      "Phone (from a merged lead)",
    );
    await expect(page.locator("[data-merged]")).toContainText(/Filled in from it: .*Phone/);
    await expect(page.getByRole("link", { name: "Call (512) 555-0177" }).first()).toHaveAttribute(
      "href",
      "tel:+15125550177",
    );
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectNoAxeViolations(page);

    // The inbox finds the person once: the kept lead.
    await page.goto(`/admin?q=${encodeURIComponent(email)}`);
    await expect(page.locator(`[data-lead-id="${kept}"]`)).toHaveCount(1);
    await expect(page.locator(`[data-lead-id="${merged}"]`)).toHaveCount(0);

    // Undo: both leads are back in the inbox, the kept lead without the phone.
    await page.goto(`/admin/leads/${kept}`);
    await page.getByRole("button", { name: "Undo merge" }).click();
    await expect(page.getByRole("status")).toContainText("Merge undone");
    await expect(page.locator('section[aria-labelledby="fields-title"]')).not.toContainText(
      "from a merged lead",
    );
    await page.goto(`/admin?q=${encodeURIComponent(email)}`);
    await expect(page.locator(`[data-lead-id="${merged}"]`)).toHaveCount(1);
    await expect(page.locator(`[data-lead-id="${kept}"]`)).toHaveCount(1);
  });
}
