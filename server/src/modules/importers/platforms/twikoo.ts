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
  idOf,
  inputText,
  isRow,
  optional,
  parseJsonOrLines,
  type Row,
  text,
  truthy,
} from './commentCommon.ts';

/**
 * Twikoo's comment export (管理面板 → 导出, or the CloudBase/MongoDB collection it lives in): comment
 * documents with `_id`, `url` (the page path) and `href` (its full URL), `pid` (the comment replied
 * to), `comment` (HTML), `created` (ms), `isSpam`, and `master` for the blogger's own comments.
 */
function commentRows(json: unknown): Row[] {
  const list = Array.isArray(json) ? json : isRow(json) && Array.isArray(json.data) ? json.data : undefined;
  const rows = list?.filter(isRow) ?? [];
  if (rows.length === 0 || !rows.every((row) => '_id' in row && 'comment' in row)) {
    throw new ImportFormatError('twikoo', said('error.importers.twikoo.format'));
  }
  return rows;
}

export function parseTwikoo(input: ImportInput): ImportBundle {
  const rows = commentRows(parseJsonOrLines(inputText(input, 'twikoo', '.json'), 'twikoo'));
  const warnings: ImportWarning[] = [];
  const comments: ImportedComment[] = [];
  for (const row of rows) {
    const sourceId = idOf(row._id);
    const createdAt = typeof row.created === 'number' ? row.created : Number(row.created);
    if (!Number.isFinite(createdAt)) {
      warnings.push(importWarning('bad-comment', said('importers.twikoo.badComment'), sourceId));
      continue;
    }
    const comment: ImportedComment = {
      sourceId,
      postUrl: text(row.url) || text(row.href),
      author: text(row.nick),
      content: commentMarkdown(text(row.comment)),
      createdAt,
      status: truthy(row.isSpam) ? 'spam' : 'visible',
      byOwner: truthy(row.master),
    };
    const email = optional(row.mail);
    const website = optional(row.link);
    const parent = idOf(row.pid);
    if (email) comment.email = email;
    if (website) comment.website = website;
    if (parent) comment.parentSourceId = parent;
    comments.push(comment);
  }
  return { platform: 'twikoo', posts: [], comments: firstOfEachId(comments, warnings), warnings };
}
