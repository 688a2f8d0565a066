import { existsSync } from "node:fs";

/** The Chromium the browser tests drive: CHROME_PATH, else Debian's /usr/bin/chromium. */
export function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  return candidates.find((p): p is string => !!p && existsSync(p));
}

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-quic",
  "--no-first-run",
  "--disable-sync",
];

/** Launch options; without a system Chromium, Playwright's own browser is used if it has one. */
export function browserLaunchOptions() {
  const executablePath = chromiumPath();
  return executablePath ? { executablePath, args: chromiumArgs } : { args: chromiumArgs };
}
