/**
 * What a Content-Security-Policy needs to know of a page's inline scripts, shared by the build
 * (integrations/csp.ts hashes every prebuilt page) and the server (src/middleware.ts hashes each
 * staff page it renders). Run-time code never imports integrations/ (docs/architecture.md,
 * Zones), so this lives here and the integration imports it.
 */
import { createHash } from "node:crypto";

/** Inline scripts that execute (not JSON-LD or other data blocks), as they appear in the HTML. */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    if (/\bsrc\s*=/.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== "module" && type !== "text/javascript") continue;
    scripts.push(match[2] ?? "");
  }
  return scripts;
}

/** A CSP source expression for a script's text: `'sha256-…'`. */
export const sha256 = (text: string) =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
