import { thumbhashAverage } from './thumbhashAverage.ts';

/**
 * Issue 30, one image pipeline: the widths every stored picture is resized to (never larger than
 * the original, whose own width is added when it is narrower than the largest).
 */
export const VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;

/**
 * What a page needs to show one of our pictures at the size the screen wants (the schema is
 * `PictureInfo` in `picture.ts`; this file stays free of zod: it is in the first-load JavaScript).
 */
export interface PictureInfo {
  width: number;
  height: number;
  /** Base64 thumbhash: the blurred placeholder painted until the picture loads; null until made. */
  thumbhash: string | null;
  /**
   * Where the resized copies live, ending in `/` (`/files/images/v/<hash>/`): `<width>.avif`,
   * `<width>.webp` and `<width>.<fallback>`. Null while they are being made, or for a picture that
   * passes through untouched (animated, SVG): the original is then shown as it is.
   */
  base: string | null;
  widths: number[];
  /** The extension of the copies in the original's own kind of format (`jpg`, `png`). */
  fallback: string | null;
}

/** Pictures by the URL the content uses for them (`/files/images/2026/11/ab.jpg`). */
export type PictureMap = Record<string, PictureInfo>;

const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const bytesOfBase64 = (base64: string): Uint8Array =>
  Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));

/**
 * The thumbhash's average colour as `#rrggbb`: painted at once, before any script runs. None for a
 * picture with transparency: the colour would show through it after it loaded.
 */
export const averageColorOf = (thumbhash: string): string | null => {
  try {
    const { r, g, b, a } = thumbhashAverage(bytesOfBase64(thumbhash));
    if (a < 0.99) return null;
    const hex = (v: number) =>
      Math.round(Math.min(1, Math.max(0, v)) * 255)
        .toString(16)
        .padStart(2, '0');
    return `#${hex(r)}${hex(g)}${hex(b)}`;
  } catch {
    return null;
  }
};

/** `srcset` of one format: every width made, as `<base><w>.<ext> <w>w`. */
export const srcsetOf = (info: PictureInfo, ext: string): string =>
  info.widths.map((width) => `${info.base}${width}.${ext} ${width}w`).join(', ');

/**
 * How wide a picture in an essay or the about page is shown: a card's text column. The main
 * column (16 px padding a side) holds the public page (at most 760 px, 16 px padding, 12 px up
 * to 600 px wide), which holds the card (1 px border, padding as the page's): 82 px less than the
 * screen on a phone, 98 px up to 792 px, then 694 px. Declaring more than that made a 390 px phone
 * at DPR 2 take the 960 copy where the 640 one fills it (issue 41.11).
 */
export const MARKDOWN_PICTURE_SIZES =
  '(max-width: 600px) calc(100vw - 82px), (max-width: 792px) calc(100vw - 98px), 694px';

export interface PictureOptions {
  /** The `sizes` attribute: how wide the picture is shown at each screen width. */
  sizes: string;
  /** The first picture a visitor sees: loaded at once, with high priority. */
  eager?: boolean;
}

/**
 * The `<picture>` markup of one of our pictures (DESIGN §11: the server and the client render the
 * same): AVIF and WebP sources by width, the original's format as the `<img>` fallback, intrinsic
 * `width`/`height` (no layout shift), the thumbhash's average colour behind it until it loads
 * (`data-thumbhash` lets a script paint the blurred placeholder), and `data-original` for the
 * image viewer. Without variants it is the plain `<img>` with its size.
 */
export const pictureHtml = (
  image: { src: string; alt: string; title?: string | undefined },
  info: PictureInfo,
  options: PictureOptions,
): string => {
  const color = info.thumbhash ? averageColorOf(info.thumbhash) : null;
  const attributes = [
    `alt="${escapeAttribute(image.alt)}"`,
    ...(image.title ? [`title="${escapeAttribute(image.title)}"`] : []),
    `width="${info.width}"`,
    `height="${info.height}"`,
    options.eager ? 'loading="eager" fetchpriority="high"' : 'loading="lazy"',
    'decoding="async"',
    ...(info.thumbhash ? [`data-thumbhash="${escapeAttribute(info.thumbhash)}"`] : []),
    ...(color ? [`style="background-color:${color}"`] : []),
  ];
  if (!info.base || !info.fallback || info.widths.length === 0)
    return `<img src="${escapeAttribute(image.src)}" ${attributes.join(' ')}>`;
  const sizes = escapeAttribute(options.sizes);
  const largest = info.widths.at(-1) ?? info.width;
  // The fallback's src is a middle width: a browser that reads no srcset gets a fair picture.
  const middle = info.widths.find((width) => width >= 960) ?? largest;
  return [
    '<picture>',
    `<source type="image/avif" srcset="${srcsetOf(info, 'avif')}" sizes="${sizes}">`,
    `<source type="image/webp" srcset="${srcsetOf(info, 'webp')}" sizes="${sizes}">`,
    `<img src="${info.base}${middle}.${info.fallback}" srcset="${srcsetOf(info, info.fallback)}" sizes="${sizes}" ${attributes.join(' ')} data-original="${escapeAttribute(image.src)}">`,
    '</picture>',
  ].join('');
};

const attributeOf = (tag: string, name: string): string | undefined => {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match?.[1]
    ?.replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
};

/**
 * Replaces every `<img>` of sanitised Markdown HTML whose `src` is one of `pictures` with its
 * `<picture>` markup; other images keep their tag. Run after sanitising, on the server and in the
 * browser alike: both sanitisers give the same HTML, so both give the same pictures.
 */
export const upgradePictures = (
  html: string,
  pictures: PictureMap | undefined,
  options: { sizes: string; eagerFirst?: boolean },
): string => {
  if (!pictures || Object.keys(pictures).length === 0) return html;
  let index = 0;
  return html.replace(/<img\s[^>]*>/g, (tag) => {
    const src = attributeOf(tag, 'src');
    const info = src === undefined ? undefined : pictures[src];
    if (src === undefined || !info) return tag;
    const eager = options.eagerFirst === true && index === 0;
    index += 1;
    return pictureHtml({ src, alt: attributeOf(tag, 'alt') ?? '', title: attributeOf(tag, 'title') }, info, {
      sizes: options.sizes,
      eager,
    });
  });
};

/**
 * Which essay of a list page loads its first picture at once (`eagerFirst`): the first of the top
 * three with a picture of ours, which a phone shows on its first screen; -1 when none has one.
 * The server's render and the browser's ask the same question, so their markup agrees.
 */
export const eagerEssayIndex = (essays: readonly { pictures?: PictureMap }[]): number =>
  essays.slice(0, 3).findIndex((essay) => Object.keys(essay.pictures ?? {}).length > 0);
