import type { HeadingBlock } from "../../schemas/common";
import { PhoneLink } from "../site/PhoneLink";
import { Container } from "../ui/Container";

export interface LegalSection {
  heading: string;
  paragraphs: string[];
  items?: string[] | undefined;
  links?: { label: string; href: string }[] | undefined;
}

interface Props {
  title: string;
  /** "Last updated January 2025" */
  updated: string;
  intro: string[];
  sections: LegalSection[];
  contact: {
    heading: HeadingBlock;
    labels: { phone: string; email: string; hours: string; area: string };
    phone: string;
    email: string;
    hours: string;
    area: string;
  };
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** A legal page: title, last-updated date, numbered sections and the agency's contact details. */
export function LegalDocument({ title, updated, intro, sections, contact }: Props) {
  return (
    <article aria-labelledby="legal-title" className="py-12 sm:py-16">
      <Container>
        <div className="mx-auto max-w-3xl">
          <h1 id="legal-title" className="text-4xl font-extrabold tracking-tight sm:text-5xl">
            {title}
          </h1>
          <p className="mt-3 font-semibold text-brand-800" data-updated>
            {updated}
          </p>
          <div className="mt-8 space-y-4 text-lg text-slate-800">
            {intro.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
          {sections.map((section, index) => {
            const id = slug(section.heading);
            return (
              <section key={id} aria-labelledby={id} className="mt-10">
                <h2 id={id} className="text-2xl font-bold">
                  {index + 1}. {section.heading}
                </h2>
                <div className="mt-3 space-y-3 text-slate-800">
                  {section.paragraphs.map((p) => (
                    <p key={p}>{p}</p>
                  ))}
                </div>
                {section.items && (
                  <ul className="mt-3 list-disc space-y-2 pl-6 text-slate-800 marker:text-brand-700">
                    {section.items.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                )}
                {section.links && (
                  <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
                    {section.links.map((link) => (
                      <li key={link.href}>
                        <a
                          href={link.href}
                          className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4"
                        >
                          {link.label}
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            );
          })}
          <section
            aria-labelledby="legal-contact"
            className="mt-12 rounded-2xl bg-brand-50 p-6 ring-1 ring-brand-100 sm:p-8"
          >
            <h2 id="legal-contact" className="text-2xl font-bold">
              {contact.heading.heading}
            </h2>
            {contact.heading.intro && (
              <p className="mt-2 text-slate-800">{contact.heading.intro}</p>
            )}
            <dl className="mt-6 grid gap-4 sm:grid-cols-2">
              <div>
                <dt className="font-bold">{contact.labels.phone}</dt>
                <dd>
                  <PhoneLink
                    phone={contact.phone}
                    className="inline-flex min-h-11 items-center text-brand-800 underline underline-offset-4"
                  />
                </dd>
              </div>
              <div>
                <dt className="font-bold">{contact.labels.email}</dt>
                <dd>
                  <a
                    href={`mailto:${contact.email}`}
                    className="inline-flex min-h-11 items-center break-all text-brand-800 underline underline-offset-4"
                  >
                    {contact.email}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="font-bold">{contact.labels.hours}</dt>
                <dd className="text-slate-800">{contact.hours}</dd>
              </div>
              <div>
                <dt className="font-bold">{contact.labels.area}</dt>
                <dd className="text-slate-800">{contact.area}</dd>
              </div>
            </dl>
          </section>
        </div>
      </Container>
    </article>
  );
}
