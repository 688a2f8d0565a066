/**
 * The website check's report as a PDF a prospect keeps and forwards (pdfkit, like the checklists:
 * src/lib/checklistPdf.ts), matching the report page. Page 1 is a one-page summary: the agency's
 * logo, name and phone, the site and the page that was read, when (in the agency's zone), the
 * score badge coloured by grade, the four category bars, the three most valuable fixes and a
 * clickable 'Book your strategy call'. When staff chose to show competitors, the next page sets
 * the site beside them (scores, who is ahead where, the checks where they differ, with marks).
 * The pages after it: every check with a drawn mark (tick,
 * cross or dash, in colour), its evidence and fix; 'how we score'; what the full audit adds.
 * Every page carries 'Page n of N'. Everything from the fetched site is drawn as plain text
 * (pdfkit never interprets markup), with control characters removed. US Letter, the built-in
 * Helvetica (nothing embedded but the logo): a typical report is about 10 KB.
 */
import PDFDocument from "pdfkit";
import { stripBidi } from "../lib/bidi.ts";
import { SENTENCES_SHOWN, type Comparison } from "./competitors.ts";
import { auditCategoryNames, auditMessages, auditStatusNames } from "./messages.ts";
import type { AuditReport, CheckStatus } from "./report.ts";
import { gradeFor, gradeThresholds, type Grade } from "./score.ts";
import {
  categoryShares,
  checksFailedFirst,
  formatCheckedAt,
  gradeColors,
  plainLine,
  siteName,
  topFixes,
} from "./summary.ts";

/** The agency as the PDF shows it: every field from the one site config (src/config/site.ts). */
export interface PdfBrand {
  /** The agency's name. */
  name: string;
  /** The phone as people read it: "(555) 555-0142". */
  phone: string;
  /** The site's logo as a PNG (drawn from public/logo.svg), or undefined to show the name alone. */
  logoPng?: Buffer | undefined;
  /** The agency's IANA time zone: the time the check ran is written on its clock. */
  timeZone: string;
}

export interface PdfLinks {
  /** The prospect's report page (absolute). */
  report: string;
  /** The booking page (absolute): the 'Book your strategy call' link. */
  book: string;
}

const INK = "#14532d";
const TEXT = "#1f2937";
const MUTED = "#6b7280";
const RULE = "#e5e7eb";
const TRACK = "#e5e7eb";
const WHITE = "#ffffff";

/** A check's mark: colour and shape tell pass, fail and not applicable apart. */
export const statusColors: Record<CheckStatus, string> = {
  pass: "#15803d",
  fail: "#b91c1c",
  na: "#6b7280",
};

/**
 * What the built-in Helvetica can draw: WinAnsi (Latin-1 and Windows-1252's punctuation). pdfkit
 * measures other characters as one glyph and draws them as several bytes, so a line with an emoji
 * or CJK from a fetched page would run over the margin: each is drawn as '?' instead.
 */
const NOT_WIN_ANSI =
  /[^\u0020-\u007E\u00A0-\u00FF\u20AC\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u017D\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u017E\u0178]/gu;

/** One line of text for the PDF: `plainLine`, no bidirectional controls, only what Helvetica draws. */
export const pdfText = (value: string, max = 300): string =>
  plainLine(stripBidi(value), max).replace(NOT_WIN_ANSI, "?");

const PAGE = { width: 612, height: 792 };
const M = 54;
const W = PAGE.width - 2 * M;
/** Content stops here; the footer (agency, link, page number) sits below. */
const BOTTOM = PAGE.height - 66;
const FOOTER_Y = PAGE.height - 42;

type Doc = PDFKit.PDFDocument;

/** A rule across the text column at `y`, under a heading. */
function rule(doc: Doc, y: number): void {
  doc
    .moveTo(M, y)
    .lineTo(M + W, y)
    .lineWidth(0.75)
    .strokeColor(INK)
    .stroke();
}

