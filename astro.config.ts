import { defineConfig } from "astro/config";
import node from "@astrojs/node";
import react from "@astrojs/react";
import tailwindcss from "@tailwindcss/vite";
import { site } from "./src/config/site";
import precompress from "./integrations/precompress";
import clientDirectives from "./integrations/clientDirectives";
import csp from "./integrations/csp";
import inlineScript from "./integrations/inlineScript";
import checklists from "./integrations/checklists";
import iconSymbols from "./integrations/iconSymbols";
import guideSearch from "./integrations/guideSearch";
import serverRoot from "./integrations/serverRoot";
import { SCHEDULING_SCRIPT, VIDEO_EMBED_ORIGIN } from "./src/config/providers";

// BUILD_DIR lets several builds (parallel work trees, benchmarks) live side by side; default dist/.
const outDir = process.env.BUILD_DIR || "dist";

// Every page is prerendered to static HTML; only routes that opt out (the lead API) run on demand.
export default defineConfig({
  site: site.url,
  output: "static",
  outDir,
  cacheDir:
    outDir === "dist" ? "node_modules/.astro" : `node_modules/.astro-${outDir.replace(/\W/g, "_")}`,
  adapter: node({ mode: "standalone" }),
  integrations: [
    react(),
    clientDirectives(),
    // The process's composition root, built into the server bundle as dist/server/root.mjs.
    serverRoot({
      entry: "src/app/root.ts",
      workers: { "auditWorker.mjs": "src/audit/worker.ts" },
    }),
    // Each static page's icons drawn once, as <symbol>s (D205); before csp and precompress.
    iconSymbols(),
    // The guides' search index (Pagefind), written before precompress compresses it.
    guideSearch({ glob: "guides/*/index.html" }),
    // csp hashes the pages before precompress writes their compressed copies.
    csp({
      frameOrigins: [VIDEO_EMBED_ORIGIN, site.scheduling.url],
      scriptOrigins: [SCHEDULING_SCRIPT],
      // The guides' search runs Pagefind's WebAssembly (src/components/islands/GuideSearch.tsx).
      wasmPaths: ["/guides"],
    }),
    precompress(),
    // The guides' printable checklists, as PDFs outside the public folder.
    checklists({ source: "src/content/checklists", footer: `${site.name} · ${site.url}` }),
  ],
  trailingSlash: "never",
  build: { format: "directory", inlineStylesheets: "never" },
  server: { port: 4321, host: true },
  prefetch: false,
  devToolbar: { enabled: false },
  vite: {
    plugins: [tailwindcss(), inlineScript()],
  },
});
