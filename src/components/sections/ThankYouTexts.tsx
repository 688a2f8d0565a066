import type { ThankYouForm } from "../../schemas/conversion";

interface Text {
  badge: string;
  headline: string;
  lead: string;
  scheduleIntro: string;
}

interface Props {
  forms: Partial<Record<ThankYouForm, Text>>;
}

/**
 * What /thank-you says after each form, as data for the page's small script (it shows the text
 * of the `?form=` in the address in place of the default). Hidden: never shown as it is.
 */
export function ThankYouTexts({ forms }: Props) {
  return (
    <div hidden>
      {Object.entries(forms).map(([form, text]) => (
        <span
          key={form}
          data-thanks-form={form}
          data-badge={text.badge}
          data-headline={text.headline}
          data-lead={text.lead}
          data-schedule-intro={text.scheduleIntro}
        />
      ))}
    </div>
  );
}
