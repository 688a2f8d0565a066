/**
 * The reminder sweep's queries (../reminders.ts): leads waiting too long, their one reminder in
 * the outbox and whom it goes to, written once for both stores (D198).
 */
import type { Db } from "../../db/driver.ts";
import { LEAD, sql, toLead, type Arg, type LeadRow } from "./sql.ts";

export async function awaitingReminder(db: Db, period: Arg<"awaitingReminder", 0>) {
  const rows = await db.all<LeadRow>(
    `SELECT ${LEAD} FROM leads
     WHERE status = 'new' AND created_at >= $1 AND created_at < $2 AND ${sql(db).notSpam("leads")}
       AND completed_by IS NULL AND first_contacted_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.lead_id = leads.id AND o.channel = 'reminder')
     ORDER BY created_at, id LIMIT $3`,
    [period.from, period.to, period.limit],
  );
  return rows.map(toLead);
}

export async function queueReminder(db: Db, r: Arg<"queueReminder", 0>) {
  const queued = await db.run(
    `INSERT INTO outbox (id, lead_id, channel, status, attempts, next_attempt_at, give_up_at,
                         created_at, updated_at)
     SELECT $1, id, 'reminder', 'pending', 0, $2, $3, $2, $2 FROM leads WHERE id = $4
     ON CONFLICT (lead_id, channel) DO NOTHING`,
    [r.id, r.at, r.giveUpAt, r.leadId],
  );
  return queued === 1;
}

export async function reminderRecipients(db: Db, leadId: string) {
  const rows = await db.all<{ email: string }>(
    `WITH assignee AS (
       SELECT s.email FROM leads l JOIN staff s ON s.id = l.assignee_id
       WHERE l.id = $1 AND s.deactivated_at IS NULL)
     SELECT email FROM assignee
     UNION ALL
     SELECT email FROM staff
     WHERE role = 'owner' AND deactivated_at IS NULL AND NOT EXISTS (SELECT 1 FROM assignee)
     ORDER BY 1`,
    [leadId],
  );
  return rows.map((r) => r.email);
}
