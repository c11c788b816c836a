import type { PictureInfo } from './pictureMarkup.ts';

// Apart from pictureMarkup.ts, which is in the first-load JavaScript: only lazy chunks need this.

/**
 * One copy of a picture for a place that takes a single address (a video's poster, a share
 * preview): the narrowest copy at least `minWidth` wide, else the widest, in format `ext` (the
 * fallback's when omitted); with its size. Null while it has no copies.
 */
export const copyOf = (
  info: PictureInfo,
  minWidth: number,
  ext?: string,
): { url: string; width: number; height: number } | null => {
  const format = ext ?? info.fallback;
  const width = info.widths.find((w) => w >= minWidth) ?? info.widths.at(-1);
  if (!info.base || !format || width === undefined) return null;
  return {
    url: `${info.base}${width}.${format}`,
    width,
    height: Math.round((width * info.height) / info.width),
  };
};
