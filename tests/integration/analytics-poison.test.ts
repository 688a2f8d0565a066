/**
 * Analytics that cannot be poisoned (issue 23), over the real built server on SQLite:
 * - a beacon from a sandboxed frame (`Origin: null`) is refused and not counted;
 * - a flood of beacons with made-up paths, sources and campaigns counts its paths as "other",
 *   its sources and campaigns by name only up to the day's cap (then "other"), and the
 *   Performance page shows 25 rows per table with links to the rest, its size bounded;
 * - while the store refuses writes (a full disk; here the store made to refuse inserts into the
 *   events table), beacons get 429 instead of a 204 for a view that would be lost, and the views
 *   already answered are written once the store takes writes again;
 * - on PostgreSQL, two servers share one client's analytics budget.
 * The HTTP scenarios run on SQLite only: the store contract suites hold both stores to the
 * same behaviour, and postgres-smoke.test.ts runs each feature on a server over PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { DISTINCT_PER_DAY } from "../../src/analytics/pages";
import {
  beacon,
  ownerSession,
  pageView as view,
  postgresAvailable,
  serverStore,
  startServer,
  type RunningServer,
} from "./support";

/** How many raw events the store holds, read beside the server. */
function storedEvents(env: Record<string, string>): number {
  const db = new DatabaseSync(join(env.DATA_DIR!, "leads.db"), { readOnly: true });
  try {
    return Number(
      (db.prepare("SELECT count(*) AS n FROM analytics_events").get() as { n: number }).n,
    );
  } finally {
    db.close();
  }
}

/** Makes the store refuse (or take again) inserts of analytics events. */
function refuseEvents(env: Record<string, string>, refuse: boolean): void {
  const db = new DatabaseSync(join(env.DATA_DIR!, "leads.db"), { timeout: 5_000 });
  try {
    db.exec(
      refuse
        ? `CREATE TRIGGER full_disk BEFORE INSERT ON analytics_events
           BEGIN SELECT RAISE(FAIL, 'database or disk is full'); END`
        : "DROP TRIGGER full_disk",
    );
  } finally {
    db.close();
  }
}

async function until(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

describe("poisoned analytics (sqlite)", () => {
  const store = serverStore("sqlite", "analytics-poison-sqlite");
  const env: Record<string, string> = {
    ...store.env,
    LOG_LEVEL: "error",
    LEADS_RATE_LIMIT: "off",
    ANALYTICS_RATE_LIMIT: "off",
  };
  let server: RunningServer;
  let cookie = "";
  beforeAll(async () => {
    server = await startServer(env);
    cookie = await ownerSession(server, env);
  });
  afterAll(async () => {
    await server?.stop();
    await store.cleanup();
  });

  it("refuses a beacon from a sandboxed frame (Origin: null) and counts nothing", async () => {
    const before = storedEvents(env);
    const res = await beacon(server, view("/free-audit", { utm_campaign: "iframe" }), {
      origin: "null",
    });
    expect(res.status).toBe(403);
    await new Promise((r) => setTimeout(r, 400));
    expect(storedEvents(env)).toBe(before);
  });

  it("counts a flood's made-up paths as other, caps its sources and campaigns, pages the tables", async () => {
    const flood = 3 * DISTINCT_PER_DAY;
    for (let i = 0; i < flood; i += 50) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, j) =>
          beacon(
            server,
            view(`/poison-${i + j}-${"p".repeat(300)}`, {
              utm_source: `poisonsource${i + j}${"s".repeat(150)}`,
              utm_medium: "x",
              utm_campaign: `poisoncampaign${i + j}${"c".repeat(150)}`,
            }),
          ),
        ),
      );
      expect(answers.map((a) => a.status).every((s) => s === 204)).toBe(true);
    }
    expect((await beacon(server, view("/free-audit"))).status).toBe(204);
    expect(await until(async () => storedEvents(env) >= flood + 1, 10_000)).toBe(true);

    const res = await fetch(`${server.url}/admin/performance?period=7d`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    // No made-up path is listed; they are one row, "other", beside the real page.
    expect(html).not.toContain("/poison-");
    expect(html).toMatch(/data-row="other"/);
    expect(html).toContain('data-row="/free-audit"');
    // Sources and campaigns: at most the day's cap by name, the rest as "other", 25 a page.
    const section = (id: string) => html.split(`data-report="${id}"`)[1]!.split("</section>")[0]!;
    for (const table of ["sources", "campaigns"]) {
      const rows = [...section(table).matchAll(/data-row="([^"]*)"/g)].map((m) => m[1]!);
      expect(rows.length, table).toBe(25);
      expect(
        rows.every((r) => r.length <= 100 + 20),
        table,
      ).toBe(true);
      expect(section(table)).toMatch(/Rows 1–25 of (\d+)/);
      const total = Number(/Rows 1–25 of (\d+)/.exec(section(table))![1]);
      expect(total, table).toBeLessThanOrEqual(DISTINCT_PER_DAY + 2);
      expect(section(table)).toContain("Next rows");
    }
    expect(html.length).toBeLessThan(300_000);
    // The next page of sources is there and different.
    const next = /href="([^"]*page_sources=2[^"]*)"/.exec(section("sources"))![1]!;
    const page2 = await (
      await fetch(`${server.url}${next.replaceAll("&amp;", "&")}`, { headers: { cookie } })
    ).text();
    expect(page2).toMatch(/Rows 26–50 of/);
  });

  it("answers 429 while the store refuses writes, and loses no view it answered 204", async () => {
    const before = storedEvents(env);
    let accepted = 0;
    refuseEvents(env, true);
    try {
      let answered = 0;
      const send = async () => {
        const status = (await beacon(server, view("/free-audit"))).status;
        if (status === 204) answered++;
        return status;
      };
      expect(await send()).toBe(204);
      // The batch is tried (200 ms) and refused: from then on beacons are refused too.
      expect(await until(async () => (await send()) === 429, 5_000)).toBe(true);
      expect(storedEvents(env)).toBe(before);
      expect(await send()).toBe(429);
      accepted = answered;
    } finally {
      refuseEvents(env, false);
    }
    // The views answered 204 are written once the store takes writes again; beacons count again.
    expect(accepted).toBeGreaterThan(0);
    expect(await until(async () => storedEvents(env) === before + accepted, 10_000)).toBe(true);
    expect(
      await until(async () => (await beacon(server, view("/free-audit"))).status === 204, 5_000),
    ).toBe(true);
  });
});

describe.skipIf(!(await postgresAvailable()))("PostgreSQL", () => {
  describe("two servers on one PostgreSQL", () => {
    const store = serverStore("postgres", "analytics-shared-limit");
    const env = { ...store.env, LOG_LEVEL: "error", ANALYTICS_RATE_LIMIT: "5" };
    const servers: RunningServer[] = [];
    afterAll(async () => {
      for (const s of servers) await s.stop();
      await store.cleanup();
    });

    it("give one client one analytics budget, not one each", async () => {
      servers.push(await startServer(env), await startServer(env));
      const [a, b] = servers as [RunningServer, RunningServer];
      for (let i = 0; i < 5; i++) expect((await beacon(a, view("/free-audit"))).status).toBe(204);
      const other = await beacon(b, view("/free-audit"));
      expect(other.status).toBe(429);
      expect(Number(other.headers.get("retry-after"))).toBeGreaterThan(0);
    });
  });
});
