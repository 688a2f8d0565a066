/**
 * How the website check reads a site it was given as typed (issue 38), over loopback: a TLS-only
 * host:port trusted through NODE_EXTRA_CA_CERTS and an http-only one, both typed without a
 * scheme, checked by the CLI as the agency (and the hidden corpus) runs it; a staging robots.txt
 * that shuts out every robot but not ours by name; the made-up address of the soft-404 probe; the
 * bytes of the home page's images counted without downloading a heavy file whole; and `/` read
 * once, not again as `/index.html`.
 */
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAudit } from "../../src/audit/run";
import { auditReportSchema, type AuditReport } from "../../src/audit/report";
import { topFixes } from "../../src/audit/summary";
import { childEnv } from "../support/childEnv";
import { jpegRoute, serveSite, strongSite, type FixtureSite } from "../support/auditSites";
import { node, root } from "./support";

const NOW = new Date("2026-11-25T12:00:00Z");
const fast = { minIntervalMs: 0 };

const failed = (report: AuditReport) =>
  report.checks.filter((c) => c.status === "fail").map((c) => c.id);
const status = (report: AuditReport, id: string) => report.checks.find((c) => c.id === id);

/** `leads audit <input> --format json` as a child process, trusting the test's certificate. */
function cli(input: string, env: Record<string, string>): Promise<AuditReport> {
  return new Promise((resolve, reject) => {
    execFile(
      node,
      [
        "--disable-warning=ExperimentalWarning",
        join(root, "cli/leads.ts"),
        "audit",
        input,
        "--format",
        "json",
      ],
      { cwd: root, env: { ...childEnv, ...env }, encoding: "utf8" },
      (error, stdout, stderr) => {
        try {
          resolve(auditReportSchema.parse(JSON.parse(stdout)));
        } catch {
          reject(new Error(`no report (${error?.message ?? ""}): ${stderr.slice(0, 500)}`));
        }
      },
    );
  });
}

// Three checks of three sites, each waiting on its site's pacing (about 10 s): side by side.
describe("a site typed without a scheme, as the CLI reads it", () => {
  let dir: string;
  let tlsSite: FixtureSite;
  let mixedSite: FixtureSite;
  let httpSite: FixtureSite;
  let env: Record<string, string>;

  beforeAll(async () => {
    // A certificate for 127.0.0.1, trusted by the child through NODE_EXTRA_CA_CERTS.
    dir = mkdtempSync(join(tmpdir(), "audit-read-"));
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
        "-addext",
        "subjectAltName=IP:127.0.0.1",
        "-keyout",
        join(dir, "key.pem"),
        "-out",
        join(dir, "cert.pem"),
      ],
      { stdio: "ignore" },
    );
    const tls = {
      key: readFileSync(join(dir, "key.pem")),
      cert: readFileSync(join(dir, "cert.pem")),
    };
    tlsSite = await serveSite(strongSite, "127.0.0.1", { tls });
    mixedSite = await serveSite(
      (origin) => {
        const routes = strongSite(origin);
        routes["/"] = {
          body: String(routes["/"]!.body).replace(
            "</body>",
            '<script src="http://127.0.0.1:9/widget.js" defer></script></body>',
          ),
        };
        return routes;
      },
      "127.0.0.1",
      { tls },
    );
    httpSite = await serveSite(strongSite);
    env = {
      AUDIT_ALLOW_HOSTS: [tlsSite.hostPort, mixedSite.hostPort, httpSite.hostPort].join(","),
      SITE_URL: "https://agency.example",
      NODE_EXTRA_CA_CERTS: join(dir, "cert.pem"),
    };
  });
  afterAll(async () => {
    await Promise.all([tlsSite.close(), mixedSite.close(), httpSite.close()]);
    rmSync(dir, { recursive: true, force: true });
  });

  it.concurrent(
    "scores a well-made site on a TLS-only port an A with no failure, http:// not applicable",
    async ({ expect }) => {
      const report = await cli(tlsSite.hostPort, env);
      expect(report.outcome).toBe("ok");
      expect(report.finalUrl).toBe(`${tlsSite.origin}/`);
      expect(failed(report)).toEqual([]);
      expect(report.score).toBeGreaterThanOrEqual(90);
      expect(report.grade).toBe("A");
      expect(status(report, "https")?.status).toBe("pass");
      // The port speaks TLS only: a plain request gets no page, so there is nothing to redirect.
      expect(status(report, "http-redirect")?.status).toBe("na");
      // Its images and stylesheet were measured: light, sized as shown, none broken.
      expect(status(report, "image-size")?.status).toBe("pass");
      expect(status(report, "broken-images")?.status).toBe("pass");
      expect(status(report, "page-weight")?.evidence).toMatch(/3 images/);
    },
    60_000,
  );

  it.concurrent(
    "fails mixed-content alone when an https page loads an http:// script",
    async ({ expect }) => {
      const report = await cli(mixedSite.hostPort, env);
      expect(failed(report)).toEqual(["mixed-content"]);
      expect(status(report, "mixed-content")?.evidence).toContain("http://127.0.0.1:9/widget.js");
    },
    60_000,
  );

  it.concurrent(
    "scores an http-only site with https failed, after https did not answer",
    async ({ expect }) => {
      const report = await cli(httpSite.hostPort, env);
      expect(report.outcome).toBe("ok");
      expect(report.finalUrl).toBe(`${httpSite.origin}/`);
      expect(failed(report)).toEqual(["https"]);
      expect(status(report, "http-redirect")?.status).toBe("na");
      expect(status(report, "mixed-content")?.status).toBe("na");
      expect(report.score).toBeGreaterThanOrEqual(90);
    },
    60_000,
  );
});

