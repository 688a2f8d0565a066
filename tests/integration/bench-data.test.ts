/**
 * `npm run bench:bytes` (bench/weight.mjs) starts the production server to measure pages. The
 * server opens a lead store when it starts: the benchmark must give it a temporary data folder
 * and remove it, never create ./data/leads.db in the checkout.
 */
import { describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { childEnv } from "../support/childEnv";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { buildDir, entry, node, removeDir, root, tempDir } from "./support";

const repoData = join(root, "data");
const hadRepoData = existsSync(repoData);
if (hadRepoData) console.warn(`${repoData} exists already: its absence cannot be checked`);

describe("the bytes benchmark's data folder", () => {
  it.skipIf(!existsSync(entry))(
    "is a temporary folder, removed afterwards; ./data is not created",
    async () => {
      // The benchmark's temporary folders go here (os.tmpdir() honours TMPDIR).
      const tmp = tempDir("bench-tmp-");
      const seen = new Set<string>();
      const look = () => {
        for (const name of readdirSync(tmp)) {
          if (name.startsWith("bench-data-") && existsSync(join(tmp, name, "leads.db"))) {
            seen.add(name);
          }
        }
      };
      const child = spawn(node, ["bench/weight.mjs", "/"], {
        cwd: root,
        env: {
          ...childEnv,
          HOME: process.env.HOME ?? "",
          BUILD_DIR: buildDir,
          TMPDIR: tmp,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (d: Buffer) => (output += d.toString()));
      child.stderr.on("data", (d: Buffer) => (output += d.toString()));
      const poll = setInterval(look, 50);
      const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
      clearInterval(poll);
      try {
        expect(code, output).toBe(0);
        expect(output).toContain("| / |");
        // The server's store lived in a folder of its own while the benchmark ran...
        expect(seen.size, "a bench-data-* folder with leads.db while the server ran").toBe(1);
        // ...which is gone now, and the checkout has no data folder.
        expect(readdirSync(tmp).filter((n) => n.startsWith("bench-data-"))).toEqual([]);
        if (!hadRepoData) expect(existsSync(repoData)).toBe(false);
      } finally {
        removeDir(tmp);
      }
    },
    120_000,
  );
});
