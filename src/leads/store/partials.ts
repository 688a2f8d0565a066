/**
 * The growth form's two leads (spec section 2): step 1 is stored at once as a growth_partial, so
 * a visitor who stops there is not lost; the whole form is then stored as a growth lead that
 * names the partial (PARTIAL_FIELD, the id the partial was answered with). The store links them
 * in the growth lead's transaction: the partial is marked completed by it, left out of lists and
 * exports by default, and its notifications still waiting are withdrawn, so the agency gets one
 * lead, not two. A partial nobody completes stays a lead of its own and is delivered after
 * PARTIAL_HOLD_MS. These are the rules; each adapter holds only the SQL. No imports but types:
 * the growth island (GrowthForm.tsx) reads PARTIAL_FIELD from here.
 */
import type { LeadRecord } from "./types.ts";

/** The hidden value of a growth post: the id its step-1 partial lead was answered with. */
export const PARTIAL_FIELD = "_partial";

/**
 * How long a partial's notifications wait for the rest of the form. Completed in time, they are
 * withdrawn (the growth lead is delivered instead); otherwise they go out as the visitor left it.
 */
export const PARTIAL_HOLD_MS = 30 * 60_000;

const LEAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The partial id a new lead claims to complete, or null: only a growth lead completes a partial,
 * and only a well-formed lead id is looked up. The store then links it only if that id is a
 * growth_partial with the same email that nothing completed yet; anything else is ignored, never
 * an error for the visitor.
 */
export function partialToComplete(
  lead: Pick<LeadRecord, "kind">,
  completes: unknown,
): string | null {
  if (lead.kind !== "growth" || typeof completes !== "string") return null;
  const id = completes.trim().toLowerCase();
  return LEAD_ID.test(id) ? id : null;
}

/** When a new lead's notifications are first due (ISO): at once; a partial's after the hold. */
export function notificationsDueAt(lead: Pick<LeadRecord, "kind" | "createdAt">): string {
  if (lead.kind !== "growth_partial") return lead.createdAt;
  return new Date(Date.parse(lead.createdAt) + PARTIAL_HOLD_MS).toISOString();
}