describe("robots.txt", () => {
  it("reads a site whose staging robots.txt shuts out every robot, and leads with it", async () => {
    const site = await serveSite((origin) => ({
      ...strongSite(origin),
      "/robots.txt": { type: "text/plain", body: "User-agent: *\nDisallow: /\n" },
    }));
    try {
      const report = auditReportSchema.parse(
        await runAudit(site.hostPort, { allowHosts: [site.hostPort], now: NOW, limits: fast }),
      );
      expect(report.outcome).toBe("ok");
      expect(failed(report)).toEqual(["https", "search-engines-allowed"]);
      const blocked = status(report, "search-engines-allowed")!;
      expect(blocked.evidence).toMatch(
        /^Every search engine, Google included, is told not to read your site/,
      );
      expect(blocked.evidence).toContain("User-agent: * / Disallow: /");
      expect(status(report, "robots-txt")?.status).toBe("pass");
      // Google cannot read it: at most a D, and the first fix says so.
      expect(report.score).toBeLessThanOrEqual(69);
      expect(report.grade).toBe("D");
      expect(topFixes(report, 1)[0]!.id).toBe("search-engines-allowed");
      expect(site.requests).toContain("/lawn-care");
    } finally {
      await site.close();
    }
  });

  it("still reads nothing but robots.txt when it names our bot", async () => {
    const site = await serveSite((origin) => ({
      ...strongSite(origin),
      "/robots.txt": {
        type: "text/plain",
        body: "User-agent: GreenlineGrowthAuditBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n",
      },
    }));
    try {
      const report = await runAudit(site.hostPort, {
        allowHosts: [site.hostPort],
        now: NOW,
        limits: fast,
      });
      expect(report).toMatchObject({ outcome: "unreachable", reason: "robots" });
      expect(site.requests.filter((r) => r !== "/robots.txt")).toEqual([]);
    } finally {
      await site.close();
    }
  });
});

