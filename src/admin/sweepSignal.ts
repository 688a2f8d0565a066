/**
 * The tests' trigger for the sweeps that look for due work (follow-ups, reminders): with
 * SWEEPS_ON_SIGNAL=1 in the server's environment (read by ./config.ts; tests only, nothing else
 * sets it, and no request can reach it), SIGUSR2 runs each sweep of this server once, one after another, and logs
 * what each queued (`sweep_signalled`, at info). A test sends the signal and waits for that line
 * instead of sleeping through sweep intervals. Without the variable nothing listens.
 */
import { leadLog } from "../server/log.ts";

const sweeps = new Map<symbol, { name: string; run: () => Promise<number> }>();
let turn: Promise<void> = Promise.resolve();

function onSignal(): void {
  turn = turn.then(async () => {
    for (const { name, run } of sweeps.values()) {
      try {
        const queued = await run();
        leadLog.info({ event: "sweep_signalled", sweep: name, queued }, "sweep run on SIGUSR2");
      } catch (error) {
        leadLog.warn(
          { event: "sweep_signalled", sweep: name, err: (error as Error).message },
          "sweep run on SIGUSR2 failed",
        );
      }
    }
  });
}

/** Lets SIGUSR2 run `run` (resolving how much it queued) when `enabled`; returns the undo. */
export function onSweepSignal(
  name: string,
  run: () => Promise<number>,
  enabled: boolean,
): () => void {
  if (!enabled) return () => {};
  const key = Symbol(name);
  sweeps.set(key, { name, run });
  if (sweeps.size === 1) process.on("SIGUSR2", onSignal);
  return () => {
    sweeps.delete(key);
    if (!sweeps.size) process.off("SIGUSR2", onSignal);
  };
}
