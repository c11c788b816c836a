import fs from 'node:fs';
import path from 'node:path';

/**
 * A built stylesheet written into the page instead of linked (issue 30: a phone on a slow network
 * waited a round trip per stylesheet before its first paint; Lighthouse counted ≈ 300 ms). The
 * same file stays linked with `media="print"`: it never blocks rendering, and Vite's loader finds
 * it there when the page's code asks for its styles after start, so it does not add them again.
 */
export const inlineStylesheet = (webDist: string, href: string): string | null => {
  let css: string;
  try {
    css = fs.readFileSync(path.join(webDist, href.replace(/^\//, '')), 'utf8');
  } catch {
    return null;
  }
  // `</style` inside the text would end the element early; CSS reads `<\/style` the same.
  const text = css.replace(/<\/style/gi, '<\\/style');
  return `<style data-href="${href}">${text}</style><link rel="stylesheet" media="print" crossorigin href="${href}">`;
};

const linkPattern = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/g;

/** index.html with each of its stylesheet links written in (a file it cannot read stays linked). */
export const inlineLinkedStylesheets = (html: string, webDist: string): string =>
  html.replace(linkPattern, (link, href: string) => inlineStylesheet(webDist, href) ?? link);
