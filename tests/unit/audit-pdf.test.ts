/**
 * The website check's PDF (src/audit/pdf.ts) as a prospect sees it: two fixture sites (a weak
 * and a well-kept landscaper's) are checked by the real engine, their reports drawn as PDFs with
 * the site config's brand, and each PDF is read back the way a person would: its pages rendered
 * to PNG by poppler's pdftoppm (Debian poppler-utils, installed by .ci/run) and its text
 * extracted by pdftotext. Page 1 is a one-page summary (logo, agency, phone, badge in the
 * grade's colour, bars, three fixes, the page read and when, a clickable booking link); every
 * check follows with a drawn mark; every page says 'Page n of N'.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditCategoryNames, auditMessages } from "../../src/audit/messages";
import { auditPdf, statusColors } from "../../src/audit/pdf";
import type { AuditReport } from "../../src/audit/report";
import { runAudit } from "../../src/audit/run";
import { agencyTime } from "../../src/lib/formatAgencyTime";
import { gradeColors, siteName, topFixes } from "../../src/audit/summary";
import { site } from "../../src/config/site";
import { formatPhone } from "../../src/lib/format";
import { reportBrand } from "../../src/lib/reportBrand";
import { serveSite, strongSite, weakSite, type FixtureSite } from "../support/auditSites";
import { fixtureReport } from "../integration/audit-support";

/**
 * Without poppler the test is skipped with a message, except under CI=true, where it fails (as
 * the browser tests do without Chromium): `apt-get install -y poppler-utils`.
 */
const poppler = spawnSync("pdftoppm", ["-v"]).status === 0;
const skip = !poppler && process.env.CI !== "true";
if (skip) console.warn("audit-pdf: pdftoppm not found (apt-get install -y poppler-utils): skipped");

const NOW = new Date("2026-11-25T19:03:00Z");
const links = {
  report: "https://greenline-growth.example/audit/abc.def",
  book: "https://greenline-growth.example/book-call",
};

interface Rendered {
  pdf: Buffer;
  pages: number;
  /** The text of each page, whitespace collapsed. */
  text: string[];
  /** Each page as RGB pixels at 72 dpi (one pixel a point). */
  png: { data: Buffer; width: number; height: number }[];
  /** Link annotations of page 1 (poppler's XML: `<a href>`). */
  firstPageLinks: string[];
}

const dir = mkdtempSync(join(tmpdir(), "audit-pdf-"));
const flat = (s: string) => s.replace(/\s+/g, " ").trim();

async function render(name: string, pdf: Buffer): Promise<Rendered> {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
  const text: string[] = [];
  const png: Rendered["png"] = [];
  for (let p = 1; p <= pages; p++) {
    const args = ["-f", String(p), "-l", String(p)];
    text.push(flat(execFileSync("pdftotext", [...args, file, "-"], { encoding: "utf8" })));
    execFileSync("pdftoppm", [
      ...args,
      "-r",
      "72",
      "-png",
      "-singlefile",
      file,
      join(dir, `${name}-${p}`),
    ]);
    const { data, info: px } = await sharp(join(dir, `${name}-${p}.png`))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    png.push({ data, width: px.width, height: px.height });
  }
  const xml = execFileSync("pdftohtml", ["-xml", "-i", "-f", "1", "-l", "1", "-stdout", file], {
    encoding: "utf8",
  });
  const firstPageLinks = [...xml.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]!);
  return { pdf, pages, text, png, firstPageLinks };
}

/** Pixels of `hex` (within a small tolerance) in the box [x0, x1) × [y0, y1) of a page. */
function count(
  page: Rendered["png"][number],
  hex: string,
  box = { x0: 0, y0: 0, x1: page.width, y1: page.height },
): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [
    number,
    number,
    number,
  ];
  let n = 0;
  for (let y = box.y0; y < box.y1; y++) {
    for (let x = box.x0; x < box.x1; x++) {
      const i = (y * page.width + x) * 3;
      if (
        Math.abs(page.data[i]! - r) <= 6 &&
        Math.abs(page.data[i + 1]! - g) <= 6 &&
        Math.abs(page.data[i + 2]! - b) <= 6
      )
        n++;
    }
  }
  return n;
}

