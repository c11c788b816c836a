import { type MarkdownOptions, markdownToUnsafeHtml } from '@candy/contract/markdownHtml';
import { sanitizeHtml } from './sanitize.ts';

/** The shared marked configuration (the server renders essays for its pages and feeds with it too). */
export { type MarkdownOptions, markdownToUnsafeHtml };

/**
 * Markdown to HTML that is safe to put into the DOM: marked renders it (raw HTML included, as
 * markdown allows), then DOMPurify removes scripts, event handlers and `javascript:` URLs.
 */
export const renderMarkdown = (source: string, options: MarkdownOptions = {}): string =>
  sanitizeHtml(markdownToUnsafeHtml(source, options));
