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
  parseJsonOrLines,
  type Row,
  text,
  truthy,
} from './commentCommon.ts';
import { parseLooseDate } from './looseDates.ts';

/**
 * Artalk's `.artrans` (its own export and the format its Artransfer tool writes): a JSON array of
 * comments with `id`, `rid` (the comment replied to), `content`, `page_key` (the page path or URL),
 * `created_at`, `is_pending`.
 */
function commentRows(json: unknown): Row[] {
  const rows = Array.isArray(json) ? json.filter(isRow) : [];
  if (rows.length === 0 || !rows.every((row) => 'content' in row && 'page_key' in row)) {
    throw new ImportFormatError('artalk', said('error.importers.artalk.format'));
  }
  return rows;
}

export function parseArtalk(input: ImportInput): ImportBundle {
  const rows = commentRows(parseJsonOrLines(inputText(input, 'artalk', '.artrans'), 'artalk'));
  const warnings: ImportWarning[] = [];
  const comments: ImportedComment[] = [];
  for (const row of rows) {
    const sourceId = text(row.id);
    const createdAt = parseLooseDate(row.created_at);
    if (sourceId === '' || createdAt === undefined) {
      warnings.push(importWarning('bad-comment', said('importers.artalk.badComment'), sourceId));
      continue;
    }
    const comment: ImportedComment = {
      sourceId,
      postUrl: text(row.page_key),
      author: text(row.nick),
      content: commentMarkdown(text(row.content)),
      createdAt,
      status: truthy(row.is_pending) ? 'held' : 'visible',
      byOwner: false,
    };
    const email = optional(row.email);
    const website = optional(row.link);
    const parent = text(row.rid);
    if (email) comment.email = email;
    if (website) comment.website = website;
    // Artalk writes `0` or '' for "no parent".
    if (parent !== '' && parent !== '0') comment.parentSourceId = parent;
    comments.push(comment);
  }
  return { platform: 'artalk', posts: [], comments: firstOfEachId(comments, warnings), warnings };
}
