import { EmailButton } from "./EmailButton";
import { EmailLayout } from "./EmailLayout";
import { EmailLink } from "./EmailLink";
import { EmailNumbered } from "./EmailNumbered";
import { EmailScore } from "./EmailScore";

export interface AuditReportContent {
  subject: string;
  greeting: string;
  /** "We checked <site>:" and the score (or why the site could not be checked). */
  score: { intro: string; result: string };
  /** The three fixes worth the most, none for a site that could not be checked. */
  fixes: { title: string; items: readonly string[] } | null;
  /** The signed report: the line about it and its button. */
  report: { text: string; label: string; href: string };
  /** What happens next and the booking page. */
  booking: { text: string; href: string };
  why: string;
  signature: string;
}

/**
 * The prospect's website check (outbox channel 'audit', src/audit/email.ts): the score, the three
 * most valuable fixes, the report's link as a button, then the call and the booking page.
 */
export function AuditReportEmail(props: AuditReportContent) {
  const { subject, greeting, score, fixes, report, booking, why, signature } = props;
  return (
    <EmailLayout title={subject}>
      <p>{greeting}</p>
      <EmailScore intro={score.intro} result={score.result} />
      {fixes && fixes.items.length > 0 && <EmailNumbered title={fixes.title} items={fixes.items} />}
      <p>{report.text}</p>
      <EmailButton href={report.href} label={report.label} />
      <EmailLink text={booking.text} href={booking.href} />
      <p style={{ color: "#555", fontSize: "13px" }}>{why}</p>
      <p>{signature}</p>
    </EmailLayout>
  );
}
