#!/usr/bin/env node
/**
 * `npm run bench:mainthread [-- /route …]`: where a page's main-thread time goes on a slower CPU.
 *
 * Serves the production build (dist/, or BUILD_DIR; built first unless SKIP_BUILD=1) like
 * bench/lighthouse.mjs, loads every route (the sitemap's, /thank-you and the 404; or the routes
 * given) in Debian's Chromium under 4× CPU throttling (DevTools' Emulation.setCPUThrottlingRate,
 * phone viewport), records a DevTools trace of each load and reads from the page's renderer main
 * thread:
 * - busy: the time its top-level tasks took, from navigation start to 3 s after `load` (so the
 *   page-view beacon and anything idle-scheduled count);
 * - TBT: total blocking time, every task after first contentful paint counted beyond 50 ms (the
 *   whole window, so stricter than Lighthouse's FCP-to-interactive);
 * - the longest task, and the task kinds (self time of the trace events inside tasks, grouped:
 *   HTML parsing, style, layout, script, image decoding, paint, other).
 *
 * Measured in the same run, interleaved with the routes (one run of every page, then the next):
 * - a control page (bench/lighthouse.mjs's: a heading and a sentence): what the browser and this
 *   machine cost a page with nothing in it;
 * - a peer, when PEER_DIR names a static build of another real Astro site (served as plain files
 *   from that folder; PEER_ROUTES lists its paths, default "/"); see docs/lighthouse/mainthread.md
 *   for the one used and how to build it. Without one the bench says so and compares with the
 *   control only;
 * - a base build, when BASE_DIR names another build of this site (e.g. an earlier commit's), so
 *   before and after share one sitting.
 *
 * Every figure is the median of RUNS runs (default 5) with its spread (min–max); ratios are to
 * the control's median busy time and to the peer's median busy time of the same run. The machine
 * is shared and noisy: read the ratios, not the absolute milliseconds. Writes the raw samples to
 * MAINTHREAD_JSON when set.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { benchmarkPaths, startServer } from "./server.mjs";
import { browserLaunchOptions } from "../tests/e2e/browser.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const runs = Number(process.env.RUNS ?? 5);
const throttle = Number(process.env.CPU_THROTTLE ?? 4);
const outDir = process.env.BUILD_DIR || "dist";
const baseDir = process.env.BASE_DIR;
const peerDir = process.env.PEER_DIR;
const peerRoutes = (process.env.PEER_ROUTES ?? "/").split(",").filter(Boolean);
const SETTLE_MS = 3000;

if (process.env.SKIP_BUILD !== "1") {
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** The control page of bench/lighthouse.mjs. */
const CONTROL_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Control page</title><meta name="description" content="A page with nothing to load."></head><body><h1>Control page</h1><p>No style sheet, image or script.</p></body></html>';

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css",
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".xml": "application/xml",
  ".txt": "text/plain",
};

