/**
 * The guides' printable checklists: every checklist in src/content/checklists reads (headings and
 * tick-box items only) and becomes a PDF that starts like one and carries its title; a line of
 * another kind is refused naming the file and the line.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checklistPdf, parseChecklist } from "../../src/lib/checklistPdf";
import { root } from "./support/entries";

const dir = join(root, "src/content/checklists");

describe("checklist PDFs", () => {
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".md"))) {
    it(`${file} reads and renders as a PDF`, async () => {
      const list = parseChecklist(readFileSync(join(dir, file), "utf8"), file);
      const items = list.sections.flatMap((s) => s.items);
      expect(items.length).toBeGreaterThanOrEqual(25);
      expect(items.length).toBeLessThanOrEqual(45);
      const pdf = await checklistPdf(list, "Greenline Growth");
      expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      expect(pdf.subarray(-6).toString("latin1")).toContain("%%EOF");
      // The document's title is in its metadata (an object the /Title entry points to).
      const raw = pdf.toString("latin1");
      const ref = /\/Title (\d+) 0 R/.exec(raw)?.[1];
      expect(raw).toContain(`${ref} 0 obj\n(${list.title})`);
    });
  }

  it("refuses a line that is neither a heading nor an item, naming it", () => {
    const bad =
      "---\ntitle: Test list\nintro: Use it.\n---\n\n## One\n\n- [ ] Do this\nJust text\n";
    expect(() => parseChecklist(bad, "bad.md")).toThrow(/bad\.md: line 9 .*Just text/);
    expect(() => parseChecklist("## One\n- [ ] x\n", "nofront.md")).toThrow(/nofront\.md/);
  });
});
