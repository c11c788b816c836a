import { XMLParser } from 'fast-xml-parser';
import { said } from '../../../i18n/said.ts';
import {
  type ImportBundle,
  type ImportedComment,
  ImportFormatError,
  type ImportInput,
  type ImportWarning,
  importWarning,
} from '../types.ts';
import {
  commentMarkdown,
  firstOfEachId,
  inputText,
  isRow,
  optional,
  type Row,
  text,
  truthy,
} from './commentCommon.ts';
import { parseLooseDate } from './looseDates.ts';

/**
 * Disqus's XML export (Admin → Community → Export): `<thread dsq:id>` elements carry the page `<link>`,
 * `<post dsq:id>` elements the comments with `<thread dsq:id>`, optional `<parent dsq:id>`, the
 * `<message>` HTML in CDATA, `<isSpam>` and `<isDeleted>`. Deleted comments are left out.
 */
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  isArray: (_name, jpath) => jpath === 'disqus.thread' || jpath === 'disqus.post',
});

const dsqId = (value: unknown): string => (isRow(value) ? text(value['@_dsq:id']) : '');

function readXml(source: string): Row {
  let root: unknown;
  try {
    root = parser.parse(source);
  } catch {
    throw new ImportFormatError('disqus', said('error.importers.notXml'));
  }
  if (!isRow(root) || !isRow(root.disqus))
    throw new ImportFormatError('disqus', said('error.importers.disqus.format'));
  return root.disqus;
}

const list = (value: unknown): Row[] => (Array.isArray(value) ? value.filter(isRow) : []);

export function parseDisqus(input: ImportInput): ImportBundle {
  const disqus = readXml(inputText(input, 'disqus', '.xml'));
  const links = new Map(list(disqus.thread).map((thread) => [dsqId(thread), text(thread.link)]));
  const warnings: ImportWarning[] = [];
  const comments: ImportedComment[] = [];
  let deleted = 0;
  for (const post of list(disqus.post)) {
    const sourceId = dsqId(post);
    if (truthy(text(post.isDeleted))) {
      deleted += 1;
      continue;
    }
    const postUrl = links.get(dsqId(post.thread));
    const createdAt = parseLooseDate(text(post.createdAt));
    if (sourceId === '' || !postUrl || createdAt === undefined) {
      warnings.push(importWarning('bad-comment', said('importers.disqus.badComment'), sourceId));
      continue;
    }
    const author = isRow(post.author) ? post.author : {};
    const comment: ImportedComment = {
      sourceId,
      postUrl,
      author: text(author.name),
      content: commentMarkdown(text(post.message)),
      createdAt,
      status: truthy(text(post.isSpam)) ? 'spam' : text(post.isApproved) === 'false' ? 'held' : 'visible',
      byOwner: false,
    };
    const email = optional(author.email);
    const parent = dsqId(post.parent);
    if (email) comment.email = email;
    if (parent) comment.parentSourceId = parent;
    comments.push(comment);
  }
  if (deleted > 0) {
    warnings.push(importWarning('disqus-deleted', said('importers.disqus.deleted', { count: deleted })));
  }
  return { platform: 'disqus', posts: [], comments: firstOfEachId(comments, warnings), warnings };
}