/** A plain static-file server on loopback (the peer's build; `html` alone serves the control). */
async function staticServer({ dir, html }) {
  const server = createServer((req, res) => {
    if (html) {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return res.end(html);
    }
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    let file = normalize(join(dir, path));
    if (!file.startsWith(resolve(dir))) return res.writeHead(403).end();
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, "index.html");
    else if (!existsSync(file) && existsSync(`${file}.html`)) file = `${file}.html`;
    if (!existsSync(file)) return res.writeHead(404).end("not found");
    res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
    res.end(readFileSync(file));
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  return { origin: `http://127.0.0.1:${server.address().port}`, stop: () => server.close() };
}

/**
 * Trace events grouped into the kinds this bench reports, by name (DevTools' timeline events and
 * Blink's own trace events); a task's time outside every named event, and unknown names, are
 * "other".
 */
const KINDS = [
  [
    "parse HTML",
    /^(ParseHTML|HTMLDocumentParser|DecodedDataDocumentParser|TextResourceDecoder|HTMLPreloadScanner|HTMLTreeBuilder|Document::FinishedParsing)/,
  ],
  ["parse CSS", /^(ParseAuthorStyleSheet|CSSParserImpl|StyleSheetContents|CSSStyleSheetResource)/],
  [
    "style",
    /^(UpdateLayoutTree|RecalculateStyles|Document::(recalcStyle|updateStyle|rebuildLayoutTree|UpdateStyleInvalidation)|StyleEngine|StyleResolver)/,
  ],
  [
    "layout",
    /^(Layout$|LocalFrameView::performLayout|InlineNode|LayoutShift|IntersectionObserver|UpdateLayout)/,
  ],
  [
    "script",
    /^(EvaluateScript|v8|V8|FunctionCall|TimerFire|EventDispatch|FireAnimationFrame|FireIdleCallback|RunMicrotasks|BlinkScheduler_PerformMicrotaskCheckpoint|MajorGC|MinorGC|BlinkGC|ContextCreatedNotification|LocalWindowProxy|ScriptStreamer|CompileScript|CompileModule|EvaluateModule)/,
  ],
  [
    "images",
    /^(Decode Image|ImageDecodeTask|Decode LazyPixelRef|Draw LazyPixelRef|ImageResourceContent|IsolatedSVGDocumentHost|SVGImage)/,
  ],
  [
    "paint",
    /^(Paint|PrePaint|Layerize|UpdateLayer|CompositeLayers|Commit|PaintImage|RasterTask|Blink\.|WebFrameWidgetImpl::UpdateLifecycle|CullRectUpdate|LocalFrameView::(DidFinishLifecycleUpdate|RunAccessibilitySteps))/,
  ],
  [
    "navigation",
    /^(Receive mojo message|Closed mojo endpoint|ResourceFetcher|DocumentLoader|Frame::Detach|Document::(shutdown|Document|OpenForNavigation|CancelParsing|SetReadyState)|PageTimingMetricsSender|ResourceLoader|ResourceDispatcher)/,
  ],
];
const kindOf = (name) => KINDS.find(([, re]) => re.test(name))?.[0] ?? "other";

/**
 * Main-thread figures of one trace: the renderer main thread that started navigating to `url`,
 * from its navigationStart to the end of the trace.
 */
function analyse(events, url) {
  const nav = events.find(
    (e) =>
      e.name === "navigationStart" &&
      e.args?.data?.isLoadingMainFrame &&
      String(e.args.data.documentLoaderURL ?? "").startsWith(url),
  );
  if (!nav) throw new Error(`no navigationStart for ${url} in the trace`);
  const { pid, tid } = nav;
  const onMain = events.filter((e) => e.pid === pid && e.tid === tid && e.ts >= nav.ts);
  const at = (name) => onMain.find((e) => e.name === name && e.args?.frame === nav.args?.frame);
  const fcp = at("firstContentfulPaint")?.ts ?? nav.ts;
  const lcpCandidates = onMain.filter((e) => e.name === "largestContentfulPaint::Candidate");
  const lcp = lcpCandidates.at(-1)?.ts;
  const complete = onMain
    .filter((e) => e.ph === "X" && typeof e.dur === "number")
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const tasks = complete.filter(
    (e) => e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask",
  );
  // Self time of each event inside a task: its duration less its children's.
  const kinds = {};
  const names = new Map();
  const add = (kind, us) => (kinds[kind] = (kinds[kind] ?? 0) + us);
  let taskIndex = 0;
  const stack = [];
  const close = (until) => {
    while (stack.length && stack.at(-1).end <= until) {
      const done = stack.pop();
      add(done.task ? "other" : kindOf(done.name), done.end - done.start - done.children);
      if (process.env.MAINTHREAD_NAMES)
        names.set(done.name, (names.get(done.name) ?? 0) + done.end - done.start - done.children);
      if (stack.length) stack.at(-1).children += done.end - done.start;
    }
  };
  for (const e of complete) {
    close(e.ts);
    const isTask = e === tasks[taskIndex];
    if (isTask) taskIndex++;
    if (!isTask && !stack.length) continue; // outside any task: not main-thread work we count
    if (isTask && stack.length) continue; // a nested run loop's task: already counted in its parent
    const end = e.ts + e.dur;
    // Clip children to their parent (trace timestamps are rounded).
    const parentEnd = stack.at(-1)?.end ?? end;
    stack.push({
      name: e.name,
      start: e.ts,
      end: Math.min(end, parentEnd),
      children: 0,
      task: isTask,
    });
  }
  close(Infinity);
  // Image decoding off the main thread too (raster workers of the same renderer).
  const decodeAll = events
    .filter(
      (e) =>
        e.pid === pid &&
        e.ph === "X" &&
        /^(Decode Image|ImageDecodeTask|Decode LazyPixelRef)$/.test(e.name),
    )
    .reduce((n, e) => n + (e.dur ?? 0), 0);
  const topLevel = tasks.filter((t, i) => i === 0 || t.ts >= tasks[i - 1].ts + tasks[i - 1].dur);
  const busy = topLevel.reduce((n, t) => n + t.dur, 0);
  const longest = topLevel.reduce((n, t) => Math.max(n, t.dur), 0);
  const tbt = topLevel
    .filter((t) => t.ts + t.dur > fcp)
    .reduce((n, t) => {
      const start = Math.max(t.ts, fcp);
      const blocking = t.ts + t.dur - start - 50_000;
      return n + Math.max(0, blocking);
    }, 0);
  const ms = (us) => us / 1000;
  if (process.env.MAINTHREAD_NAMES)
    console.error(
      url,
      [...names]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 25)
        .map(([n, v]) => `${n} ${Math.round(v / 1000)}`)
        .join("; "),
    );
  return {
    busy: ms(busy),
    tbt: ms(tbt),
    longest: ms(longest),
    tasksOver50: topLevel.filter((t) => t.dur > 50_000).length,
    fcp: ms(fcp - nav.ts),
    lcp: lcp ? ms(lcp - nav.ts) : NaN,
    decodeAllThreads: ms(decodeAll),
    kinds: Object.fromEntries(Object.entries(kinds).map(([k, v]) => [k, ms(v)])),
  };
}

