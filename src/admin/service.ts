/**
 * The agency side of one server process: its store over the lead service's store (one
 * connection, one schema) and the sign-in throttle, shared by every admin route.
 */
import { leadService } from "../leads/server.ts";
import type { PostgresLeadStore } from "../leads/store/postgres.ts";
import { adminStoreFor } from "./store/index.ts";
import type { AdminStore } from "./store/types.ts";
import { createSignInThrottle, throttleSettings, type SignInThrottle } from "./throttle.ts";

const GLOBAL_KEY = Symbol.for("greenline.admin.throttle");
type WithThrottle = typeof globalThis & { [GLOBAL_KEY]?: Promise<SignInThrottle> };

export async function adminStore(): Promise<AdminStore> {
  return adminStoreFor(await leadService().store());
}

/** The process's sign-in throttle (in the lead store's PostgreSQL when there is one). */
export function signInThrottle(): Promise<SignInThrottle> {
  const g = globalThis as WithThrottle;
  g[GLOBAL_KEY] ??= (async () => {
    const store = await leadService().store();
    // By driver, not instanceof (two copies of the class in one process; see store/index.ts).
    const pgStore = store.driver === "postgres" ? (store as PostgresLeadStore) : null;
    const pg = pgStore ? { sql: pgStore.sql, schema: pgStore.schema } : null;
    return createSignInThrottle(throttleSettings(), pg);
  })().catch((error: unknown) => {
    delete g[GLOBAL_KEY];
    throw error;
  });
  return g[GLOBAL_KEY];
}
