import { test } from "./fixtures";
import { uniqueEmail } from "./leads";
import { invite, PASSWORD } from "./staff";
test("shots", async ({ page, request }) => {
  test.setTimeout(120_000);
  for (let i = 0; i < 3; i++)
    await request.post("/api/leads", { data: { _form: "quick", name: `Shot Person ${i}`, email: uniqueEmail("s"), phone: "512-555-0199", _t: "9000" } });
  await page.goto(invite(uniqueEmail("shots").toLowerCase()));
  await page.getByLabel("New password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("New password again").fill(PASSWORD);
  await page.getByRole("button", { name: "Set password and sign in" }).click();
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [w, h] of [[390, 844], [1280, 900]]) {
      await page.setViewportSize({ width: w, height: h });
      for (const v of ["/admin", "/admin/audit", "/admin/performance", "/admin/staff"]) {
        await page.goto(v);
        await page.screenshot({ path: `/tmp/shots/${scheme}-${w}${v.replaceAll("/", "_")}.png` });
      }
    }
  }
});
