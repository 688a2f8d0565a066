/**
 * The website check around the built server: the server warns at start when AUDIT_ALLOW_HOSTS
 * lets hosts past the address guard (and says nothing otherwise), and /audit-bot tells a site
 * owner our user agent and two robots.txt lines that really do keep the robot out.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAudit } from "../../src/audit/run";
import { serveSite, strongSite } from "../support/auditSites";
import { removeDir, startServer, tempDir, type RunningServer } from "./support";

describe("the website check on the server", () => {
  let allowed: RunningServer;
  let plain: RunningServer;
  const dirs = [tempDir(), tempDir()];

  beforeAll(async () => {
    allowed = await startServer({
      DATA_DIR: dirs[0]!,
      AUDIT_ALLOW_HOSTS: "127.0.0.1:8080,staging.example:443",
    });
    plain = await startServer({ DATA_DIR: dirs[1]! });
  });
  afterAll(async () => {
    await allowed?.stop();
    await plain?.stop();
    for (const dir of dirs) removeDir(dir);
  });

  it("logs a warning at start naming the hosts AUDIT_ALLOW_HOSTS lets through, and none without it", () => {
    const line = allowed
      .output()
      .split("\n")
      .find((l) => l.includes('"event":"audit_allow_hosts"'));
    expect(line).toBeDefined();
    const entry = JSON.parse(line!) as { level: number; hosts: string[]; msg: string };
    expect(entry.level).toBe(40);
    expect(entry.hosts).toEqual(["127.0.0.1:8080", "staging.example:443"]);
    expect(entry.msg).toContain("AUDIT_ALLOW_HOSTS is set");
    expect(plain.output()).not.toContain("audit_allow_hosts");
  });

  it("/audit-bot names our user agent, and the opt-out it gives keeps our robot out", async () => {
    const res = await fetch(`${plain.url}/audit-bot`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(
      "GreenlineGrowthAuditBot/1.0 (+https://greenline-growth.example/audit-bot)",
    );
    const lines = [...html.matchAll(/<p[^>]*>((?:User-agent|Disallow): [^<]*)<\/p>/g)].map(
      (m) => m[1],
    );
    expect(lines).toEqual(["User-agent: GreenlineGrowthAuditBot", "Disallow: /"]);
    const sitemap = await (await fetch(`${plain.url}/sitemap.xml`)).text();
    expect(sitemap).not.toContain("/audit-bot");

    // A site owner follows the page: our robot then reads robots.txt and nothing else.
    const site = await serveSite((origin) => ({
      ...strongSite(origin),
      "/robots.txt": { type: "text/plain", body: `${lines.join("\n")}\n` },
    }));
    try {
      const report = await runAudit(site.origin, {
        allowHosts: [site.hostPort],
        limits: { minIntervalMs: 0 },
      });
      expect(report).toMatchObject({ outcome: "unreachable", reason: "robots" });
      expect(site.requests).toEqual(["/robots.txt"]);
    } finally {
      await site.close();
    }
  });
});
