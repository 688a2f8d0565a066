/**
 * First-party analytics over the real server, on SQLite: page-view beacons as a
 * browser sends them show up in the inbox's Performance view as the right visits and unique
 * visitors; bots, requests without a browser's headers and Global Privacy Control are not
 * counted; a form start and a stored lead make the funnel and the conversion rate (spam left
 * out); garbage and floods get 4xx/429 while leads still go in; no public answer sets a cookie.
 * Then, on the store itself with the clock moved: a past day's salt is gone, and raw events
 * older than 30 days are pruned while the daily roll-ups stay.
 * The HTTP scenarios run on SQLite only: the store contract suites hold both stores to the
 * same behaviour, and postgres-smoke.test.ts runs each feature on a server over PostgreSQL.
 */
import { once } from "node:events";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsStoreFor } from "../../src/analytics/store/index";
import { readEvent } from "../../src/analytics/ingest";
import { sweepAnalytics, RAW_EVENT_DAYS } from "../../src/analytics/rollup";
import { performanceReport, readPeriod } from "../../src/analytics/report";
import { addDays } from "../../src/analytics/visitor";
import type { LeadStore } from "../../src/leads/store/types";
import {
  adminCli,
  beacon,
  onBothStores,
  postJson,
  serverStore,
  startServer,
  validLeads,
  type RunningServer,
} from "./support";

const PASSWORD = "mossy granite patio lantern";
const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";
const GOOGLEBOT =
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/156.0.0.0 Safari/537.36";

const view = (page: string, extra: Record<string, unknown> = {}) => ({
  k: "view",
  _page: page,
  f: "",
  w: 390,
  ...extra,
});

/** A CSV's rows keyed by their first cell. */
function csvRows(text: string): Map<string, string[]> {
  const lines = text.trim().split("\r\n").slice(1);
  return new Map(
    lines.map((line) => {
      const cells = [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replace(/""/g, '"'));
      return [cells[0]!, cells.slice(1)];
    }),
  );
}

