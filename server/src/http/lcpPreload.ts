/**
 * A tag's attribute as it is written (still escaped, as an attribute value is everywhere); names
 * in any case, as HTML reads them (React writes `srcSet` and `fetchPriority`).
 */
const rawAttribute = (tag: string, name: string): string | undefined =>
  new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];

/**
 * A `<link rel="preload">` for the first picture a server-rendered page marks as its most important
 * (`fetchpriority="high"`: the first essay's first picture, the first anime cover), so the browser
 * asks for it while it reads `<head>`, before the stylesheets and scripts that come first in the
 * document compete with it (issue 30: on `/chaos` under Lighthouse's mobile network, the picture that
 * is the page's largest paint waited ≈ 1 s to be asked for). The same copy the `<picture>` will pick:
 * its AVIF source when there is one, else the `<img>`'s own `srcset` or `src`. Empty without one.
 */
export const lcpPreloadOf = (markup: string): string => {
  const marked = /\sfetchpriority="high"/i.exec(markup)?.index ?? -1;
  if (marked < 0) return '';
  const imgStart = markup.lastIndexOf('<img', marked);
  const imgEnd = markup.indexOf('>', marked);
  if (imgStart < 0 || imgEnd < 0) return '';
  const img = markup.slice(imgStart, imgEnd + 1);
  const pictureStart = markup.lastIndexOf('<picture', imgStart);
  const inPicture = pictureStart >= 0 && !markup.slice(pictureStart, imgStart).includes('</picture>');
  const avif = inPicture
    ? /<source\s[^>]*type="image\/avif"[^>]*>/i.exec(markup.slice(pictureStart, imgStart))?.[0]
    : undefined;
  const source = avif ?? img;
  const srcset = rawAttribute(source, 'srcset');
  const sizes = rawAttribute(source, 'sizes');
  const type = avif ? ' type="image/avif"' : '';
  if (srcset) {
    const sized = sizes ? ` imagesizes="${sizes}"` : '';
    return `<link rel="preload" as="image"${type} imagesrcset="${srcset}"${sized} fetchpriority="high">`;
  }
  const src = rawAttribute(img, 'src');
  return src ? `<link rel="preload" as="image" href="${src}" fetchpriority="high">` : '';
};
