/**
 * The website check's fetcher on loopback only: fixture sites on 127.0.0.1 let through by
 * AUDIT_ALLOW_HOSTS, and canaries on 127.0.0.2, [::1] and localhost that count connections and
 * must see none, whatever spelling (IPv4-mapped and IPv4-compatible IPv6 included), redirect or
 * name answer points at them. Also robots.txt, redirect and size limits, timeouts, and what a
 * site that cannot be checked is told.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import https from "node:https";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditUserAgent } from "../../src/audit/config";
import { runAudit, type AuditOptions } from "../../src/audit/run";
import { auditReportSchema } from "../../src/audit/report";
import {
  serveSite,
  startCanary,
  strongSite,
  tableResolver,
  type Canary,
  type FixtureSite,
  type Routes,
} from "../support/auditSites";

const fast = { minIntervalMs: 0 };
const NOW = new Date("2026-11-25T12:00:00Z");

async function check(input: string, site: FixtureSite | null, options: AuditOptions = {}) {
  const report = await runAudit(input, {
    allowHosts: site ? [site.hostPort] : [],
    now: NOW,
    ...options,
    limits: { ...fast, ...options.limits },
  });
  return auditReportSchema.parse(report);
}

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("the address guard", () => {
  let v4: Canary;
  let v6: Canary;
  let local4: Canary;
  let local6: Canary | null = null;
  let site: FixtureSite;
  /** Where the fixture site's home page redirects to: set per test. */
  let target = "/";
  const connections = () =>
    v4.connections() + v6.connections() + local4.connections() + (local6?.connections() ?? 0);

  beforeAll(async () => {
    v4 = await startCanary("127.0.0.2");
    v6 = await startCanary("::1");
    local4 = await startCanary("127.0.0.1");
    // localhost may answer ::1 first: a canary there too, on the same port.
    local6 = await startCanary("::1", local4.port).catch(() => null);
    site = await serveSite((origin) => ({
      ...strongSite(origin),
      "/": { handler: (_req, res) => res.writeHead(302, { location: target }).end() },
    }));
  });
  afterAll(async () => {
    await Promise.all([v4.close(), v6.close(), local4.close(), local6?.close(), site.close()]);
  });

  it("refuses every spelling of a loopback address, with or without a scheme, without connecting", async () => {
    const p = v4.port;
    const inputs = [
      `http://127.0.0.2:${p}/`,
      `http://2130706434:${p}/`,
      `http://0177.0.0.2:${p}/`,
      `http://0x7f000002:${p}/`,
      `http://0x7f.0.0.2:${p}/`,
      `http://127.2:${p}/`,
      `http://[::ffff:127.0.0.2]:${p}/`,
      `http://[::ffff:7f00:2]:${p}/`,
      // IPv4-compatible IPv6 (::/96): what the URL parser makes of `[::127.0.0.2]` is ::7f00:2.
      `http://[::7f00:2]:${p}/`,
      `http://[::127.0.0.2]:${p}/`,
      `[::7f00:2]:${p}`,
      `https://127.0.0.2:${p}/`,
      `127.0.0.2:${p}`,
      `2130706434:${p}`,
      `http://[::1]:${v6.port}/`,
      `[::1]:${v6.port}`,
      `http://[0:0:0:0:0:0:0:1]:${v6.port}/`,
      `http://localhost:${local4.port}/`,
      `http://LocalHost.:${local4.port}/`,
      `localhost:${local4.port}`,
    ];
    for (const input of inputs) {
      const report = await check(input, null);
      expect({ input, outcome: report.outcome, reason: report.reason }).toEqual({
        input,
        outcome: "unreachable",
        reason: "blocked",
      });
      expect(report.message).toMatch(/not a public website address/);
    }
    expect(connections()).toBe(0);
  });

  it("refuses a redirect from an allowed site to any of them, without connecting", async () => {
    const p = v4.port;
    const targets = [
      `http://127.0.0.2:${p}/`,
      `http://2130706434:${p}/`,
      `http://0177.0.0.2:${p}/`,
      `http://0x7f000002:${p}/`,
      `http://[::1]:${v6.port}/`,
      `http://[::ffff:127.0.0.2]:${p}/`,
      `http://[::127.0.0.2]:${p}/`,
      `http://localhost:${local4.port}/`,
      // The allowed host on a port that is not allowed.
      `http://127.0.0.1:${local4.port}/`,
      `//127.0.0.2:${p}/`,
    ];
    for (const t of targets) {
      target = t;
      const report = await check(site.origin, site);
      expect({ t, outcome: report.outcome, reason: report.reason }).toEqual({
        t,
        outcome: "unreachable",
        reason: "blocked",
      });
    }
    expect(connections()).toBe(0);
  });

  it("refuses a redirect to another scheme", async () => {
    for (const t of ["file:///etc/passwd", "ftp://127.0.0.1/", "gopher://127.0.0.2:70/"]) {
      target = t;
      expect((await check(site.origin, site)).reason).toBe("blocked");
    }
  });

  it("refuses a name whose DNS answer is loopback, even when one answer of several is", async () => {
    const resolver = tableResolver({
      "canary.example": ["127.0.0.2"],
      "six.example": ["::1"],
      "mapped.example": ["::ffff:127.0.0.2"],
      "compatible.example": ["::7f00:2"],
      "mixed.example": ["127.0.0.2", "::1"],
    });
    for (const [name, port] of [
      ["canary.example", v4.port],
      ["six.example", v6.port],
      ["mapped.example", v4.port],
      ["compatible.example", v4.port],
      ["mixed.example", v4.port],
    ] as const) {
      const report = await check(`http://${name}:${port}/`, null, { resolver });
      expect(report.reason, name).toBe("blocked");
      expect(report.detail).toContain("not a public address");
    }
    expect(connections()).toBe(0);
  });

  it("refuses a page linked from an allowed site that redirects to a canary, and goes on", async () => {
    const linked = await serveSite((origin) => ({
      ...strongSite(origin),
      "/lawn-care": { status: 301, headers: { location: `http://127.0.0.2:${v4.port}/` } },
      "/about": { status: 302, headers: { location: `http://[::1]:${v6.port}/about` } },
    }));
    try {
      const report = await check(linked.origin, linked);
      expect(report.outcome).toBe("ok");
      expect(report.pages.find((p) => p.url.endsWith("/lawn-care"))?.status).toBe(0);
      expect(connections()).toBe(0);
    } finally {
      await linked.close();
    }
  });

  it("refuses user names and passwords in the address, before any request", async () => {
    const before = site.requests.length;
    const report = await check(`http://owner:secret@${site.hostPort}/`, site);
    expect(report.reason).toBe("blocked");
    expect(site.requests.length).toBe(before);
  });
});

