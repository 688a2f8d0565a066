/**
 * Astro integration: the server build emits the process's composition root (src/app/root.ts)
 * as a second entry, dist/server/root.mjs, beside the adapter's entry.mjs. Both are inputs of
 * the same Rolldown build, so they share their chunks: one copy of every module in the process
 * (scripts/start.mjs imports these two files, never src/). See docs/architecture.md.
 *
 * `workers` are further entries loaded by worker threads (the website check's sandbox:
 * dist/server/auditWorker.mjs, src/audit/sandbox.ts), named as given: a worker thread has a
 * module graph of its own, made of the same chunks.
 */
import type { AstroIntegration } from "astro";
import { fileURLToPath } from "node:url";

type EntryName = string | ((chunk: { name: string; facadeModuleId?: string | null }) => string);

export default function serverRoot(options: {
  entry: string;
  fileName?: string;
  /** Worker entries: output file name (in dist/server/) → source. */
  workers?: Record<string, string>;
}): AstroIntegration {
  const fileName = options.fileName ?? "root.mjs";
  const workers = Object.entries(options.workers ?? {});
  const workerInput = (name: string) => `${WORKER_INPUT}${name.replace(/\W/g, "-")}`;
  const names = new Map<string, string>([
    [ROOT_INPUT, fileName],
    ...workers.map(([name]) => [workerInput(name), name] as [string, string]),
  ]);
  return {
    name: "server-root",
    hooks: {
      "astro:config:setup": ({ updateConfig, command, config }) => {
        if (command !== "build") return;
        const entry = fileURLToPath(new URL(options.entry, config.root));
        const input: Record<string, string> = { [ROOT_INPUT]: entry };
        for (const [name, source] of workers)
          input[workerInput(name)] = fileURLToPath(new URL(source, config.root));
        updateConfig({
          vite: {
            plugins: [
              {
                name: "server-root:input",
                // Only the server environment gets the extra entry (not prerender, not client).
                configEnvironment(name: string) {
                  if (name !== "ssr") return;
                  return { build: { rolldownOptions: { input } } };
                },
              },
            ],
          },
        });
      },
      "astro:build:setup": ({ vite, target }) => {
        if (target !== "server") return;
        // Astro names every entry of its server build after build.serverEntry; this one keeps
        // its own name.
        const output = vite.build?.rolldownOptions?.output;
        if (!output || Array.isArray(output)) throw new Error("server-root: unexpected output");
        const named = output.entryFileNames as EntryName | undefined;
        output.entryFileNames = (chunk: { name: string; facadeModuleId?: string | null }) =>
          names.get(chunk.name) ??
          (typeof named === "function" ? named(chunk) : (named ?? "[name].mjs"));
      },
    },
  };
}

const ROOT_INPUT = "server-root";
const WORKER_INPUT = "server-worker-";
