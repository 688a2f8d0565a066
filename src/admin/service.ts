/**
 * The agency side of one server process: its store over the process's connection (the leads'
 * database and schema) and the sign-in throttle, shared by every admin route. Built once, by the
 * composition root (src/app/root.ts), from the connection it opened, the lead service and the
 * throttle's settings (./config.ts).
 */
import type { LeadService } from "../leads/server.ts";
import type { Connection } from "../db/connection.ts";
import { builtOn } from "../db/holder.ts";
import { StoreUnavailableError } from "../leads/store/types.ts";
import type { ThrottleSettings } from "./config.ts";
import { adminStoreOn } from "./store/index.ts";
import type { AdminStore } from "./store/types.ts";
import { createSignInThrottle, type SignInThrottle } from "./throttle.ts";

export interface AdminServices {
  /** The agency side's store over the lead store's connection. */
  store(): Promise<AdminStore>;
  /**
   * The process's sign-in throttle (in the lead store's PostgreSQL when there is one). Set up by
   * the first sign-in; when PostgreSQL refuses that (its limiter table, or any limiter query in
   * the last moment: src/leads/rateLimit.ts), the store is unavailable (503, "try again
   * shortly": without the throttle no password is judged), and the next sign-in tries again.
   */
  signInThrottle(): Promise<SignInThrottle>;
}

export function createAdminServices(
  leads: LeadService,
  settings: ThrottleSettings,
  connection: () => Promise<Connection> = async () => (await leads.store()).connection,
): AdminServices {
  let throttle: Promise<SignInThrottle> | undefined;
  return {
    store: builtOn(connection, adminStoreOn),
    signInThrottle() {
      throttle ??= (async () => {
        const on = await connection();
        return createSignInThrottle(settings, on.dialect === "postgres" ? on : null);
      })().catch((error: unknown) => {
        throttle = undefined;
        if (error instanceof StoreUnavailableError) throw error;
        throw new StoreUnavailableError(
          `Sign-in throttle not set up: ${(error as Error).message}`,
          { cause: error },
        );
      });
      return throttle;
    },
  };
}