describe("connecting to the address that was checked", () => {
  it("resolves a name once per request and connects to that answer: the system never resolves it again", async () => {
    const site = await serveSite(strongSite);
    const port = site.hostPort.split(":")[1];
    let lookups = 0;
    const resolver = async (hostname: string) => {
      lookups++;
      return tableResolver({ "lawnpros.test": ["127.0.0.1"] })(hostname);
    };
    try {
      // lawnpros.test exists only in this resolver: a second lookup by the system would fail.
      const report = await check(`http://lawnpros.test:${port}/`, null, {
        resolver,
        allowHosts: [`lawnpros.test:${port}`],
      });
      expect(report.outcome).toBe("ok");
      expect(lookups).toBe(site.requests.length);
      expect(new Set(site.headers.map((h) => h.host))).toEqual(new Set([`lawnpros.test:${port}`]));
    } finally {
      await site.close();
    }
  });
});

describe("a polite visitor", () => {
  it("sends our user agent, no cookies even when the site sets some, and at most 2 requests a second", async () => {
    // A small site (each request costs the check half a second): the home page sets a cookie and
    // links to three pages read after it, so a kept cookie would show on each of them.
    const site = await serveSite((origin) => ({
      "/": {
        body: `<!doctype html><title>Cookies</title><a href="${origin}/a">a</a><a href="/b">b</a><a href="/c">c</a>`,
        headers: { "set-cookie": "session=abc; Path=/" },
      },
      "/a": { body: "<h1>a</h1>" },
      "/b": { body: "<h1>b</h1>" },
      "/c": { body: "<h1>c</h1>" },
      "/robots.txt": { type: "text/plain", body: "User-agent: *\nAllow: /\n" },
      "/sitemap.xml": { status: 404 },
    }));
    try {
      const report = await runAudit(`http://${site.hostPort}/`, {
        allowHosts: [site.hostPort],
        now: NOW,
      });
      expect(report.outcome).toBe("ok");
      // robots.txt, the sitemap, the home page, its three pages and the soft-404 probe.
      expect(site.requests.length).toBeGreaterThanOrEqual(7);
      expect(new Set(site.headers.map((h) => h["user-agent"]))).toEqual(
        new Set([auditUserAgent()]),
      );
      expect(site.headers.filter((h) => h.cookie !== undefined)).toEqual([]);
      // Spaced 500 ms apart by the fetcher. What arrives jitters with the machine's load (one
      // request held up 185 ms in its socket on a busy CI machine, so the next arrived 315 ms
      // after it), but never bunches up: requests sent together would arrive within a few ms.
      const gaps = site.times.slice(1).map((t, i) => t - site.times[i]!);
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(250);
      const span = site.times.at(-1)! - site.times[0]!;
      expect(span).toBeGreaterThanOrEqual((site.times.length - 1) * 500 - 100);
    } finally {
      await site.close();
    }
  }, 30_000);

  it("keeps to 2 requests a second to one site across checks running at once", async () => {
    const site = await serveSite((origin) => ({
      "/": {
        body: `<!doctype html><title>Two checks</title><a href="${origin}/a">a</a><a href="/b">b</a>`,
      },
      "/a": { body: "<h1>a</h1>" },
      "/b": { body: "<h1>b</h1>" },
    }));
    try {
      const options = { allowHosts: [site.hostPort], now: NOW };
      const reports = await Promise.all([
        runAudit(site.origin, options),
        runAudit(site.origin, options),
      ]);
      expect(reports.map((r) => r.outcome)).toEqual(["ok", "ok"]);
      // Each: robots.txt, sitemap, home, two pages and the soft-404 probe.
      expect(site.requests.length).toBe(12);
      const gaps = site.times.slice(1).map((t, i) => t - site.times[i]!);
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(400);
    } finally {
      await site.close();
    }
  }, 30_000);

  it("does not read the home page when robots.txt disallows our user agent", async () => {
    const site = await serveSite(() => ({
      "/robots.txt": {
        type: "text/plain",
        body: "User-agent: GreenlineGrowthAuditBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n",
      },
      "/": { body: "<h1>home</h1>" },
    }));
    try {
      const report = await check(site.origin, site);
      expect(report).toMatchObject({ outcome: "unreachable", reason: "robots" });
      expect(report.message).toMatch(
        /robots\.txt asks our website-check robot by name not to read/,
      );
      expect(site.requests.filter((r) => r !== "/robots.txt")).toEqual([]);
    } finally {
      await site.close();
    }
  });

  it("skips pages robots.txt disallows to our bot, and reads a site whose robots.txt errors", async () => {
    const site = await serveSite((origin) => {
      const routes = strongSite(origin);
      routes["/robots.txt"] = {
        type: "text/plain",
        body: "User-agent: GreenlineGrowthAuditBot\nDisallow: /lawn-care\nDisallow: /about\n",
      };
      return routes;
    });
    const down = await serveSite(() => ({
      "/robots.txt": { status: 503 },
      "/": { body: "<h1>home</h1>" },
    }));
    try {
      const report = await check(site.origin, site);
      expect(report.outcome).toBe("ok");
      expect(site.requests).not.toContain("/lawn-care");
      expect(site.requests).not.toContain("/about");
      expect(site.requests).toContain("/irrigation");
      // A robots.txt that errors names nobody: a check someone asked for reads the site (D241).
      expect((await check(down.origin, down)).outcome).toBe("ok");
      expect(down.requests).toContain("/");
    } finally {
      await site.close();
      await down.close();
    }
  });

  it("reads at most 20 more pages, from the sitemap robots.txt names", async () => {
    const site = await serveSite((origin) => {
      const routes: Routes = { ...strongSite(origin) };
      const paths = Array.from({ length: 40 }, (_, i) => `/lawn-care-${i}`);
      for (const p of paths) routes[p] = { body: `<title>${p}</title><h1>${p}</h1>` };
      routes["/robots.txt"] = { type: "text/plain", body: `Sitemap: ${origin}/maps/pages.xml\n` };
      routes["/maps/pages.xml"] = {
        type: "application/xml",
        body: `<urlset>${paths.map((p) => `<url><loc>${origin}${p}</loc></url>`).join("")}</urlset>`,
      };
      return routes;
    });
    try {
      const report = await check(site.origin, site);
      const html = report.pages.filter((p) => !/\.(txt|xml)$/.test(p.url));
      expect(html.length).toBe(21);
      expect(site.requests).toContain("/maps/pages.xml");
      expect(site.requests).not.toContain("/sitemap.xml");
      expect(report.checks.find((c) => c.id === "sitemap")?.evidence).toContain(
        "/maps/pages.xml lists 40 pages",
      );
    } finally {
      await site.close();
    }
  });
});

