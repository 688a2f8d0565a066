/**
 * The fill-time check in the browser tests. The servers they start flag a lead sent sooner than
 * this after page load as `too_fast` (LEADS_MIN_FILL_MS; the production default, 2.5 s, is
 * tested over HTTP in tests/integration), so a test that acts as a person waits just past it
 * instead of the default's 2.7 s: the same check, a second and a half less per form sent.
 */
export const E2E_MIN_FILL_MS = 1000;
/** How long a person pauses before sending: past the e2e servers' minimum fill time. */
export const HUMAN_PAUSE_MS = E2E_MIN_FILL_MS + 200;
