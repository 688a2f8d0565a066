/**
 * A lead's statement that cannot reach PostgreSQL is given up within the queue deadline, so the
 * post is answered 503 quickly (src/leads/store/postgres.ts, STATEMENT_QUEUE_DEADLINE_MS), and the
 * deadline sheds nothing from a healthy database under a burst.
 */
import { createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PostgresLeadStore, STATEMENT_QUEUE_DEADLINE_MS } from "../../src/leads/store/postgres";
import { StoreUnavailableError, type LeadRecord } from "../../src/leads/store/types";
import { newLeadId } from "../../src/server/id";
import { dropSchema, postgresAvailable, testDatabaseUrl, uniqueSchema } from "./support";

function lead(n: number): LeadRecord {
  const at = Date.now() + n;
  const createdAt = new Date(at).toISOString();
  return {
    id: newLeadId(at),
    kind: "contact",
    form: "contact",
    subject: null,
    createdAt,
    spam: false,
    fields: { name: `Lead ${n}`, email: `lead${n}@example.test`, message: "Call me" },
    metadata: {
      source: "contact_page",
      page: "/contact-us",
      landingPage: "/contact-us",
      referrer: null,
      timestamp: createdAt,
      userAgent: "test",
      utm: {},
      ipHash: "ab".repeat(32),
      spamReasons: [],
    },
  };
}

/** Settles every insert, noting how long each took and how it ended. */
async function insertAll(store: PostgresLeadStore, count: number) {
  const started = performance.now();
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      store.insert(lead(i)).then(
        () => ({ ok: true as const, ms: performance.now() - started }),
        (error: unknown) => ({ ok: false as const, error, ms: performance.now() - started }),
      ),
    ),
  );
}

describe("a database that accepts connections and never answers (a restart's shutdown)", () => {
  let silent: Server;
  const sockets: Socket[] = [];
  let url = "";

  beforeAll(async () => {
    silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const address = silent.address();
    if (!address || typeof address === "string") throw new Error("no port");
    url = `postgres://postgres@127.0.0.1:${address.port}/test`;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it("fails every waiting insert as unavailable within the deadline, not one reconnect at a time", async () => {
    // Two connections and twelve posts: ten wait in the pool's queue behind connection attempts
    // that time out after 2 s each, so without the deadline the last waited about 12 s.
    const store = new PostgresLeadStore(url, { max: 2 });
    try {
      const results = await insertAll(store, 12);
      for (const r of results) {
        expect(r.ok).toBe(false);
        if (!r.ok) expect(r.error).toBeInstanceOf(StoreUnavailableError);
      }
      const slowest = Math.max(...results.map((r) => r.ms));
      expect(slowest).toBeGreaterThanOrEqual(STATEMENT_QUEUE_DEADLINE_MS - 50);
      expect(slowest).toBeLessThan(STATEMENT_QUEUE_DEADLINE_MS + 400);
    } finally {
      await store.close().catch(() => {});
    }
  });
});

const pg = await postgresAvailable();

describe.skipIf(!pg)("a healthy PostgreSQL under a burst", () => {
  const schema = uniqueSchema("deadline");
  let store: PostgresLeadStore;

  beforeAll(async () => {
    store = new PostgresLeadStore(testDatabaseUrl, { schema, max: 4 });
    await store.migrate();
  });
  afterAll(async () => {
    await store.close();
    await dropSchema(schema);
  });

  it("stores every one of 400 simultaneous inserts through a pool of four", async () => {
    const results = await insertAll(store, 400);
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(await store.list()).toHaveLength(400);
  });
});
