import { sourceLanguage } from '@candy/contract/languages';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { said } from '../../../i18n/said.ts';
import { serverText } from '../../../i18n/serverText.ts';
import { htmlToMarkdown, picturesOf } from '../markdown.ts';
import {
  type ImportBundle,
  type ImportedComment,
  type ImportedPost,
  ImportFormatError,
  type ImportInput,
  type ImportWarning,
  importWarning,
} from '../types.ts';
import { type Attachment, expandShortcodes } from './wordpressShortcodes.ts';

/**
 * WordPress's own export, WXR (Tools → Export → All content): an RSS file whose items are posts,
 * pages, attachments and the site's furniture (menus, templates), with their comments inside.
 */

type Node = Record<string, unknown>;

const lists = new Set(['item', 'wp:comment', 'category', 'wp:postmeta', 'wp:author']);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  trimValues: false,
  isArray: (name) => lists.has(name),
});

const text = (node: Node, key: string): string => {
  const value = node[key];
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && '#text' in value) return String((value as Node)['#text']);
  return '';
};
const array = (node: Node, key: string): Node[] => (Array.isArray(node[key]) ? (node[key] as Node[]) : []);

/** WXR dates are `YYYY-MM-DD hh:mm:ss`; drafts carry `0000-00-00 00:00:00` as their GMT date. */
const dateOf = (gmt: string, local: string): number => {
  for (const value of [gmt, local]) {
    const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value.trim());
    if (!m || m[1] === '0000') continue;
    const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    return Date.UTC(year, month - 1, day, hour, minute, second);
  }
  return 0;
};

/** The path (and, for plain links, the query) an old address answered at. */
const pathOf = (url: string, host: string): string | null => {
  try {
    const parsed = new URL(url);
    return parsed.host === host ? `${parsed.pathname}${parsed.search}` : null;
  } catch {
    return null;
  }
};

/** Comments are stored as typed, with newlines where WordPress shows paragraphs and breaks. */
const paragraphs = (raw: string): string =>
  raw
    .trim()
    .split(/\r?\n\s*\r?\n/)
    .map((block) => `<p>${block.replace(/\r?\n/g, '<br>')}</p>`)
    .join('');

const ABOUT_SLUGS = new Set(['about', 'about-me', 'about-us', 'guanyu']);

const readChannel = (input: ImportInput): Node => {
  if (input.kind !== 'file')
    throw new ImportFormatError('wordpress', said('error.importers.wordpress.archive'));
  const xml = Buffer.from(input.bytes).toString('utf8');
  // A WXR file never declares entities: refusing them keeps entity-expansion bombs out of the parser.
  if (/<!ENTITY/i.test(xml))
    throw new ImportFormatError('wordpress', said('error.importers.wordpress.entities'));
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw new ImportFormatError(
      'wordpress',
      said('error.importers.wordpress.invalidXml', { line: valid.err.line, reason: valid.err.msg }),
    );
  }
  const channel = (parser.parse(xml) as Node).rss as Node | undefined;
  const inner = channel?.channel as Node | undefined;
  if (!inner || !('wp:wxr_version' in inner)) {
    throw new ImportFormatError('wordpress', said('error.importers.wordpress.noWxr'));
  }
  return inner;
};

const commentsOf = (
  item: Node,
  postId: string,
  warn: (w: ImportWarning) => void,
  anonymous: string,
): ImportedComment[] =>
  array(item, 'wp:comment').flatMap((c): ImportedComment[] => {
    const id = text(c, 'wp:comment_id');
    const approved = text(c, 'wp:comment_approved');
    const type = text(c, 'wp:comment_type');
    if (approved === 'trash') return [];
    if (type === 'pingback' || type === 'trackback') {
      warn(importWarning('pingback', said('importers.wordpress.pingback', { type }), `comment:${id}`));
      return [];
    }
    const parent = text(c, 'wp:comment_parent');
    const website = text(c, 'wp:comment_author_url');
    const email = text(c, 'wp:comment_author_email');
    return [
      {
        sourceId: id,
        postSourceId: postId,
        ...(parent && parent !== '0' ? { parentSourceId: parent } : {}),
        author: text(c, 'wp:comment_author').trim() || anonymous,
        ...(email ? { email } : {}),
        ...(website ? { website } : {}),
        content: htmlToMarkdown(paragraphs(text(c, 'wp:comment_content'))),
        createdAt: dateOf(text(c, 'wp:comment_date_gmt'), text(c, 'wp:comment_date')),
        status: approved === '1' ? 'visible' : approved === 'spam' ? 'spam' : 'held',
        byOwner: text(c, 'wp:comment_user_id') !== '' && text(c, 'wp:comment_user_id') !== '0',
      },
    ];
  });

