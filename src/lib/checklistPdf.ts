/**
 * The printable checklists a guide may offer (src/content/checklists/*.md), as PDF: parsed from
 * their Markdown (front matter `title` and `intro`, `## ` section headings, `- [ ] ` items; any
 * other line is an error naming it) and laid out with pdfkit on US Letter pages, a box to tick
 * before every item. The build writes them beside the site, outside its public folder
 * (integrations/checklists.ts); visitors get them only through a signed link.
 */
import PDFDocument from "pdfkit";
import yaml from "js-yaml";

export interface Checklist {
  title: string;
  intro: string;
  sections: { heading: string; items: string[] }[];
}

/** Reads a checklist's Markdown; throws naming `source` and the line it cannot read. */
export function parseChecklist(markdown: string, source: string): Checklist {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(markdown.replace(/\r\n/g, "\n"));
  if (!match) throw new Error(`${source}: no front matter`);
  const front = yaml.load(match[1]!) as { title?: unknown; intro?: unknown };
  if (typeof front.title !== "string" || typeof front.intro !== "string") {
    throw new Error(`${source}: front matter needs a title and an intro`);
  }
  const sections: Checklist["sections"] = [];
  // Line numbers of the file: the front matter's lines and its two fences come first.
  const offset = match[1]!.split("\n").length + 2;
  for (const [i, raw] of match[2]!.split("\n").entries()) {
    const line = raw.trim();
    if (!line) continue;
    const heading = /^## (.+)$/.exec(line);
    const item = /^- \[ \] (.+)$/.exec(line);
    if (heading) sections.push({ heading: heading[1]!, items: [] });
    else if (item && sections.length) sections.at(-1)!.items.push(item[1]!);
    else
      throw new Error(
        `${source}: line ${offset + i + 1} is neither "## heading" nor "- [ ] item": ${line}`,
      );
  }
  if (!sections.length || sections.some((s) => !s.items.length)) {
    throw new Error(`${source}: every section needs at least one item`);
  }
  return { title: front.title, intro: front.intro, sections };
}

const INK = "#14532d";
const TEXT = "#1f2937";

/** The checklist as a PDF file (US Letter, one-inch margins, built-in Helvetica). */
export function checklistPdf(list: Checklist, footer: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "LETTER",
    margin: 72,
    info: { Title: list.title, Author: footer },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const width = doc.page.width - 144;
  doc.font("Helvetica-Bold").fontSize(22).fillColor(INK).text(list.title, { width });
  doc.moveDown(0.5).font("Helvetica").fontSize(11).fillColor(TEXT).text(list.intro, { width });
  for (const section of list.sections) {
    doc.moveDown(1.2).font("Helvetica-Bold").fontSize(14).fillColor(INK).text(section.heading);
    doc.moveDown(0.3).font("Helvetica").fontSize(11).fillColor(TEXT);
    for (const item of section.items) {
      if (doc.y > doc.page.height - 100) doc.addPage();
      const y = doc.y + 1;
      doc.lineWidth(1).strokeColor(INK).rect(72, y, 10, 10).stroke();
      doc.text(item, 90, doc.y, { width: width - 18 });
      doc.moveDown(0.35);
    }
  }
  doc.moveDown(2).fontSize(9).fillColor("#6b7280").text(footer, 72, doc.y, { width });
  doc.end();
  return done;
}
