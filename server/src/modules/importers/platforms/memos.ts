import { said } from '../../../i18n/said.ts';
import {
  type ImportBundle,
  type ImportedComment,
  type ImportedPicture,
  type ImportedPost,
  ImportFormatError,
  type ImportInput,
  type ImportWarning,
  importWarning,
} from '../types.ts';
import { type AttachmentRow, isSqlite, type MemoRow, type MemosData, readMemosDatabase } from './memosDb.ts';

/**
 * Memos (usememos/memos) → moments. Memos has no export file: the owner uploads the instance's
 * SQLite file `memos_prod.db` (alone, or zipped with its `assets` folder for attachments stored on
 * disk). The site has one owner, so only the memos of the instance's host/admin become moments; other
 * users' memos are left out (with a warning) and their comments on the owner's memos come along.
 */

const sourceId = (memo: { id: number }) => `memo-${memo.id}`;

function databaseBytes(input: ImportInput): Uint8Array {
  if (input.kind === 'file') return input.bytes;
  const entries = [...input.files.entries()];
  const named = entries.find(([path]) => /(^|\/)memos_(prod|dev)\.db$/.test(path));
  const found = named ?? entries.find(([, bytes]) => isSqlite(bytes));
  if (!found) throw new ImportFormatError('memos', said('error.importers.memos.noDb'));
  return found[1];
}

/** The instance's owner: the HOST (before 0.26) or first ADMIN, else the first user. */
function ownerId(data: MemosData): number | undefined {
  const byRole = (role: string) =>
    data.users.filter((user) => user.role === role).sort((a, b) => a.id - b.id)[0];
  return (byRole('HOST') ?? byRole('ADMIN') ?? [...data.users].sort((a, b) => a.id - b.id)[0])?.id;
}

function memoTags(memo: MemoRow): string[] {
  try {
    const payload: unknown = JSON.parse(memo.payload);
    const tags =
      typeof payload === 'object' && payload !== null ? (payload as { tags?: unknown }).tags : undefined;
    if (Array.isArray(tags)) return tags.filter((tag): tag is string => typeof tag === 'string');
  } catch {
    // An unreadable payload only loses the tag list; the #tags stay in the text.
  }
  return [];
}

function attachmentBytes(row: AttachmentRow, input: ImportInput): Uint8Array | undefined {
  if (row.blob) return row.blob;
  if (input.kind !== 'archive' || row.reference === '' || /^https?:/.test(row.reference)) return undefined;
  const local = row.reference.replace(/^\.?\//, '');
  return [...input.files.entries()].find(([path]) => path === local || path.endsWith(`/${local}`))?.[1];
}

/** Attachments are not in a memo's text: each picture is appended as a Markdown image. */
function withAttachments(
  memo: MemoRow,
  rows: AttachmentRow[],
  input: ImportInput,
  warnings: ImportWarning[],
) {
  const pictures: ImportedPicture[] = [];
  const lines: string[] = [];
  for (const row of rows) {
    if (!row.type.startsWith('image/')) {
      warnings.push(
        importWarning(
          'memos-attachment',
          said('importers.memos.attachment', { name: row.filename }),
          sourceId(memo),
        ),
      );
      continue;
    }
    const ref = `attachments/${row.uid}/${encodeURIComponent(row.filename)}`;
    const picture: ImportedPicture = { ref, alt: row.filename };
    const bytes = attachmentBytes(row, input);
    if (bytes) picture.bytes = bytes;
    else if (/^https?:\/\//.test(row.reference)) picture.url = row.reference;
    pictures.push(picture);
    lines.push(`![${row.filename}](${ref})`);
  }
  const content = [memo.content.trim(), ...lines].filter((part) => part !== '').join('\n\n');
  return { content, pictures };
}

function toMoment(memo: MemoRow, rows: AttachmentRow[], input: ImportInput, warnings: ImportWarning[]) {
  const { content, pictures } = withAttachments(memo, rows, input, warnings);
  const moment: ImportedPost = {
    sourceId: sourceId(memo),
    kind: 'moment',
    title: '',
    content,
    publishedAt: memo.createdTs * 1000,
    // PROTECTED (signed-in users) and PRIVATE memos were not public; archived ones were put away.
    hidden: memo.visibility !== 'PUBLIC' || memo.rowStatus === 'ARCHIVED',
    scheduled: false,
    tags: memoTags(memo),
    oldPaths: [],
    oldUrls: [],
    pictures,
  };
  if (memo.updatedTs !== undefined) moment.updatedAt = memo.updatedTs * 1000;
  return moment;
}

export function parseMemos(input: ImportInput): ImportBundle {
  const data = readMemosDatabase(databaseBytes(input));
  const owner = ownerId(data);
  const warnings: ImportWarning[] = [];
  const parentOf = new Map(data.comments.map((link) => [link.memoId, link.parentId]));
  const ownMemos = data.memos.filter((memo) => memo.creatorId === owner && !parentOf.has(memo.id));
  const ownIds = new Set(ownMemos.map((memo) => memo.id));
  const others = data.memos.filter((memo) => memo.creatorId !== owner && !parentOf.has(memo.id)).length;
  if (others > 0) {
    warnings.push(importWarning('memos-other-users', said('importers.memos.otherUsers', { count: others })));
  }
  const posts = ownMemos.map((memo) =>
    toMoment(
      memo,
      data.attachments.filter((row) => row.memoId === memo.id),
      input,
      warnings,
    ),
  );
  const names = new Map(data.users.map((user) => [user.id, user.name]));
  const comments: ImportedComment[] = data.memos
    .filter((memo) => ownIds.has(parentOf.get(memo.id) ?? -1))
    .map((memo) => ({
      sourceId: sourceId(memo),
      postSourceId: sourceId({ id: parentOf.get(memo.id) ?? 0 }),
      author: names.get(memo.creatorId) ?? '',
      content: memo.content.trim(),
      createdAt: memo.createdTs * 1000,
      status: memo.rowStatus === 'ARCHIVED' ? 'held' : 'visible',
      byOwner: memo.creatorId === owner,
    }));
  return { platform: 'memos', posts, comments, warnings };
}
