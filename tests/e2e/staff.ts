/** Staff accounts for the inbox's browser tests: a one-time link from the real command line. */
import { spawnSync } from "node:child_process";
import { childEnv } from "../support/childEnv";
import { existsSync } from "node:fs";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "../..");
const node = existsSync(resolve(root, "node_modules/.bin/node"))
  ? resolve(root, "node_modules/.bin/node")
  : process.execPath;

export const PASSWORD = "mossy granite patio lantern";

/** `npm run -s admin -- invite EMAIL --role owner` against the e2e server's store. */
export function invite(email: string): string {
  const result = spawnSync(
    node,
    ["--disable-warning=ExperimentalWarning", "cli/admin.ts", "invite", email, "--role", "owner"],
    {
      cwd: root,
      encoding: "utf8",
      env: { ...childEnv, DATA_DIR: process.env.E2E_DATA_DIR ?? "" },
    },
  );
  if (result.status !== 0) throw new Error(`admin invite failed: ${result.stderr}`);
  return result.stdout.trim();
}