const TRACE_CATEGORIES = [
  "-*",
  "toplevel",
  "loading",
  "v8",
  "v8.execute",
  "blink",
  "blink.user_timing",
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "disabled-by-default-devtools.timeline.frame",
].join(",");

// The browser tests' flags, in the full browser (CHROME_PATH, else Debian's /usr/bin/chromium),
// not the headless shell the tests prefer (D283): the figures of earlier stops were read off it.
const fullChromium = [process.env.CHROME_PATH, "/usr/bin/chromium"].find((p) => p && existsSync(p));
const browser = await chromium.launch({ ...browserLaunchOptions(), executablePath: fullChromium });
const browserSession = await browser.newBrowserCDPSession();

/** One throttled, traced load of `url` in a fresh context (empty cache, no cookies). */
async function loadOnce(url) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  // Closed whatever happens: a page left open keeps running, throttled, and loads the machine.
  try {
    return await traced(context, url);
  } finally {
    await context.close();
  }
}

async function traced(context, url) {
  // Other hosts are unreachable here (the scheduling widget): fail them at once.
  await context.route(/^https:/, (route) => route.abort());
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  await session.send("Emulation.setCPUThrottlingRate", { rate: throttle });
  const events = [];
  const onData = ({ value }) => events.push(...value);
  browserSession.on("Tracing.dataCollected", onData);
  const complete = new Promise((ok) => browserSession.once("Tracing.tracingComplete", ok));
  await browserSession.send("Tracing.start", {
    transferMode: "ReportEvents",
    traceConfig: {
      includedCategories: TRACE_CATEGORIES.split(","),
      recordMode: "recordAsMuchAsPossible",
    },
  });
  await page.goto(url, { waitUntil: "load", timeout: 60_000 });
  await page.waitForTimeout(SETTLE_MS);
  await browserSession.send("Tracing.end");
  await complete;
  browserSession.off("Tracing.dataCollected", onData);
  // MAINTHREAD_TRACES=folder keeps each load's trace (DevTools' Performance panel opens them).
  if (process.env.MAINTHREAD_TRACES) {
    mkdirSync(process.env.MAINTHREAD_TRACES, { recursive: true });
    writeFileSync(
      join(
        process.env.MAINTHREAD_TRACES,
        `${new URL(url).port}${new URL(url).pathname.replaceAll("/", "_")}-${Date.now()}.json`,
      ),
      JSON.stringify({ traceEvents: events }),
    );
  }
  const dom = await page.evaluate(() => ({
    elements: document.getElementsByTagName("*").length,
    svgs: document.getElementsByTagName("svg").length,
    html: document.documentElement.outerHTML.length,
  }));
  return { ...analyse(events, url), ...dom };
}

const server = await startServer({ outDir, port: 4600 + Math.floor(Math.random() * 300) });
const base = baseDir
  ? await startServer({ outDir: baseDir, port: 4900 + Math.floor(Math.random() * 300) })
  : null;
const control = await staticServer({ html: CONTROL_HTML });
const peer = peerDir && existsSync(peerDir) ? await staticServer({ dir: peerDir }) : null;

const routes = process.argv.slice(2).length
  ? process.argv.slice(2)
  : await benchmarkPaths(server.origin);

/** Every page measured in a run: [group, label, url]. */
const targets = [
  ["control", "control", `${control.origin}/`],
  ...(peer ? peerRoutes.map((r) => ["peer", `peer ${r}`, `${peer.origin}${r}`]) : []),
  ...routes.flatMap((r) => [
    ...(base ? [["base", `before ${r}`, `${base.origin}${r}`]] : []),
    ["site", base ? `after ${r}` : r, `${server.origin}${r}`],
  ]),
];
const samples = new Map(targets.map(([, label]) => [label, []]));
// A first load of each page warms the server's and the OS's file caches; not counted (WARMUP=0
// skips it).
if (process.env.WARMUP !== "0")
  for (const [, , url] of targets) await loadOnce(url).catch(() => {});
