import TurndownService from 'turndown';

/**
 * One converter for every platform whose export holds HTML (Ghost, the comment systems): ATX headings
 * and fenced code, which is what our Markdown renderer and editor write themselves.
 */
const service = new TurndownService({
  headingStyle: 'atx',
  codeBlockStyle: 'fenced',
  bulletListMarker: '-',
  emDelimiter: '*',
});

export function htmlToMarkdown(html: string): string {
  if (html.trim() === '') return '';
  return service.turndown(html).trim();
}