describe("what one check asks a site for", () => {
  it("asks one made-up address, and fails soft-404 alone when it answers 200 with the home page", async () => {
    let home = "";
    const soft = await serveSite(
      (origin) => {
        const routes = strongSite(origin);
        home = String(routes["/"]!.body);
        return routes;
      },
      "127.0.0.1",
      { fallback: { handler: (_req, res) => res.end(home) } },
    );
    const real = await serveSite(strongSite);
    try {
      const bad = await runAudit(soft.hostPort, {
        allowHosts: [soft.hostPort],
        now: NOW,
        limits: fast,
      });
      expect(failed(bad)).toEqual(["https", "soft-404"]);
      expect(status(bad, "soft-404")?.evidence).toMatch(/answered 200 with the home page/);
      const good = await runAudit(real.hostPort, {
        allowHosts: [real.hostPort],
        now: NOW,
        limits: fast,
      });
      expect(status(good, "soft-404")?.status).toBe("pass");
      const probes = real.requests.filter((r) => r.startsWith("/this-page-does-not-exist-"));
      expect(probes).toHaveLength(1);
      // Two checks, two different made-up addresses: nothing a site could special-case.
      expect(soft.requests.find((r) => r.startsWith("/this-page-does-not-exist-"))).not.toBe(
        probes[0],
      );
    } finally {
      await soft.close();
      await real.close();
    }
  });

  it("counts what a phone downloads from each file's stated size, without downloading it whole", async () => {
    const big = 4_000_000;
    let sent = 0;
    const site = await serveSite((origin) => {
      const routes = strongSite(origin);
      routes["/img/patio.jpg"] = {
        handler: (_req: http.IncomingMessage, res: http.ServerResponse) => {
          res.writeHead(200, { "content-type": "image/jpeg", "content-length": String(big) });
          // 64 KB every 10 ms until the reader hangs up: sent tells how much it took.
          const head = jpegRoute(4000, 3000, 64 * 1024).body as Buffer;
          let closed = false;
          res.on("close", () => (closed = true));
          const write = () => {
            if (closed) return;
            if (sent >= big) return void res.end();
            const part = sent === 0 ? head : Buffer.alloc(Math.min(64 * 1024, big - sent));
            sent += part.length;
            res.write(part);
            setTimeout(write, 10);
          };
          write();
        },
      };
      // A broken photo and an oversized one without a stated length (counted as it comes).
      routes["/img/crew.jpg"] = { status: 404, body: "gone" };
      routes["/img/lawn.jpg"] = jpegRoute(1200, 800, 1_500_000);
      return routes;
    });
    try {
      const report = await runAudit(site.hostPort, {
        allowHosts: [site.hostPort],
        now: NOW,
        limits: fast,
      });
      expect(failed(report)).toEqual(["https", "page-weight", "image-size", "broken-images"]);
      expect(status(report, "page-weight")?.evidence).toMatch(
        /A phone downloads at least 5\.\d MB for the home page \(HTML \d+ KB, 2 images 5\.\d MB, 1 stylesheet/,
      );
      expect(status(report, "image-size")?.evidence).toMatch(/\/img\/patio\.jpg is 3\.8 MB/);
      expect(status(report, "broken-images")?.evidence).toMatch(/\/img\/crew\.jpg \(404\)/);
      // Over 5 MB: at most a C, whatever else the site does well.
      expect(report.grade).toBe("C");
      expect(report.score).toBeLessThanOrEqual(79);
      // The heavy file was measured by its Content-Length: it was not downloaded past its head.
      expect(sent).toBeLessThan(big / 8);
    } finally {
      await site.close();
    }
  });

  it("reads / once: /index.html and a redirect to a page already read are not read again", async () => {
    const site = await serveSite((origin) => {
      const routes = strongSite(origin);
      routes["/"] = {
        body: String(routes["/"]!.body).replace(
          "</body>",
          '<a href="/index.html">Home</a><a href="/old-home">Start</a></body>',
        ),
      };
      routes["/index.html"] = routes["/"];
      routes["/old-home"] = { status: 301, headers: { location: "/" } };
      return routes;
    });
    try {
      const report = await runAudit(site.hostPort, {
        allowHosts: [site.hostPort],
        now: NOW,
        limits: fast,
      });
      expect(site.requests).not.toContain("/index.html");
      expect(status(report, "duplicate-titles")?.status).toBe("pass");
      expect(status(report, "duplicate-descriptions")?.status).toBe("pass");
      expect(failed(report)).toEqual(["https"]);
    } finally {
      await site.close();
    }
  });
});
