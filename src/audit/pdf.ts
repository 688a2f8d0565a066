/**
 * The website check's report as a PDF (pdfkit, like the checklists: src/lib/checklistPdf.ts):
 * the same score, categories, fixes, checks, 'how we score' and full-audit offer as the page.
 * Everything from the fetched site is drawn as plain text (pdfkit never interprets markup), with
 * control characters removed.
 */
import PDFDocument from "pdfkit";
import { auditCategoryNames, auditMessages, auditStatusNames } from "./messages.ts";
import type { AuditReport } from "./report.ts";
import { gradeThresholds } from "./score.ts";
import {
  categoryShares,
  checksFailedFirst,
  formatCheckedAt,
  plainLine,
  topFixes,
} from "./summary.ts";

const INK = "#14532d";
const TEXT = "#1f2937";
const MUTED = "#6b7280";

export function auditPdf(
  report: AuditReport,
  site: string,
  links: { report: string; book: string },
  agency: string,
): Promise<Buffer> {
  const copy = auditMessages.report;
  const doc = new PDFDocument({
    size: "LETTER",
    margin: 72,
    info: { Title: plainLine(copy.title(site), 200), Author: agency },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const width = doc.page.width - 144;
  const room = (h = 80) => {
    if (doc.y > doc.page.height - h) doc.addPage();
  };
  const heading = (text: string) => {
    room(120);
    doc.moveDown(1.2).font("Helvetica-Bold").fontSize(15).fillColor(INK).text(text, 72, doc.y, {
      width,
    });
    doc.moveDown(0.3).font("Helvetica").fontSize(11).fillColor(TEXT);
  };
  doc
    .font("Helvetica-Bold")
    .fontSize(20)
    .fillColor(INK)
    .text(plainLine(copy.title(site), 200), { width });
  doc
    .moveDown(0.3)
    .font("Helvetica")
    .fontSize(10)
    .fillColor(MUTED)
    .text(
      `${copy.checkedAt(formatCheckedAt(report.fetchedAt))}. ${copy.pagesFetched(report.pages.length)}`,
      {
        width,
      },
    );
  doc
    .moveDown(0.8)
    .font("Helvetica-Bold")
    .fontSize(28)
    .fillColor(INK)
    .text(`${report.score ?? "-"}/100${report.grade ? `  ${copy.grade(report.grade)}` : ""}`);

  heading(copy.categories);
  for (const c of report.categories) doc.text(`${auditCategoryNames[c.id]}: ${c.score}/100`);

  const fixes = topFixes(report);
  if (fixes.length) {
    heading(copy.topFixes);
    fixes.forEach((c, i) => {
      room();
      doc.font("Helvetica-Bold").text(`${i + 1}. ${plainLine(c.title)}`, { width });
      doc.font("Helvetica").text(plainLine(c.fix, 600), { width }).moveDown(0.3);
    });
  }

  heading(copy.allChecks);
  const checks = checksFailedFirst(report);
  for (const category of report.categories) {
    room(100);
    doc.moveDown(0.5).font("Helvetica-Bold").fontSize(12).fillColor(INK);
    doc.text(auditCategoryNames[category.id], { width });
    doc.font("Helvetica").fontSize(10).fillColor(TEXT);
    for (const c of checks.filter((x) => x.category === category.id)) {
      room();
      doc
        .moveDown(0.3)
        .font("Helvetica-Bold")
        .text(`${plainLine(c.title)} (${auditStatusNames[c.status]})`, { width });
      doc.font("Helvetica").text(`${copy.evidence}: ${plainLine(c.evidence, 600)}`, { width });
      doc.text(`${copy.fix}: ${plainLine(c.fix, 600)}`, { width });
      if (c.page)
        doc
          .fillColor(MUTED)
          .text(`${copy.page}: ${plainLine(c.page)}`, { width })
          .fillColor(TEXT);
    }
  }

  heading(copy.howWeScore);
  doc.text(copy.howWeScoreIntro, { width });
  for (const s of categoryShares(report)) {
    doc.text(`• ${copy.categoryShare(auditCategoryNames[s.id], s.percent)}`, { width });
  }
  doc.text(copy.gradeScale(gradeThresholds), { width });

  heading(copy.fullAudit);
  for (const item of copy.fullAuditItems) doc.text(`• ${item}`, { width });
  doc.moveDown(0.8).font("Helvetica-Bold").fillColor(INK).text(`${copy.book}: ${links.book}`, {
    width,
    link: links.book,
  });
  doc
    .moveDown(2)
    .font("Helvetica")
    .fontSize(9)
    .fillColor(MUTED)
    .text(`${agency} · ${links.report}`, 72, doc.y, { width });
  doc.end();
  return done;
}
