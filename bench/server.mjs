/**
 * Starts the production server (scripts/start.mjs) for a benchmark and resolves once it listens.
 * Its lead store is a SQLite file in a temporary folder of its own (never ./data in the checkout,
 * nor the DATA_DIR or DATABASE_URL of the shell), removed when the server stops or the benchmark
 * exits; pass `env` to override.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { fileURLToPath } from "node:url";
import postgres from "postgres";

const root = fileURLToPath(new URL("..", import.meta.url));

export async function startServer({ outDir = process.env.BUILD_DIR || "dist", port, env = {} }) {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-data-"));
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      BUILD_DIR: outDir,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  // A benchmark that stops early (an error, Ctrl-C) leaves neither the server nor the folder.
  const onExit = () => {
    child.kill();
    removeData();
  };
  process.once("exit", onExit);
  await new Promise((resolve, reject) => {
    let output = "";
    const onData = (chunk) => {
      output += chunk;
      if (output.includes("Server listening")) {
        child.stdout.off("data", onData);
        child.stdout.resume(); // keep draining the server's logs
        resolve();
      }
    };
    child.stdout.on("data", onData);
    child.once("exit", (code) =>
      reject(new Error(`server exited with ${code} before listening:\n${output}`)),
    );
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    dataDir,
    /** Stops the server; resolves once it has exited and its data folder is gone. */
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill();
      await exited;
      removeData();
      process.off("exit", onExit);
    },
  };
}

/** The lead the intake benchmarks post (a testimonial: it queues no website check). */
export const benchLeadBody = JSON.stringify({
  _form: "testimonial",
  name: "Bench Lead",
  email: "bench@example.test",
  phone: "(512) 555-0100",
  _page: "/testimonial",
  utm_source: "bench",
});

/** A path no page has: the 404 page, measured with the others. */
export const NOT_FOUND_PATH = "/this-page-does-not-exist";

/** Every page a benchmark measures: the sitemap's, /thank-you (not in it on purpose) and a 404. */
export async function benchmarkPaths(origin) {
  const xml = await (await fetch(`${origin}/sitemap.xml`)).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  return [...paths, "/thank-you", NOT_FOUND_PATH];
}

/** Waits until the server on `port` says its store is ready (its health check answers 200). */
async function storeReady(port) {
  let last = "no answer";
  for (const started = Date.now(); Date.now() - started < 25_000;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      await res.arrayBuffer();
      if (res.ok) return;
      last = `health ${res.status}`;
    } catch (error) {
      last = error.message;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server's store not ready (${last})`);
}

/**
 * Starts `scripts/start.mjs` on a free port with exactly `env` (plus PATH, HOST, PORT and
 * BUILD_DIR), for the intake benchmarks (leads, events); resolves with the child, its `port` set,
 * once it listens and its store is ready (/api/health answers 200: on PostgreSQL, migrated), so
 * a warm-up never meets a schema still being made. `appRoot` is the checkout whose build starts:
 * this one, or another built checkout (bench:leads' BENCH_APP), so that two builds are measured
 * by the same harness, interleaved.
 */
export function startIntakeServer(env, buildDir = process.env.BUILD_DIR || "dist", appRoot = root) {
  const child = spawn(process.execPath, [join(appRoot, "scripts/start.mjs")], {
    cwd: appRoot,
    env: {
      PATH: process.env.PATH,
      HOST: "127.0.0.1",
      PORT: "0",
      BUILD_DIR: buildDir,
      ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 30_000);
    child.stderr.on("data", (d) => (out += d));
    child.stdout.on("data", (d) => {
      if (out.length < 100_000) out += d;
      const m = /listening on http:\/\/[^\s:]+:(\d+)/.exec(out);
      if (m && !child.port) {
        child.port = Number(m[1]);
        storeReady(child.port).then(
          () => {
            clearTimeout(timer);
            resolve(child);
          },
          (error) => reject(new Error(`${error.message}:\n${out}`)),
        );
      }
    });
    child.on("exit", (code) => reject(new Error(`server exited ${code}:\n${out}`)));
  });
}

/**
 * A fresh store for an intake benchmark: a temporary DATA_DIR and, on PostgreSQL, a schema of its
 * own. Resolves `{ env, count, backendPids, close }` (`count("FROM leads")` counts rows in either
 * store; `backendPids()` lists the process ids of the PostgreSQL sessions the server opened, by
 * their application name "leads", so run nothing else that connects under that name meanwhile
 * (the integration tests do), and none on SQLite; `close` drops the schema and the folder, once
 * the server has stopped), or
 * `{ skipped }` when PostgreSQL does not answer at `databaseUrl`.
 */
export async function benchStore(driver, label, databaseUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), `${label}-bench-`));
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  if (driver !== "postgres") {
    return {
      env: { DATA_DIR: dataDir },
      count: async (from) => {
        const db = new DatabaseSync(join(dataDir, "leads.db"), { readOnly: true });
        try {
          return Number(db.prepare(`SELECT count(*) AS n ${from}`).get().n);
        } finally {
          db.close();
        }
      },
      backendPids: async () => [],
      close: async () => removeData(),
    };
  }
  const schema = `${label}_bench_${process.pid}`;
  const sql = postgres(databaseUrl, {
    max: 1,
    connect_timeout: 3,
    onnotice: () => {},
    connection: { search_path: schema },
  });
  try {
    await sql`SELECT 1`;
  } catch (error) {
    await sql.end({ timeout: 1 }).catch(() => {});
    removeData();
    return { skipped: `PostgreSQL unreachable at ${databaseUrl}: ${error.message}` };
  }
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema },
    count: async (from) => Number((await sql.unsafe(`SELECT count(*) AS n ${from}`))[0].n),
    backendPids: async () =>
      (
        await sql`SELECT pid FROM pg_stat_activity
                  WHERE application_name = 'leads' AND datname = current_database()`
      ).map((r) => r.pid),
    close: async () => {
      await sql.unsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => {});
      await sql.end({ timeout: 1 });
      removeData();
    },
  };
}

/**
 * CPU seconds (user and system, all threads) each of `pids` has used so far, from Linux's
 * /proc/<pid>/stat; a process that has gone or cannot be read is left out (a PostgreSQL session
 * that ends between two readings is not counted). Returns a Map.
 */
export function cpuSeconds(pids) {
  const seconds = new Map();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      seconds.set(pid, (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS);
    } catch {
      // gone, or not on Linux
    }
  }
  return seconds;
}

/** Linux's clock ticks a second for /proc times (USER_HZ: 100 on every common build). */
const CLOCK_TICKS = 100;

/** CPU seconds used between two cpuSeconds() readings; a pid only in `after` counts whole. */
export function cpuSpent(before, after) {
  let total = 0;
  for (const [pid, s] of after) total += s - (before.get(pid) ?? 0);
  return total;
}

/** Stops a server started by startIntakeServer and waits until it has exited. */
export async function stopIntakeServer(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}
