/**
 * Paints a picture's thumbhash (issue 30) behind it while it loads: the markup carries the average
 * colour already; this swaps in the blurred preview and takes it away once the picture is there.
 * One behaviour for every picture of the image pipeline (issue 41.16): the ones in Markdown and the
 * ones React renders (covers, moments, the gallery) alike. The decoder is a few KB, fetched only
 * when a page has a picture still loading (the markup's average colour needs no library:
 * contract/src/thumbhashAverage.ts).
 */
export const paintPlaceholder = (image: HTMLImageElement): void => {
  // Already there (a server-rendered page, a cached picture): nothing to show behind it.
  if (image.complete) {
    image.style.removeProperty('background-color');
    return;
  }
  const hash = image.dataset.thumbhash;
  if (!hash) return;
  // Listening before the decoder arrives: a picture that loads first still drops its colour.
  image.addEventListener(
    'load',
    () => {
      image.style.removeProperty('background-image');
      image.style.removeProperty('background-color');
    },
    { once: true },
  );
  void import('thumbhash').then(({ thumbHashToDataURL }) => {
    if (image.complete) return;
    try {
      const bytes = Uint8Array.from(atob(hash), (c) => c.charCodeAt(0));
      image.style.backgroundImage = `url(${thumbHashToDataURL(bytes)})`;
      image.style.backgroundSize = 'cover';
    } catch {
      // A damaged hash leaves the average colour.
    }
  });
};

/** Every picture below `root` that carries a thumbhash (Markdown's `data-thumbhash`). */
export const paintPlaceholders = (root: HTMLElement): void => {
  for (const image of root.querySelectorAll<HTMLImageElement>('img[data-thumbhash]')) paintPlaceholder(image);
};
