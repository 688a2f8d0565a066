import { EmailLayout } from "../../leads/notify/emails/EmailLayout.tsx";
import { EmailLink } from "../../leads/notify/emails/EmailLink.tsx";
import { EmailNumbered } from "../../leads/notify/emails/EmailNumbered.tsx";
import { EmailScore } from "./EmailScore.tsx";

export interface AuditAgencyContent {
  subject: string;
  /** "The website check of <site> is done.", the score line and, when unscored, "(why)". */
  score: { intro: string; result: string; remark: string | null };
  /** The talking points: the three fixes worth the most, none for an unscored site. */
  fixes: { title: string; items: readonly string[] } | null;
  lead: { text: string; href: string };
  report: { text: string; href: string };
  why: string;
}

/**
 * The agency's follow-up once a lead's website check is done (outbox channel 'audit-agency',
 * src/audit/email.ts): the score, the talking points, the lead's page and the prospect's report.
 */
export function AuditAgencyEmail({ subject, score, fixes, lead, report, why }: AuditAgencyContent) {
  return (
    <EmailLayout title={subject}>
      <EmailScore intro={score.intro} result={score.result} remark={score.remark} />
      {fixes && fixes.items.length > 0 && <EmailNumbered title={fixes.title} items={fixes.items} />}
      <EmailLink text={lead.text} href={lead.href} />
      <EmailLink text={report.text} href={report.href} />
      <p style={{ color: "#555", fontSize: "13px" }}>{why}</p>
    </EmailLayout>
  );
}