const sites: FixtureSite[] = [];
let weak: { report: AuditReport; out: Rendered };
let strong: { report: AuditReport; out: Rendered };

async function checked(routes: (origin: string) => ReturnType<typeof weakSite>, name: string) {
  const fixture = await serveSite(routes);
  sites.push(fixture);
  const report = await runAudit(fixture.origin, {
    allowHosts: [fixture.hostPort],
    now: NOW,
    limits: { minIntervalMs: 0 },
  });
  expect(report.outcome).toBe("ok");
  const brand = await reportBrand();
  const pdf = await auditPdf(report, siteName(report), links, brand);
  return { report, out: await render(name, pdf) };
}

beforeAll(async () => {
  if (skip) return;
  weak = await checked(() => weakSite(), "weak");
  strong = await checked((origin) => strongSite(origin), "strong");
  if (process.env.KEEP_AUDIT_PDF) console.log(`audit PDFs kept in ${dir}`);
}, 120_000);

afterAll(async () => {
  await Promise.all(sites.map((s) => s.close()));
  if (!process.env.KEEP_AUDIT_PDF) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(skip)("the website check's PDF", () => {
  it("opens with a one-page summary: agency, phone, site, page read, when, score, bars, three fixes, the call", () => {
    const { report, out } = weak;
    const first = out.text[0]!;
    const copy = auditMessages.report;
    expect(first).toContain(site.name);
    expect(first).toContain(formatPhone(site.phone));
    expect(first).toContain(copy.title(siteName(report)));
    expect(first).toContain(`${copy.pageRead}: ${report.finalUrl}`);
    // On the agency's clock, labelled: 19:03 UTC is 2:03 PM in New York in November.
    expect(first).toContain(`Checked ${agencyTime(NOW.toISOString(), site.hours.timeZone)}`);
    expect(first).toContain("Nov 25, 2026, 2:03 PM EST");
    expect(first).not.toContain("UTC");
    // The badge's score and its 'out of 100' (the bars beside it may come between in the text).
    expect(first).toMatch(new RegExp(`How your site scores ${report.score} [^]*${copy.outOf100}`));
    expect(first).toContain(copy.grade(report.grade!));
    for (const c of report.categories)
      expect(first).toContain(`${auditCategoryNames[c.id]} ${c.score}/100`);
    const fixes = topFixes(report);
    expect(fixes).toHaveLength(3);
    expect(first).toContain(copy.topFixesTitle(3));
    for (const f of fixes) expect(first).toContain(flat(f.title));
    expect(first).toContain(copy.book);
    expect(first).toContain(`Page 1 of ${out.pages}`);
    // A summary only: the list of every check starts on page 2.
    expect(first).not.toContain(copy.allChecks);
    expect(out.text[1]).toContain(copy.allChecks);
    // 'Book your strategy call' is a link on page 1 itself.
    expect(out.firstPageLinks).toContain(links.book);
  });

  it("lists every check the engine ran after the summary, with its evidence and fix", () => {
    for (const { report, out } of [weak, strong]) {
      const rest = out.text.slice(1).join(" ");
      expect(report.checks.length).toBeGreaterThan(10);
      for (const c of report.checks) {
        expect(rest).toContain(flat(c.title));
        expect(rest).toContain(flat(`${auditMessages.report.fix}: ${c.fix}`));
      }
      expect(rest).toContain(auditMessages.report.howWeScore);
      expect(rest).toContain(auditMessages.report.fullAudit);
    }
  });

  it("numbers every page 'Page n of N'", () => {
    for (const { out } of [weak, strong]) {
      expect(out.pages).toBeGreaterThanOrEqual(2);
      out.text.forEach((t, i) => expect(t).toContain(`Page ${i + 1} of ${out.pages}`));
    }
  });

  it("draws the score badge in the grade's colour, and the site's logo in the header", () => {
    expect(weak.report.grade).not.toBe(strong.report.grade);
    for (const { report, out } of [weak, strong]) {
      const page = out.png[0]!;
      // The badge: a 150-point box on the left, under the title (y 170 to 340).
      const badge = { x0: 54, y0: 170, x1: 210, y1: 340 };
      const own = count(page, gradeColors[report.grade!], badge);
      expect(own).toBeGreaterThan(12_000);
      for (const [grade, colour] of Object.entries(gradeColors)) {
        if (grade !== report.grade) expect(count(page, colour, badge)).toBeLessThan(1_000);
      }
      // The logo's leaf (public/logo.svg fills it #4ade80) in the top-left corner of every page
      // (smaller after the summary).
      out.png.forEach((p, i) => {
        const leaf = count(p, "#4ade80", { x0: 50, y0: 26, x1: 100, y1: 80 });
        expect(leaf).toBeGreaterThan(i === 0 ? 150 : 50);
      });
    }
  });

  it("marks each check with a coloured shape: failed checks red, passed green", () => {
    const marks = (out: Rendered, hex: string) =>
      out.png.slice(1).reduce((n, p) => n + count(p, hex, { x0: 54, y0: 90, x1: 72, y1: 740 }), 0);
    const failed = weak.report.checks.filter((c) => c.status === "fail").length;
    const passed = weak.report.checks.filter((c) => c.status === "pass").length;
    expect(failed).toBeGreaterThan(0);
    expect(passed).toBeGreaterThan(0);
    // A 15-point disc has about 120 pixels of its colour around the white tick or cross.
    expect(marks(weak.out, statusColors.fail)).toBeGreaterThan(failed * 80);
    expect(marks(weak.out, statusColors.pass)).toBeGreaterThan(passed * 80);
    const strongFailed = strong.report.checks.filter((c) => c.status === "fail").length;
    expect(marks(strong.out, statusColors.fail)).toBeLessThan(strongFailed * 200 + 50);
  });

  it("draws what a fetched site says as plain text that never runs past the margin", async () => {
    const long = `https://lawnpros.test/${"a".repeat(2500)}`;
    const report = fixtureReport("lawnpros.test", 40, NOW);
    report.finalUrl = `https://lawnpros.test/${"b".repeat(400)}`;
    report.checks = report.checks.map((c, i) => ({
      ...c,
      title: i === 0 ? "T".repeat(400) : c.title,
      evidence: `<script>alert(1)</script> 😀 草坪 \u202Eevil ${long}`,
      page: long,
    }));
    const out = await render(
      "hostile",
      await auditPdf(report, "lawnpros.test", links, await reportBrand()),
    );
    const rest = out.text.slice(1).join(" ");
    expect(rest).toContain(
      "What we found: <script>alert(1)</script> ? ?? evil https://lawnpros.test/aaa",
    );
    expect(out.text[0]).toContain(`Page 1 of ${out.pages}`);
    // Nothing is drawn right of the right margin (x 558) on any page: no dark pixel there.
    for (const page of out.png) {
      let ink = 0;
      for (let y = 0; y < page.height; y++) {
        for (let x = 562; x < page.width; x++) {
          const i = (y * page.width + x) * 3;
          if (page.data[i]! + page.data[i + 1]! + page.data[i + 2]! < 600) ink++;
        }
      }
      expect(ink).toBe(0);
    }
  });

  it("stays small enough to mail", () => {
    for (const { out } of [weak, strong]) expect(out.pdf.length).toBeLessThan(200 * 1024);
    if (process.env.KEEP_AUDIT_PDF)
      console.log(`PDF sizes: weak ${weak.out.pdf.length} B, strong ${strong.out.pdf.length} B`);
    expect(readFileSync(join(dir, "weak.pdf")).subarray(0, 5).toString()).toBe("%PDF-");
  });
});