describe("analytics over HTTP (sqlite)", () => {
  let server: RunningServer;
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let cookie = "";
  const get = (path: string) =>
    fetch(`${server.url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });

  beforeAll(async () => {
    const store = serverStore("sqlite", "analytics-sqlite");
    env = store.env;
    cleanup = store.cleanup;
    server = await startServer({
      ...env,
      LOG_LEVEL: "warn",
      LEADS_RATE_LIMIT: "off",
      ANALYTICS_RATE_LIMIT: "40",
    });
    const link = (
      await adminCli(["invite", "owner@example.test", "--role", "owner"], env)
    ).stdout.trim();
    const set = await fetch(`${server.url}${link}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: new URLSearchParams({ password: PASSWORD, confirm: PASSWORD }).toString(),
    });
    expect(set.status).toBe(303);
    cookie = set.headers.get("set-cookie")!.split(";")[0]!;
  });
  afterAll(async () => {
    await server?.stop();
    await cleanup?.();
  });

  it("counts a browser's page views and unique visitors, and nothing from bots or GPC", async () => {
    const utm = { utm_source: "google", utm_medium: "cpc", utm_campaign: "spring-cleanup" };
    // One visitor (Chrome) views three pages; another (Firefox) two; both came from the ad.
    for (const page of ["/", "/seo-optimization", "/contact-us"])
      expect((await beacon(server, view(page, utm))).status).toBe(204);
    for (const page of ["/", "/seo-optimization"])
      expect((await beacon(server, view(page, utm), { "user-agent": FIREFOX })).status).toBe(204);
    // Not counted: a crawler, a visitor asking not to be tracked, a request without a
    // browser's headers (no Origin, no Accept-Language).
    expect((await beacon(server, view("/", utm), { "user-agent": GOOGLEBOT })).status).toBe(204);
    expect((await beacon(server, view("/", utm), { "sec-gpc": "1" })).status).toBe(204);
    const bare = await fetch(`${server.url}/api/events`, {
      method: "POST",
      headers: { "content-type": "text/plain", "user-agent": CHROME },
      body: JSON.stringify(view("/", utm)),
    });
    expect(bare.status).toBe(204);

    await expect
      .poll(
        async () =>
          csvRows(
            await (await get("/api/admin/performance.csv?table=campaigns&period=7d")).text(),
          ).get("spring-cleanup"),
        {
          timeout: 5_000,
        },
      )
      // views, visitors, starts, leads, without a counted visit, rate, contacted, won, won
      // value, value per visitor
      .toEqual(["5", "2", "0", "0", "0", "0.0000", "0", "0", "0.00", "0.00"]);
    const pages = csvRows(
      await (await get("/api/admin/performance.csv?table=pages&period=7d")).text(),
    );
    expect(pages.get("/")?.slice(0, 2)).toEqual(["2", "2"]);
    expect(pages.get("/seo-optimization")?.slice(0, 2)).toEqual(["2", "2"]);
    expect(pages.get("/contact-us")?.slice(0, 2)).toEqual(["1", "1"]);
    const sources = csvRows(
      await (await get("/api/admin/performance.csv?table=sources&period=7d")).text(),
    );
    expect(sources.get("google/cpc")?.slice(0, 2)).toEqual(["5", "2"]);
    // The page's totals: five visits by two unique visitors.
    const html = await (await get("/admin/performance?period=7d")).text();
    const total = (id: string) =>
      new RegExp(`data-total="${id}"[\\s\\S]*?data-value[^>]*>([^<]+)<`).exec(html)?.[1];
    expect(total("views")).toBe("5");
    expect(total("visitors")).toBe("2");
  });

  it("a form start and a stored lead make the funnel and the conversion rate; spam is left out", async () => {
    const utm = { utm_source: "newsletter", utm_medium: "email", utm_campaign: "fall-promo" };
    const visitor = { "user-agent": `${CHROME} Funnel` };
    expect(
      (await beacon(server, view("/contact-us", { ...utm, f: "contactPage" }), visitor)).status,
    ).toBe(204);
    expect(
      (
        await beacon(
          server,
          { k: "start", _page: "/contact-us", f: "contactPage", ...utm },
          visitor,
        )
      ).status,
    ).toBe(204);
    // Sent with JavaScript (the landing page the script adds): its visit was counted.
    const lead = await postJson(server.url, {
      ...validLeads.contactPage,
      _form: "contactPage",
      _page: "/contact-us",
      _landing: "/contact-us",
      _t: "9000",
      ...utm,
    });
    expect(lead.status).toBe(201);
    // Issue 27: posted to the API (no landing page), and sent by a browser with Global Privacy
    // Control: leads without a counted visit, shown apart and left out of the rate.
    const api = await postJson(server.url, {
      ...validLeads.contactPage,
      _form: "contactPage",
      _page: "/contact-us",
      _t: "9000",
      ...utm,
    });
    expect(api.status).toBe(201);
    const gpc = await postJson(
      server.url,
      {
        ...validLeads.contactPage,
        _form: "contactPage",
        _page: "/contact-us",
        _landing: "/contact-us",
        _t: "9000",
        ...utm,
      },
      { "sec-gpc": "1" },
    );
    expect(gpc.status).toBe(201);
    const spam = await postJson(server.url, {
      ...validLeads.contactPage,
      _form: "contactPage",
      _page: "/contact-us",
      _t: "9000",
      fax: "filled by a bot",
      ...utm,
    });
    expect([201, 202]).toContain(spam.status);

    const campaign = async () =>
      csvRows(await (await get("/api/admin/performance.csv?table=campaigns&period=7d")).text()).get(
        "fall-promo",
      );
    // views, visitors, starts, leads (3), of them without a counted visit (2), rate = 1
    // counted lead ÷ 1 visitor, contacted, won, won value, value per visitor
    const row = ["1", "1", "1", "3", "2", "1.0000", "0", "0", "0.00", "0.00"];
    await expect.poll(campaign, { timeout: 5_000 }).toEqual(row);
    const forms = csvRows(
      await (await get("/api/admin/performance.csv?table=forms&period=7d")).text(),
    );
    expect(forms.get("contactPage")).toEqual(row);
    const html = await (await get("/admin/performance?period=7d")).text();
    expect(html).toContain("Contact page");
    expect(html).toMatch(/100\.0%/);
    expect(html).toContain("counted visit ÷ unique visitors");
  });

  it("yields to leads: while four lead posts are under way, beacons get 429 unread", async () => {
    // Four lead posts whose bodies are still coming: the server is handling four leads.
    const { port } = new URL(server.url);
    const body = JSON.stringify({ ...validLeads.quick, _form: "quick", _t: "8000" });
    const sockets = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const socket = connect(Number(port), "127.0.0.1");
        await once(socket, "connect");
        socket.write(
          `POST /api/leads HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
            `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
        );
        return socket;
      }),
    );
    const answers: string[] = [];
    try {
      // Refused as busy (not by the per-client limit: this comes before the flood test).
      await expect
        .poll(
          async () => {
            const res = await beacon(server, view("/while-busy"));
            return `${res.status} ${((await res.json()) as { error: string }).error}`;
          },
          { timeout: 5_000 },
        )
        .toBe("429 busy");
    } finally {
      // The leads finish; each is stored and answered 201.
      await Promise.all(
        sockets.map(async (socket) => {
          let text = "";
          socket.on("data", (d: Buffer) => (text += d.toString()));
          socket.write(body.slice(10));
          await once(socket, "close");
          answers.push(text.split("\r\n")[0]!);
        }),
      );
    }
    expect(answers).toEqual(Array(4).fill("HTTP/1.1 201 Created"));
    expect((await beacon(server, view("/after-busy"))).status).toBe(204);
  });

  it("answers garbage with 4xx and a flood with 429, and leads still go in meanwhile", async () => {
    const raw = (body: string, headers: Record<string, string> = {}) =>
      beacon(server, body, { "user-agent": `${CHROME} Garbage`, ...headers });
    expect((await raw("not json")).status).toBe(400);
    expect((await raw(JSON.stringify({ k: "view" }))).status).toBe(400);
    expect((await raw(JSON.stringify(view("/admin")))).status).toBe(400);
    expect((await raw(JSON.stringify(view("/", { f: "<script>" })))).status).toBe(400);
    expect((await raw(JSON.stringify(view("/")), { "content-type": "image/png" })).status).toBe(
      415,
    );
    expect((await raw(JSON.stringify(view("/", { _ref: "x".repeat(5000) })))).status).toBe(413);
    expect(
      (await raw(JSON.stringify(view("/")), { origin: "https://elsewhere.example" })).status,
    ).toBe(403);

    // ANALYTICS_RATE_LIMIT=40 a minute per client: a flood ends in 429 with Retry-After…
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => raw(JSON.stringify(view("/flood")))),
    );
    const codes = answers.map((a) => a.status);
    expect(codes).toContain(429);
    expect(codes.every((c) => c === 204 || c === 429)).toBe(true);
    expect(answers.find((a) => a.status === 429)!.headers.get("retry-after")).toMatch(/^\d+$/);
    // …and a lead sent meanwhile is stored.
    const lead = await postJson(server.url, { ...validLeads.quick, _form: "quick", _t: "8000" });
    expect(lead.status).toBe(201);
  });

  it("no public answer sets a cookie, the beacon's included", async () => {
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const paths = [...sitemap.matchAll(/<loc>https?:\/\/[^/<]+(\/[^<]*|)<\/loc>/g)].map(
      (m) => m[1]!,
    );
    expect(paths.length).toBeGreaterThan(20);
    for (const path of [...paths, "/no-such-page"]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.headers.get("set-cookie"), path).toBeNull();
    }
    const res = await beacon(server, view("/"));
    expect(res.headers.get("set-cookie")).toBeNull();
  });
});

