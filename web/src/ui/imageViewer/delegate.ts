import { reportError } from '../reportError.ts';
import { openImageViewer } from './index.tsx';

/**
 * Any element marked `data-viewer-src` opens the viewer on click, so rendered content (Markdown
 * images, galleries) needs no wiring of its own: `<img src={thumb} data-viewer-src={full}>`.
 */
export const delegateImageViewer = (root: Document = document): void => {
  root.addEventListener('click', (e) => {
    const el = e.target instanceof Element ? e.target.closest<HTMLElement>('[data-viewer-src]') : null;
    const src = el?.dataset.viewerSrc;
    if (!el || !src) return;
    e.preventDefault();
    openImageViewer({ src, alt: el.getAttribute('alt') ?? el.dataset.viewerAlt ?? '' }).catch(reportError);
  });
};
