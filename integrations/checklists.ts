/**
 * Astro integration: after the build, renders every checklist of src/content/checklists as a PDF
 * into <outDir>/checklists/<id>.pdf, beside the site and outside its public folder, so no PDF has
 * a public, guessable URL (src/lib/checklistPdf.ts). A checklist that cannot be read fails the
 * build, naming its file and line.
 */
import type { AstroIntegration } from "astro";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { checklistPdf, parseChecklist } from "../src/lib/checklistPdf";

export default function checklists(options: { source: string; footer: string }): AstroIntegration {
  return {
    name: "checklists",
    hooks: {
      "astro:build:done": async ({ dir, logger }) => {
        const out = join(dirname(fileURLToPath(dir)), "checklists");
        await mkdir(out, { recursive: true });
        const files = (await readdir(options.source)).filter((f) => f.endsWith(".md"));
        for (const file of files) {
          const path = join(options.source, file);
          const pdf = await checklistPdf(
            parseChecklist(await readFile(path, "utf8"), path),
            options.footer,
          );
          await writeFile(join(out, file.replace(/\.md$/, ".pdf")), pdf);
        }
        logger.info(`${files.length} checklist PDFs in ${out}`);
      },
    },
  };
}
