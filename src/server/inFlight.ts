/**
 * How many lead posts this process is handling right now: page-view beacons yield to leads
 * when many are (src/analytics/service.ts). One counter per process (one module graph).
 */
const counter = { n: 0 };

/** Runs a lead post's handling, counted while it runs. */
export async function countingLead<T>(work: () => Promise<T>): Promise<T> {
  counter.n += 1;
  try {
    return await work();
  } finally {
    counter.n -= 1;
  }
}

export function leadsInFlight(): number {
  return counter.n;
}
