/**
 * Astro integration: after the build, hashes every inline script of every page and writes the
 * site's Content-Security-Policy to <outDir>/csp.json, which the server (server/serve.ts) sends
 * with every response. Scripts run only from this origin or with a known hash: no
 * 'unsafe-inline', no 'unsafe-eval'. Frames only from the video and scheduling providers.
 * Pages under `wasmPaths` (the guides, whose search runs Pagefind's WebAssembly) get the same
 * policy plus 'wasm-unsafe-eval', which lets a page compile WebAssembly and nothing else (no
 * eval of JavaScript); every other page keeps the policy without it. The hashing is
 * src/server/csp.ts, which the server's staff pages use too.
 */
import type { AstroIntegration } from "astro";
import { readFile, writeFile } from "node:fs/promises";
import { htmlFiles } from "./htmlFiles.ts";
import { inlineScripts, sha256 } from "../src/server/csp.ts";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export interface CspOptions {
  /** Origins frames may come from (video player, booking page). */
  frameOrigins: string[];
  /** Third-party scripts the site may add (the scheduling provider's embed script). */
  scriptOrigins: string[];
  /** Paths (and the pages under them) whose scripts may compile WebAssembly. */
  wasmPaths?: string[];
}

export function policy(
  hashes: string[],
  { frameOrigins, scriptOrigins }: CspOptions,
  wasm = false,
): string {
  const origins = (list: string[]) => [...new Set(list.map((u) => new URL(u).origin))];
  return [
    "default-src 'self'",
    `script-src 'self'${wasm ? " 'wasm-unsafe-eval'" : ""} ${[...hashes].sort().join(" ")} ${origins(scriptOrigins).join(" ")}`
      .replace(/\s+/g, " ")
      .trim(),
    // React sets a few style attributes (progress bar width, widget height).
    `style-src 'self' 'unsafe-inline' ${origins(scriptOrigins).join(" ")}`.trim(),
    "img-src 'self' data:",
    "font-src 'self'",
    "media-src 'self'",
    "connect-src 'self'",
    `frame-src ${origins(frameOrigins).join(" ")}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "manifest-src 'self'",
    "worker-src 'none'",
  ].join("; ");
}

export default function csp(options: CspOptions): AstroIntegration {
  return {
    name: "csp",
    hooks: {
      "astro:build:done": async ({ dir, logger }) => {
        const client = fileURLToPath(dir);
        const hashes = new Set<string>();
        for await (const file of htmlFiles(client)) {
          for (const script of inlineScripts(await readFile(file, "utf8")))
            hashes.add(sha256(script));
        }
        const header = policy([...hashes], options);
        const wasmHeader = policy([...hashes], options, true);
        const paths = Object.fromEntries((options.wasmPaths ?? []).map((p) => [p, wasmHeader]));
        await writeFile(
          join(dirname(client), "csp.json"),
          `${JSON.stringify({ header, paths, hashes: [...hashes] }, null, 2)}\n`,
        );
        logger.info(`Content-Security-Policy with ${hashes.size} inline script hashes`);
      },
    },
  };
}
