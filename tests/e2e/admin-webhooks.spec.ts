/**
 * The owner's Webhooks page and the confirmation emails' section of /admin/templates in
 * Chromium, on a phone (390 × 844) and a desktop (1366 × 900), issue 39 §2. The shared e2e server
 * has no webhook set up, so the page says how to set one and offers no 'Send a test' (a post is
 * 422); deliveries seeded in its store (a lead's delivered and failed ones, a test) are listed
 * with status, attempts and last error in a table that scrolls inside its own region. The
 * confirmation emails show their switch. Axe-clean, no sideways scrolling, keyboard reachable.
 * (Sending a test to a real receiver: tests/integration/webhooks-page.test.ts.)
 */
import { outboxQueue } from "../../src/db/outbox";
import { leadConfig } from "../../src/leads/config";
import { openStore } from "../../src/leads/store/index";
import { newLeadId } from "../../src/server/id";
import { expect, expectNoAxeViolations, hasHorizontalOverflow, test } from "./fixtures";
import { uniqueEmail } from "./leads";
import { signInAs } from "./staff";

/** A lead with a failed and a delivered webhook row, and a test row, in the e2e store. */
async function seedDeliveries(label: string) {
  const leads = await openStore(leadConfig({ DATA_DIR: process.env.E2E_DATA_DIR ?? "" }));
  try {
    const now = new Date();
    const db = leads.connection.db;
    const ids = { failed: newLeadId(), sent: newLeadId(), test: newLeadId() };
    const day = new Date(now.getTime() + 24 * 3600_000).toISOString();
    const leadIds: string[] = [];
    for (const key of ["failed", "sent"] as const) {
      const at = new Date().toISOString();
      const id = newLeadId();
      leadIds.push(id);
      await leads.insert(
        {
          id,
          kind: "quick",
          form: "quick",
          subject: null,
          createdAt: at,
          spam: false,
          fields: { name: `Webby ${label}`, email: uniqueEmail("webby"), phone: "+15125550142" },
          metadata: {
            source: "quick_lead_form",
            page: "/",
            landingPage: null,
            referrer: null,
            timestamp: at,
            userAgent: null,
            utm: {},
            ipHash: null,
            spamReasons: [],
          },
        },
        [{ id: ids[key], channel: "webhook", giveUpAt: day }],
      );
    }
    await outboxQueue(db).enqueueStandalone(ids.test, "webhook-test", now, new Date(day));
    await db.run(
      `UPDATE outbox SET status = 'failed', attempts = 31, last_error = 'webhook: HTTP 503' WHERE id = $1`,
      [ids.failed],
    );
    await db.run(
      `UPDATE outbox SET status = 'sent', attempts = 1, sent_at = $2 WHERE id IN ($1, $3)`,
      [ids.sent, now.toISOString(), ids.test],
    );
    return { ids, leadIds };
  } finally {
    await leads.close();
  }
}

const screens = [
  { name: "a phone", width: 390, height: 844 },
  { name: "a desktop", width: 1366, height: 900 },
];

for (const screen of screens) {
  test(`the Webhooks page lists deliveries (${screen.name})`, async ({ page }) => {
    await page.setViewportSize(screen);
    const { ids, leadIds } = await seedDeliveries(String(screen.width));
    await signInAs(page, uniqueEmail("hooks-owner").toLowerCase());
    await page.goto("/admin");
    // From the inbox's menu.
    await page.getByRole("link", { name: "Webhooks" }).click();
    await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
    await expect(page.locator("[data-webhook-off]")).toContainText("WEBHOOK_URL");
    await expect(page.getByRole("button", { name: "Send a test" })).toHaveCount(0);

    const failed = page.locator(`[data-delivery="${ids.failed}"]`);
    await expect(failed).toContainText("Failed");
    await expect(failed).toContainText("31");
    await expect(failed).toContainText("webhook: HTTP 503");
    await expect(page.locator(`[data-delivery="${ids.sent}"] [data-delivery-status]`)).toHaveText(
      "Delivered",
    );
    await expect(page.locator(`[data-delivery="${ids.test}"]`)).toContainText("Test delivery");
    // Each lead's row links to it.
    await expect(failed.getByRole("link")).toHaveAttribute("href", `/admin/leads/${leadIds[0]}`);
    // The table scrolls inside its own region, reachable by keyboard; the page never sideways.
    const region = page.getByRole("region", { name: "Recent deliveries" });
    await region.focus();
    await expect(region).toBeFocused();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectNoAxeViolations(page);

    // Without a webhook a test cannot be sent: 422, and the page says why.
    const post = await page.request.post("/admin/webhooks", {
      form: { action: "test" },
      headers: { origin: new URL(page.url()).origin },
      maxRedirects: 0,
    });
    expect(post.status()).toBe(422);
    expect(await post.text()).toContain("No webhook is set up");
  });
}

test.describe("the confirmation email's switch", () => {
  // The switch is the agency's one setting on the shared e2e server: the phone's run and the
  // desktop's flip it one after the other, never under each other.
  test.describe.configure({ mode: "serial" });
  for (const screen of screens) {
    test(`confirmation emails show their switch on the templates page (${screen.name})`, async ({
      page,
    }) => {
      await page.setViewportSize(screen);
      await signInAs(page, uniqueEmail("confirm-owner").toLowerCase());
      await page.goto("/admin/templates");
      const section = page.locator("[data-confirmations]");
      await expect(section.getByRole("heading", { name: "Confirmation emails" })).toBeVisible();
      for (const name of [
        "Contact confirmation",
        "Call request confirmation",
        "Growth plan confirmation",
      ]) {
        await expect(section.getByRole("heading", { name })).toBeVisible();
      }
      const contact = section.locator('[data-confirmation="confirm-contact"]');
      await expect(contact.getByLabel("Subject")).toHaveValue(/\{firstName\}/);
      // Switched off and on again by its button (a plain post answered 303), the state said.
      // (The e2e server has no SMTP: no confirmation is ever queued there, whatever the switch.)
      const call = () => page.locator('[data-confirmation="confirm-call"]');
      if ((await call().getAttribute("data-enabled")) === "no") {
        await call().getByRole("button", { name: "Switch on" }).click();
      }
      await call().getByRole("button", { name: "Switch off" }).click();
      await expect(page.getByRole("status")).toHaveText("Confirmation email switched off.");
      await expect(call().locator("[data-confirmation-state]")).toHaveText("Off: not sent.");
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await expectNoAxeViolations(page);
      await call().getByRole("button", { name: "Switch on" }).click();
      await expect(call()).toHaveAttribute("data-enabled", "yes");
    });
  }
});
