import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

/** An http(s) link to another origin: opened in a new tab. */
export const isExternalHref = (href: string, origin: string): boolean => {
  try {
    const url = new URL(href, origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== origin;
  } catch {
    return false;
  }
};

let purifier: Purifier | null = null;

/**
 * Our own DOMPurify instance (hooks on the shared default would leak into other users of it):
 * links get `rel="noopener"` and external ones `target="_blank"`; images load lazily.
 * DOMPurify is only sound on a real browser DOM, so its tests run in Chromium
 * (e2e/tests/public-markdown.spec.ts), not in happy-dom.
 */
const getPurifier = (): Purifier => {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href');
      node.setAttribute('rel', 'noopener');
      if (href && isExternalHref(href, window.location.origin)) node.setAttribute('target', '_blank');
      else node.removeAttribute('target');
    } else if (node.tagName === 'IMG') {
      node.setAttribute('loading', 'lazy');
    }
  });
  purifier = instance;
  return instance;
};

/** HTML with scripts, event handlers and `javascript:` URLs removed. */
export const sanitizeHtml = (html: string): string => getPurifier().sanitize(html);
