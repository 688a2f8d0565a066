/**
 * 'Log a call' on a lead's page (issue 27): one tap with how the call went. Every outcome is on
 * the lead's timeline with who and when, and is the lead's first contact for speed to lead when
 * it had none yet (a call that reached nobody was still a call made); 'talked' moves a lead that
 * is still new to contacted. Audited as a status change is (./pipeline.ts).
 */
import { newLeadId } from "../server/id.ts";
import { audit } from "./accounts.ts";
import { adminMessages } from "./messages.ts";
import type { WorkResult } from "./pipeline.ts";
import {
  callOutcomes,
  type AdminStore,
  type CallOutcome,
  type StaffRecord,
} from "./store/types.ts";

export const isCallOutcome = (value: unknown): value is CallOutcome =>
  typeof value === "string" && (callOutcomes as readonly string[]).includes(value);

/** Logs a call of `actor` to the lead, with its outcome (a form's `outcome` value). */
export async function logCall(
  store: AdminStore,
  leadId: string,
  outcome: unknown,
  actor: StaffRecord,
  now: Date = new Date(),
): Promise<WorkResult> {
  if (!isCallOutcome(outcome)) {
    return { ok: false, status: 422, message: adminMessages.lead.badOutcome };
  }
  const done = await store.logCall(leadId, {
    outcome,
    eventId: newLeadId(now.getTime()),
    actorId: actor.id,
    at: now.toISOString(),
  });
  if (!done) return { ok: false, status: 404, message: adminMessages.lead.missing };
  await audit(
    store,
    "lead_call",
    {
      actorId: actor.id,
      subject: leadId,
      detail: { outcome, ...(done.moved ? { status: "contacted" } : {}) },
    },
    now,
  );
  return { ok: true };
}

/** A call on the timeline: "Call: no answer", "Call: talked · Status: Contacted". */
export function callText(outcome: string, movedTo: string | null): string {
  const copy = adminMessages.lead;
  const said = isCallOutcome(outcome) ? copy.callOutcomes[outcome] : outcome;
  return movedTo ? copy.calledAndMoved(said, movedTo) : copy.called(said);
}
