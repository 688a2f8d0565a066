/**
 * "Right now" on the Performance page (issue 39 §3): visitors with a page view in the last five
 * minutes and the page each is on, on a real SQLite file and the real PostgreSQL. A visitor who
 * moved on counts once, on their newest page; older views, form views and starts do not count.
 * Over HTTP: page views sent by two browsers show on /admin/performance within moments.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveVisitors } from "../../src/analytics/live";
import { analyticsStoreFor } from "../../src/analytics/store/index";
import type { AnalyticsEvent } from "../../src/analytics/store/types";
import {
  beacon,
  onBothStores,
  ownerSession,
  serverStore,
  startServer,
  type RunningServer,
} from "./support";

const NOW = new Date("2026-11-20T15:00:00.000Z");
/** Seconds in an hour: the second test's moment, past the first test's visitors. */
const HOUR = 3600;
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000).toISOString();
const event = (
  visitor: string,
  path: string,
  secondsAgo: number,
  kind: AnalyticsEvent["kind"] = "view",
): AnalyticsEvent => ({
  at: ago(secondsAgo),
  day: "2026-11-20",
  kind,
  path,
  source: "direct",
  campaign: "",
  device: "phone",
  form: kind === "view" ? "" : "quick",
  visitor,
});

await onBothStores("live", (name, open, cleanup) => {
  describe(`visitors right now: ${name}`, () => {
    afterAll(cleanup);
    it("counts each recent visitor once, on the page they viewed last", async () => {
      const leads = await open();
      try {
        const store = analyticsStoreFor(leads);
        expect(await liveVisitors(store, NOW)).toEqual({ visitors: 0, pages: [] });
        await store.insertEvents([
          // Ann read the home page, then pricing: she is on pricing.
          event("ann", "/", 240),
          event("ann", "/pricing", 30),
          // Bob and Cy are on the home page; Cy started the quick form there.
          event("bob", "/", 100),
          event("cy", "/", 20),
          event("cy", "/", 10, "start"),
          event("cy", "/", 15, "form_view"),
          // Dee's last view was six minutes ago: gone.
          event("dee", "/free-audit", 360),
          // Eve only opened a form (no page view in the window).
          event("eve", "/contact-us", 5, "form_view"),
        ]);
        expect(await liveVisitors(store, NOW)).toEqual({
          visitors: 3,
          pages: [
            { path: "/", visitors: 2 },
            { path: "/pricing", visitors: 1 },
          ],
        });
        // Five minutes on, only Ann's and Cy's newest views are recent enough… none are.
        expect(await liveVisitors(store, new Date(NOW.getTime() + 5 * 60_000))).toEqual({
          visitors: 0,
          pages: [],
        });
      } finally {
        await leads.close();
      }
    });

    it("lists at most ten pages but counts every visitor", async () => {
      const leads = await open();
      try {
        const store = analyticsStoreFor(leads);
        await store.insertEvents(
          Array.from({ length: 12 }, (_, i) =>
            event(`v${i}`, `/page-${String(i).padStart(2, "0")}`, 60 - HOUR),
          ),
        );
        // The first test's visitors are an hour old by then.
        const live = await liveVisitors(store, new Date(NOW.getTime() + HOUR * 1000));
        expect(live.visitors).toBe(12);
        expect(live.pages).toHaveLength(10);
        expect(live.pages[0]).toEqual({ path: "/page-00", visitors: 1 });
      } finally {
        await leads.close();
      }
    });
  });
});

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";

describe("the Performance page shows who is on the site now (sqlite)", () => {
  let server: RunningServer;
  let cleanup: () => Promise<void>;
  let owner = "";
  beforeAll(async () => {
    const store = serverStore("sqlite", "livehttp");
    cleanup = store.cleanup;
    server = await startServer({ ...store.env, LOG_LEVEL: "warn", ANALYTICS_RATE_LIMIT: "off" });
    owner = await ownerSession(server, store.env);
  });
  afterAll(async () => {
    await server?.stop();
    await cleanup?.();
  });

  it("two browsers' page views: one on the home page, one moved on to a service", async () => {
    const view = (page: string) => ({ k: "view", _page: page, f: "", w: 390 });
    const page = () =>
      fetch(`${server.url}/admin/performance`, { headers: { cookie: owner } }).then((r) =>
        r.text(),
      );
    expect(await page()).toContain("No visitors in the last 5 minutes.");
    expect((await beacon(server, view("/"))).status).toBe(204);
    expect((await beacon(server, view("/"), { "user-agent": FIREFOX })).status).toBe(204);
    expect(
      (await beacon(server, view("/seo-optimization"), { "user-agent": FIREFOX })).status,
    ).toBe(204);
    await expect.poll(page, { timeout: 5_000 }).toContain("2 visitors in the last 5 minutes");
    const html = await page();
    const rows = [...html.matchAll(/data-live-page="([^"]+)"[^>]*>.*?tabular-nums">(\d+)</g)].map(
      (m) => [m[1], Number(m[2])],
    );
    expect(rows).toEqual([
      ["/", 1],
      ["/seo-optimization", 1],
    ]);
  });
});
