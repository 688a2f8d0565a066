import type { ClaimedNotification } from "../store/types.ts";

/**
 * Sends one notification; resolves when the receiver accepted it, rejects with a short reason
 * (no personal data) otherwise. Must stop when `signal` aborts: the worker's claim is ending or
 * the server is stopping.
 */
export type Deliver = (notification: ClaimedNotification, signal: AbortSignal) => Promise<void>;

/** A channel's sender; `close` frees its connections when the worker stops. */
export interface Deliverer {
  deliver: Deliver;
  close?: () => void;
}
