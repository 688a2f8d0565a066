import { existsSync } from "node:fs";

/**
 * The Chromium the browser tests drive: CHROME_PATH, else Debian's headless shell
 * (chromium-headless-shell: the same Chromium, Blink and V8 built without the browser's window
 * layer, the build Playwright itself runs headless tests in), else Debian's /usr/bin/chromium.
 * The shell took 5.1 min of the browser stage where the full browser took 6.0, its browser
 * process 63 s of CPU against 138 s (D283).
 */
const chromiumCandidates = [
  process.env.CHROME_PATH,
  "/usr/bin/chromium-headless-shell",
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
];

export function chromiumPath(): string | undefined {
  return chromiumCandidates.find((p): p is string => !!p && existsSync(p));
}

/**
 * Chromium 156 builds the address bar's suggestion popups (chrome://omnibox-popup.top-chrome/,
 * two WebUI renderers) for every window, and Playwright opens a window per test: measured at
 * about 0.65 s of CPU a test, a fifth of the browser tests' CPU. They are turned off here. A
 * second --disable-features replaces the first, so the list repeats Playwright 1.65's own
 * (chromiumSwitches.ts) before ours.
 */
const disabledFeatures = [
  // Playwright's.
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
  // Ours: the address bar's popups no test has.
  "WebUIOmniboxPopup",
  "WebUIOmniboxAimPopup",
];

/**
 * Every host name but this machine's fails to resolve, at once: no test waits on the network, and
 * no request leaves the machine. Done by Chromium's resolver, not by routing every request through
 * Playwright (a request paused, sent to the test process and let go: measured at about a fifth
 * of the browser's CPU on a page-loading loop, and routing turns the HTTP cache off, so each page
 * fetched every stylesheet and image again). A test's own routes still answer a third party's
 * address before it is resolved (the scheduling script, the video embed).
 */
const blockOtherHosts =
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost";

export const chromiumArgs = [
  "--no-sandbox",
  blockOtherHosts,
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-quic",
  "--no-first-run",
  "--disable-sync",
  `--disable-features=${disabledFeatures.join(",")}`,
];

/** Launch options; without a system Chromium, Playwright's own browser is used if it has one. */
export function browserLaunchOptions() {
  const executablePath = chromiumPath();
  return executablePath ? { executablePath, args: chromiumArgs } : { args: chromiumArgs };
}
