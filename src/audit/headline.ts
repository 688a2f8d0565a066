/**
 * The /thank-you/audit page's one headline and lead (issue 39 §5): they follow the check's state,
 * running → ready → could not check, on the server's first rendering and as the page's island sees
 * the state change. Pure and without imports: the island ships it.
 */
export type ThanksPhase = "running" | "ready" | "notChecked";

/** The phase of a check's state (src/audit/view.ts AuditState); a ready check without a score is not checked. */
export function thanksPhase(state: string, score: number | null | undefined): ThanksPhase {
  if (state === "running" || state === "waiting") return "running";
  return state === "ready" && typeof score === "number" ? "ready" : "notChecked";
}
