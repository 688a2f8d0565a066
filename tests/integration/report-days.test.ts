/**
 * The Performance report's days are the agency's (issue 27 §3, decision D201), on a real SQLite
 * file and the real PostgreSQL: a lead and a visit at 02:00 UTC on 20 November (21:00 on the
 * 19th in New York) count on the 19th when the agency is in America/New_York, and on the 20th
 * when it is on UTC: in the totals of "today", the chart's day and the pipeline's "arrived
 * today". The day's salt is dropped at the agency's midnight, not UTC's. A store opened with
 * another zone rebuilds the lead roll-ups from the leads.
 */
import { afterAll, describe, expect, it } from "vitest";
import { readEvent } from "../../src/analytics/ingest";
import { performanceReport, readPeriod } from "../../src/analytics/report";
import { sweepAnalytics } from "../../src/analytics/rollup";
import { funnelGroups, stageDays } from "../../src/analytics/store/funnel";
import { analyticsStoreFor } from "../../src/analytics/store/index";
import type { LeadRecord, LeadStore } from "../../src/leads/store/types";
import { CHROME_UA, contactLead, freshStore, postgresAvailable } from "./support";

const NEW_YORK = "America/New_York";
/** 21:00 on 19 November in New York (EST, UTC−5). */
const ARRIVED = "2026-11-20T02:00:00.000Z";

const lead = (createdAt: string): LeadRecord =>
  contactLead(createdAt, {
    fields: { name: "Nina Night", email: "nina@night.test", message: "Call me tomorrow" },
    metadata: { page: "/", landingPage: "/" },
  });

/** A page view from a browser, as the beacon posts it, stored like the intake stores it. */
async function visit(leads: LeadStore, at: string, timeZone: string, ip = "203.0.113.9") {
  const analytics = analyticsStoreFor(leads);
  const out = await readEvent({
    body: { k: "view", _page: "/" },
    ip,
    userAgent: CHROME_UA,
    acceptLanguage: "en",
    origin: "https://site.test",
    secGpc: null,
    site: "site.test",
    now: new Date(at),
    timeZone,
    salt: (day) => analytics.daySalt(day, `salt-${day}`),
  });
  if (out.kind !== "count") throw new Error(`not counted: ${out.kind}`);
  await analytics.insertEvents(out.events);
  return out.events;
}

type Opener = (timeZone: string) => Promise<LeadStore>;

async function onBoth(label: string, suite: (name: string, fresh: () => Opener) => void) {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });
  const fresh = (driver: "sqlite" | "postgres") => () => {
    const store = freshStore(driver, label);
    cleanups.push(store.cleanup);
    return (timeZone: string) => store.open(timeZone);
  };
  suite("SQLite", fresh("sqlite"));
  const pg = await postgresAvailable();
  describe.skipIf(!pg)("PostgreSQL", () => {
    suite("PostgreSQL", fresh("postgres"));
  });
}

