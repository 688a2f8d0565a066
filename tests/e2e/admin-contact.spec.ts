/**
 * Contacting a lead from a phone, in Chromium at 390 × 844: the lead's page opens with one-tap
 * links to call, text, email and open the website, and the status control, all on the first
 * screen before the lead's fields; 'Log a call' is one tap per outcome and lands on the timeline;
 * 'Talked' moves the new lead to Contacted and starts its speed to lead. Axe-clean throughout.
 */
import { expect, expectNoAxeViolations, hasHorizontalOverflow, test } from "./fixtures";
import { uniqueEmail } from "./leads";
import { signInAs } from "./staff";

const SCREEN = { width: 390, height: 844 };

test.describe("a lead's page on a phone", () => {
  test("call, text, email and website links and the status on the first screen; log a call by tapping", async ({
    page,
    request,
  }) => {
    await page.setViewportSize(SCREEN);
    const visitor = uniqueEmail("call-me");
    const sent = await request.post("/api/leads", {
      data: {
        _form: "growth",
        name: "Casey Caller",
        email: visitor,
        phone: "512-555-0142",
        company: "Caller Lawns",
        website: "callerlawns.example.com",
        location: "Austin, TX",
        _t: "9000",
      },
    });
    expect(sent.status()).toBe(201);
    const { id } = (await sent.json()) as { id: string };

    const owner = uniqueEmail("caller-owner").toLowerCase();
    await signInAs(page, owner);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Leads" })).toBeVisible();

    await page.goto(`/admin/leads/${id}`);
    await expect(page.getByRole("heading", { name: "Casey Caller", level: 1 })).toBeVisible();
    const contact = page.locator("[data-contact]");
    const call = contact.getByRole("link", { name: "Call (512) 555-0142" });
    const text = contact.getByRole("link", { name: "Text (512) 555-0142" });
    const email = contact.getByRole("link", { name: `Email ${visitor}` });
    const website = contact.getByRole("link", { name: /^Website callerlawns\.example\.com/ });
    await expect(call).toHaveAttribute("href", "tel:+15125550142");
    await expect(text).toHaveAttribute("href", "sms:+15125550142");
    await expect(email).toHaveAttribute("href", `mailto:${visitor}`);
    await expect(website).toHaveAttribute("href", "https://callerlawns.example.com/");
    await expect(website).toHaveAttribute("target", "_blank");
    await expect(website).toHaveAttribute("rel", "noopener noreferrer");
    await expect(website).toHaveAccessibleName(/opens in a new tab/);
    // The lead's fields show the number the same way.
    await expect(page.locator("#fields-title + dl")).toContainText("(512) 555-0142");

    // The first screen: every contact button and the status control, before the fields.
    const status = page.getByLabel("Status", { exact: true });
    const save = page.getByRole("button", { name: "Save status" });
    const talked = page.getByRole("button", { name: "Talked" });
    const fieldsTop = (await page.locator("#fields-title").boundingBox())!.y;
    for (const [name, locator] of Object.entries({ call, text, email, website, status, save })) {
      const box = (await locator.boundingBox())!;
      expect(box.y + box.height, `${name} within the first screen`).toBeLessThanOrEqual(
        SCREEN.height,
      );
      expect(box.y, `${name} before the lead's fields`).toBeLessThan(fieldsTop);
    }
    await expect(talked).toBeInViewport();
    // Four outcomes to a row, each label inside its button.
    const clipped = await page
      .locator("[data-call-form] button")
      .evaluateAll((buttons) =>
        buttons.filter((b) => b.scrollWidth > b.clientWidth).map((b) => b.textContent),
      );
    expect(clipped).toEqual([]);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectNoAxeViolations(page);

    // One tap per call, each on the timeline with who and when.
    await page.getByRole("button", { name: "No answer" }).click();
    await expect(page.getByRole("status")).toHaveText("Saved.");
    const timeline = page.locator("[data-timeline]");
    await expect(timeline.locator("li").last()).toContainText("Call: No answer");
    await expect(timeline.locator("li").last()).toContainText(`by ${owner}`);
    // Tried, not reached: still new, yet the first contact was made (speed to lead).
    const summary = page.locator("[data-lead-summary]");
    await expect(summary).toContainText("Status: New");
    await expect(summary).toContainText(/First contacted after \d+ min/);

    await page.getByRole("button", { name: "Talked" }).click();
    await expect(page.getByRole("status")).toHaveText("Saved.");
    await expect(timeline.locator("li").last()).toContainText("Call: Talked · Status: Contacted");
    await expect(summary).toContainText("Status: Contacted");
    await expect(status).toHaveValue("contacted");
    await expect(timeline.locator("li")).toHaveCount(2);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectNoAxeViolations(page);

    // The reason box is there while 'Lost' is chosen (CSS, no script), and saved with it.
    const reason = page.getByLabel("Reason (when lost)");
    await expect(reason).toBeHidden();
    await status.selectOption("lost");
    await expect(reason).toBeVisible();
    await reason.fill("Hired a cousin");
    await save.click();
    await expect(timeline.locator("li").last()).toContainText("Lost: Hired a cousin");
    await expect(reason).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