export const parseWordpress = (input: ImportInput): ImportBundle => {
  const channel = readChannel(input);
  // A comment with no name is the site's "anonymous", in its language (the CLI's and tests': Chinese).
  const anonymous = serverText(input.language ?? sourceLanguage, 'comments.anonymous');
  const base = text(channel, 'wp:base_blog_url') || text(channel, 'link');
  const baseUrl = (() => {
    try {
      return new URL(base);
    } catch {
      return null;
    }
  })();
  const host = baseUrl?.host ?? '';
  const basePath = (baseUrl?.pathname ?? '/').replace(/\/$/, '');
  const items = array(channel, 'item');
  const warnings: ImportWarning[] = [];
  const warn = (w: ImportWarning) => warnings.push(w);
  const attachments: Attachment[] = items
    .filter((item) => text(item, 'wp:post_type') === 'attachment')
    .map((item) => ({
      id: text(item, 'wp:post_id'),
      url: text(item, 'wp:attachment_url'),
      alt: text(item, 'title'),
      parent: text(item, 'wp:post_parent'),
    }));
  const posts: ImportedPost[] = [];
  const comments: ImportedComment[] = [];
  const skippedTypes = new Map<string, number>();
  for (const item of items) {
    const type = text(item, 'wp:post_type');
    const status = text(item, 'wp:status');
    const id = text(item, 'wp:post_id');
    if (type === 'attachment') continue;
    if ((type !== 'post' && type !== 'page') || status === 'trash' || status === 'auto-draft') {
      skippedTypes.set(type || status, (skippedTypes.get(type || status) ?? 0) + 1);
      continue;
    }
    const unknown = new Set<string>();
    const html = expandShortcodes(text(item, 'content:encoded'), id, attachments, (name) =>
      unknown.add(name),
    );
    for (const name of unknown) {
      warn(importWarning('shortcode', said('importers.wordpress.shortcode', { name }), id));
    }
    const title = text(item, 'title').trim();
    const body = htmlToMarkdown(html);
    const content = title ? `# ${title}\n\n${body}`.trim() : body;
    const slug = text(item, 'wp:post_name');
    const link = text(item, 'link');
    const guid = text(item, 'guid');
    const plain = `${basePath}/?${type === 'page' ? 'page_id' : 'p'}=${id}`;
    const oldPaths = [...new Set([link, guid].map((url) => pathOf(url, host)).filter((p) => p !== null))];
    if (!oldPaths.includes(plain)) oldPaths.push(plain);
    const password = text(item, 'wp:post_password') !== '';
    const publishedAt = dateOf(text(item, 'wp:post_date_gmt'), text(item, 'wp:post_date'));
    const updatedAt = dateOf(text(item, 'wp:post_modified_gmt'), text(item, 'wp:post_modified'));
    if (password) warn(importWarning('password', said('importers.wordpress.password', { title }), id));
    posts.push({
      sourceId: id,
      kind: type === 'page' && ABOUT_SLUGS.has(slug) ? 'about' : 'essay',
      title,
      content,
      publishedAt,
      ...(updatedAt ? { updatedAt } : {}),
      hidden: password || ['draft', 'private', 'pending'].includes(status),
      scheduled: status === 'future',
      tags: array(item, 'category').map((c) => text(c, '#text') || String(c)),
      oldPaths,
      oldUrls: [...new Set([link, guid].filter((url) => /^https?:\/\//.test(url)))],
      pictures: picturesOf(body, base ? `${base.replace(/\/$/, '')}/` : undefined),
    });
    comments.push(...commentsOf(item, id, warn, anonymous));
  }
  for (const [type, count] of skippedTypes) {
    warn(importWarning('skipped-type', said('importers.wordpress.skippedType', { count, type })));
  }
  return { platform: 'wordpress', posts, comments, warnings };
};
