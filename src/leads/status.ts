/**
 * Where a lead stands in the agency's pipeline. The staff side moves a lead between these
 * (src/admin/pipeline.ts) and the lead store's roll-ups count leads per status
 * (./store/funnelFold.ts) for the Performance view (src/analytics/report.ts), so the list lives
 * with the lead, below both (issue 37: src/analytics no longer imports src/admin for it).
 */
export type LeadStatus = "new" | "contacted" | "qualified" | "won" | "lost";
export const leadStatuses: readonly LeadStatus[] = ["new", "contacted", "qualified", "won", "lost"];
