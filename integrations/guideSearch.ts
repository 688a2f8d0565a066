/**
 * Astro integration: after the build, indexes the guides for search with Pagefind's Node API
 * into <client>/pagefind (its script, WebAssembly and index fragments), served as static files.
 * Only guide pages are indexed, and only their article (`data-pagefind-body`). Nothing loads it
 * until a visitor uses the search (src/components/islands/GuideSearch.tsx). Runs before
 * precompress, so the index files are served compressed too.
 */
import type { AstroIntegration } from "astro";
import { readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import * as pagefind from "pagefind";

export default function guideSearch(options: { glob: string }): AstroIntegration {
  return {
    name: "guide-search",
    hooks: {
      "astro:build:done": async ({ dir, logger }) => {
        const client = fileURLToPath(dir);
        const { index, errors } = await pagefind.createIndex({});
        if (!index) throw new Error(`Pagefind could not start: ${errors.join("; ")}`);
        try {
          const added = await index.addDirectory({ path: client, glob: options.glob });
          if (added.errors.length) throw new Error(`Pagefind: ${added.errors.join("; ")}`);
          if (!added.page_count) throw new Error(`Pagefind found no page at ${options.glob}`);
          const out = join(client, "pagefind");
          const written = await index.writeFiles({ outputPath: out });
          if (written.errors.length) throw new Error(`Pagefind: ${written.errors.join("; ")}`);
          // Pagefind's ready-made interfaces (the site has its own, GuideSearch) and its worker
          // (the search runs on the page's thread: the site's policy allows no workers) go.
          for (const file of await readdir(out)) {
            if (/^pagefind-(?:component-ui|modular-ui|ui|highlight|worker)\./.test(file)) {
              await rm(join(out, file));
            }
          }
          logger.info(`${added.page_count} guides indexed for search in ${written.outputPath}`);
        } finally {
          await pagefind.close();
        }
      },
    },
  };
}
