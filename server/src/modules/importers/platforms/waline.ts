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
} from './commentCommon.ts';
import { parseLooseDate } from './looseDates.ts';

/**
 * Waline's admin export (管理后台 → 导出): `{type: 'waline', version, time, tables, data: {Comment,
 * Counter, Users}}`, as `packages/server/src/controller/db.js` writes it (possibly still wrapped in
 * the API's `{errno, data}`). `status` is approved, waiting or spam; `pid` is the parent comment.
 */
function exportData(json: unknown): Row {
  const root = isRow(json) && json.type !== 'waline' && isRow(json.data) ? json.data : json;
  if (!isRow(root) || root.type !== 'waline' || !isRow(root.data) || !Array.isArray(root.data.Comment)) {
    throw new ImportFormatError('waline', said('error.importers.waline.format'));
  }
  return root.data;
}

const STATUS: Record<string, ImportedComment['status']> = {
  approved: 'visible',
  waiting: 'held',
  spam: 'spam',
};

export function parseWaline(input: ImportInput): ImportBundle {
  const data = exportData(parseJsonOrLines(inputText(input, 'waline', '.json'), 'waline'));
  const users = Array.isArray(data.Users) ? data.Users.filter(isRow) : [];
  const admins = new Set(
    users.filter((user) => user.type === 'administrator').map((user) => idOf(user.objectId)),
  );
  const warnings: ImportWarning[] = [];
  const comments: ImportedComment[] = [];
  for (const row of (data.Comment as unknown[]).filter(isRow)) {
    const sourceId = idOf(row.objectId ?? row.id);
    const createdAt = parseLooseDate(row.insertedAt) ?? parseLooseDate(row.createdAt);
    if (sourceId === '' || createdAt === undefined) {
      warnings.push(importWarning('bad-comment', said('importers.waline.badComment'), sourceId));
      continue;
    }
    const comment: ImportedComment = {
      sourceId,
      postUrl: text(row.url),
      author: text(row.nick),
      content: commentMarkdown(text(row.comment)),
      createdAt,
      status: STATUS[text(row.status)] ?? 'held',
      byOwner: admins.has(idOf(row.user_id)),
    };
    const email = optional(row.mail);
    const website = optional(row.link);
    const parent = idOf(row.pid);
    if (email) comment.email = email;
    if (website) comment.website = website;
    if (parent) comment.parentSourceId = parent;
    comments.push(comment);
  }
  return { platform: 'waline', posts: [], comments: firstOfEachId(comments, warnings), warnings };
}
