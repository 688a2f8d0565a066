/**
 * The tests' trigger for the sweeps (src/admin/sweepSignal.ts) exists only where a test asked
 * for it: without SWEEPS_ON_SIGNAL=1 nothing listens to SIGUSR2 (a production server keeps Node's
 * own handling of it), and with it a signal runs the sweep, after which the undo stops listening.
 */
import { describe, expect, it } from "vitest";
import { adminConfig } from "../../src/admin/config";
import { onSweepSignal } from "../../src/admin/sweepSignal";

/** Whether the configuration turns the signal on, read as the server reads it. */
const enabled = (env: Record<string, string | undefined>) => adminConfig(env).sweepsOnSignal;

describe("the sweeps' test signal", () => {
  it("listens to nothing without SWEEPS_ON_SIGNAL=1", () => {
    const before = process.listenerCount("SIGUSR2");
    for (const env of [{}, { SWEEPS_ON_SIGNAL: "0" }, { SWEEPS_ON_SIGNAL: "yes" }]) {
      const undo = onSweepSignal("follow-ups", async () => 0, enabled(env));
      expect(process.listenerCount("SIGUSR2")).toBe(before);
      undo();
    }
  });

  it("runs the sweep on SIGUSR2 with it, and stops listening when undone", async () => {
    const before = process.listenerCount("SIGUSR2");
    let runs = 0;
    const ran = new Promise<void>((resolve) => {
      const undo = onSweepSignal(
        "follow-ups",
        async () => {
          runs += 1;
          undo();
          resolve();
          return 0;
        },
        enabled({ SWEEPS_ON_SIGNAL: "1" }),
      );
    });
    expect(process.listenerCount("SIGUSR2")).toBe(before + 1);
    // The listener as the signal calls it (a real signal to a test runner's pool could end it).
    process.emit("SIGUSR2", "SIGUSR2");
    await ran;
    expect(runs).toBe(1);
    expect(process.listenerCount("SIGUSR2")).toBe(before);
  });
});
