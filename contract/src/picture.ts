import * as z from 'zod';
import type { PictureInfo as PictureInfoShape } from './pictureMarkup.ts';

export * from './pictureMarkup.ts';

/** What a page needs to show one of our pictures at the size the screen wants. */
export const PictureInfo = z.object({
  width: z.number(),
  height: z.number(),
  /** Base64 thumbhash: the blurred placeholder painted until the picture loads; null until made. */
  thumbhash: z.string().nullable(),
  /**
   * Where the resized copies live, ending in `/` (`/files/images/v/<hash>/`): `<width>.avif`,
   * `<width>.webp` and `<width>.<fallback>`. Null while they are being made, or for a picture that
   * passes through untouched (animated, SVG): the original is then shown as it is.
   */
  base: z.string().nullable(),
  widths: z.array(z.number()),
  /** The extension of the copies in the original's own kind of format (`jpg`, `png`). */
  fallback: z.string().nullable(),
}) satisfies z.ZodType<PictureInfoShape>;

/** Pictures by the URL the content uses for them (`/files/images/2026/11/ab.jpg`). */
export const PictureMap = z.record(z.string(), PictureInfo);

export type PictureInfo = PictureInfoShape;
export type PictureMap = Record<string, PictureInfoShape>;
