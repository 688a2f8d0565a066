/**
 * Vite plugin: `import code from "../scripts/site.ts?inline-script"` gives that file and
 * everything it imports bundled and minified into one script without imports, as a string, for a
 * `<script type="module" is:inline set:html={code} />` in a layout (a module, so it runs once the
 * page is parsed rather than inside the parser's work).
 *
 * Why not Astro's own `<script>`: it inlines a script only when the script imports nothing, and
 * the site-wide script shares the lead field names with the form islands, so Astro emitted it as
 * a file importing a shared chunk: two requests in a chain before the largest paint on a slow
 * phone (decisions.md, "Site-wide script inlined"). The CSP integration hashes it like any other
 * inline script.
 */
import { build } from "esbuild";
import { resolve } from "node:path";
import type { Plugin } from "vite";

const QUERY = "inline-script";

export default function inlineScript(): Plugin {
  return {
    name: "inline-script",
    enforce: "pre",
    async load(id) {
      const [path, query] = id.split("?");
      if (query !== QUERY || !path) return null;
      const result = await build({
        entryPoints: [path],
        bundle: true,
        minify: true,
        format: "esm",
        target: "es2022",
        write: false,
        metafile: true,
        legalComments: "none",
        logLevel: "silent",
      });
      for (const input of Object.keys(result.metafile.inputs)) this.addWatchFile(resolve(input));
      const code = result.outputFiles[0]?.text.trim() ?? "";
      return `export default ${JSON.stringify(code)};`;
    },
  };
}