for (let run = 0; run < runs; run++) {
  // Interleaved, and in a different order each run, so a busy spell of the machine is shared.
  const order = run % 2 ? [...targets].reverse() : targets;
  for (const [, label, url] of order) {
    try {
      samples.get(label).push(await loadOnce(url));
    } catch (error) {
      console.error(`${label}: ${error.message}`);
    }
  }
  process.stderr.write(`run ${run + 1}/${runs} done\n`);
  // The samples so far, in case a long run on a busy machine has to be stopped.
  if (process.env.MAINTHREAD_JSON)
    writeFileSync(process.env.MAINTHREAD_JSON, JSON.stringify(Object.fromEntries(samples)));
}

await browser.close();
await server.stop();
await base?.stop();
control.stop();
peer?.stop();

const median = (values) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(mid)] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const spread = (values) => `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}`;
const summary = (label) => {
  const list = samples.get(label);
  const figure = (key) => list.map((s) => s[key]);
  const kindNames = [...new Set(list.flatMap((s) => Object.keys(s.kinds)))];
  const kinds = Object.fromEntries(
    kindNames.map((k) => [k, median(list.map((s) => s.kinds[k] ?? 0))]),
  );
  return {
    label,
    n: list.length,
    busy: median(figure("busy")),
    busySpread: spread(figure("busy")),
    tbt: median(figure("tbt")),
    tbtSpread: spread(figure("tbt")),
    longest: median(figure("longest")),
    longestSpread: spread(figure("longest")),
    fcp: median(figure("fcp")),
    lcp: median(figure("lcp")),
    decode: median(figure("decodeAllThreads")),
    elements: median(figure("elements")),
    svgs: median(figure("svgs")),
    kinds,
  };
};
const rows = targets.map(([group, label]) => ({ group, ...summary(label) }));
const controlRow = rows.find((r) => r.group === "control");
const peerRows = rows.filter((r) => r.group === "peer");
const peerBusy = median(peerRows.map((r) => r.busy));

const round = (n) => (Number.isFinite(n) ? String(Math.round(n)) : "–");
const ratio = (a, b) => (Number.isFinite(a) && b > 0 ? `${(a / b).toFixed(2)}×` : "–");
const top = (kinds) =>
  Object.entries(kinds)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([k, v]) => `${k} ${Math.round(v)}`)
    .join(", ");
const lines = [
  `Main-thread work under ${throttle}× CPU throttling, phone viewport; median of ${runs} interleaved runs (spread min–max), ms.`,
  `Control: ${controlRow.n} runs, busy ${round(controlRow.busy)} (${controlRow.busySpread}), TBT ${round(controlRow.tbt)} (${controlRow.tbtSpread}), longest task ${round(controlRow.longest)} (${controlRow.longestSpread}).`,
  peer
    ? `Peer: ${peerDir} (${peerRows.map((r) => r.label).join(", ")}), median busy ${round(peerBusy)}.`
    : "Peer: none (set PEER_DIR to a static build of another Astro site); ratios to the control only.",
  "",
  "| Page | Busy | Busy spread | ×control | ×peer | TBT | TBT spread | Longest | FCP | LCP | Elements | SVGs | Decode (all threads) | Top kinds (self ms) |",
  "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
  ...rows.map(
    (r) =>
      `| ${r.label} | ${round(r.busy)} | ${r.busySpread} | ${ratio(r.busy, controlRow.busy)} | ${peer ? ratio(r.busy, peerBusy) : "–"} | ${round(r.tbt)} | ${r.tbtSpread} | ${round(r.longest)} | ${round(r.fcp)} | ${round(r.lcp)} | ${round(r.elements)} | ${round(r.svgs)} | ${round(r.decode)} | ${top(r.kinds)} |`,
  ),
  "",
];
const sitewide = rows.filter((r) => r.group === "site");
const tbtCeiling = Math.max(...samples.get(controlRow.label).map((s) => s.tbt));
const overTbt = sitewide.filter((r) => r.tbt > tbtCeiling);
const overPeer = peer ? sitewide.filter((r) => r.busy > peerBusy) : [];
lines.push(
  `Routes with median TBT above the control's highest run (${round(tbtCeiling)} ms): ${overTbt.map((r) => r.label).join(", ") || "none"}.`,
  peer
    ? `Routes busier than the peer's median page: ${overPeer.map((r) => r.label).join(", ") || "none"}.`
    : "No peer measured.",
);
console.log(lines.join("\n"));
if (process.env.MAINTHREAD_JSON)
  writeFileSync(
    process.env.MAINTHREAD_JSON,
    `${JSON.stringify({ generated: new Date().toISOString(), throttle, runs, rows, samples: Object.fromEntries(samples) }, null, 2)}\n`,
  );
