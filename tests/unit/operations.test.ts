/**
 * Operations settings and helpers (issue 17): retention settings are checked at start with
 * messages naming the setting, and every request path falls in one of the few route families
 * the request-duration metric is labelled with.
 */
import { describe, expect, it } from "vitest";
import { adminConfig } from "../../src/admin/config";
import { routeFamily } from "../../src/leads/metrics";

describe("retention settings", () => {
  it("keeps sent notifications 30 days and leads forever by default", () => {
    expect(adminConfig({}).retention).toEqual({
      outboxDays: 30,
      leadDays: null,
      sweepMs: 3_600_000,
      auditDays: 400,
    });
    expect(adminConfig({ LEAD_RETENTION_DAYS: "off" }).retention.leadDays).toBeNull();
    expect(adminConfig({ LEAD_RETENTION_DAYS: " " }).retention.leadDays).toBeNull();
  });

  it("reads the settings", () => {
    expect(
      adminConfig({
        LEADS_OUTBOX_RETENTION_DAYS: "90",
        LEAD_RETENTION_DAYS: "730",
        LEADS_RETENTION_SWEEP_MS: "500",
        AUDIT_RETENTION_DAYS: "365",
      }).retention,
    ).toEqual({ outboxDays: 90, leadDays: 730, sweepMs: 500, auditDays: 365 });
  });

  it("refuses bad values with a message naming the setting", () => {
    expect(() => adminConfig({ LEAD_RETENTION_DAYS: "a year" })).toThrow(
      /LEAD_RETENTION_DAYS must be a whole number of days.*"a year"/,
    );
    expect(() => adminConfig({ LEAD_RETENTION_DAYS: "0" })).toThrow(/LEAD_RETENTION_DAYS/);
    expect(() => adminConfig({ AUDIT_RETENTION_DAYS: "7" })).toThrow(/AUDIT_RETENTION_DAYS/);
    expect(() => adminConfig({ LEAD_RETENTION_DAYS: "1.5" })).toThrow(/LEAD_RETENTION_DAYS/);
    // A lead must outlive its delivery retries (24 h by default).
    expect(() => adminConfig({ LEAD_RETENTION_DAYS: "1" })).toThrow(/LEADS_OUTBOX_MAX_AGE_MS/);
    expect(adminConfig({ LEAD_RETENTION_DAYS: "2" }).retention.leadDays).toBe(2);
    // The reminder sweep looks back a week: its sent rows must outlive that.
    expect(() => adminConfig({ LEADS_OUTBOX_RETENTION_DAYS: "7" })).toThrow(
      /LEADS_OUTBOX_RETENTION_DAYS must be a whole number of days, at least 8/,
    );
    expect(() => adminConfig({ LEADS_OUTBOX_RETENTION_DAYS: "-30" })).toThrow(
      /LEADS_OUTBOX_RETENTION_DAYS/,
    );
    expect(() => adminConfig({ LEADS_RETENTION_SWEEP_MS: "soon" })).toThrow(
      /LEADS_RETENTION_SWEEP_MS/,
    );
  });
});

describe("route families of the request-duration metric", () => {
  it.each([
    ["/", "page"],
    ["/free-audit", "page"],
    ["/guides/some-guide?utm_source=x", "page"],
    ["/index.html", "page"],
    ["/_astro/site.Bx12.css", "asset"],
    ["/media/hero-loop.mp4", "asset"],
    ["/favicon.svg", "asset"],
    ["/api/leads", "api_leads"],
    ["/api/leads?x=1", "api_leads"],
    ["/api/events", "api_events"],
    ["/api/health", "api_other"],
    ["/api/metrics", "api_other"],
    ["/admin", "admin"],
    ["/admin/leads/0196", "admin"],
    ["/api/admin/export.csv", "admin"],
    ["/administrator", "page"],
  ])("%s is %s", (path, family) => {
    expect(routeFamily(path)).toBe(family);
  });
});
