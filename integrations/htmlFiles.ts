/** The built site's HTML files, for integrations that rewrite or read every page after the build. */
import { readdir } from "node:fs/promises";
import { join } from "node:path";

/** Every `.html` file under `dir`, depth first. */
export async function* htmlFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(path);
    else if (entry.name.endsWith(".html")) yield path;
  }
}
