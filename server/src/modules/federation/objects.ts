import type { Essay } from '@candy/contract/calls/essays';
import type { Moment } from '@candy/contract/calls/moments';
import type { Language } from '@candy/contract/languages';
import { essayPath } from '@candy/contract/sitePaths';
import { Article, Document, LanguageString, Note, PUBLIC_COLLECTION } from '@fedify/fedify';
import { Temporal } from '@js-temporal/polyfill';
import { serverText } from '../../i18n/serverText.ts';

/** The owner's one actor: every id is made under this identifier, whatever the handle is. */
export const OWNER = 'owner';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Markdown as plain lines: no images, links as their text, no emphasis marks or headings. */
export const plainOf = (markdown: string): string =>
  markdown
    .replace(/```[\s\S]*?```/g, '')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_`~]/g, '')
    .replace(/^\[music:[^\]]*\]$/gm, '')
    .trim();

/** A title for an essay, which has none: its first line, cut short. */
export const titleOf = (markdown: string): string => {
  const first =
    plainOf(markdown)
      .split('\n')
      .find((line) => line.trim()) ?? '';
  return first.length > 60 ? `${first.slice(0, 59)}…` : first;
};

/** A summary: the first 280 characters of its text. */
export const summaryOf = (markdown: string): string => {
  const text = plainOf(markdown).replace(/\s+/g, ' ').trim();
  return text.length > 280 ? `${text.slice(0, 279)}…` : text;
};

const instant = (ms: number) => Temporal.Instant.fromEpochMilliseconds(ms);

/** An essay as an ActivityStreams Article: its summary and a link to it on the site. */
export const essayArticle = (essay: Essay, origin: string, ids: { actor: URL; followers: URL }): Article => {
  const url = new URL(essayPath(essay.id), origin);
  const summary = summaryOf(essay.content);
  return new Article({
    id: url,
    attribution: ids.actor,
    to: PUBLIC_COLLECTION,
    cc: ids.followers,
    name: titleOf(essay.content),
    summary,
    content: `<p>${escapeHtml(summary)}</p><p><a href="${url.href}">${escapeHtml(url.href)}</a></p>`,
    url,
    published: instant(essay.reservation ?? essay.createdAt),
    updated: essay.updatedAt > essay.createdAt ? instant(essay.updatedAt) : null,
  });
};

export const momentPath = (id: number) => `/ap/moments/${id}`;

/** A moment as a Note, its pictures attached with their sizes. */
export const momentNote = (
  moment: Moment,
  origin: string,
  ids: { actor: URL; followers: URL },
  /** The site's language (SITE_LANGUAGE): a picture without words is named in it. */
  language: Language,
): Note =>
  new Note({
    id: new URL(momentPath(moment.id), origin),
    attribution: ids.actor,
    to: PUBLIC_COLLECTION,
    cc: ids.followers,
    content: moment.content
      .split(/\n{2,}/)
      .map((part) => `<p>${escapeHtml(part).replace(/\n/g, '<br>')}</p>`)
      .join(''),
    url: new URL(`/moments#${moment.id}`, origin),
    published: instant(moment.createdAt),
    attachments: moment.images.map(
      (image) =>
        new Document({
          url: new URL(image.url, origin),
          mediaType: /\.png$/i.test(image.url) ? 'image/png' : 'image/jpeg',
          width: image.width,
          height: image.height,
          // A moment's pictures carry no text of their own: the moment's first line describes them.
          name: new LanguageString(
            titleOf(moment.content) || serverText(language, 'federation.picture'),
            'zh',
          ),
        }),
    ),
  });

export const commentPath = (id: number) => `/ap/comments/${id}`;

/** The owner's reply to a fediverse comment, as a Note answering it. */
export const replyNote = (
  reply: { id: number; content: string; createdAt: number },
  inReplyTo: URL,
  mention: URL | null,
  origin: string,
  actor: URL,
): Note =>
  new Note({
    id: new URL(commentPath(reply.id), origin),
    attribution: actor,
    to: PUBLIC_COLLECTION,
    ccs: mention ? [mention] : [],
    replyTarget: inReplyTo,
    content: `<p>${escapeHtml(reply.content).replace(/\n/g, '<br>')}</p>`,
    published: instant(reply.createdAt),
  });
