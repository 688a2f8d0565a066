/**
 * `npm run -s leads -- audit URL [--format json]` as an agency runs it (a child process) against
 * a fixture site on loopback: the text report leads with the score and the talking points,
 * --format json prints the documented JSON and nothing else, what the site says cannot drive the
 * terminal, and without AUDIT_ALLOW_HOSTS a loopback site is refused untouched.
 */
import { execFile } from "node:child_process";
import { childEnv } from "../support/childEnv";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditReportSchema } from "../../src/audit/report";
import { serveSite, strongSite, type FixtureSite } from "../support/auditSites";
import { node, root } from "./support";

interface Run {
  status: number;
  stdout: string;
  stderr: string;
}

/** The CLI, asynchronously: the fixture site answers from this process meanwhile. */
function leads(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      node,
      ["--disable-warning=ExperimentalWarning", join(root, "cli/leads.ts"), ...args],
      { cwd: root, env: { ...childEnv, ...env }, encoding: "utf8" },
      (error, stdout, stderr) =>
        resolve({ status: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
const HOSTILE_TITLE = "Lawn Pros \x1b]0;pwned\x07\x1b[2J\u202Egnol";

describe("leads audit", () => {
  let site: FixtureSite;
  let env: Record<string, string>;

  beforeAll(async () => {
    site = await serveSite((origin) => {
      const routes = strongSite(origin);
      routes["/"] = {
        body: String(routes["/"]!.body).replace(/<h1>[^<]*<\/h1>/, `<h1>${HOSTILE_TITLE}</h1>`),
      };
      return routes;
    });
    env = { AUDIT_ALLOW_HOSTS: site.hostPort, SITE_URL: "https://agency.example" };
  });
  afterAll(() => site.close());

  // The two checks wait on the site's pacing (2 requests a second, about 10 s each): side by side.
  it.concurrent(
    "prints the score, then the failed checks with their fix, made inert for the terminal",
    async ({ expect }) => {
      const run = await leads(["audit", site.hostPort], env);
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(
        /^Website check of 127\.0\.0\.1:\d+ \(http:\/\/127\.0\.0\.1:\d+\/\)$/m,
      );
      expect(run.stdout).toMatch(/^Score \d+\/100, grade [A-F]$/m);
      expect(run.stdout).toMatch(/Local \d+ · Conversion \d+ · Technical \d+ · Content \d+/);
      const fixes = run.stdout.indexOf("To fix (talking points):");
      expect(fixes).toBeGreaterThan(0);
      expect(run.stdout.indexOf("✗ Secure connection (https)")).toBeGreaterThan(fixes);
      expect(run.stdout).toContain("Fix: Ask your web host to switch on a free SSL certificate");
      expect(run.stdout.indexOf("Passed:")).toBeGreaterThan(fixes);
      // The heading's escape sequences were dropped from the report itself: plain text only.
      expect(run.stdout).toContain(
        "The home page's main heading is “Lawn Pros ]0;pwned [2J gnol”;",
      );
      expect(run.stdout).not.toMatch(RAW_CONTROL);
      expect(run.stderr).toContain("Checking 127.0.0.1:");
      expect(new Set(site.headers.map((h) => h["user-agent"]))).toEqual(
        new Set(["GreenlineGrowthAuditBot/1.0 (+https://agency.example/audit-bot)"]),
      );
    },
  );

  it.concurrent(
    "--format json prints the documented report and nothing else",
    async ({ expect }) => {
      const run = await leads(["audit", `http://${site.hostPort}/`, "--format", "json"], env);
      expect(run.status).toBe(0);
      const report = auditReportSchema.parse(JSON.parse(run.stdout));
      expect(report).toMatchObject({
        outcome: "ok",
        url: `http://${site.hostPort}/`,
        finalUrl: `${site.origin}/`,
      });
      expect(report.checks).toHaveLength(44);
      expect(report.checks[0]).toEqual(
        expect.objectContaining({
          id: expect.any(String),
          category: expect.any(String),
          status: expect.any(String),
          evidence: expect.any(String),
          fix: expect.any(String),
        }),
      );
      expect(report.pages.length).toBeGreaterThan(5);
      expect(run.stdout).not.toMatch(RAW_CONTROL);
    },
  );

  it("refuses a loopback site without AUDIT_ALLOW_HOSTS, without a request, exit status 1", async () => {
    const before = site.requests.length;
    const run = await leads(["audit", site.hostPort, "--format", "json"], {
      SITE_URL: "https://agency.example",
    });
    expect(run.status).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ outcome: "unreachable", reason: "blocked" });
    expect(site.requests.length).toBe(before);
  });

  it("answers a mistake with the usage, exit status 2", async () => {
    expect((await leads(["audit"], env)).status).toBe(2);
    const csv = await leads(["audit", site.hostPort, "--format", "csv"], env);
    expect(csv.status).toBe(2);
    expect(csv.stderr).toContain("audit: --format must be json");
  });
});