await onBoth("reportdays", (name, fresh) => {
  describe(`the report's days are the agency's: ${name}`, () => {
    for (const [zone, day] of [
      [NEW_YORK, "2026-11-19"],
      ["UTC", "2026-11-20"],
    ] as const) {
      it(`a lead and a visit at 02:00 UTC count on ${day} in ${zone}`, async () => {
        const leads = await fresh()(zone);
        try {
          const events = await visit(leads, ARRIVED, zone);
          expect(events.map((e) => e.day)).toEqual([day]);
          await leads.insert(lead(ARRIVED));
          // An hour later: still the 19th in New York, the 20th on UTC.
          const now = new Date("2026-11-20T03:00:00.000Z");
          const { period, previous } = readPeriod(new URLSearchParams(), now, zone);
          expect(period.to).toBe(day);
          const report = await performanceReport(
            analyticsStoreFor(leads),
            period,
            previous,
            now,
            zone,
          );
          expect(report.today).toBe(day);
          expect(report.totals.current).toMatchObject({ views: 1, visitors: 1, leads: 1 });
          const point = report.series.points.find((p) => p.start === day)!;
          expect(point.visits.direct).toBe(1);
          expect(point.leads.direct).toBe(1);
          expect(report.series.points.at(-1)!.start).toBe(day);
          expect(report.pipeline[0]).toMatchObject({
            status: "new",
            buckets: [1, 0, 0, 0],
            oldestDay: day,
          });
          // The day before is empty: nothing counted on the other clock's day.
          const other = zone === "UTC" ? "2026-11-19" : "2026-11-20";
          expect(await funnelGroups(analyticsStoreFor(leads).db, other, other, ["day"])).toEqual(
            [],
          );
        } finally {
          await leads.close();
        }
      });
    }

    it("the day's salt goes at the agency's midnight, and the next visit is on the next day", async () => {
      const leads = await fresh()(NEW_YORK);
      const analytics = analyticsStoreFor(leads);
      try {
        await visit(leads, ARRIVED, NEW_YORK);
        // 04:59 UTC is 23:59 on the 19th in New York: the 19th's salt stays.
        await sweepAnalytics(analytics, new Date("2026-11-20T04:59:00.000Z"), NEW_YORK);
        expect(await analytics.saltDays()).toEqual(["2026-11-19"]);
        // Midnight in New York: the 19th is over and its salt gone.
        await sweepAnalytics(analytics, new Date("2026-11-20T05:00:00.000Z"), NEW_YORK);
        expect(await analytics.saltDays()).toEqual([]);
        const [next] = await visit(leads, "2026-11-20T05:01:00.000Z", NEW_YORK);
        expect(next!.day).toBe("2026-11-20");
      } finally {
        await leads.close();
      }
    });

    it("a store opened with another zone rebuilds the lead roll-ups from the leads", async () => {
      const open = fresh();
      let leads = await open("UTC");
      const db = () => analyticsStoreFor(leads).db;
      await leads.insert(lead(ARRIVED));
      // Summer time: 03:30 UTC on 1 July is 23:30 on 30 June in New York (EDT, UTC−4).
      await leads.insert(lead("2026-07-01T03:30:00.000Z"));
      await leads.insert(lead("2026-07-01T04:00:00.000Z"));
      const byDay = async () =>
        (await funnelGroups(db(), "2026-01-01", "2026-12-31", ["day"]))
          .map((g) => [g.day, g.leads])
          .sort();
      const stages = async () =>
        (await stageDays(db(), "2026-01-01", "2026-12-31")).map((s) => [s.day, s.leads]).sort();
      expect(await byDay()).toEqual([
        ["2026-07-01", 2],
        ["2026-11-20", 1],
      ]);
      await leads.close();

      leads = await open(NEW_YORK);
      expect(await byDay()).toEqual([
        ["2026-06-30", 1],
        ["2026-07-01", 1],
        ["2026-11-19", 1],
      ]);
      expect(await stages()).toEqual([
        ["2026-06-30", 1],
        ["2026-07-01", 1],
        ["2026-11-19", 1],
      ]);
      // New leads go on counting on the new clock.
      await leads.insert(lead("2026-11-20T04:30:00.000Z"));
      expect(await byDay()).toEqual([
        ["2026-06-30", 1],
        ["2026-07-01", 1],
        ["2026-11-19", 2],
      ]);
      await leads.close();

      // Opened again with the same zone: nothing to rebuild, the figures stay.
      leads = await open(NEW_YORK);
      expect(await byDay()).toEqual([
        ["2026-06-30", 1],
        ["2026-07-01", 1],
        ["2026-11-19", 2],
      ]);
      await leads.close();

      leads = await open("UTC");
      expect(await byDay()).toEqual([
        ["2026-07-01", 2],
        ["2026-11-20", 2],
      ]);
      await leads.close();
    });
  });
});
