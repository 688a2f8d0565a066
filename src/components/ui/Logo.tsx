import type { LogoData } from "../../lib/chrome";

/**
 * The agency's logo, decorative (the link around it carries the name). An SVG logo is drawn
 * inline: as an `<img>` every page built a separate SVG document for it, one of the costliest
 * tasks of a page's load on a slow phone (docs/lighthouse/mainthread.md).
 */
export function Logo({ logo }: { logo: LogoData }) {
  if (!logo.markup) return <img src={logo.src} alt="" width={36} height={36} className="size-9" />;
  return (
    <span
      className="block size-9 shrink-0 [&>svg]:size-full"
      aria-hidden="true"
      // Our own file from public/, never visitor input.
      dangerouslySetInnerHTML={{ __html: logo.markup }}
    />
  );
}