await onBothStores("analytics-days", (name, open, cleanup) => {
  describe(`analytics days (${name})`, () => {
    let leads: LeadStore;
    beforeAll(async () => {
      leads = await open();
    });
    afterAll(async () => {
      await leads?.close();
      await cleanup();
    });

    /** Stores a page view as the server would at `now`. */
    async function viewAt(now: Date, path: string, ua = CHROME) {
      const store = analyticsStoreFor(leads);
      const outcome = await readEvent({
        body: view(path),
        ip: "203.0.113.7",
        userAgent: ua,
        acceptLanguage: "en",
        origin: "https://greenline.test",
        secGpc: null,
        site: "greenline.test",
        now,
        salt: (day) => store.daySalt(day, `salt-of-${day}-${Math.random()}`),
      });
      if (outcome.kind !== "count") throw new Error(`not counted: ${JSON.stringify(outcome)}`);
      await store.insertEvents(outcome.events);
      return outcome.events[0]!.visitor;
    }

    it("a past day's salt is gone once the next day starts, so its hashes cannot be made again", async () => {
      const store = analyticsStoreFor(leads);
      const day1 = new Date("2026-03-01T10:00:00Z");
      const day2 = new Date("2026-03-02T09:00:00Z");
      const first = await viewAt(day1, "/");
      expect(await viewAt(day1, "/industries")).toBe(first);
      expect(await store.saltDays()).toEqual(["2026-03-01"]);
      const next = await viewAt(day2, "/");
      expect(next).not.toBe(first);
      expect(await store.saltDays()).toEqual(["2026-03-02"]);
      // The sweep deletes a salt too, when no view comes the next day (the agency's: 02:00 in
      // New York is 07:00 UTC).
      await sweepAnalytics(store, new Date("2026-03-03T07:00:00Z"));
      expect(await store.saltDays()).toEqual([]);
    });

    it("prunes raw events after 30 days and keeps the daily roll-ups", async () => {
      const store = analyticsStoreFor(leads);
      const old = new Date("2026-01-10T12:00:00Z");
      await viewAt(old, "/website-design");
      await viewAt(old, "/website-design", FIREFOX);
      const before = await store.countEvents();
      // The next day (the agency's: 02:00 in New York is 07:00 UTC) the sweep rolls the day up;
      // its raw events stay within 30 days.
      await sweepAnalytics(store, new Date("2026-01-11T07:00:00Z"));
      expect(await store.countEvents()).toBe(before);
      const later = new Date(`${addDays("2026-01-10", RAW_EVENT_DAYS + 1)}T07:00:00Z`);
      const { pruned } = await sweepAnalytics(store, later);
      expect(pruned).toBeGreaterThanOrEqual(2);
      expect(await store.countEvents()).toBe(before - pruned);
      const daily = await store.daily("2026-01-10", "2026-01-10");
      expect(daily.find((d) => d.path === "/website-design" && d.form === "")).toMatchObject({
        views: 2,
        visitors: 2,
      });
      const params = new URLSearchParams({
        period: "custom",
        from: "2026-01-10",
        to: "2026-01-10",
      });
      const { period, previous } = readPeriod(params, later);
      const report = await performanceReport(store, period, previous, later);
      expect(report.totals.current).toMatchObject({ views: 2, visitors: 2 });
    });
  });
});
