/**
 * Astro integration: after the build, writes a Brotli (.br) and a gzip (.gz) copy next to every
 * text asset in the client output, so the server sends compressed bytes without compressing per
 * request (see server/serve.ts).
 */
import type { AstroIntegration } from "astro";
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export const compressible = /\.(html|css|js|mjs|json|svg|xml|txt|webmanifest|map)$/;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

export default function precompress(): AstroIntegration {
  return {
    name: "precompress",
    hooks: {
      "astro:build:done": async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        let files = 0;
        let before = 0;
        let after = 0;
        for await (const path of walk(root)) {
          if (!compressible.test(path)) continue;
          const body = await readFile(path);
          if ((await stat(path)).size < 256) continue;
          const br = brotliCompressSync(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          });
          await writeFile(`${path}.br`, br);
          await writeFile(`${path}.gz`, gzipSync(body, { level: 9 }));
          files += 1;
          before += body.length;
          after += br.length;
        }
        logger.info(
          `${files} text files precompressed: ${Math.round(before / 1024)} KB → ${Math.round(after / 1024)} KB (brotli)`,
        );
      },
    },
  };
}
