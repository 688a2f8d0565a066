/**
 * The inbox as a work queue (issue 27 §2, §3) in Chromium, on a phone (390 × 844) and a desktop:
 * the count of what the filters match and Older/Newer pages there and back; j/k/Enter and `/`;
 * the `?` dialog (focus inside, Escape closes it and gives focus back); a lead that arrives while
 * the inbox is open shows up highlighted at the top; every admin view axe-clean in light and dark
 * mode and without sideways scrolling at 390, 768 and 1280 px; the first lead in the first screen
 * of a phone, the filters behind a button that counts them; times on the agency's clock.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, hasHorizontalOverflow, test } from "./fixtures";
import { uniqueEmail } from "./leads";
import { signInAs } from "./staff";

const screens = [
  { name: "a phone", width: 390, height: 844 },
  { name: "a desktop", width: 1280, height: 900 },
];

async function postLead(request: APIRequestContext, name: string): Promise<string> {
  const sent = await request.post("/api/leads", {
    data: {
      _form: "quick",
      name,
      email: uniqueEmail("worklist"),
      phone: "512-555-0199",
      _t: "9000",
    },
  });
  expect(sent.status()).toBe(201);
  return ((await sent.json()) as { id: string }).id;
}

async function signIn(page: Page, label: string) {
  await signInAs(page, uniqueEmail(label).toLowerCase());
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Leads" })).toBeVisible();
}

const rowIds = (page: Page) =>
  page
    .locator("[data-lead-table] tbody tr")
    .evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.leadId));

for (const screen of screens) {
  test(`count, pages there and back, keys and shortcuts (${screen.name})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(screen);
    const tag = `Pager${screen.width}x${Date.now().toString(36)}`;
    const ids: string[] = [];
    for (let i = 0; i < 55; i++) ids.push(await postLead(request, `${tag} Person ${i}`));
    await signIn(page, `worklist-${screen.width}`);

    await page.goto(`/admin?q=${tag}`);
    await expect(page.locator("[data-inbox-total]")).toHaveText("55 leads match");
    expect(await rowIds(page)).toEqual(ids.slice(5).reverse());
    // The filters sit behind their button, which says how many are set.
    const filters = page.locator("details[data-filters-panel]");
    await expect(filters.locator("summary")).toHaveText(/Filters\s*1 active/);
    if (screen.width < 640) {
      await expect(filters).not.toHaveAttribute("open");
      const first = await page.locator("[data-lead-table] tbody tr").first().boundingBox();
      expect(first!.y + 40).toBeLessThan(screen.height);
    } else {
      await expect(filters).toHaveAttribute("open");
    }
    // Received: how long ago, and when on the agency's clock.
    await expect(page.locator("[data-agency-time]").first()).toHaveText(/E[SD]T$/);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectNoAxeViolations(page);

    // Older, then Newer back to the same leads; the count stays.
    await page.locator("[data-page-older]").click();
    expect(await rowIds(page)).toEqual(ids.slice(0, 5).reverse());
    await expect(page.locator("[data-inbox-total]")).toHaveText("55 leads match");
    await expect(page.locator("[data-page-older]")).toHaveCount(0);
    await page.locator("[data-page-newer]").click();
    expect(await rowIds(page)).toEqual(ids.slice(5).reverse());
    await expect(page.locator("[data-page-newer]")).toHaveCount(0);

    // Keys: j/k select (the row marked, its link focused), Enter opens; typing is left alone.
    await page.locator("h1").click();
    await page.keyboard.press("j");
    await page.keyboard.press("j");
    await page.keyboard.press("k");
    const top = page.locator(`tr[data-lead-id="${ids[54]}"]`);
    await expect(top).toHaveAttribute("data-current");
    // The lead's own link (its card also has a Call link, issue 39).
    await expect(top.getByRole("link", { name: `${tag} Person 54` })).toBeFocused();
    await expect(page.locator("tr[data-current]")).toHaveCount(1);
    await page.keyboard.press("/");
    const search = page.locator("#filter-q");
    await expect(search).toBeFocused();
    await page.keyboard.type("jk?");
    await expect(search).toHaveValue("jk?");
    await expect(page.locator("dialog[data-shortcuts]")).not.toBeVisible();
    await search.fill(tag);

    // ? lists the shortcuts in a modal dialog; Escape closes it and focus comes back.
    await page.locator("h1").click();
    await page.keyboard.press("j");
    const link = page
      .locator(`tr[data-lead-id="${ids[53]}"]`)
      .getByRole("link", { name: `${tag} Person 53` });
    await expect(link).toBeFocused();
    await page.keyboard.press("?");
    const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Focus the search");
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(dialog).not.toBeVisible();
    await expect(link).toBeFocused();
    // Its button opens it too (on a wide screen: a phone has no keyboard to list).
    const button = page.getByRole("button", { name: "Keyboard shortcuts" });
    if (screen.width < 640) await expect(button).toBeHidden();
    else {
      await button.click();
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Close" }).click();
      await expect(button).toBeFocused();
    }

    await page.locator("h1").click();
    await page.keyboard.press("k");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/admin/leads/${ids[54]}$`));
  });

  test(`a lead that arrives shows up highlighted at the top (${screen.name})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(screen);
    await postLead(request, `Earlier ${screen.width}`);
    await signIn(page, `arrivals-${screen.width}`);
    await page.clock.install();
    await page.goto("/admin");
    const unworked = async () =>
      Number.parseInt((await page.locator("[data-unworked-count]").textContent()) ?? "", 10);
    const before = await unworked();
    const id = await postLead(request, `Arriving ${screen.width} ${Date.now()}`);
    await page.clock.runFor(16_000);
    const row = page.locator(`tr[data-lead-id="${id}"]`);
    await expect(row).toHaveAttribute("data-arrived");
    await expect(row).toContainText("New");
    await expect(page.locator("[data-live-announce]")).toContainText(/new leads? arrived/);
    // The 'still new' count is kept current (other tests' leads may arrive too).
    await expect.poll(unworked).toBeGreaterThan(before);
    await expect(page).toHaveTitle(/^\(\d+\+?\) Leads/);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectNoAxeViolations(page);
  });
}

for (const scheme of ["light", "dark"] as const) {
  test(`every admin view is axe-clean and fits, in ${scheme} mode`, async ({ page, request }) => {
    test.setTimeout(180_000);
    const id = await postLead(request, `${scheme} Mode Dana`);
    await signIn(page, `views-${scheme}`);
    const views = [
      "/admin",
      "/admin?view=due",
      `/admin/leads/${id}`,
      "/admin/audit",
      "/admin/performance",
      "/admin/staff",
      "/admin/checks",
      "/admin/account",
    ];
    await page.emulateMedia({ colorScheme: scheme });
    // Dark mode changes colours only (D192): its layout is the light one's, checked at 768 px there.
    for (const width of scheme === "light" ? [390, 768, 1280] : [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const view of views) {
        await page.goto(view);
        expect(await hasHorizontalOverflow(page), `${view} at ${width} px`).toBe(false);
        // No table is cut off: each fits the screen or scrolls in its own labelled region.
        const cut = await page.locator("table").evaluateAll(
          (tables) =>
            tables.filter((t) => {
              if (t.getBoundingClientRect().right <= window.innerWidth + 1) return false;
              const region = t.closest("[role=region][tabindex]");
              return !region || getComputedStyle(region).overflowX !== "auto";
            }).length,
        );
        expect(cut, `${view} at ${width} px`).toBe(0);
        // Axe once per view and mode, at the phone's width and the desktop's.
        if (width !== 768) await expectNoAxeViolations(page);
      }
    }
    // Dark mode is dark: the page's background is.
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [first, ...rest] = (background.match(/[\d.]+/g) ?? []).map(Number);
    // oklch(L C H) with L from 0 to 1, or rgb(R, G, B).
    const lightness = background.startsWith("oklch")
      ? first! * 255
      : (first! + rest[0]! + rest[1]!) / 3;
    expect(scheme === "dark" ? lightness < 60 : lightness > 200, background).toBe(true);
  });
}
