import type { HeadingBlock } from "../../schemas/common";
import type { IconName } from "../../schemas/icons";
import { Icon } from "../ui/Icon";
import { LinkButton } from "../ui/LinkButton";
import type { PictureData } from "../../lib/images";
import { Picture } from "../ui/Picture";
import { Section } from "../ui/Section";
import { SectionHeading } from "../ui/SectionHeading";

export interface IndustryTile {
  title: string;
  description: string;
  href: string;
  icon: IconName;
  image: PictureData;
}

interface Props {
  id: string;
  heading: HeadingBlock;
  tiles: IndustryTile[];
  viewAll: { label: string; href: string };
}

/** Eight industry tiles, each a link to its industry page, and a link to the overview. */
export function IndustryTiles({ id, heading, tiles, viewAll }: Props) {
  return (
    <Section id={id} tone="tint" labelledBy={`${id}-title`}>
      <SectionHeading block={heading} id={`${id}-title`} />
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {tiles.map((tile) => (
          <li key={tile.href}>
            <a
              href={tile.href}
              className="group flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-lg"
            >
              <Picture image={tile.image} className="aspect-[3/2] w-full object-cover" />
              <span className="flex flex-1 flex-col p-5">
                <span className="flex items-center gap-2 text-lg font-bold text-brand-900 group-hover:underline">
                  <Icon name={tile.icon} className="size-5 text-brand-700" />
                  {tile.title}
                </span>
                <span className="mt-2 text-sm text-slate-700">{tile.description}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
      <div className="mt-10 text-center">
        <LinkButton href={viewAll.href} variant="secondary">
          {viewAll.label}
        </LinkButton>
      </div>
    </Section>
  );
}
