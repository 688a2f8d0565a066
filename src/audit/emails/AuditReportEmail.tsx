import { EmailButton } from "../../leads/notify/emails/EmailButton.tsx";
import { EmailLayout } from "../../leads/notify/emails/EmailLayout.tsx";
import { EmailLink } from "../../leads/notify/emails/EmailLink.tsx";
import { EmailScore } from "./EmailScore.tsx";

export interface AuditReportContent {
  subject: string;
  greeting: string;
  /** The score and grade (or why the site could not be checked), under a line of our own. */
  score: { intro: string; result: string };
  /** The signed report: the line about it and its button. */
  report: { text: string; label: string; href: string };
  /** What happens next and the booking page. */
  booking: { text: string; href: string };
  why: string;
  signature: string;
}

/**
 * The prospect's website check (outbox channel 'audit', src/audit/email.ts): the score, the
 * report's link as a button, then the call and the booking page. Nothing typed in the form.
 */
export function AuditReportEmail(props: AuditReportContent) {
  const { subject, greeting, score, report, booking, why, signature } = props;
  return (
    <EmailLayout title={subject}>
      <p>{greeting}</p>
      <EmailScore intro={score.intro} result={score.result} />
      <p>{report.text}</p>
      <EmailButton href={report.href} label={report.label} />
      <EmailLink text={booking.text} href={booking.href} />
      <p style={{ color: "#555", fontSize: "13px" }}>{why}</p>
      <p>{signature}</p>
    </EmailLayout>
  );
}
