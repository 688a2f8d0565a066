/**
 * The prospect's side of the website check over real HTTP, on SQLite, against the built
 * server: the report page `/audit/<token>` (score, categories, every check, 'how we score', the
 * call to book; escaped; private, no-store, noindex), its PDF, the live status JSON and the audit
 * thank-you page; a changed or foreign token, or another spelling of a good one, gets 403; a
 * check still running says so.
 * The checks are stored as the worker stores them (the engine is not under test here).
 * The HTTP scenarios run on SQLite only: the store contract suites hold both stores to the
 * same behaviour, and postgres-smoke.test.ts runs each feature on a server over PostgreSQL.
 */
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "../../src/config/site";
import { formatPhone } from "../../src/lib/format";
import { auditJobStoreFor } from "../../src/audit/store";
import { auditLinks } from "../../src/audit/token";
import { auditJobFor } from "../../src/audit/jobs";
import type { LeadStore } from "../../src/leads/store/types";
import { auditLead, fixtureReport } from "./audit-support";
import { serverStore, startServer, openServerStore, type RunningServer } from "./support";

const SALT = "audit-http-test-salt-0123456789abcdef";

describe("the report's pages (sqlite)", () => {
  let server: RunningServer;
  let store: LeadStore;
  let cleanup: () => Promise<void>;
  let ready: ReturnType<typeof auditLinks>;
  let running: ReturnType<typeof auditLinks>;

  /** Queues an audit lead's check and, unless `open`, records its report as a worker would. */
  async function check(website: string, open = false) {
    const lead = auditLead(website, { ipHash: `c-${website}` });
    const job = auditJobFor(lead)!;
    await store.insert(lead, [], { auditJob: job });
    if (!open) {
      const jobs = auditJobStoreFor(store);
      const claimed = await jobs.claim({
        owner: "w",
        now: new Date(),
        leaseMs: 60_000,
        limit: 10,
      });
      expect(claimed.map((j) => j.id)).toContain(job.id);
      await jobs.finish(
        job.id,
        "w",
        { status: "done", site: website, report: fixtureReport(website, 57) },
        new Date(),
      );
    }
    return auditLinks(job.id, SALT);
  }

  beforeAll(async () => {
    const s = serverStore("sqlite", "audit-http-sqlite");
    cleanup = s.cleanup;
    // No check runs in this server: the test stores them as a worker would (AUDIT_CONCURRENCY=0).
    server = await startServer({
      ...s.env,
      IP_HASH_SALT: SALT,
      LEADS_RATE_LIMIT: "off",
      AUDIT_CONCURRENCY: "0",
    });
    store = openServerStore("sqlite", s.env);
    await store.migrate();
    ready = await check("lawnpros.test");
    running = await check("slowsite.test", true);
  });
  afterAll(async () => {
    await server?.stop();
    await store?.close();
    await cleanup?.();
  });

  it("serves the report: score, categories, every check with evidence and fix, how we score, the call", async () => {
    const response = await fetch(`${server.url}${ready.report}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toMatch(/no-store/);
    expect(response.headers.get("x-robots-tag")).toBe("noindex");
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex"');
    expect(html).toContain("Website check: lawnpros.test");
    expect(html).toMatch(/data-audit-score="57"/);
    for (const text of [
      "Local search",
      "Your three most valuable fixes",
      "How we score",
      "What our full audit adds",
      "No LocalBusiness JSON-LD on the home page.",
      "Make your phone number a tap-to-call link.",
    ])
      expect(html).toContain(text);
    expect(html).toMatch(/href="\/book-call"[^>]*>Book your strategy call/);
    // When it ran, on the agency's clock (the site config's New York) with its label.
    expect(html).toMatch(/Checked [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M E[SD]T/);
    // What the fetched page said is shown as text, never as markup.
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("serves the same report as a PDF", async () => {
    const response = await fetch(`${server.url}${ready.report}.pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("cache-control")).toMatch(/no-store/);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(bytes.length).toBeGreaterThan(2_000);
    // Branded from the site config by the route, read back by poppler (tests/unit/audit-pdf.test.ts
    // holds the layout): the agency, its phone, the site, the time's zone, page numbers.
    const text = execFileSync("pdftotext", ["-", "-"], { input: bytes, encoding: "utf8" });
    for (const words of [
      site.name,
      formatPhone(site.phone),
      "Website check: lawnpros.test",
      "Page 1 of",
    ])
      expect(text).toContain(words);
    expect(text).toMatch(/Checked [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M E[SD]T/);
    // The site's logo, drawn by the server from public/logo.svg, embedded once for every page.
    const images = execFileSync("pdfimages", ["-list", "-"], {
      input: bytes,
      encoding: "utf8",
    })
      .split("\n")
      .filter((l) => /^\s*\d+\s+\d+\s+image/.test(l));
    expect(images.length).toBeGreaterThanOrEqual(2);
    expect(new Set(images.map((l) => l.trim().split(/\s+/)[10])).size).toBe(1);
  });

  it("the live status and the thank-you page show the score and the three most valuable fixes", async () => {
    const status = await fetch(`${server.url}${ready.status}`);
    expect(status.headers.get("cache-control")).toBe("no-store");
    const json = (await status.json()) as {
      state: string;
      score: number;
      fixes: { title: string }[];
      report: string;
    };
    expect(json).toMatchObject({ state: "ready", score: 57, report: ready.report });
    expect(json.fixes.map((f) => f.title)).toEqual([
      // Points lost: cta 4/7 of conversion's 30 (17.1), og-tags all of content's 15, the
      // LocalBusiness data 4/10 of local's 35 (14); the tel: link (10.5) comes fourth.
      "A clear call to action",
      "Share previews",
      "Business details for Google",
    ]);
    const thanks = await fetch(`${server.url}${ready.thanks}`);
    expect(thanks.status).toBe(200);
    expect(thanks.headers.get("cache-control")).toMatch(/no-store/);
    const html = await thanks.text();
    expect(html).toContain("Your website check is ready");
    expect(html).toContain("A clear call to action");
    expect(html).toContain(`href="${ready.report}"`);
  });

  it("says a check is still running, on the report, the status and the thank-you page", async () => {
    const page = await fetch(`${server.url}${running.report}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Your website check is running");
    expect(await (await fetch(`${server.url}${running.status}`)).json()).toMatchObject({
      state: "running",
      score: null,
    });
    expect((await fetch(`${server.url}${running.report}.pdf`)).status).toBe(404);
    expect(await (await fetch(`${server.url}${running.thanks}`)).text()).toContain(
      "Checking your website",
    );
  });

  it("answers 403 to a changed, foreign or garbled token, on every route", async () => {
    const [body, sig] = ready.token.split(".");
    const flipped = `${body}.${sig!.slice(0, -2)}${sig!.endsWith("A") ? "B" : "A"}A`;
    // Other spellings of the same signature bytes (base64 padding, the last character's two
    // unused bits, a character a decoder skips): only the token as signed opens the report.
    const b64url = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const lastBits = `${sig!.slice(0, -1)}${b64url[b64url.indexOf(sig!.at(-1)!) ^ 1]}`;
    const otherJob = Buffer.from(
      JSON.stringify({ j: "someone-else", e: Date.now() + 1e9 }),
    ).toString("base64url");
    for (const token of [
      flipped,
      `${ready.token}=`,
      `${ready.token}%3D`,
      `${body}.${lastBits}`,
      `${ready.token}!`,
      `${otherJob}.${sig}`,
      "garbage",
      auditLinks("01NOSUCHJOB", SALT).token,
      auditLinks(running.token, "another-salt-0123456789").token,
    ]) {
      const page = await fetch(`${server.url}/audit/${token}`);
      expect(page.status).toBe(403);
      expect(page.headers.get("cache-control")).toMatch(/no-store/);
      expect(await page.text()).toContain("This report link does not work");
      expect((await fetch(`${server.url}/audit/${token}.pdf`)).status).toBe(403);
      expect((await fetch(`${server.url}/api/audit/${token}`)).status).toBe(403);
      expect((await fetch(`${server.url}/thank-you/audit?t=${token}`)).status).toBe(403);
    }
  });
});
