/**
 * The agency side of one server process: its store over the lead service's store (one
 * connection, one schema) and the sign-in throttle, shared by every admin route.
 */
import { leadService } from "../leads/server.ts";
import { PostgresLeadStore } from "../leads/store/postgres.ts";
import { adminStoreFor } from "./store/index.ts";
import type { AdminStore } from "./store/types.ts";
import { createSignInThrottle, throttleSettings, type SignInThrottle } from "./throttle.ts";

let throttle: Promise<SignInThrottle> | undefined;

export async function adminStore(): Promise<AdminStore> {
  return adminStoreFor(await leadService().store());
}

/** The process's sign-in throttle (in the lead store's PostgreSQL when there is one). */
export function signInThrottle(): Promise<SignInThrottle> {
  throttle ??= (async () => {
    const store = await leadService().store();
    const pg = store instanceof PostgresLeadStore ? { sql: store.sql, schema: store.schema } : null;
    return createSignInThrottle(throttleSettings(), pg);
  })().catch((error: unknown) => {
    throttle = undefined;
    throw error;
  });
  return throttle;
}
