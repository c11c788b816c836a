import { averageColorOf, type PictureInfo, srcsetOf } from '@candy/contract/pictureMarkup';
import { useCallback } from 'react';
import { paintPlaceholder } from './picturePlaceholder.ts';

export interface PictureProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** Our picture's copies and placeholder (issue 30); without it, the plain `<img>`. */
  info?: PictureInfo | undefined;
  /** How wide it is shown at each screen width. */
  sizes: string;
  eager?: boolean;
  /** The `<img>`'s class. */
  className?: string | undefined;
}

/**
 * One of our pictures as React renders it: the same `<picture>` as `pictureHtml` makes for Markdown
 * (AVIF and WebP by width, the original's format as fallback, intrinsic size, the average colour of
 * its thumbhash at once and the blurred thumbhash itself as soon as a script runs, until it
 * loads), so a phone downloads a copy its size, not the original.
 */
export const Picture = ({ src, alt, width, height, info, sizes, eager = false, className }: PictureProps) => {
  const thumbhash = info?.thumbhash ?? null;
  const color = thumbhash ? averageColorOf(thumbhash) : null;
  // Painted once the <img> is in the document (a hydrated server render included), as Markdown's.
  const paint = useCallback((image: HTMLImageElement | null) => {
    if (image) paintPlaceholder(image);
  }, []);
  const common = {
    ref: paint,
    ...(className ? { className } : {}),
    width,
    height,
    loading: eager ? ('eager' as const) : ('lazy' as const),
    decoding: 'async' as const,
    ...(eager ? { fetchPriority: 'high' as const } : {}),
    ...(thumbhash ? { 'data-thumbhash': thumbhash } : {}),
    ...(color ? { style: { backgroundColor: color } } : {}),
  };
  if (!info?.base || !info.fallback || info.widths.length === 0)
    return <img src={src} alt={alt} {...common} />;
  const middle = info.widths.find((w) => w >= 960) ?? info.widths.at(-1) ?? width;
  return (
    <picture>
      <source type="image/avif" srcSet={srcsetOf(info, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcsetOf(info, 'webp')} sizes={sizes} />
      <img
        src={`${info.base}${middle}.${info.fallback}`}
        srcSet={srcsetOf(info, info.fallback)}
        sizes={sizes}
        alt={alt}
        {...common}
      />
    </picture>
  );
};
