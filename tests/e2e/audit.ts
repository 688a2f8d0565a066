/** Shared by the specs that send the free-audit form: where an audit post lands. */
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** The audit funnel's fixture website as a prospect types it (playwright.config.ts serves it). */
export const auditSiteUrl = `http://lawnpros.loopback.test:${Number(process.env.E2E_PORT ?? 4399) + 1}`;

/**
 * Checks the 303 of a native post and the page the browser lands on: the form's own `_next`
 * (/thank-you?form=…), except an audit request with a website, whose check is queued: its
 * thank-you page with the check's signed token (/thank-you/audit?t=…).
 */
export async function expectLanding(page: Page, location: string | undefined, next: string) {
  if (next === "/thank-you?form=audit") {
    expect(location).toMatch(/^\/thank-you\/audit\?t=[\w.-]+$/);
    await page.waitForURL((url) => url.pathname === "/thank-you/audit");
  } else {
    expect(location).toBe(next);
    await page.waitForURL((url) => url.pathname === "/thank-you");
  }
}
