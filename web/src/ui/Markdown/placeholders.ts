/**
 * Paints each picture's thumbhash (issue 30) behind it while it loads: the markup carries the
 * average colour already; this swaps in the blurred preview and takes it away once the picture is
 * there. The decoder is a few KB, fetched only when a page has a picture still loading.
 */
export const paintPlaceholders = (root: HTMLElement): void => {
  const pictures = [...root.querySelectorAll<HTMLImageElement>('img[data-thumbhash]')];
  // Already there (a server-rendered page, a cached picture): nothing to show behind it.
  for (const image of pictures) if (image.complete) image.style.removeProperty('background-color');
  const waiting = pictures.filter((image) => !image.complete);
  if (waiting.length === 0) return;
  void import('thumbhash').then(({ thumbHashToDataURL }) => {
    for (const image of waiting) {
      if (image.complete) continue;
      try {
        const bytes = Uint8Array.from(atob(image.dataset.thumbhash ?? ''), (c) => c.charCodeAt(0));
        image.style.backgroundImage = `url(${thumbHashToDataURL(bytes)})`;
        image.style.backgroundSize = 'cover';
      } catch {
        continue; // a damaged hash leaves the average colour
      }
      image.addEventListener(
        'load',
        () => {
          image.style.removeProperty('background-image');
          image.style.removeProperty('background-color');
        },
        { once: true },
      );
    }
  });
};
