import type { ReactNode } from "react";
import type { HeadingBlock } from "../../schemas/common";
import { PhoneLink } from "../site/PhoneLink";
import { Icon } from "../ui/Icon";
import { Section } from "../ui/Section";
import { SectionHeading } from "../ui/SectionHeading";

interface Props {
  id: string;
  heading: HeadingBlock;
  labels: { phone: string; email: string; area: string; hours: string };
  phone: string;
  email: string;
  hours: string;
  /** Slot: the message form. */
  form?: ReactNode;
  /** Further content under the contact details (the contact page's reasons to choose us). */
  children?: ReactNode;
}

/** Contact details beside a message form. */
export function ContactSection({
  id,
  heading,
  labels,
  phone,
  email,
  hours,
  form,
  children,
}: Props) {
  return (
    <Section id={id} labelledBy={`${id}-title`}>
      <div className="grid gap-12 lg:grid-cols-2">
        <div>
          <SectionHeading block={heading} id={`${id}-title`} align="left" />
          <dl className="mt-8 space-y-6">
            <div>
              <dt className="flex items-center gap-3 font-bold">
                <Icon name="phone" className="size-6 shrink-0 text-brand-700" />
                {labels.phone}
              </dt>
              <dd className="ml-9">
                <PhoneLink
                  phone={phone}
                  className="inline-flex min-h-11 items-center text-lg text-brand-800 underline-offset-4 hover:underline"
                />
              </dd>
            </div>
            <div>
              <dt className="flex items-center gap-3 font-bold">
                <Icon name="mail" className="size-6 shrink-0 text-brand-700" />
                {labels.email}
              </dt>
              <dd className="ml-9">
                <a
                  href={`mailto:${email}`}
                  className="inline-flex min-h-11 items-center text-lg break-all text-brand-800 underline-offset-4 hover:underline"
                >
                  {email}
                </a>
              </dd>
            </div>
            <div>
              <dt className="flex items-center gap-3 font-bold">
                <Icon name="clock" className="size-6 shrink-0 text-brand-700" />
                {labels.hours}
              </dt>
              <dd className="ml-9 text-slate-700">{hours}</dd>
            </div>
          </dl>
          <p className="mt-6 flex items-center gap-4 font-semibold text-brand-900">
            <Icon name="map-pin" className="size-6 shrink-0 text-brand-700" />
            {labels.area}
          </p>
          {children}
        </div>
        <div>{form}</div>
      </div>
    </Section>
  );
}
