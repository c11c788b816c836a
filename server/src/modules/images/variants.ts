import { createHash } from 'node:crypto';
import { VARIANT_WIDTHS } from '@candy/contract/picture';
import { rgbaToThumbHash } from 'thumbhash';
import { type Message, said } from '../../i18n/said.ts';
import { loadSharp } from '../../lazyModules.ts';

export interface VariantFile {
  /** `<width>.<ext>`, under the picture's own folder. */
  name: string;
  mime: string;
  body: Buffer;
}

export type MadeVariants =
  | {
      kind: 'made';
      /** The first 16 hex digits of the original's SHA-256: the folder the copies go in. */
      hash: string;
      thumbhash: string;
      widths: number[];
      fallback: 'jpg' | 'png';
      files: VariantFile[];
    }
  /** Animated pictures pass through untouched (a resized copy would show one frame). */
  | { kind: 'skip'; reason: Message; thumbhash: string | null };

/**
 * The widths to make for a picture `width` wide once shrunk to the largest standard width: the
 * standard ones below it, then its own.
 */
export const widthsFor = (width: number): number[] => [...VARIANT_WIDTHS.filter((w) => w < width), width];

/**
 * Makes one picture's resized copies (AVIF, WebP, and its own kind of format as fallback) and its
 * thumbhash. The original is decoded once, shrunk on load to the largest width needed, and every
 * copy is made from that: a 12-megapixel JPEG takes about a second per core. Encoder settings trade
 * a little size for speed (AVIF effort 2) and memory (AVIF with 4:2:0 chroma, as photographs are
 * usually stored: sharp's default 4:4:4 took 33 MB more for a 1920-wide copy and no fewer bytes):
 * this runs on small machines, off the request.
 */
export const makeVariants = async (original: Buffer, maxPixels: number): Promise<MadeVariants> => {
  const sharp = await loadSharp();
  const meta = await sharp(original, { limitInputPixels: maxPixels }).metadata();
  const thumbhash = await thumbhashOf(original, maxPixels);
  if ((meta.pages ?? 1) > 1) return { kind: 'skip', reason: said('images.animatedKept'), thumbhash };
  if (meta.format === 'svg') return { kind: 'skip', reason: said('images.svgKept'), thumbhash };

  // Orientation applied first: the stored original is already upright, but an old upload may not be.
  const upright = await sharp(original, { limitInputPixels: maxPixels, failOn: 'error' })
    .rotate()
    .resize({ width: VARIANT_WIDTHS.at(-1), withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = upright.info;
  // Shrunk to the largest width at most, so its width is the largest copy's.
  const widths = widthsFor(width);
  const fallback = meta.hasAlpha || meta.format === 'png' ? 'png' : 'jpg';
  const files: VariantFile[] = [];
  // One width at a time keeps the peak memory of a large picture low (its three copies at most).
  for (const w of widths) {
    const resized = () =>
      sharp(upright.data, { raw: { width, height, channels } }).resize({
        width: w,
        withoutEnlargement: true,
      });
    // One encoder at a time: AVIF's (≈ 60 MB for a 1920-wide copy) is the peak, and WebP's or the
    // fallback's beside it added ≈ 6 MB more to the child's peak for 0.3 s less (measured, issue 30).
    const avif = await resized().avif({ quality: 50, effort: 2, chromaSubsampling: '4:2:0' }).toBuffer();
    const webp = await resized().webp({ quality: 75, effort: 2 }).toBuffer();
    const own = await (fallback === 'png'
      ? resized().png({ compressionLevel: 8, palette: false }).toBuffer()
      : resized().jpeg({ quality: 80, progressive: true }).toBuffer());
    files.push(
      { name: `${w}.avif`, mime: 'image/avif', body: avif },
      { name: `${w}.webp`, mime: 'image/webp', body: webp },
      { name: `${w}.${fallback}`, mime: fallback === 'png' ? 'image/png' : 'image/jpeg', body: own },
    );
  }
  return {
    kind: 'made',
    hash: createHash('sha256').update(original).digest('hex').slice(0, 16),
    thumbhash: thumbhash ?? '',
    widths,
    fallback,
    files,
  };
};

/** The thumbhash of a picture (its first frame), from a copy at most 100 px on a side. */
const thumbhashOf = async (original: Buffer, maxPixels: number): Promise<string | null> => {
  const sharp = await loadSharp();
  try {
    const { data, info } = await sharp(original, { limitInputPixels: maxPixels })
      .rotate()
      .resize(100, 100, { fit: 'inside' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64');
  } catch {
    return null;
  }
};
