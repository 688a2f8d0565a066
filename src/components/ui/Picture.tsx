import type { PictureData } from "../../lib/images";

interface Props {
  image: PictureData;
  className?: string;
  /** The hero and other above-the-fold pictures load eagerly with high priority. */
  priority?: boolean;
}

export function Picture({ image, className, priority = false }: Props) {
  return (
    <picture>
      {image.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcset} sizes={image.sizes} />
      ))}
      <img
        src={image.src}
        srcSet={image.srcset}
        sizes={image.sizes}
        alt={image.alt}
        width={image.width}
        height={image.height}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "sync" : "async"}
        fetchPriority={priority ? "high" : "auto"}
        className={className}
      />
    </picture>
  );
}