/** `text` cut (with '…') to fit `width` in the current font: one line that never runs over. */
function fit(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (doc.widthOfString(`${text.slice(0, mid)}…`) <= width) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo)}…`;
}

/** A tick, a cross or a dash in a coloured disc of diameter `d`, its top left at (x, y). */
function drawMark(doc: Doc, x: number, y: number, status: CheckStatus, d = 14): void {
  const r = d / 2;
  const cx = x + r;
  const cy = y + r;
  doc.save();
  doc.circle(cx, cy, r).fill(statusColors[status]);
  doc
    .lineWidth(d / 7)
    .lineCap("round")
    .lineJoin("round")
    .strokeColor(WHITE);
  if (status === "pass") {
    doc
      .moveTo(cx - r * 0.45, cy + r * 0.02)
      .lineTo(cx - r * 0.1, cy + r * 0.38)
      .lineTo(cx + r * 0.48, cy - r * 0.36)
      .stroke();
  } else if (status === "fail") {
    const k = r * 0.36;
    doc
      .moveTo(cx - k, cy - k)
      .lineTo(cx + k, cy + k)
      .moveTo(cx + k, cy - k)
      .lineTo(cx - k, cy + k)
      .stroke();
  } else {
    doc
      .moveTo(cx - r * 0.42, cy)
      .lineTo(cx + r * 0.42, cy)
      .stroke();
  }
  doc.restore();
}

/**
 * The agency's header: logo, name and phone on the left, the document's name on the right; a
 * smaller one on the pages after the summary. Returns where the content starts.
 */
function drawHeader(doc: Doc, brand: PdfBrand, label: string, small = false): number {
  const top = small ? 30 : 36;
  const size = small ? 26 : 38;
  let x = M;
  if (brand.logoPng) {
    // A data URL is embedded once, however many pages draw it (pdfkit keeps strings by value).
    doc.image(`data:image/png;base64,${brand.logoPng.toString("base64")}`, M, top, {
      width: size,
      height: size,
    });
    x = M + size + 10;
  }
  doc
    .font("Helvetica-Bold")
    .fontSize(small ? 12 : 15)
    .fillColor(INK)
    .text(fit(doc, pdfText(brand.name, 80), 280), x, top + (small ? 1 : 3), { lineBreak: false });
  doc
    .font("Helvetica")
    .fontSize(small ? 9 : 10)
    .fillColor(TEXT)
    .text(brand.phone, x, top + (small ? 15 : 22), { width: 300, lineBreak: false });
  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor(MUTED)
    .text(label.toUpperCase(), M + W - 220, top + (small ? 8 : 14), {
      width: 220,
      align: "right",
      characterSpacing: 0.8,
      lineBreak: false,
    });
  const y = top + size + 12;
  doc
    .moveTo(M, y)
    .lineTo(M + W, y)
    .lineWidth(small ? 1 : 1.5)
    .strokeColor(INK)
    .stroke();
  return y + (small ? 14 : 18);
}

/** The score badge: a rounded box in the grade's colour, the score, 'out of 100', the grade. */
function drawBadge(doc: Doc, report: AuditReport, x: number, y: number, size: number): void {
  const copy = auditMessages.report;
  const score = report.score ?? 0;
  const grade: Grade = report.grade ?? gradeFor(score);
  doc.roundedRect(x, y, size, size, 18).fill(gradeColors[grade]);
  doc
    .font("Helvetica-Bold")
    .fontSize(56)
    .fillColor(WHITE)
    .text(String(score), x, y + 26, { width: size, align: "center", lineBreak: false });
  doc
    .font("Helvetica")
    .fontSize(11)
    .text(copy.outOf100, x, y + 88, { width: size, align: "center", lineBreak: false });
  doc
    .font("Helvetica-Bold")
    .fontSize(15)
    .text(copy.grade(grade), x, y + 110, { width: size, align: "center", lineBreak: false });
}

/** The categories as labelled bars, each coloured by the grade its own score would get. */
function drawBars(doc: Doc, report: AuditReport, x: number, y: number, width: number): void {
  const copy = auditMessages.report;
  doc
    .font("Helvetica-Bold")
    .fontSize(13)
    .fillColor(INK)
    .text(copy.categories, x, y, { width, lineBreak: false });
  let top = y + 26;
  for (const c of report.categories) {
    doc
      .font("Helvetica-Bold")
      .fontSize(10.5)
      .fillColor(TEXT)
      .text(auditCategoryNames[c.id], x, top, { width: width - 60, lineBreak: false });
    doc.text(`${c.score}/100`, x + width - 60, top, {
      width: 60,
      align: "right",
      lineBreak: false,
    });
    doc.roundedRect(x, top + 15, width, 8, 4).fill(TRACK);
    if (c.score > 0) {
      doc
        .roundedRect(x, top + 15, Math.max(8, (width * c.score) / 100), 8, 4)
        .fill(gradeColors[gradeFor(c.score)]);
    }
    top += 32;
  }
}

/** Page 1: the one-page summary. */
function drawSummary(
  doc: Doc,
  report: AuditReport,
  site: string,
  brand: PdfBrand,
  links: PdfLinks,
) {
  const copy = auditMessages.report;
  let y = drawHeader(doc, brand, copy.pdfLabel);
  // The site's name on one line: a long one gets a smaller type, then is cut.
  const title = pdfText(copy.title(site), 200);
  doc.font("Helvetica-Bold").fillColor(TEXT);
  let size = 20;
  while (size > 14 && doc.fontSize(size).widthOfString(title) > W) size -= 1;
  doc.text(fit(doc, title, W), M, y, { lineBreak: false });
  y += 30;
  doc.font("Helvetica").fontSize(10).fillColor(TEXT);
  doc
    .font("Helvetica-Bold")
    .text(`${copy.pageRead}: `, M, y, { continued: true, lineBreak: false });
  const label = `${copy.pageRead}: `;
  const room = W - doc.font("Helvetica-Bold").widthOfString(label);
  doc
    .font("Helvetica")
    .text(fit(doc, pdfText(report.finalUrl ?? report.url, 400), room), { lineBreak: false });
  y += 15;
  doc
    .fillColor(MUTED)
    .text(
      `${copy.checkedAt(formatCheckedAt(report.fetchedAt, brand.timeZone))}. ${copy.pagesFetched(report.pages.length)}`,
      M,
      y,
      { width: W, lineBreak: false },
    );
  y += 30;

  const badge = 150;
  drawBadge(doc, report, M, y, badge);
  drawBars(doc, report, M + badge + 28, y + 2, W - badge - 28);
  y += badge + 30;

  const cta = { y: BOTTOM - 78, h: 70 };
  const fixes = topFixes(report);
  if (fixes.length) {
    doc
      .font("Helvetica-Bold")
      .fontSize(14)
      .fillColor(INK)
      .text(copy.topFixesTitle(fixes.length), M, y, { width: W });
    y += 26;
    // Three fixes share the room above the booking box: none may take more than its third.
    const room = (cta.y - 16 - y) / 3;
    fixes.forEach((c, i) => {
      doc.circle(M + 10, y + 8, 10).fill(INK);
      doc
        .font("Helvetica-Bold")
        .fontSize(11)
        .fillColor(WHITE)
        .text(String(i + 1), M, y + 3, { width: 20, align: "center", lineBreak: false });
      doc
        .font("Helvetica-Bold")
        .fontSize(11.5)
        .fillColor(TEXT)
        .text(fit(doc, pdfText(c.title, 200), W - 30), M + 30, y + 1, { lineBreak: false });
      const fix = pdfText(c.fix, 600);
      const options = { width: W - 30, height: room - 30, ellipsis: true, lineGap: 1.5 };
      doc
        .font("Helvetica")
        .fontSize(10)
        .fillColor(TEXT)
        .text(fix, M + 30, y + 18, options);
      y += 18 + Math.min(doc.heightOfString(fix, options), room - 30) + 14;
    });
  } else {
    doc.font("Helvetica").fontSize(12).fillColor(TEXT).text(copy.noFixes, M, y, { width: W });
  }

  // The booking box: all of it is the link.
  doc.roundedRect(M, cta.y, W, cta.h, 12).fill(INK);
  doc
    .font("Helvetica-Bold")
    .fontSize(17)
    .fillColor(WHITE)
    .text(`${copy.book}  ›`, M + 22, cta.y + 16, { width: W - 44, lineBreak: false });
  doc
    .font("Helvetica")
    .fontSize(10)
    .fillColor("#dcfce7")
    .text(copy.bookOrCall(links.book, brand.phone), M + 22, cta.y + 42, {
      width: W - 44,
      lineBreak: false,
    });
  doc.link(M, cta.y, W, cta.h, links.book);
}

/**
 * The site beside its competitors (a page of its own, after the summary): each site's score,
 * where they are ahead and where the prospect is, then the checks where the sites differ as a
 * table of drawn marks with words. Names are drawn as plain text, cut to their column.
 */
function drawCompetitors(doc: Doc, comparison: Comparison, brand: PdfBrand): void {
  const copy = auditMessages.competitors;
  const label = auditMessages.report.pdfLabel;
  doc.addPage();
  let y = drawHeader(doc, brand, label, true);
  const ensure = (h: number) => {
    if (y + h > BOTTOM) {
      doc.addPage();
      y = drawHeader(doc, brand, label, true);
    }
  };
  doc.font("Helvetica-Bold").fontSize(16).fillColor(INK).text(copy.heading, M, y, { width: W });
  y += 24;
  doc.font("Helvetica").fontSize(10).fillColor(TEXT);
  doc.text(copy.reportIntro, M, y, { width: W, lineGap: 1.5 });
  y += doc.heightOfString(copy.reportIntro, { width: W, lineGap: 1.5 }) + 14;

  // The scores: one box per site, the prospect's first and outlined.
  const { sites } = comparison;
  const gap = 10;
  const box = (W - gap * (sites.length - 1)) / sites.length;
  sites.forEach((site, i) => {
    const x = M + i * (box + gap);
    doc.roundedRect(x, y, box, 62, 8).lineWidth(site.you ? 2 : 0.75);
    doc.strokeColor(site.you ? INK : RULE).stroke();
    doc
      .font("Helvetica-Bold")
      .fontSize(10)
      .fillColor(TEXT)
      .text(fit(doc, pdfText(site.name, 120), box - 16), x + 8, y + 9, { lineBreak: false });
    const grade = (site.grade ?? gradeFor(site.score)) as Grade;
    doc.roundedRect(x + 8, y + 28, Math.min(box - 16, 96), 24, 6).fill(gradeColors[grade]);
    doc
      .font("Helvetica-Bold")
      .fontSize(12)
      .fillColor(WHITE)
      .text(`${site.score}/100 (${grade})`, x + 8, y + 34, {
        width: Math.min(box - 16, 96),
        align: "center",
        lineBreak: false,
      });
  });
  y += 62 + 18;

  // Who is ahead where, in the owner's words.
  for (const [title, lines] of [
    [copy.behind, comparison.behind],
    [copy.ahead, comparison.ahead],
  ] as const) {
    if (!lines.length) continue;
    ensure(40);
    doc.font("Helvetica-Bold").fontSize(12.5).fillColor(INK).text(title, M, y, { width: W });
    y += 19;
    doc.font("Helvetica").fontSize(10).fillColor(TEXT);
    const shown = [
      ...lines.slice(0, SENTENCES_SHOWN).map((line) => `•  ${pdfText(line, 400)}`),
      ...(lines.length > SENTENCES_SHOWN ? [copy.more(lines.length - SENTENCES_SHOWN)] : []),
    ];
    for (const text of shown) {
      const h = doc.heightOfString(text, { width: W - 8, lineGap: 1 });
      ensure(h + 4);
      doc
        .font("Helvetica")
        .fontSize(10)
        .fillColor(TEXT)
        .text(text, M + 8, y, { width: W - 8, lineGap: 1 });
      y += h + 4;
    }
    y += 10;
  }

  // Check by check: the checks where the sites differ.
  ensure(60);
  doc.font("Helvetica-Bold").fontSize(12.5).fillColor(INK).text(copy.table, M, y, { width: W });
  y += 19;
  const note = comparison.rows.length
    ? `${copy.tableIntro} ${copy.same(comparison.same)}`
    : copy.noDifferences;
  doc.font("Helvetica").fontSize(9.5).fillColor(MUTED).text(note, M, y, { width: W });
  y += doc.heightOfString(note, { width: W }) + 8;
  if (!comparison.rows.length) return;
  const col = Math.min(90, (W - 170) / sites.length);
  const titleWidth = W - col * sites.length;
  const head = () => {
    doc.font("Helvetica-Bold").fontSize(9).fillColor(TEXT);
    doc.text(copy.check, M, y, { width: titleWidth - 8, lineBreak: false });
    sites.forEach((site, i) => {
      doc.text(fit(doc, pdfText(site.name, 120), col - 6), M + titleWidth + i * col, y, {
        lineBreak: false,
      });
    });
    y += 14;
    rule(doc, y);
    y += 6;
  };
  head();
  const words = { pass: "Yes", fail: "No", na: "n/a" } as const;
  for (const row of comparison.rows) {
    doc.font("Helvetica").fontSize(9.5);
    const title = pdfText(row.title, 120);
    const h = Math.max(14, doc.heightOfString(title, { width: titleWidth - 8 })) + 8;
    if (y + h > BOTTOM) {
      doc.addPage();
      y = drawHeader(doc, brand, label, true);
      head();
    }
    doc
      .font("Helvetica")
      .fontSize(9.5)
      .fillColor(TEXT)
      .text(title, M, y + 1, { width: titleWidth - 8 });
    row.statuses.forEach((status, i) => {
      const x = M + titleWidth + i * col;
      if (!status) {
        doc.fillColor(MUTED).text("–", x, y + 1, { lineBreak: false });
        return;
      }
      drawMark(doc, x, y, status, 12);
      doc
        .font("Helvetica-Bold")
        .fontSize(9)
        .fillColor(statusColors[status])
        .text(words[status], x + 16, y + 1.5, { lineBreak: false });
    });
    y += h;
    doc
      .moveTo(M, y - 4)
      .lineTo(M + W, y - 4)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  }
}

/** The pages after the summary: every check by category, failed first, with its mark. */
function drawChecks(doc: Doc, report: AuditReport, brand: PdfBrand): number {
  const copy = auditMessages.report;
  doc.addPage();
  let y = drawHeader(doc, brand, copy.pdfLabel, true);
  const ensure = (h: number) => {
    if (y + h > BOTTOM) {
      doc.addPage();
      y = drawHeader(doc, brand, copy.pdfLabel, true);
    }
  };
  doc.font("Helvetica-Bold").fontSize(16).fillColor(INK).text(copy.allChecks, M, y, { width: W });
  y += 26;
  // The legend: the three marks and their words.
  let lx = M;
  for (const status of ["pass", "fail", "na"] as const) {
    drawMark(doc, lx, y, status, 12);
    doc
      .font("Helvetica")
      .fontSize(9.5)
      .fillColor(TEXT)
      .text(auditStatusNames[status], lx + 17, y + 1.5, { lineBreak: false });
    lx += 17 + doc.widthOfString(auditStatusNames[status]) + 22;
  }
  y += 24;

  const checks = checksFailedFirst(report);
  const read = report.finalUrl ?? report.url;
  const text = W - 26;
  for (const category of report.categories) {
    const inCategory = checks.filter((x) => x.category === category.id);
    if (!inCategory.length) continue;
    ensure(70);
    y += 6;
    doc
      .font("Helvetica-Bold")
      .fontSize(13)
      .fillColor(INK)
      .text(`${auditCategoryNames[category.id]}`, M, y, { width: W - 80, lineBreak: false });
    doc.text(`${category.score}/100`, M + W - 80, y, {
      width: 80,
      align: "right",
      lineBreak: false,
    });
    y += 18;
    rule(doc, y);
    y += 8;
    for (const c of inCategory) {
      const title = pdfText(c.title, 120);
      const evidence = `${copy.evidence}: ${pdfText(c.evidence, 700)}`;
      const fix = `${copy.fix}: ${pdfText(c.fix, 700)}`;
      // The page read is on page 1: a check names its page only when it is another one.
      const page = c.page && c.page !== read ? `${copy.page}: ${pdfText(c.page, 200)}` : "";
      doc.font("Helvetica-Bold").fontSize(10.5);
      const hTitle = doc.heightOfString(title, { width: text - 100 });
      doc.font("Helvetica").fontSize(9);
      const hEvidence = doc.heightOfString(evidence, { width: text, lineGap: 0.5 });
      const hFix = doc.heightOfString(fix, { width: text, lineGap: 0.5 });
      const hPage = page ? doc.heightOfString(page, { width: text }) : 0;
      const h = 1.5 + hTitle + 3 + hEvidence + 1.5 + hFix + (page ? 1.5 + hPage : 0) + 11;
      ensure(h);
      drawMark(doc, M, y, c.status, 14);
      doc
        .font("Helvetica-Bold")
        .fontSize(10.5)
        .fillColor(TEXT)
        .text(title, M + 26, y + 1.5, { width: text - 100 });
      doc
        .font("Helvetica-Bold")
        .fontSize(9)
        .fillColor(statusColors[c.status])
        .text(auditStatusNames[c.status], M + W - 100, y + 2.5, {
          width: 100,
          align: "right",
          lineBreak: false,
        });
      let ty = y + 1.5 + hTitle + 3;
      doc.font("Helvetica").fontSize(9).fillColor(TEXT);
      doc.text(evidence, M + 26, ty, { width: text, lineGap: 0.5 });
      ty += hEvidence + 1.5;
      doc.text(fix, M + 26, ty, { width: text, lineGap: 0.5 });
      ty += hFix + 1.5;
      if (page) doc.fillColor(MUTED).text(page, M + 26, ty, { width: text });
      y += h;
      doc
        .moveTo(M + 26, y - 5.5)
        .lineTo(M + W, y - 5.5)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
    }
    y += 6;
  }

  // How we score, then what the full audit adds and the call.
  const shares = categoryShares(report);
  doc.font("Helvetica").fontSize(10);
  const intro = doc.heightOfString(copy.howWeScoreIntro, { width: W, lineGap: 1.5 });
  ensure(40 + intro + shares.length * 15 + 40);
  y += 8;
  doc.font("Helvetica-Bold").fontSize(14).fillColor(INK).text(copy.howWeScore, M, y, { width: W });
  y += 22;
  doc
    .font("Helvetica")
    .fontSize(10)
    .fillColor(TEXT)
    .text(copy.howWeScoreIntro, M, y, { width: W, lineGap: 1.5 });
  y += intro + 6;
  for (const s of shares) {
    doc.text(`•  ${copy.categoryShare(auditCategoryNames[s.id], s.percent)}`, M + 8, y, {
      width: W - 8,
    });
    y += 15;
  }
  y += 2;
  doc.text(copy.gradeScale(gradeThresholds), M, y, { width: W });
  return y + 30;
}

/** 'What our full audit adds' and the booking link, after the checks. */
function drawOffer(doc: Doc, brand: PdfBrand, links: PdfLinks, startY: number) {
  const copy = auditMessages.report;
  let y = startY;
  doc.font("Helvetica").fontSize(10);
  const items = copy.fullAuditItems.map((item) =>
    doc.heightOfString(`•  ${item}`, { width: W - 40 }),
  );
  const h = 34 + items.reduce((a, b) => a + b + 4, 0) + 40;
  if (y + h > BOTTOM) {
    doc.addPage();
    y = drawHeader(doc, brand, copy.pdfLabel, true);
  }
  doc.roundedRect(M, y, W, h, 12).fill("#f0fdf4");
  doc
    .font("Helvetica-Bold")
    .fontSize(14)
    .fillColor(INK)
    .text(copy.fullAudit, M + 18, y + 14, { width: W - 36 });
  let ty = y + 36;
  doc.font("Helvetica").fontSize(10).fillColor(TEXT);
  copy.fullAuditItems.forEach((item, i) => {
    doc.text(`•  ${item}`, M + 18, ty, { width: W - 40 });
    ty += items[i]! + 4;
  });
  doc
    .font("Helvetica-Bold")
    .fontSize(11)
    .fillColor(INK)
    .text(`${copy.book}: ${links.book}`, M + 18, ty + 8, {
      width: W - 36,
      link: links.book,
      underline: true,
      lineBreak: false,
    });
}

export function auditPdf(
  report: AuditReport,
  site: string,
  links: PdfLinks,
  brand: PdfBrand,
  /** The competitors staff chose to show on the prospect's report, set beside the site. */
  comparison: Comparison | null = null,
): Promise<Buffer> {
  const copy = auditMessages.report;
  const doc = new PDFDocument({
    size: "LETTER",
    margins: { top: M, left: M, right: M, bottom: 24 },
    bufferPages: true,
    info: { Title: pdfText(copy.title(site), 200), Author: brand.name },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  drawSummary(doc, report, site, brand, links);
  if (comparison) drawCompetitors(doc, comparison, brand);
  drawOffer(doc, brand, links, drawChecks(doc, report, brand));

  // Every page's footer: the agency and the report's link, and 'Page n of N'.
  const range = doc.bufferedPageRange();
  const footer = `${pdfText(brand.name, 60)} · ${copy.title(siteName(report))}`;
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc
      .moveTo(M, FOOTER_Y - 8)
      .lineTo(M + W, FOOTER_Y - 8)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc
      .font("Helvetica")
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(fit(doc, pdfText(footer, 200), W - 100), M, FOOTER_Y, { lineBreak: false });
    doc.text(copy.pageOf(i + 1, range.count), M + W - 90, FOOTER_Y, {
      width: 90,
      align: "right",
      lineBreak: false,
    });
  }
  doc.end();
  return done;
}