describe("limits", () => {
  it("follows 5 redirects, not 6", async () => {
    const chain = (n: number): Routes => {
      const routes: Routes = { "/end": { body: "<!doctype html><title>End</title><h1>End</h1>" } };
      for (let i = 0; i < n; i++)
        routes[i === 0 ? "/" : `/r${i}`] = {
          status: 302,
          headers: { location: i + 1 === n ? "/end" : `/r${i + 1}` },
        };
      return routes;
    };
    const five = await serveSite(() => chain(5));
    const six = await serveSite(() => chain(6));
    try {
      const ok = await check(five.origin, five);
      expect(ok.outcome).toBe("ok");
      expect(ok.finalUrl).toBe(`${five.origin}/end`);
      const tooMany = await check(six.origin, six);
      expect(tooMany).toMatchObject({ outcome: "unreachable", reason: "redirects" });
      expect(six.requests).not.toContain("/end");
    } finally {
      await five.close();
      await six.close();
    }
  });

  it("gives up on a page after the page timeout, and says so", async () => {
    const site = await serveSite(() => ({ "/": { delayMs: 3_000, body: "<h1>late</h1>" } }));
    try {
      const started = Date.now();
      const report = await check(site.origin, site, { limits: { pageTimeoutMs: 400 } });
      expect(report).toMatchObject({ outcome: "unreachable", reason: "timeout" });
      expect(report.message).toMatch(/took too long/);
      expect(Date.now() - started).toBeLessThan(2_500);
    } finally {
      await site.close();
    }
  });

  it("stops the whole check at its deadline and scores what it read", async () => {
    const site = await serveSite((origin) => {
      const routes = strongSite(origin);
      for (const path of [
        "/lawn-care",
        "/landscape-design",
        "/patios-and-pavers",
        "/irrigation",
        "/about",
        "/contact",
      ]) {
        routes[path] = { ...routes[path], delayMs: 700 };
      }
      return routes;
    });
    try {
      const started = Date.now();
      const report = await check(site.origin, site, { limits: { checkTimeoutMs: 1_500 } });
      expect(report.outcome).toBe("ok");
      expect(report.score).toBeGreaterThan(0);
      expect(Date.now() - started).toBeLessThan(2_500);
      expect(report.pages.length).toBeLessThan(9);
    } finally {
      await site.close();
    }
  });

  it("keeps 2 MB of an oversized page, and of a gzip bomb, and scores the page as heavy", async () => {
    const huge = `<!doctype html><title>Huge page</title><body>${"<p>mulch</p>".repeat(300_000)}`;
    const bomb = zlib.gzipSync(
      Buffer.concat([
        Buffer.from("<!doctype html><title>Bomb</title><body>"),
        Buffer.alloc(64 * 1024 * 1024, 0x20),
      ]),
    );
    expect(bomb.length).toBeLessThan(200_000);
    const site = await serveSite(() => ({
      "/": { body: huge },
      "/robots.txt": { status: 404 },
    }));
    const bombSite = await serveSite(() => ({
      "/": { body: bomb, headers: { "content-encoding": "gzip" } },
      "/robots.txt": { status: 404 },
    }));
    try {
      for (const s of [site, bombSite]) {
        const report = await check(s.origin, s);
        expect(report.outcome).toBe("ok");
        const home = report.pages.find((p) => p.url === `${s.origin}/`)!;
        expect(home.bytes).toBe(2 * 1024 * 1024);
        const weight = report.checks.find((c) => c.id === "page-weight")!;
        expect(weight.status).toBe("fail");
        expect(weight.evidence).toContain("HTML over 2.0 MB");
      }
    } finally {
      await site.close();
      await bombSite.close();
    }
  });

  it("says plainly what it could not check: not HTML, an error page, a refused connection", async () => {
    const json = await serveSite(() => ({
      "/": { type: "application/json", body: '{"ok":true}' },
    }));
    const broken = await serveSite(() => ({ "/": { status: 500, body: "<h1>Error</h1>" } }));
    const port = await closedPort();
    try {
      expect((await check(json.origin, json)).reason).toBe("not-html");
      expect((await check(broken.origin, broken)).reason).toBe("http-error");
      const refused = await check(`127.0.0.1:${port}`, null, { allowHosts: [`127.0.0.1:${port}`] });
      expect(refused).toMatchObject({
        outcome: "unreachable",
        reason: "refused",
        checks: [],
        categories: [],
      });
      expect(refused.score).toBeUndefined();
      expect(refused.message).toBe(
        `127.0.0.1:${port} did not accept our connection. The site may be down, or blocking visitors.`,
      );
    } finally {
      await json.close();
      await broken.close();
    }
  });

  it("reports a certificate browsers would reject as a TLS failure", async () => {
    const dir = mkdtempSync(join(tmpdir(), "audit-tls-"));
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-keyout",
        join(dir, "key.pem"),
        "-out",
        join(dir, "cert.pem"),
      ],
      { stdio: "ignore" },
    );
    const server = https.createServer(
      { key: readFileSync(join(dir, "key.pem")), cert: readFileSync(join(dir, "cert.pem")) },
      (_req, res) => res.end("<h1>self-signed</h1>"),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const hostPort = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const report = await check(`https://${hostPort}/`, null, { allowHosts: [hostPort] });
      expect(report).toMatchObject({ outcome: "unreachable", reason: "tls" });
    } finally {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a caller that stops", () => {
  it("rejects with its own reason when its signal aborts, instead of reporting the site", async () => {
    const site = await serveSite(() => ({ "/": { delayMs: 5_000, body: "<h1>slow</h1>" } }));
    try {
      const controller = new AbortController();
      setTimeout(() => controller.abort(new Error("server stopping")), 300);
      await expect(
        runAudit(site.origin, { allowHosts: [site.hostPort], signal: controller.signal }),
      ).rejects.toThrow("server stopping");
    } finally {
      await site.close();
    }
  });
});

describe("a whole check", () => {
  it("scores the strong fixture site over http, https having failed, with every page listed", async () => {
    const site = await serveSite(strongSite);
    try {
      const report = await check(site.hostPort, site);
      expect(report.outcome).toBe("ok");
      expect(report.finalUrl).toBe(`${site.origin}/`);
      expect(report.checks.filter((c) => c.status === "fail").map((c) => c.id)).toEqual(["https"]);
      expect(report.grade).toBe("A");
      expect(report.pages.map((p) => p.url)).toContain(`${site.origin}/sitemap.xml`);
      expect(report.fetchedAt).toBe(NOW.toISOString());
    } finally {
      await site.close();
    }
  });
});
